/**
 * Reading Kursk South: Prokhorovka 1943's view model (`PGView` from the rules' `view(state,
 * role)`) into counters with their chits, header facts and side panels: support pool, reorganization
 * pool, arriving box and reserve pool, turn track with the Soviet reinforcements, the battle and air
 * mission under way with odds. Presentation only: a chit the view hides arrives here as a back
 * (`{ back }`, none under 19.6), never by id, and is drawn as a back (3.5(5), 3.6(3)).
 */
import { seedRng, type Decision, type Role, type View } from '@sandtable/engine';
import {
  battleOdds,
  germanVP,
  prokhorovka,
  type Battle,
  type BattleOdds,
  type Branch,
  type Env,
  type EquipChit,
  type FireOdds,
  type PGState,
  type PGView,
  type SupportChit,
} from '../index.ts';
import type { CardChip, InfoBoxData, OddsTable, ChitMark, Piece, UnitSymbol } from '@sandtable/map';
import { battleStepsBetween } from '../combat/battle.ts';

type Side = 'DE' | 'SU';
type UnitView = PGView['units'][number];
type ChitSeen = UnitView['chits'][number];

export const sideName = (s: string): string => (s === 'DE' ? 'German' : s === 'SU' ? 'Soviet' : 'Observer');
const opponent = (s: Side): Side => (s === 'DE' ? 'SU' : 'DE');
const asSide = (r: Role): Side | null => (r === 'DE' || r === 'SU' ? r : null);

/** Counter colours: German field grey (SS a darker grey), Soviet brown-red. */
export const SIDE_COLOR = {
  DE: { fill: '#7b8776', ink: '#ffffff' },
  SS: { fill: '#4b514c', ink: '#ffffff' },
  SU: { fill: '#9c3f27', ink: '#fff6e3' },
} as const;
const SS = new Set(['LAH', 'DR', 'T']);

const SYMBOL: Record<Branch, UnitSymbol> = {
  panzer: 'armor',
  panzergrenadier: 'mech',
  tank: 'armor',
  mechanized: 'mech',
  infantry: 'infantry',
  paratroop: 'airborne',
};

/** Chit abbreviations printed on the small chit squares (the full name is in the stack list). */
const ABBR: Record<string, string> = {
  Tiger: 'Tig',
  'Tiger (Wittmann)': 'Wit',
  Panther: 'Pan',
  'Pz IV': 'P4',
  'Pz III': 'P3',
  'StuG III': 'StG',
  Nashorn: 'Nas',
  'Marder III': 'Mar',
  Wespe: 'Wes',
  Hummel: 'Hum',
  '8.8 cm Flak': '88',
  '2 cm Flak': '20',
  'Pak 40': 'P40',
  'Pak 38': 'P38',
  'MG nest': 'MG',
  Bunker: 'Bkr',
  Detachment: 'Det',
  'T-34': 'T34',
  'KV-1': 'KV',
  'T-70': 'T70',
  Churchill: 'Chu',
  'M3 Lee': 'M3',
  'SU-122': '122',
  'SU-76': '76S',
  PakFront: 'PkF',
  '76 mm ZiS-3': '76',
  '45 mm AT gun': '45',
  '85 mm AA gun': '85',
  '37 mm AA gun': '37',
  'SU-152': '152',
};
const abbr = (name: string): string => ABBR[name] ?? name.replace(/[^A-Za-z0-9]/g, '').slice(0, 3);

/** What the view code needs from the game: its data and the rules' environment (for VP, paths, odds). */
export interface PKTables {
  E: Env;
}

const PHASE: Record<string, string> = {
  setup: 'set-up',
  support: 'support (6.0)',
  reinforcement: 'reinforcement (7.0)',
  designation: 'reserve designation (5.1(3))',
  normalAttack: 'normal attack (9.0)',
  movement: 'movement (8.0)',
  reserveAttack: 'reserve attack (9.0)',
  reorganization: 'reorganization (5.1(7))',
};

