/**
 * State queries and state rules shared by every phase: sides and war status (3.1), sources (3.2),
 * control units (3.3), control (3.4), lines of communication (3.5), mobilization placement (12.0)
 * and recovery eligibility (13.0).
 */
import type { EdgeTest } from '@sandtable/engine';
import type { Side } from './data/index.ts';
import { CONDITIONAL_LINK, nationCode, POOL, REMOVED, type Board } from './board.ts';
import { other, type TRState } from './state.ts';

export type CtrlSide = Side | 'neutral' | null;

/** The side controlling an area: a belligerent's camp, 'neutral', or null (uncontrolled), 3.4(2). */
export function ctrlSide(b: Board, g: TRState, area: number): CtrlSide {
  const n = g.ctrl[area]!;
  if (n < 0) return !b.isSea[area] && g.options.unflaggedAreas === 'neutral' ? 'neutral' : null;
  return g.natBel[n] ? g.natSide[n]! : 'neutral';
}

/** Whether unit u belongs to a belligerent of `side` (3.1.1(1): "friendly" = own camp's belligerents). */
export function friendlyUnit(g: TRState, b: Board, u: number, side: Side): boolean {
  const n = b.unitNation[u]!;
  return g.natBel[n]! && g.natSide[n] === side;
}

/** 15.3(3): US naval units while the US is neutral are treated as absent. */
export function absent(b: Board, g: TRState, u: number): boolean {
  const n = b.unitNation[u]!;
  return b.nationIndex.get('US') === n && !g.natBel[n] && (b.unitClass[u] === 'naval' || b.unitClass[u] === 'sub');
}

/** A control unit for its area (3.3): land/air units in land areas, surface naval units at sea (15.1(1): never submarines). */
export function isControlUnit(b: Board, g: TRState, u: number): boolean {
  const a = g.loc[u]!;
  if (a < 0 || absent(b, g, u)) return false;
  const c = b.unitClass[u]!;
  return b.isSea[a] ? c === 'naval' : c === 'land' || c === 'air';
}

/** 9.1.1: may unit u of `side` attack in area a (land units on land, air units in land areas `side` controls, naval units at sea). */
export function mayAttackIn(b: Board, g: TRState, u: number, a: number, side: Side): boolean {
  const c = b.unitClass[u]!;
  if (c === 'land') return !b.isSea[a]!;
  if (c === 'air') return !b.isSea[a] && ctrlSide(b, g, a) === side;
  return b.isSea[a]!;
}

/** 14.2(1)③: the areas the Axis controls as the game victory counts them (AMB-25: land areas, or all with `victoryAreas`). */
export function axisVictoryAreas(b: Board, g: TRState): number {
  let n = 0;
  for (let a = 0; a < b.areaIds.length; a++)
    if ((g.options.victoryAreas === 'all' || !b.isSea[a]) && ctrlSide(b, g, a) === 'axis') n++;
  return n;
}

export function unitsIn(g: TRState, area: number): number[] {
  const out: number[] = [];
  for (let u = 0; u < g.loc.length; u++) if (g.loc[u] === area) out.push(u);
  return out;
}

/** Control units of `side`'s belligerents in an area. */
export function controlUnits(b: Board, g: TRState, area: number, side: Side): number[] {
  return unitsIn(g, area).filter((u) => friendlyUnit(g, b, u, side) && isControlUnit(b, g, u));
}

/** Enemy control units for `side` (enemy = everything not friendly, neutrals included, 3.1.1(1)). */
export function enemyControlUnits(b: Board, g: TRState, area: number, side: Side): number[] {
  return unitsIn(g, area).filter((u) => !friendlyUnit(g, b, u, side) && isControlUnit(b, g, u));
}

/** Units of either player (belligerents) in an area, 3.4(6). */
export function playerUnits(b: Board, g: TRState, area: number): number[] {
  return unitsIn(g, area).filter((u) => g.natBel[b.unitNation[u]!] && !absent(b, g, u));
}

