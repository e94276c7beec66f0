/**
 * Group actions in play (7.0-11.5): forming a group unit by unit, moves step by step (8.1, 8.1.2,
 * 8.2), normal and air attacks (9.1, 9.2), counterattack windows with Ambush and jets (10.0,
 * 16.8), damage allocation point by point (11.2), results (11.3, 11.4), retreats (11.5), air
 * operations (6.2), Blitzkrieg (17.1), neutrality violations (3.1.3) and sea transport capacity
 * (3.6). The rules module (rules.ts) dispatches the decisions listed in `OpAction` here.
 */
import { RuleError, type Ctx } from '@sandtable/engine';
import type { Side } from './data/index.ts';
import { POOL, REMOVED, nationCode, type Board } from './board.ts';
import { allocator, eliminationThreshold, resultOf, type Party, type Target } from './combat.ts';
import { checkMove } from './movement.ts';
import { other, type Act, type ActMode, type ActType, type Pending, type TRState } from './state.ts';
import {
  absent,
  axisLeaningNeutral,
  mayAttackIn,
  revertIfEmpty,
  controlUnits,
  ctrlSide,
  enemyControlUnits,
  enterWar,
  friendlyUnit,
  isControlUnit,
  mayEnter,
  neighbours,
  seaCapacity,
  unitsIn,
} from './world.ts';

export type OpAction =
  | { type: 'form'; area: string }
  | { type: 'add'; unit: number }
  | { type: 'declare'; action: ActType; twice?: boolean }
  | { type: 'cancel' }
  | { type: 'done' }
  | { type: 'to'; area: string }
  | { type: 'stop' }
  | { type: 'target'; area: string }
  | { type: 'ambush'; card: string }
  | { type: 'jet' }
  | { type: 'noCounter' }
  | { type: 'join'; unit: number }
  | { type: 'fire' }
  | { type: 'hit'; unit: number }
  | { type: 'retreat'; unit: number; to: string }
  | { type: 'sink'; unit: number };

export const OP_TYPES = new Set([
  'form',
  'add',
  'declare',
  'cancel',
  'done',
  'to',
  'stop',
  'target',
  'ambush',
  'jet',
  'noCounter',
  'join',
  'fire',
  'hit',
  'retreat',
  'sink',
]);

const AIR_TYPES = new Set(['AF', 'CV', 'CVE']);

export interface OpHooks {
  /** Ends the active player's impulse (after an air operation, 6.2). */
  endImpulse(ctx: Ctx, g: TRState, side: Side): void;
}