const STEP: Record<string, string> = {
  prep: 'preparation',
  'window:support': 'air window',
  'equip:SU': 'Soviet equipment declaration',
  'equip:DE': 'German equipment declaration',
  breakdown: 'breakdown check',
  reveal: 'support revealed',
  sniper: 'Snipers',
  commander: 'Commanders',
  cancel: 'cancellations',
  effects: 'support effects',
  'window:bombard': 'air window',
  bombard: 'bombardment (11.3)',
  normal: 'normal combat (11.4)',
  molotov: 'Molotov',
  'window:tank': 'air window',
  bombAlloc: 'bombing hits',
  pairing: 'tank-battle pairing (11.5(2))',
  duels: 'tank battle (11.5(3))',
  tankSupport: 'tank support (11.5(4))',
  damage: 'damage (12.0)',
  'retreat:SU': 'Soviet retreat choice',
  'retreat:DE': 'German retreat choice',
  'loss:SU': 'Soviet step losses',
  'loss:DE': 'German step losses',
  retreatMove: 'retreat (14.0)',
  advance: 'advance (15.0)',
  end: 'end',
  done: 'resolved',
};

// ---- chits ----------------------------------------------------------------------------------

export function equipWords(c: EquipChit): string {
  const v: string[] = [];
  if (c.tankFire !== undefined) v.push(`tank fire ${c.tankFire}`);
  if (c.atFire !== undefined) v.push(`AT fire ${c.atFire}`);
  if (c.armor !== undefined) v.push(`armor ${c.armor}`);
  if (c.artillery !== undefined) v.push(`artillery ${c.artillery}`);
  if (c.aa !== undefined) v.push(`AA ${c.aa}`);
  if (c.range !== undefined) v.push(`range ${c.range}`);
  if (c.defense !== undefined) v.push(`defense ${c.defense}`);
  if (c.normal !== undefined) v.push(`${c.normal}-${c.equip}-${c.ma} when face-up`);
  if (c.reroll) v.push('re-roll');
  return `${c.name} (${c.back === 'tank' ? 'Tank' : 'Equip'} back${v.length ? `: ${v.join(', ')}` : ''})`;
}

export function supportWords(c: SupportChit): string {
  const v: string[] = [c.type];
  if (c.aa !== undefined) v.push(`AA ${c.aa}`);
  if (c.bombing !== undefined) v.push(`bombing ${c.bombing}`);
  if (c.groundAttack !== undefined) v.push(`ground attack ${c.groundAttack}${c.shots ? ` x${c.shots}` : ''}`);
  if (c.artillery !== undefined) v.push(`artillery ${c.artillery}`);
  if (c.reveals !== undefined) v.push(`reveals ${c.reveals}`);
  if (c.damageBonus !== undefined) v.push(`damage +${c.damageBonus}`);
  if (c.reroll) v.push('re-roll');
  if (c.red) v.push('red: at once');
  return `${c.name} (${v.join(', ')})`;
}

/** A chit as the role sees it: own and face-up ones by type, the enemy's face-down ones as a back only. */
export function chitMark(t: PKTables, c: ChitSeen, owner: Side): ChitMark {
  if ('back' in c) {
    if (c.back === null)
      return {
        label: '',
        fill: '#6f6a60',
        ink: '#ffd84a',
        title: 'face-down chit (19.6: no back shown)',
        faceDown: true,
      };
    return c.back === 'tank'
      ? { label: 'T', fill: '#2e3326', ink: '#ffd84a', title: 'face-down Tank chit', faceDown: true }
      : { label: 'E', fill: '#4d4d4d', ink: '#ffd84a', title: 'face-down Equip chit', faceDown: true };
  }
  const e = t.E.equipById.get(c.id);
  if (!e) return { label: '?', fill: '#999', ink: '#000', title: c.id };
  if (c.faceUp)
    return {
      label: abbr(e.name),
      fill: owner === 'DE' ? '#e4e7dc' : '#f6dccd',
      ink: '#1b1b1b',
      title: `${equipWords(e)}, face-up`,
    };
  return {
    label: abbr(e.name),
    fill: owner === 'DE' ? '#55604f' : '#6e2c1b',
    ink: '#ffffff',
    title: `${equipWords(e)}, face-down (yours)`,
    faceDown: true,
    id: c.id,
  };
}

// ---- counters -------------------------------------------------------------------------------