/** Adjacent areas for `side`, including the conditional links of 15.7.1(2). */
export function neighbours(b: Board, g: TRState, area: number, side: Side): number[] {
  const out = b.adj[area]!;
  let extra: number[] | null = null;
  for (const l of b.condLinks) {
    if (l.side !== side || ctrlSide(b, g, l.whileControls) !== side) continue;
    if (l.a === area) (extra ??= [...out]).push(l.b);
    else if (l.b === area) (extra ??= [...out]).push(l.a);
  }
  return extra ?? out;
}

/** Source count (3.2), or the 14.1(1) strategic count (Moscow and London x2 for the Axis, AMB-31). */
export function sourceCount(b: Board, g: TRState, side: Side, strategic = false): number {
  let total = 0;
  const naAllied = ctrlSide(b, g, b.sp.northAtlantic) === 'allies';
  for (let a = 0; a < b.areaIds.length; a++) {
    const s = b.source[a];
    if (!s) continue;
    if (a === b.sp.usSource) {
      // 15.3(1)(2): usable once the marker reaches the designated box, while the Allies hold the North Atlantic; never by the Axis.
      const box = b.data.entryTracks.find((t) => t.nation === 'US')!.usSourceBox!;
      if (side === 'allies' && g.entry.US >= box && naAllied && ctrlSide(b, g, a) !== 'axis') total += 1;
      continue;
    }
    if (ctrlSide(b, g, a) !== side) continue; // 3.2(1), 3.2(3): neutral sources never count
    if (s === 'red') {
      if (a === b.sp.centralAtlantic && !(side === 'allies' && naAllied)) continue; // 15.7.1(1)
      total += strategic && side === 'axis' && b.sp.double.includes(a) ? 2 : 1; // 14.1(1)
    } else if (side === 'axis') total += s === 'black' ? 1 : 0.5; // 3.2(1)②③
  }
  return Math.floor(total); // 3.2(2)
}

/** 16.5: the territory of an Axis-leaning neutral (a neutral of the Axis camp) while it is neutral. */
export function axisLeaningNeutral(b: Board, g: TRState, area: number): boolean {
  const n = b.flag[area]!;
  return n >= 0 && !g.natBel[n] && g.natSide[n] === 'axis';
}

/**
 * 15.6: whether units of nation `n`, moving for `side`, are barred from `area` by the Axis-allies
 * boundary line. (1) binds every Axis-side nation but Germany and Finland; (2) frees only the
 * nations that began the game as Allied-leaning neutrals, so France, an Allied belligerent at the
 * start, is bound once Vichy France (3.1.2⑤) makes it Axis. The one check behind moves, retreats
 * ([REC]), mobilization ([REC]) and Strategic Movement.
 */
export function boundaryBars(b: Board, n: number, side: Side, area: number): boolean {
  if (side !== 'axis' || !b.northOfBoundary[area]) return false;
  const code = nationCode(n);
  if (code === 'GE' || code === 'FI') return false; // 15.6(1)
  return !(b.nationSide0[n] === 'allies' && b.nationStart[n] === 'neutral'); // 15.6(2)
}

/** Whether `side` may enter the area at all (15.7.2-15.7.4). */
export function mayEnter(b: Board, area: number, side: Side): boolean {
  return !b.forbidden[side][area];
}

/**
 * A step over the map graph that `side` may take: a border, or a conditional link while it is open
 * to `side` (15.7.1(2): only for its side, while that side controls its area). For the tracer's `crosses`.
 */
export function linkOpen(b: Board, g: TRState, side: Side): EdgeTest {
  return (x, y, kind) =>
    kind !== CONDITIONAL_LINK ||
    b.condLinks.some(
      (l) =>
        ((l.a === x && l.b === y) || (l.a === y && l.b === x)) &&
        l.side === side &&
        ctrlSide(b, g, l.whileControls) === side,
    );
}

/**
 * Line of communication (3.5) from any of `from` for `side`: passes only through areas the side
 * controls; an area not so controlled may only be the last one; enemy units have no effect.
 * Returns the areas reachable as the end of a LOC (the starts included), 1 = reached.
 */
