/**
 * Skirmish: a six-area toy game for the web client's tests (the client's code must work for any
 * game, so its tests do not depend on one real game's rules). Move, attack (one die: 4+ hits the
 * defender, else the attacker loses one), pass; three turns each; most units wins.
 */
import { RuleError, defineGame, type Ctx, type Decision, type GameRules } from '@sandtable/engine';

export type Side = 'red' | 'blue';
export interface SkirmishState {
  units: Record<string, { side: Side; count: number } | null>;
  active: Side;
  turn: number;
  moved: boolean;
}
export type SkirmishAction =
  | { type: 'move'; from: string; to: string }
  | { type: 'attack'; from: string; to: string }
  | { type: 'pass' };

export const AREAS: Record<string, { name: string; poly: [number, number][]; adj: string[] }> = {
  A: {
    name: 'Alpha',
    poly: [
      [0, 0],
      [100, 0],
      [100, 100],
      [0, 100],
    ],
    adj: ['B', 'D'],
  },
  B: {
    name: 'Bravo',
    poly: [
      [100, 0],
      [200, 0],
      [200, 100],
      [100, 100],
    ],
    adj: ['A', 'C', 'E'],
  },
  C: {
    name: 'Charlie',
    poly: [
      [200, 0],
      [300, 0],
      [300, 100],
      [200, 100],
    ],
    adj: ['B', 'F'],
  },
  D: {
    name: 'Delta',
    poly: [
      [0, 100],
      [100, 100],
      [100, 200],
      [0, 200],
    ],
    adj: ['A', 'E'],
  },
  E: {
    name: 'Echo',
    poly: [
      [100, 100],
      [200, 100],
      [200, 200],
      [100, 200],
    ],
    adj: ['B', 'D', 'F'],
  },
  F: {
    name: 'Foxtrot',
    poly: [
      [200, 100],
      [300, 100],
      [300, 200],
      [200, 200],
    ],
    adj: ['C', 'E'],
  },
};

const TURNS = 3;

function decision(g: SkirmishState): Decision | null {
  if (g.turn > TURNS) return null;
  return {
    kind: 'impulse',
    role: g.active,
    rule: '§2 Turn',
    prompt: `${g.active} moves or attacks, then passes (turn ${g.turn})`,
  };
}

function legal(g: SkirmishState, role: string): SkirmishAction[] {
  if (g.turn > TURNS || role !== g.active) return [];
  const out: SkirmishAction[] = [];
  for (const [id, u] of Object.entries(g.units)) {
    if (!u || u.side !== role) continue;
    for (const to of AREAS[id]!.adj) {
      const t = g.units[to];
      if (!t && !g.moved && u.count > 1) out.push({ type: 'move', from: id, to });
      if (t && t.side !== role) out.push({ type: 'attack', from: id, to });
    }
  }
  out.push({ type: 'pass' });
  return out;
}

export const skirmishRules: GameRules<SkirmishState, SkirmishAction, SkirmishState> = {
  id: 'skirmish',
  title: 'Skirmish (test game)',
  roles: ['red', 'blue'],
  scenarios: [{ id: 'standard', title: 'Standard', description: 'Two armies of five' }],
  options: [{ key: 'turns', label: 'Turns', doc: 'test option', default: TURNS, choices: [TURNS] }],
  setup(ctx: Ctx): SkirmishState {
    ctx.log('Red holds Alpha, Blue holds Foxtrot', { rule: '§1' });
    return {
      units: { A: { side: 'red', count: 5 }, B: null, C: null, D: null, E: null, F: { side: 'blue', count: 5 } },
      active: 'red',
      turn: 1,
      moved: false,
    };
  },
  currentDecision: decision,
  legalActions: legal,
  perform(ctx, g, role, a) {
    if (a.type === 'pass') {
      ctx.log(`${role} passes`);
      g.moved = false;
      if (g.active === 'blue') g.turn++;
      g.active = g.active === 'red' ? 'blue' : 'red';
      return;
    }
    const from = g.units[a.from]!;
    if (a.type === 'move') {
      g.units[a.to] = { side: from.side, count: 1 };
      from.count--;
      g.moved = true;
      ctx.log(`${role} moves one unit ${a.from} → ${a.to}`, { rule: '§3' });
      return;
    }
    const [d] = ctx.roll(1, `${role} attacks ${a.to}`);
    const loser = d! >= 4 ? a.to : a.from;
    const u = g.units[loser]!;
    u.count--;
    if (u.count === 0) g.units[loser] = null;
    ctx.log(`${loser} loses a unit`, { rule: '§4', dice: [d!] });
  },
  explain(g, _role, a) {
    if (a.type === 'move' && g.units[a.to]) return { rule: '§3', message: `${a.to} is occupied` };
    if ((a.type === 'move' || a.type === 'attack') && !AREAS[a.from]?.adj.includes(a.to))
      return { rule: '§3', message: `${a.to} is not adjacent to ${a.from}` };
    return null;
  },
  view: (g) => g,
  outcome(g) {
    if (g.turn <= TURNS) return null;
    const n = (s: Side) => Object.values(g.units).reduce((t, u) => t + (u?.side === s ? u.count : 0), 0);
    const r = n('red'),
      b = n('blue');
    return { winner: r === b ? null : r > b ? 'red' : 'blue', reason: `red ${r}, blue ${b} units`, rule: '§5' };
  },
  describe(_g, a) {
    if (a.type === 'pass') return 'Pass';
    return a.type === 'move'
      ? `Move 1 unit ${AREAS[a.from]!.name} → ${AREAS[a.to]!.name}`
      : `Attack ${AREAS[a.to]!.name} from ${AREAS[a.from]!.name}`;
  },
};

export const skirmish = defineGame(skirmishRules);
void RuleError;
