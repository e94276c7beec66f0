/**
 * Names as players read them (issue #16 item 2): a counter by its printed name ("USAAF 1",
 * "Hermann Göring"), a side ("Allies"), an event ("Blockade Plan"). Ids stay in records and the
 * API; every prompt, action description, log line and refusal names things with these.
 */
import type { Env, Side } from '../state.ts';

const names = new WeakMap<Env, Map<string, string>>();

function table(E: Env): Map<string, string> {
  let t = names.get(E);
  if (!t) {
    t = new Map([
      ['cube', 'cube'],
      ['line', 'defensive line'],
    ]);
    for (const c of E.d.counters) t.set(c.id, c.name);
    for (const e of E.d.events) t.set(`event:${e.id}`, e.name);
    names.set(E, t);
  }
  return t;
}

/** A counter's printed name (its id if it has none). */
export const unitName = (E: Env, id: string): string => table(E).get(id) ?? id;

/** Several counters' names, joined. */
export const unitNames = (E: Env, ids: readonly string[], sep = ', '): string =>
  ids.map((i) => unitName(E, i)).join(sep);

/** An event's name ("Blockade Plan"). */
export const eventName = (E: Env, id: string): string => table(E).get(`event:${id}`) ?? id;

/** A side as players read it. */
export const sideName = (s: Side | string): string => (s === 'allies' ? 'Allies' : s === 'axis' ? 'Axis' : s);