export function locField(
  b: Board,
  g: TRState,
  from: number[],
  side: Side,
  skip?: (x: number, y: number) => boolean,
): Uint8Array {
  const open = linkOpen(b, g, side);
  return b.tracer.flood(from, {
    stopsIn: (x) => ctrlSide(b, g, x) !== side, // 3.5(2): may enter, not pass through
    enters: (y) => mayEnter(b, y, side), // 15.7 [REC]: no LOC through forbidden areas
    crosses: (x, y, kind, slot) => open(x, y, kind, slot) && !skip?.(x, y),
  }).reached;
}

/** Land areas controlled by nation n (13.0(1)). */
export function landAreasOf(b: Board, g: TRState, n: number): number {
  let k = 0;
  for (let a = 0; a < b.areaIds.length; a++) if (!b.isSea[a] && g.ctrl[a] === n) k++;
  return k;
}

/** 3.4(4)(6): control transfer at the end of an impulse, and reversion of empty areas. */
export function updateControl(b: Board, g: TRState): void {
  const byArea: number[][] = b.areaIds.map(() => []);
  for (let u = 0; u < g.loc.length; u++) if (g.loc[u]! >= 0) byArea[g.loc[u]!]!.push(u);
  for (let a = 0; a < b.areaIds.length; a++) {
    const here = byArea[a]!;
    if (!here.some((u) => g.natBel[b.unitNation[u]!] && !absent(b, g, u))) {
      g.ctrl[a] = b.flag[a]!; // 3.4(6); unflagged areas become uncontrolled (AMB-4, AMB-5)
      continue;
    }
    const cs = ctrlSide(b, g, a);
    if (cs === 'neutral') continue; // 3.4(4) concerns the controlling player: neutral areas change only by war entry
    for (const side of ['axis', 'allies'] as const) {
      if (cs === side) continue;
      const mine = here.filter((u) => friendlyUnit(g, b, u, side) && isControlUnit(b, g, u));
      if (mine.length === 0 || here.some((u) => friendlyUnit(g, b, u, other(side)) && isControlUnit(b, g, u))) continue;
      // [REC] the new controller is the nation of the control units; the flag nation if it is among them.
      const nats = mine.map((u) => b.unitNation[u]!);
      g.ctrl[a] = nats.includes(b.flag[a]!) ? b.flag[a]! : nats[0]!;
    }
  }
}

/** 3.4(6), AMB-7 "immediate": an area left with no units of either player reverts to its flag nation at once. */
export function revertIfEmpty(b: Board, g: TRState, area: number): void {
  if (area < 0 || g.options.emptyRevert !== 'immediate') return;
  for (let u = 0; u < g.loc.length; u++)
    if (g.loc[u] === area && g.natBel[b.unitNation[u]!] && !absent(b, g, u)) return;
  g.ctrl[area] = b.flag[area]!;
}

/** 15.8: a fortress leaving the map is out of the game; anything else goes to the pool, unused. */
export function toPool(b: Board, g: TRState, u: number): void {
  const from = g.loc[u]!;
  g.loc[u] = b.counters[b.unitKind[u]!]!.type === 'FT' ? REMOVED : POOL;
  g.used[u] = 0;
  revertIfEmpty(b, g, from); // AMB-7
}

/** A nation enters the war (3.1.2, 3.4(3)): its areas pass to its camp at once (control stays with the nation). */
export function enterWar(g: TRState, n: number, side: Side): void {
  g.natBel[n] = true;
  g.natSide[n] = side;
}

/** Mobilization cost (12.0(2)). */
export function costOf(b: Board, counter: number): number {
  const t = b.counters[counter]!.type;
  return b.data.unitTypes.find((x) => x.id === t)!.cost;
}

/** 3.6(1): surface ships of `side` in a sea area, used ones count 1/2 (AMB-13: rounded down unless "keep-half"). */
export function seaCapacity(b: Board, g: TRState, sea: number, side: Side): number {
  let c = 0;
  for (let u = 0; u < g.loc.length; u++)
    if (g.loc[u] === sea && b.unitClass[u] === 'naval' && friendlyUnit(g, b, u, side) && !absent(b, g, u))
      c += g.used[u] ? 0.5 : 1;
  return g.options.capacityRounding === 'keep-half' ? c : Math.floor(c);
}

