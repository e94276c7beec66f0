/**
 * Generic action helpers: words for an action, the places an action names (so a click on the
 * map selects the actions that name it), and the refusal the engine gives for an attempt that
 * is not legal. No rules: legality comes from the engine only.
 */
import { RuleError, type Action, type EngineState, type Game, type Role } from '@sandtable/engine';

export function describeAction(game: Game<any, any, any>, state: EngineState<unknown>, a: Action): string {
  try {
    const d = game.rules.describe?.(state.game, a);
    if (d) return d;
  } catch {
    // a describe that cannot word this action: fall back to its fields
  }
  const rest = Object.entries(a)
    .filter(([k]) => k !== 'type')
    .map(([k, v]) => `${k} ${Array.isArray(v) ? v.join('+') : String(v)}`);
  return [a.type.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase(), ...rest].join(', ');
}

/** Every string in the action (any depth, except `type`) that is a known place, in order, once. */
export function placesOf(a: Action, known: ReadonlySet<string>): string[] {
  const out: string[] = [];
  const walk = (v: unknown, key: string): void => {
    if (key === 'type') return;
    if (typeof v === 'string') {
      if (known.has(v) && !out.includes(v)) out.push(v);
    } else if (Array.isArray(v)) for (const x of v) walk(x, '');
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, k);
  };
  walk(a, '');
  return out;
}

/** Actions naming every place in `selected`. */
export function matching(
  actions: readonly Action[],
  selected: readonly string[],
  known: ReadonlySet<string>,
): Action[] {
  if (!selected.length) return [...actions];
  return actions.filter((a) => {
    const ps = placesOf(a, known);
    return selected.every((s) => ps.includes(s));
  });
}

/** Places other than `selected` that the `actions` name: where a click can go next. */
export function nextPlaces(
  actions: readonly Action[],
  selected: readonly string[],
  known: ReadonlySet<string>,
): Set<string> {
  const out = new Set<string>();
  for (const a of actions) for (const p of placesOf(a, known)) if (!selected.includes(p)) out.add(p);
  return out;
}

/** Replaces place `from` with `to` everywhere in an action (to ask the engine why that is illegal). */
export function substitutePlace(a: Action, from: string, to: string): Action {
  const sub = (v: unknown): unknown =>
    v === from
      ? to
      : Array.isArray(v)
        ? v.map(sub)
        : v && typeof v === 'object'
          ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, k === 'type' ? x : sub(x)]))
          : v;
  return sub(a) as Action;
}

/**
 * Why clicking `place` (after `selected`) does nothing: the engine's refusal of the nearest
 * attempt (a legal action with its last place swapped for the clicked one), or the prompt.
 */
export function explainAttempt(
  game: Game<any, any, any>,
  state: EngineState<unknown>,
  role: Role,
  actions: readonly Action[],
  selected: readonly string[],
  place: string,
  known: ReadonlySet<string>,
  placeName: (p: string) => string,
): string {
  const base = matching(actions, selected, known);
  const tried = new Set<string>();
  for (const a of base) {
    const all = placesOf(a, known);
    const ps = all.filter((p) => !selected.includes(p));
    const last = ps.at(-1);
    // with nothing selected only one-place actions are fair guesses ("step into X")
    if (!last || (!selected.length && all.length !== 1) || tried.has(a.type)) continue;
    tried.add(a.type);
    try {
      game.apply(state, role, substitutePlace(a, last, place));
    } catch (e) {
      if (e instanceof RuleError && e.code !== 'malformed') return readableRefusal(e);
    }
  }
  const d = game.decision(state);
  const what = selected.length ? `together with ${selected.map(placeName).join(', ')}` : 'now';
  return `No legal action involves ${placeName(place)} ${what}.${d ? ` The decision is: ${d.prompt} [${d.rule}]` : ''}`;
}

/** The engine's refusal without the action's JSON, with its rule once. */
export function readableRefusal(e: RuleError): string {
  const text = e.message.replace(/^illegal action \{.*?\}: /, '');
  return text.includes(`[${e.rule}]`) ? text : `${text} [${e.rule}]`;
}
