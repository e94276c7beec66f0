/**
 * Names as players read them (issue #16 item 2). Prokhorovka's rules word their texts with ids
 * (units "78G", chits "DE-E01", sides "DE"); this is the one place they become names on the way
 * out: units by their printed names ("78th Guards Rifle Div."), chits by side and kind ("German
 * Tiger"), sides as "German" and "Soviet", a die roll by what it is for. `wordsOf` wraps the
 * rules so every prompt, action description, log line, refusal and outcome is named; ids stay in
 * records, views and the API.
 */
import type { Ctx, Decision, GameRules, Outcome, Refusal } from '@sandtable/engine';
import type { Env } from '../state.ts';

const SIDE: Record<string, string> = { DE: 'German', SU: 'Soviet' };

/** A side as players read it. */
export const sideName = (s: string): string => SIDE[s] ?? s;

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** What a die-roll key ("normal:78G", "bombard:DE") is for, in words. */
function rollWords(kind: string, of: string, name: (id: string) => string): string {
  switch (kind) {
    case 'normal':
      return `the normal fire of ${name(of)}`;
    case 'bombard':
      return `the ${sideName(of)} bombardment`;
    case 'breakdown':
      return 'a breakdown roll';
    case 'support':
      return 'a tank-support shot';
    case 'aa':
      return 'an AA shot';
    case 'ground':
      return 'a ground-attack shot';
    default:
      return `${kind} ${name(of)}`;
  }
}

/** The names of an environment: id -> name, and a function naming every id in a text. */
export function namesOf(E: Env): { name(id: string): string; text(t: string): string } {
  const names = new Map<string, string>();
  for (const [id, u] of E.unitById)
    names.set(id, u.formation === 'detachment' ? `${sideName(u.side)} detachment` : u.name);
  for (const [id, c] of E.equipById) names.set(id, `${sideName(c.side)} ${c.name}`);
  for (const [id, c] of E.supportById) names.set(id, `${sideName(c.side)} ${c.name}`);
  for (const [id, n] of Object.entries(SIDE)) names.set(id, n);
  const ids = [...names.keys()].sort((a, b) => b.length - a.length).map(esc);
  const token = new RegExp(`(?<![\\w-])(${ids.join('|')})(?![\\w-])`, 'g');
  const key = /\b(normal|bombard|breakdown|support|aa|ground):([\w-]+)/g;
  const name = (id: string) => names.get(id) ?? id;
  return {
    name,
    text: (t) => t.replace(key, (_, k: string, of: string) => rollWords(k, of, name)).replace(token, (id) => name(id)),
  };
}

/** The rules with every text players read named (see the module comment). */
export function wordsOf<G, A extends { type: string }, V>(E: Env, rules: GameRules<G, A, V>): GameRules<G, A, V> {
  const { text } = namesOf(E);
  const said = (ctx: Ctx): Ctx => ({
    ...ctx,
    roll: (count, why, sides, to) => ctx.roll(count, text(why), sides, to),
    log: (t, opts) => ctx.log(text(t), opts),
    irreversible: (reason) => ctx.irreversible(text(reason)),
  });
  const decision = (d: Decision | null): Decision | null => {
    if (!d) return d;
    const out: Decision = { ...d, prompt: text(d.prompt) };
    if (d.message) {
      const params = d.message.params
        ? Object.fromEntries(Object.entries(d.message.params).map(([k, v]) => [k, typeof v === 'string' ? text(v) : v]))
        : undefined;
      out.message = params ? { id: d.message.id, params } : { id: d.message.id };
    }
    return out;
  };
  const refusal = (r: Refusal | null | undefined) => (r ? { ...r, message: text(r.message) } : null);
  const outcome = (o: Outcome | null) => (o ? { ...o, reason: text(o.reason) } : o);
  return {
    ...rules,
    setup: (ctx, scenario, options) => rules.setup(said(ctx), scenario, options),
    perform: (ctx, g, role, action) => rules.perform(said(ctx), g, role, action),
    currentDecision: (g) => decision(rules.currentDecision(g)),
    ...(rules.explain && { explain: (g, role, action) => refusal(rules.explain!(g, role, action)) }),
    ...(rules.describe && { describe: (g, action) => text(rules.describe!(g, action)) }),
    outcome: (g) => outcome(rules.outcome(g)),
  };
}