/** 3.6(3): capacity left this impulse in every sea area (land areas: Infinity). */
export function capacityLeft(b: Board, g: TRState, side: Side): number[] {
  return b.areaIds.map((_, a) => (b.isSea[a] ? seaCapacity(b, g, a, side) - (g.seaUse[a] ?? 0) : Infinity));
}

/**
 * 12.0(5), 3.6(2): the sea areas a placement's LOC passes through, [] when a LOC over land
 * serves; [REC] the first LOC found (fewest areas) through seas with capacity left is charged.
 */
export function placementSeas(
  b: Board,
  g: TRState,
  from: number[],
  dest: number,
  side: Side,
  capLeft = capacityLeft(b, g, side),
): number[] | null {
  const land = locField(b, g, from, side, (_x, y) => b.isSea[y]!);
  if (land[dest] && !from.some((o) => b.isSea[o])) return [];
  const starts = from.filter((s) => !b.isSea[s] || capLeft[s]! >= 1);
  const open = linkOpen(b, g, side);
  // The first LOC found: the tracer asks `crosses` only for steps into areas not yet reached, in
  // breadth-first order, and a step allowed reaches its area at once, so it is that area's parent.
  const parent = new Int32Array(b.areaIds.length).fill(-1);
  const reached = b.tracer.nearestSource(starts, (a) => a === dest, {
    stopsIn: (x) => ctrlSide(b, g, x) !== side, // 3.5(2)
    crosses(x, y, kind, slot) {
      if (!open(x, y, kind, slot) || !mayEnter(b, y, side) || (b.isSea[y] && capLeft[y]! < 1)) return false;
      parent[y] = x;
      return true;
    },
  });
  if (reached < 0) return null;
  const seas: number[] = [];
  for (let x = dest; x !== -1; x = parent[x]!) if (b.isSea[x]) seas.push(x);
  return seas;
}

/** 12.0(3)①, AMB-23, 15.3(4): the LOC origins for placing a unit of counter kind k. */
export function mobilizationOrigins(b: Board, g: TRState, k: number, side: Side): number[] {
  const c = b.counters[k]!;
  if (c.nation === 'US') return [b.sp.northAtlantic];
  const n = b.nationIndex.get(c.nation)!;
  const origins: number[] = [];
  for (let a = 0; a < b.areaIds.length; a++)
    if (b.source[a] && b.flag[a] === n && ctrlSide(b, g, a) === side) origins.push(a);
  return origins;
}

/** Per-area facts shared by the placements of one mobilization step (computed once, 12.0). */
export interface PlacementCache {
  land: number[];
  air: number[];
  enemy: boolean[];
  fields: Map<string, Uint8Array>;
  /** 3.6(3): capacity left per sea area. */
  capLeft: number[];
}

export function placementCache(b: Board, g: TRState, side: Side): PlacementCache {
  const n = b.areaIds.length;
  const land = new Array<number>(n).fill(0),
    air = new Array<number>(n).fill(0),
    enemy = new Array<boolean>(n).fill(false);
  for (let u = 0; u < g.loc.length; u++) {
    const a = g.loc[u]!;
    if (a < 0) continue;
    if (friendlyUnit(g, b, u, side)) {
      if (b.unitClass[u] === 'land') land[a]!++;
      else if (b.unitClass[u] === 'air') air[a]!++;
    } else if (isControlUnit(b, g, u)) enemy[a] = true;
  }
  return { land, air, enemy, fields: new Map(), capLeft: capacityLeft(b, g, side) };
}

