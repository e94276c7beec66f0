/** 5.0 Movement: the movement phase as one decision kind, and the mine (5.5). */
import { type Ctx, end, type Refusal } from '@sandtable/engine';
import { adjacent, crossing, type Env, fordBetween, terrainOf } from './board.ts';
import type { ActionOf, BridgeState, DecisionOf, FrameOf } from './state.ts';
import { prompts, unitName } from './texts.ts';
import { inEnemyZoc, liveUnits, roomFor, sideOf, unitsAt } from './units.ts';

type Phase = FrameOf<'movement'>;

/** Why `unit` may not step into `to` now, naming the rule; null when it may. The one test of a legal move. */
export function whyNotMove(env: Env, g: BridgeState, f: Phase, unit: string, to: string): Refusal | null {
  const u = env.unit[unit];
  if (!u || u.side !== f.side) return { rule: '5.1', message: `${unit} is not a unit of the phasing side` };
  const from = g.units[unit];
  if (!from) return { rule: '5.1', message: `${unit} has been eliminated` };
  if (!adjacent(env, from).includes(to))
    return { rule: '5.1', message: `units move one hex at a time: ${to} is not next to ${from}` };
  if (f.stopped[unit]) return { rule: f.stopped[unit], message: `${unit} has stopped for this phase` };
  if (crossing(env, from, to) === 'river')
    return { rule: '5.4', message: `the river can be crossed only at the bridge or a ford, not at ${from}/${to}` };
  if (unitsAt(env, g, to).some((x) => sideOf(env, x) !== f.side))
    return { rule: '5.2', message: `${to} holds an enemy unit` };
  if (!roomFor(env, g, to, f.side)) return { rule: '4.2', message: `${to} already holds two units` };
  const left = u.ma - (f.spent[unit] ?? 0);
  const t = terrainOf(env, to);
  if (t.cost > left) return { rule: '5.1', message: `${unit} has ${left} MP left; ${t.id} at ${to} costs ${t.cost}` };
  return null;
}

/** Moves a unit one hex (5.1), stopping it in an enemy ZOC (5.3) or after a ford (5.4); the mine (5.5). */
function step(env: Env, ctx: Ctx, g: BridgeState, f: Phase, unit: string, to: string): void {
  const from = g.units[unit]!;
  f.spent[unit] = (f.spent[unit] ?? 0) + terrainOf(env, to).cost;
  g.units[unit] = to;
  const ford = fordBetween(env, from, to);
  if (ford && ford === g.mine.ford && !g.mine.exploded) {
    g.units[unit] = null;
    g.mine.exploded = true;
    ctx.log(`${unitName(env, unit)} wades the ${ford} ford: the mine goes off, ${unit} is eliminated`, { rule: '5.5' });
    ctx.irreversible('the mine was revealed');
    return;
  }
  ctx.log(`${unitName(env, unit)} moves ${from} to ${to}`, { rule: '5.1' });
  if (ford) f.stopped[unit] = '5.4';
  else if (inEnemyZoc(env, g, to, f.side)) f.stopped[unit] = '5.3';
}

/** 5.0 The movement phase: the phasing player moves units one hex at a time, then ends movement. */
export const movement: DecisionOf<'movement', 'move' | 'endMovement'> = {
  rule: '5.0',
  role: (_env, _g, f) => f.side,
  prompt: (_env, _g, f) => prompts.movement(f.side),
  actions: ['move', 'endMovement'],
  legal(env, g, f) {
    const out: ActionOf<'move' | 'endMovement'>[] = [];
    for (const unit of liveUnits(env, g, f.side))
      for (const to of adjacent(env, g.units[unit]!))
        if (!whyNotMove(env, g, f, unit, to)) out.push({ type: 'move', unit, to });
    out.push({ type: 'endMovement' });
    return out;
  },
  perform(env, ctx, g, f, a) {
    if (a.type === 'move') step(env, ctx, g, f, a.unit, a.to);
    else end(g.stack);
  },
  refuse: (env, g, f, a) => (a.type === 'move' ? whyNotMove(env, g, f, a.unit, a.to) : null),
};