export function unitValues(t: PKTables, id: string, reduced: boolean): string {
  const u = t.E.unitById.get(id);
  if (!u) return '';
  const v = reduced ? u.reduced : u.full;
  return `${v.fire}-${v.equip}-${v.ma}`;
}

export function unitName(t: PKTables, id: string): string {
  const u = t.E.unitById.get(id);
  return u ? `${u.name} (${id}, ${u.formation})` : id;
}

/** A unit's counter: side colours, NATO symbol, fire-equipment-MA; a band on the reduced side, "R" when designated (5.1(3)). */
export function unitPiece(t: PKTables, u: UnitView, moved: ReadonlySet<string>): Piece {
  const d = t.E.unitById.get(u.id);
  const col = u.side === 'DE' ? (SS.has(u.id) ? SIDE_COLOR.SS : SIDE_COLOR.DE) : SIDE_COLOR.SU;
  const values = unitValues(t, u.id, u.reduced);
  const p: Piece = {
    id: u.id,
    place: u.hex ?? '',
    side: u.side,
    fill: col.fill,
    ink: col.ink,
    symbol: d ? SYMBOL[d.branch] : 'infantry',
    top: u.id,
    bottom: values,
    title: `${unitName(t, u.id)} ${values}${u.reduced ? ', reduced' : ''}${u.designated ? ', designated reserve' : ''}${moved.has(u.id) ? ', moved' : ''}`,
    chits: u.chits.map((c) => chitMark(t, c, u.side)),
  };
  if (u.reduced) p.band = '#f1e3a6';
  if (u.designated) p.corner = 'R';
  return p;
}

export function pkPieces(t: PKTables, v: PGView): Piece[] {
  const moved = new Set(v.mv.moved);
  return v.units.filter((u) => u.where === 'map' && u.hex).map((u) => unitPiece(t, u, moved));
}

// ---- the rules' numbers on a determinized view ----------------------------------------------

const states = new WeakMap<object, PGState | null>();

/**
 * A full state consistent with the view (the opponent's hidden chits dealt at random into their
 * slots): unit positions, ZOC, LOC, VP and paths do not depend on the deal, so the rules' own
 * `germanVP` and `movePath` give exact answers on it; nothing hidden is read from the real state.
 */
export function determinized(view: View<unknown>): PGState | null {
  const key = view.game as object;
  if (states.has(key)) return states.get(key)!;
  let g: PGState | null = null;
  // an observer's view hides both sides' chits: dealt as if for the German (positions are all VP and paths need)
  const role = asSide(view.role) ?? 'DE';
  try {
    g = prokhorovka.rules.determinize!(view.game as PGView, role, seedRng(`web:${view.seq}`));
  } catch {
    g = null;
  }
  states.set(key, g);
  return g;
}

export function pkVP(t: PKTables, view: View<unknown>): number | null {
  const g = determinized(view);
  return g ? germanVP(t.E, g).vp : null;
}

// ---- status ---------------------------------------------------------------------------------

export function pkStatus(t: PKTables, view: View<unknown>): [string, string][] {
  const v = view.game as PGView;
  const last = v.pub?.lastTurn ?? t.E.d.tables.game.turns;
  const box = t.E.d.tables.turnTrack[Math.min(Math.max(v.turn, 1), t.E.d.tables.turnTrack.length) - 1];
  const vp = pkVP(t, view);
  const decision: Decision | null = view.decision;
  return [
    ['Turn', v.turn > 0 ? `${v.turn} of ${last}${box ? ` (${box.date})` : ''}` : 'set-up'],
    ['Player-turn', v.turn > 0 ? sideName(v.side) : '-'],
    [
      'Phase',
      v.result
        ? 'game over'
        : decision?.kind.startsWith('cb:')
          ? `${PHASE[v.phase] ?? v.phase}: battle`
          : (PHASE[v.phase] ?? v.phase),
    ],
    ['German VP', `${vp ?? '?'} (wins at ${t.E.d.tables.game.germanWinsAt}, 18.0)`],
  ];
}

// ---- side panels ----------------------------------------------------------------------------

const plural = (n: number, w: string): string => `${n} ${w}${n === 1 ? '' : 's'}`;