/** Legal placement areas for a unit of counter kind k (12.0(3)-(6), 15.3(4), 16.7(1)). */
export function placements(
  b: Board,
  g: TRState,
  k: number,
  side: Side,
  pre: PlacementCache = placementCache(b, g, side),
): number[] {
  const c = b.counters[k]!;
  const n = b.nationIndex.get(c.nation)!;
  if (!g.natBel[n] || g.natSide[n] !== side) return []; // 3.1.1(2)③
  const cls = b.classOf.get(c.type)!;
  if (cls === 'sub' && side !== 'axis') return []; // 15.1
  const out: number[] = [];
  const land = cls === 'land' || cls === 'air';
  const stackOk = (a: number) => (cls === 'air' ? pre.air[a]! < 4 : pre.land[a]! < 10); // 8.1.1(2)
  // 12.0(5), 3.6(2): a LOC through sea areas needs capacity left in each of them.
  const field = (key: string, from: number[]) => {
    let f = pre.fields.get(key);
    const ca = b.sp.centralAtlantic,
      banned = new Set([b.sp.egypt, b.sp.middleEast, b.sp.easternMediterranean]);
    const us16_6 = key === 'US' && !!g.options.opt16_6; // 16.6: US placement LOCs never pass between the Central Atlantic and Egypt / Middle East / Eastern Mediterranean
    if (!f) {
      f = locField(
        b,
        g,
        from.filter((o) => !b.isSea[o] || pre.capLeft[o]! >= 1),
        side,
        (x, y) =>
          (b.isSea[y]! && pre.capLeft[y]! < 1) ||
          (us16_6 && ((x === ca && banned.has(y)) || (y === ca && banned.has(x)))),
      );
      pre.fields.set(key, f);
    }
    return f;
  };
  if (c.nation === 'US') {
    // 15.3(4): naval units in the North Atlantic even with enemy units there; others in land areas with a LOC to it.
    if (!land) return [b.sp.northAtlantic];
    const f = field('US', [b.sp.northAtlantic]);
    for (let a = 0; a < b.areaIds.length; a++) {
      if (b.isSea[a] || !f[a] || ctrlSide(b, g, a) !== side || pre.enemy[a] || !stackOk(a)) continue;
      if (g.options.opt16_7 && c.type === 'GF' && b.flag[a] !== n) continue;
      out.push(a);
    }
    return out;
  }
  const origins = mobilizationOrigins(b, g, k, side);
  if (b.noSourceNation[n]) {
    // 12.0(4): own-flag areas once friendly-controlled, no LOC needed.
    if (!land) return [];
    for (let a = 0; a < b.areaIds.length; a++) {
      if (b.flag[a] === n && ctrlSide(b, g, a) === side && !pre.enemy[a] && stackOk(a)) out.push(a);
    }
    return out;
  }
  if (!origins.length) return []; // 12.0(6)
  if (land) {
    const f = field(`n${n}`, origins);
    for (let a = 0; a < b.areaIds.length; a++) {
      if (b.isSea[a] || !f[a] || ctrlSide(b, g, a) !== side || pre.enemy[a] || !stackOk(a)) continue; // 12.0(3)②③
      if (g.options.mobilizationOrigin === 'literal' && b.flag[a] !== n) continue; // AMB-23 literal reading
      if (g.options.opt16_7 && c.type === 'GF' && b.flag[a] !== n) continue; // 16.7(1)
      if (boundaryBars(b, n, side, a)) continue; // 15.6 [REC]
      out.push(a);
    }
  } else {
    const seas = new Set<number>();
    for (const o of origins)
      for (const a of b.adj[o]!) if (b.isSea[a] && mayEnter(b, a, side) && !pre.enemy[a]) seas.add(a); // 12.0(3)②③
    out.push(...[...seas].sort((x, y) => x - y));
  }
  return out;
}

/** Used units of nation n that may recover: LOC from an area its nation controls (13.0(3)); submarines need none (15.1(5)). */
export function recoverable(b: Board, g: TRState, n: number): number[] {
  const side = g.natSide[n]!;
  const own: number[] = [];
  for (let a = 0; a < b.areaIds.length; a++) if (g.ctrl[a] === n) own.push(a);
  const field = own.length ? locField(b, g, own, side) : null;
  const out: number[] = [];
  for (let u = 0; u < g.loc.length; u++) {
    if (b.unitNation[u] !== n || !g.used[u] || g.loc[u]! < 0) continue;
    if (b.unitClass[u] === 'sub' || field?.[g.loc[u]!]) out.push(u);
  }
  return out;
}

export { POOL };