export function createOperations(b: Board, hooks: OpHooks) {
  const data = b.data;
  const C = (u: number) => b.counters[b.unitKind[u]!]!;
  const airStrength = (u: number) => C(u).air ?? 0;
  const hasAirStrength = (u: number) => AIR_TYPES.has(C(u).type) && airStrength(u) > 0; // 9.2(1)
  const isJet = (u: number) => !!C(u).jet;
  const name = (a: number) => data.areas[a]!.name;
  const uname = (u: number) => `${C(u).id}${u}`;
  const A = (id: string) => {
    const i = b.areaIndex.get(id);
    if (i === undefined) throw new RuleError('2.2.1', `no area "${id}"`, 'malformed');
    return i;
  };
  const top = <K extends Pending['kind']>(g: TRState, kind: K) => g.stack.at(-1) as Extract<Pending, { kind: K }>;

  /** Belligerent enemy units that an attack on `area` hits (11.1(2)); absent US ships excepted (15.3(3)). */
  function enemyUnits(g: TRState, area: number, side: Side): number[] {
    return unitsIn(g, area).filter(
      (u) => !friendlyUnit(g, b, u, side) && g.natBel[b.unitNation[u]!] && !absent(b, g, u),
    );
  }

  // ---- 3.1.3 violations of neutrality ---------------------------------------------------------
  /** A unit of `side` enters `area` (moves, retreats, air-attack targets): a neutral controller joins the other camp (3.1.3(1)). */
  function enterArea(ctx: Ctx, g: TRState, area: number, side: Side, units: readonly number[] = []): void {
    const n = g.ctrl[area]!;
    if (n < 0 || g.natBel[n]) return;
    // 15.4(3), AMB-18: the Polish units set up in Brest and Galicia move there freely.
    const po = b.nationIndex.get('PO')!;
    if (b.sp.polishSpecial.includes(area) && units.length && units.every((u) => b.unitNation[u] === po)) return;
    const code = nationCode(n);
    let camp = other(side);
    if (code === 'SP' || code === 'TU') {
      // 3.1.3(2)①, AMB-9: for good
      if (g.options.spainTurkeyViolation === 'literal') camp = 'allies';
      g.natLocked[n] = true;
    }
    enterWar(g, n, camp);
    ctx.log(
      `${side} units enter ${name(area)}: ${code} becomes a belligerent of the ${camp} (violation of neutrality, 3.1.3).`,
      { rule: '3.1.3(1)' },
    );
  }

  // ---- 3.6 sea transport capacity ---------------------------------------------------------------
  /** 3.6(1): surface ships of `side` in a sea area, used ones count 1/2 (AMB-13: rounded down). */
  const capacity = (g: TRState, sea: number, side: Side) => seaCapacity(b, g, sea, side);
  /** 3.6(3): what is left of a sea area's capacity this impulse. */
  const capacityLeft = (g: TRState, sea: number, side: Side) => capacity(g, sea, side) - (g.seaUse[sea] ?? 0);

  /** 3.6(5), AMB-12: land and air units at sea beyond the capacity go to the pool (the owner chooses). */
  function checkOverflow(g: TRState): void {
    if (g.options.capacityOverflow === 'off') return;
    for (let a = 0; a < b.areaIds.length; a++) {
      if (!b.isSea[a]) continue;
      for (const side of ['axis', 'allies'] as const) {
        const carried = unitsIn(g, a).filter(
          (u) => friendlyUnit(g, b, u, side) && (b.unitClass[u] === 'land' || b.unitClass[u] === 'air'),
        ).length;
        const cap = Math.floor(capacity(g, a, side));
        if (carried > cap && !g.stack.some((p) => p.kind === 'overflow' && p.area === a && p.side === side))
          g.stack.push({ kind: 'overflow', side, area: a, left: carried - cap });
      }
    }
  }

  // ---- group formation (7.0, 7.1) ---------------------------------------------------------------
  /** Whether unit u may join a group of `mode` (7.1(1) unused, 6.1.1(3) once per SV use, 6.2 air units only). */
  function mayJoin(g: TRState, u: number, side: Side, mode: ActMode): boolean {
    if (g.loc[u]! < 0 || g.used[u] || !friendlyUnit(g, b, u, side)) return false;
    if (mode === 'sv' && g.op?.acted.includes(u)) return false;
    if (mode === 'air') return b.unitClass[u] === 'air' || hasAirStrength(u);
    if (mode === 'event') {
      const k = b.cardById.get(g.op?.card ?? '')?.effect.kind;
      if (k === 'strategicMovement' || k === 'seaLion' || k === 'landing') return b.unitClass[u] === 'land'; // the cards move land units
      if (k === 'strategicBombing' || k === 'longRangeBombing') return b.unitClass[u] === 'air';
    }
    return true;
  }

  function formAreas(g: TRState, side: Side, mode: ActMode): number[] {
    const s = new Set<number>();
    for (let u = 0; u < g.loc.length; u++) if (mayJoin(g, u, side, mode)) s.add(g.loc[u]!);
    return [...s].sort((x, y) => x - y);
  }

  function moveCheck(g: TRState, act: Act, path: number[], air: boolean) {
    return checkMove(b, g, act.side, act.units, path, air, { allowUsed: act.blitz !== null && act.blitz.left < 2 });
  }

  /** 3.6(1)(3), 8.1.2(1)①: a sea move needs capacity left in every sea area it uses. */
  function capacityOk(g: TRState, act: Act, path: number[]): boolean {
    const carried = act.units.filter((u) => b.unitClass[u] === 'land' || b.unitClass[u] === 'air').length;
    if (carried === 0) return true;
    for (const a of path) if (b.isSea[a] && capacityLeft(g, a, act.side) < carried) return false;
    return true;
  }

  function stepChoices(g: TRState, act: Act): number[] {
    const air = act.type === 'airMove';
    const last = act.path.at(-1)!;
    const out: number[] = [];
    const ek = eventKind(g, act);
    const seaOnly = (ek === 'seaTransport' || ek === 'seaLion' || ek === 'landing') && act.path.length === 1; // these start by entering a sea area
    const landing = ek === 'seaLion' || ek === 'landing';
    // [REC] (card texts missing, spec 7.2 M6): the landing is one sea move that ends on land. 8.1.2(1)③ gives every sea
    // move 2 MP at 1 MP per area entered (+1 with enemy ships), so from land it is land - sea - land (one sea area).
    if (landing && act.path.length >= 3) return out;
    for (const y of neighbours(b, g, last, act.side)) {
      if (seaOnly && !b.isSea[y]) continue;
      if (landing && act.path.length === 2 && !landingOk(g, act, y)) continue;
      if (
        landing &&
        act.path.length === 1 &&
        !neighbours(b, g, y, act.side).some((z) => landingOk(g, { ...act, path: [...act.path, y] }, z))
      )
        continue;
      const p = [...act.path, y];
      const r = moveCheck(g, act, p, air);
      if (r.ok && (!r.seaMove || capacityOk(g, act, p))) out.push(y);
    }
    return out;
  }

  /** Sea Lion / Landing: the group's sea move ends in land area z next to its sea area (Landing: enemy-held). */
  function landingOk(g: TRState, act: Act, z: number): boolean {
    if (b.isSea[z]) return false;
    const ek = eventKind(g, act);
    if (ek === 'landing' && ctrlSide(b, g, z) !== other(act.side) && !enemyControlUnits(b, g, z, act.side).length)
      return false;
    const p = [...act.path, z];
    const r = moveCheck(g, act, p, false);
    return r.ok && r.seaMove && capacityOk(g, act, p);
  }

  /** Strategic Movement: friendly land areas joined to the group's area by friendly-controlled areas (seas within capacity, 3.6(2)). */
  function stratPaths(g: TRState, act: Act): Map<number, number> {
    const from = act.area;
    const parent = new Map<number, number>([[from, -1]]);
    if (ctrlSide(b, g, from) !== act.side) return new Map();
    const queue = [from];
    for (let i = 0; i < queue.length; i++) {
      const x = queue[i]!;
      for (const y of neighbours(b, g, x, act.side)) {
        if (parent.has(y) || ctrlSide(b, g, y) !== act.side || !mayEnter(b, y, act.side)) continue;
        if (b.isSea[y] && capacityLeft(g, y, act.side) < act.units.length) continue;
        if (!b.isSea[y] && !b.isSea[x] && g.options.seaBorderStraits !== false && !b.landAdj[x]!.includes(y)) continue; // AMB-2
        parent.set(y, x);
        queue.push(y);
      }
    }
    return parent;
  }

  /**
   * Landing: an all-airborne group flies up to its movement to any land area (the path avoids 15.7 areas and neutrals, [REC]).
   * [REC] (card text missing, spec 7.2 M6; spec 2.2.1: AB units are "presumably" for this card): the event moves one group (3.6(2)),
   * which either lands by sea or drops by air; a group with any non-AB unit lands by sea, its AB units with it.
   */
  function dropZones(g: TRState, act: Act): number[] {
    if (!act.units.length || !act.units.every((u) => C(u).type === 'AB') || !leaveOk(g, act)) return [];
    const range = Math.min(...act.units.map((u) => C(u).movement));
    const dist = new Map<number, number>([[act.area, 0]]);
    const queue = [act.area];
    for (let i = 0; i < queue.length; i++) {
      const x = queue[i]!;
      const d = dist.get(x)!;
      if (d >= range || (d > 0 && ctrlSide(b, g, x) === 'neutral')) continue;
      for (const y of neighbours(b, g, x, act.side))
        if (!dist.has(y) && mayEnter(b, y, act.side)) {
          dist.set(y, d + 1);
          queue.push(y);
        }
    }
    const out: number[] = [];
    for (const [a, d] of dist) {
      if (d === 0 || b.isSea[a] || ctrlSide(b, g, a) === 'neutral') continue;
      if (
        unitsIn(g, a).filter((u) => friendlyUnit(g, b, u, act.side) && b.unitClass[u] === 'land').length +
          act.units.length >
        10
      )
        continue; // 8.1.1(2)①
      out.push(a);
    }
    return out.sort((x, y) => x - y);
  }

  function leaveOk(g: TRState, act: Act): boolean {
    const stay = unitsIn(g, act.area).filter((u) => !act.units.includes(u) && friendlyUnit(g, b, u, act.side));
    if (!stay.some((u) => isControlUnit(b, g, u))) return false; // 8.1(4)
    const flag = b.flag[act.area]!;
    return !(
      flag >= 0 &&
      act.units.some((u) => b.unitNation[u] === flag) &&
      !stay.some((u) => b.unitNation[u] === flag)
    );
  }

  /**
   * Strategic Movement destinations: friendly-controlled land areas. [REC] (strategicMovementCounter off) none with enemy
   * control units, so no counterattack can meet the group; with the option a contested area (3.4(4): control changes only
   * at the end of the impulse) is allowed, and its enemy units may counterattack the group there (10.1(3), 11.2(1), AMB-20).
   */
  function stratDests(g: TRState, act: Act): number[] {
    if (!act.units.length || !leaveOk(g, act)) return [];
    const parent = stratPaths(g, act);
    const out: number[] = [];
    for (const a of parent.keys()) {
      if (
        a === act.area ||
        b.isSea[a] ||
        (!g.options.strategicMovementCounter && enemyControlUnits(b, g, a, act.side).length)
      )
        continue;
      if (
        unitsIn(g, a).filter((u) => friendlyUnit(g, b, u, act.side) && b.unitClass[u] === 'land').length +
          act.units.length >
        10
      )
        continue; // 8.1.1(2)①
      if (
        act.side === 'axis' &&
        b.northOfBoundary[a] &&
        act.units.some(
          (u) => !['GE', 'FI'].includes(nationCode(b.unitNation[u]!)) && b.nationSide0[b.unitNation[u]!] === 'axis',
        )
      )
        continue; // 15.6
      out.push(a);
    }
    return out.sort((x, y) => x - y);
  }

  /** Strategic Bombing: Axis-controlled source areas within the group's movement, with the distance. */
  function bombTargets(g: TRState, act: Act): { area: number; dist: number }[] {
    if (!act.units.length || b.isSea[act.area] || !act.units.every((u) => b.unitClass[u] === 'air')) return [];
    const range = Math.min(...act.units.map((u) => C(u).movement));
    const dist = new Map<number, number>([[act.area, 0]]);
    const queue = [act.area];
    for (let i = 0; i < queue.length; i++) {
      const x = queue[i]!;
      const d = dist.get(x)!;
      if (d >= range || (d > 0 && (ctrlSide(b, g, x) === 'neutral' || !mayEnter(b, x, act.side)))) continue;
      for (const y of neighbours(b, g, x, act.side))
        if (!dist.has(y)) {
          dist.set(y, d + 1);
          queue.push(y);
        }
    }
    const out: { area: number; dist: number }[] = [];
    for (const [a, d] of dist)
      if (d > 0 && b.source[a] && !b.isSea[a] && ctrlSide(b, g, a) === other(act.side)) out.push({ area: a, dist: d });
    return out.sort((x, y) => x.area - y.area);
  }

  function canNormalAttack(g: TRState, act: Act): boolean {
    if (!act.units.length) return false;
    const a = g.loc[act.units[0]!]!;
    return act.units.every((u) => mayAttackIn(b, g, u, a, act.side)) && enemyUnits(g, a, act.side).length > 0; // 9.1(1), 9.1.1
  }

  /** 9.2(2): target areas of an air attack; 15.2(1)/AMB-24 winter ban; 15.7 paths; no overflight of neutrals (the attacker's path avoids them). */
  function airTargets(g: TRState, act: Act, extraRange = 0): number[] {
    return [...airReach(g, act, extraRange).keys()].sort((x, y) => x - y);
  }

  /**
   * 9.2(2), AMB-34: air-attack targets with the path flown; [REC] the path crossing the fewest
   * neutral-controlled areas (each crossed one is violated, 3.1.3(1)); 15.7 areas never crossed.
   */
  function airReach(g: TRState, act: Act, extraRange = 0): Map<number, number[]> {
    const res = new Map<number, number[]>();
    if (!act.units.length || !act.units.every(hasAirStrength)) return res;
    const from = g.loc[act.units[0]!]!;
    const winter = data.turns[g.turn - 1]!.winter;
    const su = b.nationIndex.get('SU')!;
    if (winter && g.options.winterAirBan === 'targets-and-origins' && b.flag[from] === su) return res;
    const range = b.isSea[from] ? 1 : Math.min(...act.units.map((u) => C(u).movement)) + extraRange;
    const neutral = (x: number) => ctrlSide(b, g, x) === 'neutral' && g.ctrl[x]! >= 0;
    const no16_5 = (x: number) => g.options.opt16_5 && axisLeaningNeutral(b, g, x);
    // layered search: best[d] maps area -> [violations, parent] for paths of exactly d steps
    const best: Map<number, [number, number]>[] = [new Map([[from, [0, -1]]])];
    for (let d = 0; d < range; d++) {
      const next = new Map<number, [number, number]>();
      for (const [x, [v]] of best[d]!) {
        if (d > 0 && (!mayEnter(b, x, act.side) || no16_5(x))) continue; // 15.7: not through; 16.5
        for (const y of neighbours(b, g, x, act.side)) {
          const vy = v + (d > 0 && neutral(x) ? 1 : 0);
          const cur = next.get(y);
          if (!cur || vy < cur[0]) next.set(y, [vy, x]);
        }
      }
      best.push(next);
    }
    const dist = new Map<number, number>([[from, 0]]); // 9.2(2): the group's own area is a target too
    const viol = new Map<number, number>([[from, 0]]);
    for (let d = 1; d < best.length; d++)
      for (const [a, [v]] of best[d]!)
        if (!viol.has(a) || v < viol.get(a)!) {
          viol.set(a, v);
          dist.set(a, d);
        }
    const pathTo = (a: number) => {
      const p = [a];
      for (let d = dist.get(a)!, x = a; d > 0; d--) {
        x = best[d]!.get(x)![1];
        p.unshift(x);
      }
      return p;
    };
    const out: number[] = [];
    const hostile = new Set<number>();
    for (let u = 0; u < g.loc.length; u++) {
      const a = g.loc[u]!;
      if (a >= 0 && dist.has(a) && !friendlyUnit(g, b, u, act.side) && g.natBel[b.unitNation[u]!] && !absent(b, g, u))
        hostile.add(a);
    }
    for (const [a, d] of dist) {
      if (d > 1 && b.isSea[a]) continue; // [REC] sea targets: own or adjacent area only
      if (winter && b.flag[a] === su) continue; // 15.2(1), AMB-24
      if (g.options.opt16_5 && axisLeaningNeutral(b, g, a)) continue; // 16.5
      if (!hostile.has(a)) continue; // 11.1(2): enemy units to hit
      out.push(a);
      res.set(a, pathTo(a));
    }
    return res;
  }

  function declareChoices(g: TRState, act: Act): OpAction[] {
    const out: OpAction[] = [];
    if (!act.units.length) return out;
    const area = g.loc[act.units[0]!]!;
    const probe = (type: ActType) => ({ ...act, type, path: [area] });
    const ek = eventKind(g, act);
    if (ek === 'seaLion' || ek === 'landing') {
      // a sea move into a coastal land area, then a normal attack there
      if (act.blitz!.left === 2) {
        const out: OpAction[] = stepChoices(g, probe('move')).length ? [{ type: 'declare', action: 'move' }] : [];
        if (ek === 'landing' && dropZones(g, act).length) out.push({ type: 'declare', action: 'drop' }); // airborne units fly instead
        return out;
      }
      return canNormalAttack(g, act) ? [{ type: 'declare', action: 'attack' }] : [];
    }
    if (ek === 'strategicMovement') return stratDests(g, act).length ? [{ type: 'declare', action: 'move' }] : [];
    if (ek === 'strategicBombing') return bombTargets(g, act).length ? [{ type: 'declare', action: 'bomb' }] : [];
    if (ek === 'seaTransport') return stepChoices(g, probe('move')).length ? [{ type: 'declare', action: 'move' }] : []; // 8.1.2: a sea move
    if (ek === 'longRangeBombing')
      return airTargets(g, act, extraRange(g, act)).length && act.units.every((u) => b.unitClass[u] === 'air')
        ? [{ type: 'declare', action: 'airAttack' }]
        : [];
    if (act.mode !== 'air' && stepChoices(g, probe('move')).length) out.push({ type: 'declare', action: 'move' });
    if (act.units.every((u) => b.unitClass[u] === 'air') && stepChoices(g, probe('airMove')).length)
      out.push({ type: 'declare', action: 'airMove' });
    if (act.mode !== 'air' && canNormalAttack(g, act)) {
      out.push({ type: 'declare', action: 'attack' });
      if (act.blitz && act.blitz.left === 2 && g.options.blitzCombined)
        out.push({ type: 'declare', action: 'attack', twice: true }); // 17.1 Q2, AMB-39
    }
    if (airTargets(g, act, extraRange(g, act)).length) out.push({ type: 'declare', action: 'airAttack' });
    return out;
  }

  /** The event driving an 'event' group (Sea Transport, Long-range Bombing), else null. */
  const eventKind = (g: TRState, act: Act) =>
    act.mode === 'event' && g.op ? (b.cardById.get(g.op.card)?.effect.kind ?? null) : null;
  /** Long-range Bombing: movement + 2 (an exception to 9.2(2)). */
  const extraRange = (g: TRState, act: Act) => {
    const e = act.mode === 'event' && g.op ? b.cardById.get(g.op.card)?.effect : undefined;
    return e?.kind === 'longRangeBombing' ? e.extraRange : 0;
  };

  // ---- counterattacks (10.0) ---------------------------------------------------------------------
  /** The area and targets of a counterattack against the current action (AMB-19), and who may counterattack. */
  function counterSetup(g: TRState): { area: number; targets: number[]; eligible: number[] } | null {
    const act = g.act!;
    const opp = other(act.side);
    const area = act.type === 'airAttack' || act.type === 'bomb' ? act.target : act.area; // AMB-19: the target area; 17.2 Q3
    if (area < 0) return null;
    const targets = act.units.filter((u) => g.loc[u] === act.area && b.unitClass[u] !== 'sub'); // 15.1(4)
    if (!targets.length) return null;
    const eligible = unitsIn(g, area).filter((u) => {
      if (!friendlyUnit(g, b, u, opp) || g.used[u] || b.unitClass[u] === 'sub') return false; // 10.1(1), 15.1(4)
      if (act.type === 'airAttack' && !hasAirStrength(u)) return false; // 10.1(8)
      return mayAttackIn(b, g, u, area, opp); // 9.1.1
    });
    return eligible.length ? { area, targets, eligible } : null;
  }

  /** 10.1(3): the window opens at every group action with eligible counterattackers, whatever the hand holds. */
  function openWindow(g: TRState): void {
    if (counterSetup(g)) g.stack.push({ kind: 'window', side: other(g.act!.side) });
  }

  function fireCounter(ctx: Ctx, g: TRState, p: Extract<Pending, { kind: 'counter' }>): void {
    const act = g.act!;
    const cs = counterSetup(g)!;
    const side = p.side;
    if (p.card) {
      g.hand[side].splice(g.hand[side].indexOf(p.card), 1);
      g.discard[side].push(p.card); // 10.2 [REC]: to the discard pile when played
      g.bank[side] += b.cardById.get(p.card)!.sv; // 10.2(1)(2)
      ctx.irreversible('a card was revealed');
    }
    const vsAir = act.type === 'airAttack';
    const values = p.units.map((u) => (vsAir || b.unitClass[u] === 'air' ? airStrength(u) : C(u).attack)); // 10.1, 9.1(2)
    const dice = ctx.roll(values.length, 'counterattack');
    let hits = 0;
    dice.forEach((d, i) => {
      if (d <= values[i]!) hits++;
    });
    const points = 2 * hits; // 10.1(2)
    if (g.options.counterattackersFlip) for (const u of p.units) g.used[u] = 1; // AMB-27
    ctx.log(
      `${side} counterattacks in ${name(cs.area)} with ${p.units.length} unit(s)${p.card ? ` (${b.cardById.get(p.card)!.name})` : ' (jets, 16.8)'}: ${hits} hit(s), ${points} damage points.`,
      { rule: '10.1', dice },
    );
    const party = (us: number[], s: Side): Party => ({
      hasAir: us.some((u) => b.unitClass[u] === 'air'),
      hasFortress: us.some((u) => C(u).type === 'FT' && friendlyUnit(g, b, u, s)),
      maxAttack: Math.max(0, ...us.map((u) => C(u).attack)),
    });
    // 11.2(1), AMB-20: against Strategic Movement ("no counterattacked units") the counterattackers are compared with the
    // moving side's units originally in the area ([REC] the group when there were none); "bombing-only" reads the
    // exception as meant for Strategic Bombing and compares with the group, as in any counterattack (17.2 Q2).
    const original =
      act.mode === 'event' &&
      eventKind(g, act) === 'strategicMovement' &&
      g.options.originalUnitsPriority !== 'bombing-only'
        ? unitsIn(g, cs.area).filter((u) => friendlyUnit(g, b, u, act.side) && !act.units.includes(u))
        : [];
    const who =
      allocator(party(p.units, side), party(original.length ? original : cs.targets, act.side)) === 'attacker'
        ? side
        : act.side; // 11.2(1), 17.2 Q2
    const retreatTo = act.type === 'move' || act.type === 'drop' ? act.path[0]! : -1; // 11.5(2)
    startCombat(ctx, g, {
      counter: true,
      side,
      alloc: who,
      points,
      targets: cs.targets,
      assigned: cs.targets.map(() => 0),
      retreatTo,
    });
  }

  // ---- attacks (9.1, 9.2, 11.1) -------------------------------------------------------------------
  function strike(ctx: Ctx, g: TRState): void {
    const act = g.act!;
    if (act.type === 'bomb') {
      bombStrike(ctx, g);
      return;
    }
    const air = act.type === 'airAttack';
    const attackers = act.units.filter((u) => g.loc[u] === act.area && !act.damaged.includes(u)); // 10.1(6)
    const values = attackers.map((u) => (air || b.unitClass[u] === 'air' ? airStrength(u) : C(u).attack)); // 9.1(2), 9.2(3)
    let points = 0;
    if (attackers.length) {
      const dice = ctx.roll(attackers.length, air ? 'air attack' : 'attack');
      dice.forEach((d, i) => {
        if (d <= values[i]!) points++;
      }); // 11.1(1)
      ctx.log(
        `${act.side} ${air ? 'air-attacks' : 'attacks'} in ${name(act.target)} with ${attackers.length} unit(s): ${points} hit(s).`,
        { rule: air ? '9.2' : '9.1', dice },
      );
    }
    if (act.blitz?.twice && !act.blitz.firstDone) {
      // 17.1 Q2, AMB-39: the second declared attack adds its points
      act.blitz.firstDone = true;
      act.blitz.points = points;
      g.stack.push({ kind: 'auto', step: 'strike', side: act.side });
      openWindow(g); // 10.1(3): a window at the second action too
      return;
    }
    if (act.blitz?.twice) points += act.blitz.points;
    const targets = enemyUnits(g, act.target, act.side);
    if (!targets.length || points === 0) return;
    const cv = g.options.priorityValue === 'combat-value'; // AMB-33: printed attack, or the value used in this combat
    const party = (us: number[], s: Side, attacking: boolean): Party => ({
      hasAir: us.some((u) => b.unitClass[u] === 'air'),
      hasFortress: unitsIn(g, act.target).some((u) => C(u).type === 'FT' && friendlyUnit(g, b, u, s)),
      maxAttack: Math.max(
        0,
        ...us.map((u) => (cv && attacking && (air || b.unitClass[u] === 'air') ? airStrength(u) : C(u).attack)),
      ),
    });
    const who =
      allocator(party(attackers, act.side, true), party(targets, other(act.side), false)) === 'attacker'
        ? act.side
        : other(act.side); // 11.2(1)
    startCombat(ctx, g, {
      counter: false,
      side: act.side,
      alloc: who,
      points,
      targets,
      assigned: targets.map(() => 0),
      retreatTo: -1,
    });
  }

  /** Strategic Movement: the group goes to the chosen area; sea areas on the way use capacity; the units stay unused. */
  function strategicMove(ctx: Ctx, g: TRState): void {
    const act = g.act!;
    const parent = stratPaths(g, act);
    for (let x = parent.get(act.target)!; x !== -1 && x !== undefined; x = parent.get(x)!)
      if (b.isSea[x]) g.seaUse[x] = (g.seaUse[x] ?? 0) + act.units.length; // 3.6(2)(3)
    for (const u of act.units) g.loc[u] = act.target;
    revertIfEmpty(b, g, act.area); // AMB-7
    ctx.log(
      `${act.side}: Strategic Movement of ${act.units.length} unit(s) from ${name(act.area)} to ${name(act.target)}.`,
      { rule: '3.6(2)' },
    );
    act.path = [act.area, act.target]; // 11.5(2): a counterattacked group retreats only to where it came from
    act.area = act.target;
    if (!g.options.strategicMovementCounter) {
      actDone(ctx, g);
      return;
    } // [REC]: no window (no enemy unit at the destination)
    g.stack.push({ kind: 'auto', step: 'actDone', side: act.side });
    openWindow(g); // 10.1(3), 11.2(1): a counterattack at the destination (AMB-19; not in the areas of the chain)
  }

  /** Strategic Bombing: one die per bomber, hit at or under air strength + range modifier (16.4: +1); each hit discards an Axis card at random (16.2(2) off, 16.3). */
  function bombStrike(ctx: Ctx, g: TRState): void {
    const act = g.act!;
    const bombers = act.units.filter((u) => g.loc[u] === act.area && !act.damaged.includes(u));
    if (!bombers.length) return;
    const e = b.cardById.get(g.op!.card)!.effect as { modifiers: number[] };
    const mod = g.options.opt16_4 ? 1 : e.modifiers[Math.min(act.dist! - 1, e.modifiers.length - 1)]!;
    const dice = ctx.roll(bombers.length, 'strategic bombing');
    let hits = 0;
    dice.forEach((d, i) => {
      if (d <= airStrength(bombers[i]!) + mod) hits++;
    });
    ctx.log(`Strategic Bombing of ${name(act.target)} (modifier ${mod >= 0 ? '+' : ''}${mod}): ${hits} hit(s).`, {
      rule: '16.2',
      dice,
    });
    const opp = other(act.side);
    if (g.options.opt16_2_2 && hits > 0) {
      g.stack.push({ kind: 'discard', side: opp, left: hits });
      return;
    } // 16.2(2): the owner chooses
    for (let i = 0; i < hits; i++) {
      const hand = g.hand[opp];
      if (!hand.length || (g.options.opt16_3 && hand.length <= 4)) break; // 16.3
      const pick = ctx.roll(1, 'card discarded at random', hand.length)[0]! - 1;
      const [c] = hand.splice(pick, 1);
      g.discard[opp].push(c!);
      if (g.options.opt16_1_2) {
        // 16.1.2: face down, in secret
        (g.faceDown ??= { axis: [], allies: [] })[opp].push(c!);
        ctx.log(`The ${opp} discard ${b.cardById.get(c!)!.name} face down.`, { rule: '16.1.2', to: [opp] });
        ctx.log(`The ${opp} discard a card face down.`, { rule: '16.1.2', to: [act.side] });
      } else ctx.log(`The ${opp} discard ${b.cardById.get(c!)!.name}.`, { rule: '16.2(2)' });
    }
  }

  // ---- allocation (11.2) and results (11.3-11.5) -----------------------------------------------
  function target(g: TRState, u: number): Target {
    const cls = b.unitClass[u]!;
    return { cls, used: !!g.used[u], durability: C(u).durability, atSea: cls === 'land' && b.isSea[g.loc[u]!] };
  }

  function startCombat(ctx: Ctx, g: TRState, c: NonNullable<TRState['combat']>): void {
    g.combat = c;
    if (c.points <= 0) {
      g.combat = null;
      return;
    }
    g.stack.push({ kind: 'alloc', side: c.alloc });
    autoAlloc(ctx, g);
  }

  /** Units that may take the next point (11.2(2), AMB-21 threshold, AMB-22 used first), one per identical case. */
  function allocChoices(g: TRState): number[] {
    const c = g.combat!;
    const ts = c.targets.map((u) => target(g, u));
    const free = g.options.overAllocation === 'free';
    const cap = ts.reduce((s, t) => s + eliminationThreshold(t), 0);
    const sum = c.assigned.reduce((s, x) => s + x, 0);
    if (sum >= (free ? c.points : Math.min(c.points, cap))) return [];
    const need = (t: Target) =>
      g.options.usedFirst === 'lenient' ? Math.min(t.durability * 1, eliminationThreshold(t)) : eliminationThreshold(t);
    const usedShort = ts.some(
      (t, i) => t.used && c.assigned[i]! < (g.options.usedFirst === 'lenient' ? (t.atSea ? 1 : t.durability) : need(t)),
    );
    const seen = new Set<string>();
    const out: number[] = [];
    ts.forEach((t, i) => {
      if (!free && c.assigned[i]! >= eliminationThreshold(t)) return;
      if (usedShort && !t.used) return; // 11.2(1): used defenders first
      const key = `${b.unitKind[c.targets[i]!]}:${t.used}:${t.atSea}:${c.assigned[i]}:${g.loc[c.targets[i]!]}`;
      if (seen.has(key)) return;
      seen.add(key);
      out.push(c.targets[i]!);
    });
    return out;
  }

  /** Places points while only one distinct choice is left; resolves when all are placed. */
  function autoAlloc(ctx: Ctx, g: TRState): void {
    for (;;) {
      const ch = allocChoices(g);
      if (ch.length === 0) {
        g.stack.pop();
        resolveCombat(ctx, g);
        return;
      }
      if (ch.length > 1) return;
      g.combat!.assigned[g.combat!.targets.indexOf(ch[0]!)]!++;
    }
  }

  function resolveCombat(ctx: Ctx, g: TRState): void {
    const c = g.combat!;
    g.combat = null;
    const retreats = new Map<Side, number[]>();
    const parts: string[] = [];
    c.targets.forEach((u, i) => {
      const pts = c.assigned[i]!;
      if (pts <= 0) return;
      const t = target(g, u);
      const r = resultOf({ ...t, canRetreat: retreatDests(g, u, c.retreatTo).length > 0 }, pts);
      if (r === 'none') return;
      if (c.counter) g.act?.damaged.push(u); // 10.1(6)
      parts.push(`${uname(u)} ${r} (${pts})`);
      if (r === 'flip' || r === 'flip+retreat') g.used[u] = 1;
      if (r === 'pool') toPool(g, u);
      if (r === 'retreat' || r === 'flip+retreat') {
        const owner: Side = g.natSide[b.unitNation[u]!]!;
        (retreats.get(owner) ?? retreats.set(owner, []).get(owner)!).push(u);
      }
    });
    ctx.log(`Damage ${c.points}: ${parts.join(', ') || 'no effect'}.`, { rule: '11.3' });
    for (const [side, units] of retreats) g.stack.push({ kind: 'retreat', side, units, only: c.retreatTo });
    checkOverflow(g);
  }

  /** 15.8: a fortress leaving the map is out of the game; anything else goes to the pool. */
  function toPool(g: TRState, u: number): void {
    const from = g.loc[u]!;
    g.loc[u] = C(u).type === 'FT' ? REMOVED : POOL;
    g.used[u] = 0;
    revertIfEmpty(b, g, from); // AMB-7
  }

  /** 11.5(1)(2), 15.6, 15.7, 16.7(2), AMB-36: where unit u may retreat. */
  function retreatDests(g: TRState, u: number, only: number): number[] {
    const from = g.loc[u]!;
    if (from < 0) return [];
    const n = b.unitNation[u]!;
    const side = g.natSide[n]!;
    const cls = b.unitClass[u]!;
    // 11.5(2): a moving unit made to retreat by a counterattack goes only to the area it moved from (seed: 只能撤退到发起移动的区域),
    // adjacent or not (the start of a move of two or more areas, of a sea move or of a Strategic Movement); the 11.5(1)
    // prohibitions below still apply there, and if that area is not allowed the unit goes to the pool (11.5(2) [REC]).
    const cand =
      only >= 0
        ? [only]
        : cls === 'land' && !b.isSea[from] && g.options.seaBorderStraits !== false
          ? b.landAdj[from]!
          : neighbours(b, g, from, side);
    const out: number[] = [];
    for (const a of cand) {
      if (a === from) continue; // a retreat leaves the area
      if (cls === 'land' && b.isSea[a]) continue; // ④
      if (cls !== 'land' && !b.isSea[a]) continue; // ⑤
      if (!mayEnter(b, a, side)) continue; // 15.7
      const cs = ctrlSide(b, g, a);
      const neutral = cs === 'neutral' && g.ctrl[a]! >= 0;
      if (neutral && !g.options.retreatIntoNeutral) continue; // AMB-36
      if (neutral && g.options.opt16_5 && axisLeaningNeutral(b, g, a)) continue; // 16.5, AMB-36
      if (!neutral && cs === other(side)) continue; // ①
      if (!neutral && enemyControlUnits(b, g, a, side).length) continue; // ②
      if (cls === 'land' && controlUnits(b, g, a, side).filter((v) => b.unitClass[v] === 'land').length >= 10) continue; // ③
      if (
        side === 'axis' &&
        b.nationSide0[n] === 'axis' &&
        nationCode(n) !== 'GE' &&
        nationCode(n) !== 'FI' &&
        b.northOfBoundary[a]
      )
        continue; // 15.6 [REC]
      if (g.options.opt16_7 && C(u).type === 'GF' && b.flag[a] !== n) continue; // 16.7(2)
      out.push(a);
    }
    return out;
  }

  // ---- the decisions ----------------------------------------------------------------------------
  function legal(g: TRState, p: Pending): OpAction[] {
    const act = g.act;
    switch (p.kind) {
      case 'choose':
        return [
          ...formAreas(g, p.side, p.mode).map((a) => ({ type: 'form' as const, area: b.areaIds[a]! })),
          { type: 'cancel' },
        ];
      case 'group': {
        const a = act!;
        const out: OpAction[] = [];
        const cap =
          eventKind(g, a) === 'strategicMovement'
            ? (b.cardById.get(g.op!.card)!.effect as { units: number }).units
            : Infinity;
        if ((!a.blitz || a.blitz.left === 2) && a.units.length < cap) {
          const seen = new Set<number>();
          for (const u of unitsIn(g, a.area)) {
            if (a.units.includes(u) || !mayJoin(g, u, a.side, a.mode) || seen.has(b.unitKind[u]!)) continue;
            seen.add(b.unitKind[u]!);
            out.push({ type: 'add', unit: u });
          }
        }
        out.push(...declareChoices(g, a));
        out.push(a.blitz && a.blitz.left < 2 ? { type: 'done' } : { type: 'cancel' });
        return out;
      }
      case 'path': {
        const out: OpAction[] = stepChoices(g, act!).map((y) => ({ type: 'to' as const, area: b.areaIds[y]! }));
        const ek = eventKind(g, act!);
        if (act!.path.length >= (ek === 'seaLion' || ek === 'landing' ? 3 : 2)) out.push({ type: 'stop' });
        return out;
      }
      case 'target':
        if (act!.type === 'drop')
          return dropZones(g, act!).map((a) => ({ type: 'target' as const, area: b.areaIds[a]! }));
        if (act!.type === 'move')
          return stratDests(g, act!).map((a) => ({ type: 'target' as const, area: b.areaIds[a]! }));
        if (act!.type === 'bomb')
          return bombTargets(g, act!).map((t) => ({ type: 'target' as const, area: b.areaIds[t.area]! }));
        return airTargets(g, act!, extraRange(g, act!)).map((a) => ({ type: 'target' as const, area: b.areaIds[a]! }));
      case 'window': {
        const out: OpAction[] = [];
        const seen = new Set<string>();
        for (const id of g.hand[p.side]) {
          const c = b.cardById.get(id)!;
          if (c.effect.kind !== 'ambush' || seen.has(`${c.sv}`)) continue;
          seen.add(`${c.sv}`);
          out.push({ type: 'ambush', card: id });
        }
        if (g.options.opt16_8 && counterSetup(g)?.eligible.some(isJet)) out.push({ type: 'jet' }); // 16.8
        out.push({ type: 'noCounter' });
        return out;
      }
      case 'counter': {
        const cs = counterSetup(g);
        const out: OpAction[] = [];
        const seen = new Set<number>();
        for (const u of cs?.eligible ?? []) {
          if (p.units.includes(u) || (p.card === null && !isJet(u)) || seen.has(b.unitKind[u]!)) continue;
          seen.add(b.unitKind[u]!);
          out.push({ type: 'join', unit: u });
        }
        if (p.units.length) out.push({ type: 'fire' });
        return out;
      }
      case 'alloc':
        return allocChoices(g).map((unit) => ({ type: 'hit' as const, unit }));
      case 'retreat': {
        const u = p.units[0]!;
        return [
          ...retreatDests(g, u, p.only).map((a) => ({ type: 'retreat' as const, unit: u, to: b.areaIds[a]! })),
          { type: 'retreat', unit: u, to: 'pool' },
        ];
      }
      case 'overflow': {
        const seen = new Set<number>();
        return unitsIn(g, p.area)
          .filter((u) => friendlyUnit(g, b, u, p.side) && (b.unitClass[u] === 'land' || b.unitClass[u] === 'air'))
          .filter((u) => !seen.has(b.unitKind[u]!) && !!seen.add(b.unitKind[u]!))
          .map((unit) => ({ type: 'sink' as const, unit }));
      }
      default:
        return [];
    }
  }

  /** Starts a group in an area (7.0). */
  function form(g: TRState, side: Side, mode: ActMode, area: number): void {
    g.act = {
      side,
      mode,
      units: [],
      area,
      type: null,
      path: [],
      target: -1,
      damaged: [],
      blitz: mode === 'blitz' ? { left: 2, twice: false, firstDone: false, points: 0, flipLater: [] } : null,
    };
    const ek = mode === 'event' ? b.cardById.get(g.op?.card ?? '')?.effect.kind : undefined;
    if (ek === 'seaTransport') g.act.noFlip = true; // 8.1.2(1)④ exception
    if (ek === 'seaLion' || ek === 'landing')
      g.act.blitz = { left: 2, twice: false, firstDone: false, points: 0, flipLater: [] }; // move, then attack
    g.stack.push({ kind: 'group', side });
  }

  function declare(ctx: Ctx, g: TRState, type: ActType, twice: boolean): void {
    const act = g.act!;
    g.stack.pop(); // the group decision
    act.type = type;
    act.area = g.loc[act.units[0]!]!;
    act.damaged = [];
    if (act.mode === 'sv') {
      g.op!.svLeft -= 1;
      g.op!.acted.push(...act.units);
    } // 6.1.1(1), 6.1.1(3)
    if (act.blitz) {
      act.blitz.left -= twice ? 2 : 1;
      act.blitz.twice = twice;
      act.blitz.firstDone = false;
      act.blitz.points = 0;
    }
    const what = `${act.units.length} unit(s) in ${name(act.area)}`;
    if (type === 'drop' || (type === 'move' && eventKind(g, act) === 'strategicMovement')) {
      g.stack.push({ kind: 'target', side: act.side });
      return;
    }
    if (type === 'move' || type === 'airMove') {
      act.path = [act.area];
      g.stack.push({ kind: 'path', side: act.side });
      ctx.log(`${act.side}: ${what} ${type === 'move' ? 'move' : 'air-move'}.`, {
        rule: type === 'move' ? '8.1' : '8.2',
      });
      return;
    }
    g.stack.push({ kind: 'auto', step: 'actDone', side: act.side });
    if (type === 'attack') {
      act.target = act.area;
      for (const u of act.units) g.used[u] = 1; // 9.1(5); 10.1(5): already flipped when counterattacked
      g.stack.push({ kind: 'auto', step: 'strike', side: act.side });
      ctx.log(`${act.side}: ${what} attack${twice ? ' twice (declared in advance, 17.1)' : ''}.`, { rule: '9.1' });
      openWindow(g); // 10.1(3), 10.1(6): the counterattack comes first
    } else {
      g.stack.push({ kind: 'target', side: act.side });
    }
  }

  function finishMove(ctx: Ctx, g: TRState): void {
    const act = g.act!;
    const path = act.path;
    const dest = path.at(-1)!;
    const r = moveCheck(g, act, path, act.type === 'airMove');
    if (!r.ok) throw new RuleError(r.rule, r.why);
    act.moved = { cost: r.cost, seaMove: r.seaMove };
    act.pass = g.options.counterattackPassThrough ? path.slice(1, -1) : []; // AMB-19 switch
    moveOn(ctx, g);
  }

  /** Moves the group on: first to each area passed through where a counterattack could come (AMB-19 switch), then to the destination. */
  function moveOn(ctx: Ctx, g: TRState): void {
    const act = g.act!;
    const path = act.path;
    const dest = path.at(-1)!;
    const r = act.moved!;
    const group = act.units.filter((u) => g.loc[u] === act.area); // units hit back to the start (11.5(2)) or lost drop out
    while (act.pass!.length && group.length) {
      const x = act.pass!.shift()!;
      const opp = other(act.side);
      if (
        !unitsIn(g, x).some(
          (u) => friendlyUnit(g, b, u, opp) && !g.used[u] && b.unitClass[u] !== 'sub' && mayAttackIn(b, g, u, x, opp),
        )
      )
        continue;
      for (const u of group) g.loc[u] = x;
      revertIfEmpty(b, g, act.area);
      act.area = x;
      ctx.log(`${act.side}: the group passes through ${name(x)}.`, { rule: 'AMB-19' });
      g.stack.push({ kind: 'auto', step: 'moveOn', side: act.side });
      openWindow(g); // AMB-19: a window in an area passed through
      return;
    }
    if (!group.length) {
      g.stack.push({ kind: 'auto', step: 'actDone', side: act.side });
      return;
    }
    for (const u of group) g.loc[u] = dest;
    revertIfEmpty(b, g, path[0]!); // AMB-7
    revertIfEmpty(b, g, act.area);
    for (let i = 1; i < path.length; i++) enterArea(ctx, g, path[i]!, act.side, group); // 3.1.3(1)
    const carried = group.filter((u) => b.unitClass[u] === 'land' || b.unitClass[u] === 'air');
    if (r.seaMove) {
      for (const a of path) if (b.isSea[a]) g.seaUse[a] = (g.seaUse[a] ?? 0) + carried.length; // 3.6(3)
      if (act.blitz && act.blitz.left > 0)
        act.blitz.flipLater.push(...carried); // 17.1 Q3
      else if (!act.noFlip) for (const u of carried) g.used[u] = 1; // 8.1.2(1)④
    }
    if (act.type === 'airMove') for (const u of group) g.used[u] = 1; // 8.2(6)
    act.area = dest;
    ctx.log(
      `${act.side}: the group moves ${path.map(name).join(' - ')} (${r.cost} MP${r.seaMove ? ', sea move' : ''}).`,
      { rule: act.type === 'airMove' ? '8.2' : r.seaMove ? '8.1.2' : '8.1' },
    );
    g.stack.push({ kind: 'auto', step: 'actDone', side: act.side });
    openWindow(g); // 10.1(3), AMB-19: at the destination
  }

  function actDone(ctx: Ctx, g: TRState): void {
    const act = g.act!;
    if (act.blitz) {
      const alive = act.units.filter((u) => g.loc[u] === act.area);
      if (act.blitz.left > 0 && alive.length) {
        // 17.1: the second action of the same group
        act.units = alive;
        act.type = null;
        g.stack.push({ kind: 'group', side: act.side });
        return;
      }
      for (const u of act.blitz.flipLater) if (g.loc[u]! >= 0) g.used[u] = 1; // 17.1 Q3: flip after the second action
    }
    g.act = null;
    if (act.mode === 'air') {
      g.passes = 0;
      g.bank[act.side] = 0;
    } // 10.2(3): an air operation loses the banked SV
    if (act.mode === 'air' || act.mode === 'blitz' || act.mode === 'event') {
      const ch = g.stack.at(-1);
      if (ch?.kind === 'choose') g.stack.pop();
      if (act.mode === 'air') hooks.endImpulse(ctx, g, act.side); // 6.2, AMB-14: one group, one action
    }
  }

  function perform(ctx: Ctx, g: TRState, side: Side, a: OpAction): void {
    const p = g.stack.at(-1)!;
    switch (a.type) {
      case 'form': {
        const mode: ActMode = p.kind === 'choose' ? p.mode : 'sv';
        form(g, side, mode, A(a.area));
        break;
      }
      case 'add':
        g.act!.units.push(a.unit);
        break;
      case 'declare':
        declare(ctx, g, a.action, !!a.twice);
        break;
      case 'cancel':
        if (p.kind === 'group') {
          g.stack.pop();
          g.act = null;
        } else {
          g.stack.pop();
          if (p.kind === 'choose' && p.mode === 'air') g.stack.push({ kind: 'impulse', side });
        }
        break;
      case 'done':
        g.stack.pop();
        g.act!.blitz!.left = 0;
        actDone(ctx, g);
        break;
      case 'to':
        g.act!.path.push(A(a.area));
        break;
      case 'stop':
        g.stack.pop();
        finishMove(ctx, g);
        break;
      case 'target': {
        g.stack.pop();
        const act = g.act!;
        act.target = A(a.area);
        if (act.type === 'move') {
          strategicMove(ctx, g);
          break;
        }
        if (act.type === 'drop') {
          // Landing: the airborne units land, then a counterattack window there (10.1(3))
          for (const u of act.units) g.loc[u] = act.target;
          revertIfEmpty(b, g, act.area);
          act.path = [act.area, act.target];
          ctx.log(`${side}: ${act.units.length} airborne unit(s) fly from ${name(act.area)} to ${name(act.target)}.`, {
            rule: '2.1.1',
          });
          act.area = act.target;
          g.stack.push({ kind: 'auto', step: 'actDone', side });
          openWindow(g);
          break;
        }
        if (act.type === 'bomb') {
          act.dist = bombTargets(g, act).find((t) => t.area === act.target)!.dist;
          for (const u of act.units) g.used[u] = 1; // the bombers flip
          ctx.log(`${side}: ${act.units.length} unit(s) in ${name(act.area)} bomb ${name(act.target)}.`, {
            rule: '16.2',
          });
          g.stack.push({ kind: 'auto', step: 'strike', side });
          openWindow(g); // 17.2 Q3
          break;
        }
        for (const u of act.units) g.used[u] = 1; // 9.2(5)
        const flown = airReach(g, act, extraRange(g, act)).get(act.target) ?? [];
        for (const x of flown.slice(1, -1)) enterArea(ctx, g, x, side); // 3.1.3(1): overflight, before the attack (TC-46)
        if (g.options.airTargetViolates) enterArea(ctx, g, act.target, side); // AMB-8
        ctx.log(`${side}: ${act.units.length} unit(s) in ${name(act.area)} air-attack ${name(act.target)}.`, {
          rule: '9.2',
        });
        g.stack.push({ kind: 'auto', step: 'strike', side });
        openWindow(g);
        break;
      }
      case 'ambush':
        g.stack.pop();
        g.stack.push({ kind: 'counter', side, card: a.card, units: [] });
        break;
      case 'jet':
        g.stack.pop();
        g.stack.push({ kind: 'counter', side, card: null, units: [] });
        break;
      case 'noCounter':
        g.stack.pop();
        break;
      case 'join':
        top(g, 'counter').units.push(a.unit);
        break;
      case 'fire': {
        const c = top(g, 'counter');
        g.stack.pop();
        fireCounter(ctx, g, c);
        break;
      }
      case 'hit':
        g.combat!.assigned[g.combat!.targets.indexOf(a.unit)]!++;
        autoAlloc(ctx, g);
        break;
      case 'retreat': {
        const r = top(g, 'retreat');
        r.units.shift();
        if (a.to === 'pool') {
          toPool(g, a.unit);
          ctx.log(`${uname(a.unit)} is eliminated instead of retreating.`, { rule: '11.5(1)' });
        } else {
          const to = A(a.to);
          const from = g.loc[a.unit]!;
          g.loc[a.unit] = to;
          revertIfEmpty(b, g, from); // AMB-7
          enterArea(ctx, g, to, side, [a.unit]); // 3.1.3(3)
          ctx.log(`${uname(a.unit)} retreats to ${name(to)}.`, { rule: '11.5' });
        }
        if (!r.units.length) g.stack.pop();
        break;
      }
      case 'sink': {
        const o = top(g, 'overflow');
        toPool(g, a.unit);
        o.left--;
        ctx.log(`${uname(a.unit)} at sea beyond the transport capacity goes to the pool.`, { rule: '3.6(5)' });
        if (o.left <= 0) g.stack.pop();
        break;
      }
    }
  }

  /** Automatic steps; returns true when it handled the top of the stack. */
  function auto(ctx: Ctx, g: TRState): boolean {
    const p = g.stack.at(-1);
    if (!p) return false;
    if (p.kind === 'auto' && (p.step === 'strike' || p.step === 'actDone' || p.step === 'moveOn')) {
      g.stack.pop();
      if (p.step === 'strike') strike(ctx, g);
      else if (p.step === 'moveOn') moveOn(ctx, g);
      else actDone(ctx, g);
      return true;
    }
    if (p.kind === 'retreat' && (p.units.length === 0 || g.loc[p.units[0]!]! < 0)) {
      p.units.shift();
      if (!p.units.length) g.stack.pop();
      return true;
    }
    if (p.kind === 'window' && !counterSetup(g)) {
      g.stack.pop();
      return true;
    }
    if (p.kind === 'overflow') {
      const n = unitsIn(g, p.area).filter(
        (u) => friendlyUnit(g, b, u, p.side) && (b.unitClass[u] === 'land' || b.unitClass[u] === 'air'),
      ).length;
      if (n <= Math.floor(capacity(g, p.area, p.side))) {
        g.stack.pop();
        return true;
      }
    }
    return false;
  }

  /** Whether `side` may take an air operation: an unused AF, CV or CVE (5.0(3), AMB-32). */
  function hasAirOperation(g: TRState, side: Side): boolean {
    for (let u = 0; u < g.loc.length; u++) if (mayJoin(g, u, side, 'air')) return true;
    return false;
  }

  function prompt(g: TRState, p: Pending): { rule: string; prompt: string } | null {
    switch (p.kind) {
      case 'choose':
        return {
          rule: p.mode === 'air' ? '6.2' : '7.0',
          prompt: `Choose the area of the group for the ${p.mode === 'air' ? 'air operation' : 'event'}`,
        };
      case 'group':
        return {
          rule: '7.0-7.2',
          prompt: `Group in ${name(g.act!.area)} (${g.act!.units.length} unit(s)): add units or choose its action`,
        };
      case 'path':
        return {
          rule: g.act!.type === 'airMove' ? '8.2' : '8.1',
          prompt: `Move the group: next area from ${name(g.act!.path.at(-1)!)}, or stop`,
        };
      case 'target':
        return { rule: '9.2(2)', prompt: 'Choose the target area of the air attack' };
      case 'window':
        return { rule: '10.1(3)', prompt: `Counterattack the ${g.act!.side} group action?` };
      case 'counter':
        return { rule: '10.1', prompt: 'Choose the counterattacking units, then fire' };
      case 'alloc':
        return {
          rule: '11.2',
          prompt: `Allocate ${g.combat!.points - g.combat!.assigned.reduce((s, x) => s + x, 0)} more damage point(s)`,
        };
      case 'retreat':
        return { rule: '11.5', prompt: `Retreat ${uname(p.units[0]!)} (or eliminate it)` };
      case 'overflow':
        return { rule: '3.6(5)', prompt: `Send ${p.left} unit(s) at sea in ${name(p.area)} to the pool` };
      default:
        return null;
    }
  }

  return {
    legal,
    perform,
    auto,
    prompt,
    hasAirOperation,
    formAreas,
    retreatDests,
    capacity,
    enterArea,
    allocChoices,
    airTargets,
  };
}

export type Operations = ReturnType<typeof createOperations>;