function equipCard(t: PKTables, id: string): CardChip {
  const e = t.E.equipById.get(id);
  return e
    ? { id, title: e.name, badge: e.back === 'tank' ? 'Tank' : 'Equip', text: equipWords(e) }
    : { id, title: id };
}

function supportCard(t: PKTables, id: string): CardChip {
  const s = t.E.supportById.get(id);
  return s
    ? {
        id,
        title: s.name,
        badge: s.type === 'weapon' ? 'W' : s.type === 'tactical' ? 'T' : 'Ev',
        text: supportWords(s),
      }
    : { id, title: id };
}

function unitCard(t: PKTables, u: UnitView): CardChip {
  return {
    id: u.id,
    title: `${u.id} ${unitValues(t, u.id, u.reduced)}`,
    badge: u.side === 'DE' ? 'DE' : 'SU',
    text: unitName(t, u.id),
  };
}

export function pkPanels(t: PKTables, view: View<unknown>): InfoBoxData[] {
  const v = view.game as PGView;
  const me = asSide(view.role);
  const out: InfoBoxData[] = [];
  const kind = view.decision?.kind;
  const inBattle = battleChits(t, view);
  if (inBattle) out.push(inBattle);
  // 4.0(6)1: the German chooses 8 of its support chits from the cup
  const choose = view.actions
    .filter((a) => a.type === 'pickSupport')
    .map((a) => String((a as { chit?: unknown }).chit));
  if (choose.length)
    out.push({
      title: 'Support chits to choose (4.0(6)1)',
      lines: [],
      odds: [],
      cards: choose.map((id) => supportCard(t, id)),
      cardText: true,
      testId: 'support-choice',
    });
  for (const s of me ? [me] : (['DE', 'SU'] as Side[])) {
    const opp = opponent(s);
    if (me) {
      out.push({
        title: `Your support pool: ${plural(v.mine.support.length, 'chit')}`,
        lines: [`${sideName(opp)} support pool: ${plural(v.pools[opp].support, 'chit')}, face down`],
        odds: [],
        cards: v.mine.support.map((id) => supportCard(t, id)),
        cardText: true,
        testId: 'support-pool',
        collapsed: kind === 'setupPlace', // empty until 4.0(6): the tray of chits to place gets the room
      });
      out.push({
        title:
          kind === 'setupPlace'
            ? `Drawn chits to place (4.0(5)): ${v.mine.reorg.length}`
            : `Your reorganization pool: ${plural(v.mine.reorg.length, 'chit')}`,
        lines: [
          ...(kind === 'setupPlace' && v.mine.reorg.length
            ? [
                'Pick a chit, then click a highlighted counter of yours; to take one back, click the counter and drag its chit here.',
              ]
            : []),
          `${sideName(opp)} reorganization pool: ${plural(v.pools[opp].reorg, 'chit')}, face down`,
        ],
        odds: [],
        cards: v.mine.reorg.map((id) => equipCard(t, id)),
        testId: 'reorg-pool',
      });
    }
  }
  if (!me) {
    out.push({
      title: 'Pools',
      lines: (['DE', 'SU'] as Side[]).map(
        (s) => `${sideName(s)}: ${v.pools[s].support} support, ${v.pools[s].reorg} in reorganization`,
      ),
      odds: [],
      testId: 'pools',
    });
  }
  const arriving = v.units.filter((u) => u.where === 'arriving');
  const reserve = v.units.filter((u) => u.where === 'reserve');
  const gone = v.units.filter((u) => u.where === 'eliminated');
  const lines: string[] = [];
  for (const s of ['DE', 'SU'] as Side[])
    if (v.pools[s].arriving)
      lines.push(`${sideName(s)}: ${plural(v.pools[s].arriving, 'received chit')} waiting to enter (7.0(2), A-03)`);
  if (gone.length) lines.push(`Eliminated: ${gone.map((u) => u.id).join(', ')}`);
  out.push({
    title: `Arriving: ${plural(arriving.length, 'unit')} · reserve pool: ${reserve.length}`,
    lines,
    odds: [],
    testId: 'arriving',
    cards: [
      ...arriving.map((u) => unitCard(t, u)),
      ...(me ? v.mine.arriving.map((id) => equipCard(t, id)) : []),
      ...reserve.map((u) => ({ ...unitCard(t, u), title: `${u.id} (reserve)` })),
    ],
    collapsed: !arriving.length && !v.mine.arriving.length && kind !== 'reinfChoice',
  });
  const last = v.pub?.lastTurn ?? t.E.d.tables.game.turns;
  const track = t.E.d.tables.turnTrack;
  const boxes = Array.from({ length: last }, (_, k) => String(k + 1));
  const reinf = track
    .filter((b) => b.turn >= Math.max(v.turn, 1) && (b.reinforcements.length || b.tank || b.equip))
    .map(
      (b) =>
        `T${b.turn} ${b.date}: ${b.reinforcements.map((r) => `${r.formation} x${r.count} (${r.entry})`).join(', ') || 'chits only'}; ${b.tank} Tank / ${b.equip} Equip`,
    );
  out.push({
    title: 'Turn track (5.0, 7.0)',
    lines: [
      ...reinf,
      `Soviet support chits this turn: ${track[Math.min(Math.max(v.turn, 1), track.length) - 1]?.sovSP ?? '?'} (6.0)`,
    ],
    odds: [],
    tracks: [{ label: 'Turn', boxes, at: Math.max(0, v.turn - 1) }],
    testId: 'turn-track',
  });
  return out;
}

