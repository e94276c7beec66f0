/**
 * `save`: the position of a game state, hidden chits included, in the names of POSITIONS.md. It
 * lists every unit of the order of battle, the detachments split off, the chits out of their cups,
 * the movement bookkeeping off its start, the attack phase and every frame in full, so that `load`
 * rebuilds the identical state.
 */
import { optionsOffDefault } from '@sandtable/engine';
import type { AirMission, Battle, CombatState, PendingRoll } from '../combat/types.ts';
import { initialMoveState } from '../movement.ts';
import { OPTION_SPECS } from '../options.ts';
import { AS_CHIT, type ChitState, type Env, type Frame, type MoveState, type PGState } from '../state.ts';
import { unitPlace } from './names.ts';
import { FORMAT, type BattlePosition, type CombatPosition, type FramePosition, type Position } from './schema.ts';

export function savePosition(E: Env, g: PGState): Position {
  const p: Position = {
    format: FORMAT,
    options: optionsOffDefault(OPTION_SPECS, g.o as unknown as Record<string, unknown>),
    turn: g.turn,
    side: g.side,
    phase: g.phase as Position['phase'],
    units: g.units
      .filter((u) => u.hex !== AS_CHIT || u.reduced || u.designated) // a detachment still a chit is the default
      .map((u) => ({
        id: u.id,
        at: unitPlace(E, u.hex),
        ...(u.reduced ? { reduced: true } : {}),
        ...(u.designated ? { designated: true } : {}),
      })) as Position['units'],
    equip: chits(g.equip),
    support: chits(g.support),
    ver: g.ver,
    germanReinfDone: g.germanReinfDone,
    mv: moves(E, g.mv),
    stack: g.stack.map((f) => frame(f)),
    result: (g.result && { ...g.result }) as Position['result'],
  };
  if (g.combat !== undefined) p.combat = g.combat && combat(E, g.combat);
  return p;
}

/** The chits out of their cup or face-up (a chit not listed is in its cup, face-down). */
const chits = (cs: ChitState[]): Position['equip'] =>
  cs
    .filter((c) => c.loc !== 'cup' || c.faceUp)
    .map((c) => ({ id: c.id, at: c.loc, ...(c.faceUp ? { faceUp: true } : {}) })) as Position['equip'];

/** The movement bookkeeping; cities only where control changed from the start (3.3). */
function moves(E: Env, m: MoveState): Position['mv'] {
  const start = initialMoveState(E).cities;
  return {
    moved: [...m.moved],
    strategic: [...m.strategic],
    picked: m.picked && { ...m.picked },
    cities: Object.fromEntries(Object.entries(m.cities).filter(([label, s]) => start[label] !== s)),
    xxivDone: m.xxivDone,
    lastPath: [...m.lastPath],
  };
}

function combat(E: Env, c: CombatState): CombatPosition {
  return {
    phase: c.phase,
    stage: c.stage,
    battles: c.battles.map((b) => battle(E, b)),
    picked: c.picked,
    rangedUsed: [...c.rangedUsed],
    current: c.current === null ? null : c.battles[c.current]!.target,
    roll: c.roll && roll(c.roll),
    air: c.air && air(c.air),
    allocDone: [...c.allocDone] as CombatPosition['allocDone'],
    memo: c.memo.map((m) => ({
      chit: m.chit,
      mode: m.mode,
      until: { turn: Math.floor(m.until / 2), side: m.until % 2 ? 'SU' : 'DE' },
    })),
  };
}

function battle(E: Env, b: Battle): BattlePosition {
  const label = (h: number) => E.b.grid.label(h);
  return {
    target: b.target,
    attackers: [...b.attackers],
    step: b.step as BattlePosition['step'],
    alloc: { DE: [...b.alloc.DE], SU: [...b.alloc.SU] },
    declared: [...b.declared],
    asSpat: [...b.asSpat],
    cancelled: [...b.cancelled],
    dmg: { ...b.dmg },
    bombPool: { ...b.bombPool },
    bombAlloc: [...b.bombAlloc],
    pairs: b.pairs.map(([x, y]) => [x, y]),
    smoke: [...b.smoke],
    melee: b.melee,
    closeCombat: b.closeCombat,
    spent: [...b.spent],
    snipes: b.snipes.map(([x, y]) => [x, y]),
    engineers: [...b.engineers],
    picks: b.picks.map((x) => (x === '' ? null : x)),
    cursor: b.cursor,
    retreat: { ...b.retreat },
    loss: { ...b.loss },
    retreated: [...b.retreated],
    toRetreat: [...b.toRetreat],
    windows: [...b.windows],
    memo: b.memo.targetHex !== undefined ? { targetHex: label(b.memo.targetHex) } : {},
    path: b.path.map(label),
    done: b.done,
  };
}

const roll = (r: PendingRoll): NonNullable<CombatPosition['roll']> => ({
  ...structuredClone(r),
  asked: r.asked && { ...r.asked },
});

const air = (a: AirMission): NonNullable<CombatPosition['air']> =>
  structuredClone(a) as NonNullable<CombatPosition['air']>;

/** A frame in the position's words: the role is its side, the prompt its message rendered. */
function frame(f: Frame): FramePosition {
  if (!('side' in f)) return { kind: f.kind };
  const { role: _role, prompt: _prompt, ...rest } = f;
  return structuredClone(rest) as FramePosition;
}