// ---- the battle under way -------------------------------------------------------------------

/** The battle's steps once its chits are revealed (11.2) through damage (11.6): the chart's own names. */
const STEPS_AFTER_REVEAL = battleStepsBetween('reveal', 'damage');

function hitsTable(title: string, f: FireOdds): OddsTable | null {
  if (f.dice <= 0) return null;
  const rows = f.dist.map((p, k) => ({ label: `${k} hit${k === 1 ? '' : 's'}`, p })).filter((r) => r.p >= 0.005);
  return { title: `${title}: ${f.dice} dice hitting on ≤${f.need} (expected ${f.expected.toFixed(1)})`, rows };
}

function oddsTables(t: PKTables, o: BattleOdds, b: Battle): OddsTable[] {
  const name = (id: string) => t.E.equipById.get(id)?.name ?? id;
  const out: OddsTable[] = [];
  for (const s of [b.attacker, b.defender]) {
    const tb = hitsTable(`${sideName(s)} bombardment (11.3)`, o.bombard[s]);
    if (tb) out.push(tb);
  }
  for (const n of o.normal) {
    const tb = hitsTable(`${n.stack} normal fire (11.4)`, n.odds);
    if (tb) out.push(tb);
  }
  for (const p of o.pairs) {
    out.push({
      title: `Tank battle (11.5(3)): ${name(p.de)} vs ${name(p.su)}`,
      rows: [
        {
          label: `${name(p.de)} destroyed`,
          p: b.attacker === 'DE' ? p.odds.attackerDestroyed : p.odds.defenderDestroyed,
        },
        {
          label: `${name(p.su)} destroyed`,
          p: b.attacker === 'SU' ? p.odds.attackerDestroyed : p.odds.defenderDestroyed,
        },
        { label: 'both survive', p: p.odds.bothSurvive },
      ],
    });
  }
  return out;
}

/** The battle being resolved: the first one not done that has started (battles wait at "prep"). */
export function currentBattle(v: PGView): NonNullable<PGView['combat']>['battles'][number] | null {
  return v.combat?.battles.find((b) => !b.done && b.step !== 'prep') ?? null;
}

/** Odds of the battle under way from the rules' `battleOdds`, once nothing in it is hidden from the viewer (after 11.2(2)'s reveal). */
export function pkBattleOdds(t: PKTables, view: View<unknown>): OddsTable[] {
  const v = view.game as PGView;
  const cb = currentBattle(v);
  if (!cb || !STEPS_AFTER_REVEAL.includes(cb.step) || cb.alloc.DE.hidden + cb.alloc.SU.hidden > 0) return [];
  const g = determinized(view);
  const b = g?.combat?.battles.find((x) => x.target === cb.target && !x.done);
  if (!g || !b) return [];
  try {
    return oddsTables(t, battleOdds(t.E, g, b), b);
  } catch {
    return [];
  }
}

export function pkUnderWay(t: PKTables, view: View<unknown>): InfoBoxData | null {
  const v = view.game as PGView;
  const c = v.combat;
  if (!c) return null;
  const hexOf = (id: string) => v.units.find((u) => u.id === id)?.hex ?? null;
  const chitWord = (id: string) => t.E.equipById.get(id)?.name ?? t.E.supportById.get(id)?.name ?? id;
  const lines: string[] = [];
  const focus: string[] = [];
  const cur = currentBattle(v);
  for (const b of c.battles) {
    const state = b.done ? 'resolved' : b === cur ? `now: ${STEP[b.step] ?? b.step}` : 'waiting';
    lines.push(
      `Battle for ${b.target}${hexOf(b.target) ? ` (${hexOf(b.target)})` : ''} by ${b.attackers.join(', ')}: ${state}`,
    );
    if (b === cur || (!cur && !b.done)) {
      for (const s of ['DE', 'SU'] as Side[]) {
        const al = b.alloc[s];
        const n = al.ids.length + al.hidden;
        if (n)
          lines.push(
            `  ${sideName(s)} support: ${[...al.ids.map(chitWord), ...(al.hidden ? [`${al.hidden} face-down`] : [])].join(', ')}`,
          );
      }
      if (b.declared.length) lines.push(`  declared: ${b.declared.map(chitWord).join(', ')}`);
      if (b.cancelled.length) lines.push(`  cancelled: ${b.cancelled.map(chitWord).join(', ')}`);
      if (b.pairs.length)
        lines.push(`  pairs: ${b.pairs.map(([a, z]) => `${chitWord(a)} vs ${chitWord(z)}`).join('; ')}`);
      lines.push(
        `  damage: German ${b.dmg.DE}, Soviet ${b.dmg.SU}${b.loss.DE || b.loss.SU ? `; step losses: German ${b.loss.DE}, Soviet ${b.loss.SU}` : ''}`,
      );
    }
    if (b === cur) for (const id of [b.target, ...b.attackers]) if (hexOf(id)) focus.push(hexOf(id)!);
  }
  if (c.air)
    lines.push(
      `Air mission: ${sideName(c.air.raider)} ${chitWord(c.air.chit)}, ${c.air.mission}${c.air.targets.length ? ` against ${c.air.targets.map(chitWord).join(', ')}` : ''} (16.0)`,
    );
  if (c.roll) lines.push(`Roll ${c.roll.key}: ${c.roll.dice.join(' ')}`);
  const title = `${c.phase === 'reserve' ? 'Reserve' : 'Normal'} attack phase: ${c.stage === 'declare' ? 'declaring attacks' : c.stage === 'allocate' ? 'allocating support (9.2(2))' : c.stage === 'order' ? 'choosing the order' : c.stage === 'battle' ? 'battle' : c.stage}`;
  return { title, lines, odds: pkBattleOdds(t, view), focus, testId: 'under-way' };
}

/**
 * The chits of the stacks in the battle under way, as cards: own and face-up ones by type with
 * their id (so declaring, pairing or losing one is a click), the enemy's face-down ones as backs.
 */
export function battleChits(t: PKTables, view: View<unknown>): InfoBoxData | null {
  const v = view.game as PGView;
  const cur = currentBattle(v);
  if (!cur) return null;
  const me = asSide(view.role);
  const cards: CardChip[] = [];
  for (const id of [cur.target, ...cur.attackers]) {
    const u = v.units.find((x) => x.id === id);
    for (const ch of u?.chits ?? []) {
      if ('back' in ch)
        cards.push({
          title: ch.back === 'tank' ? 'Tank' : ch.back === 'equip' ? 'Equip' : 'chit',
          badge: id,
          faceDown: true,
        });
      else if (ch.faceUp || u!.side === me)
        cards.push({ ...equipCard(t, ch.id), badge: `${id}${ch.faceUp ? ' ↑' : ''}` });
    }
  }
  for (const s of ['DE', 'SU'] as Side[])
    for (const id of cur.alloc[s].ids) cards.push({ ...supportCard(t, id), badge: `${s} support` });
  return { title: `Chits in the battle for ${cur.target}`, lines: [], odds: [], cards, testId: 'battle-chits' };
}
