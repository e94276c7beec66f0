/**
 * Rule options: the optional rules 19.1-19.6 and one named option for each of the spec's 57
 * ambiguities (spec §8, A-01..A-57; A-58 added from a review, issue 18) with its recommended default. `doc` cites the ambiguity.
 */
import type { OptionSpec, Options } from '@sandtable/engine';

export const OPTION_SPECS: readonly OptionSpec[] = [
  {
    key: 'extendedGame',
    label: '19.1 extendedGame',
    doc: '19.1: play an optional 10th turn (decided before play)',
    default: false,
  },
  {
    key: 'xxivPanzerCorps',
    label: '19.2 xxivPanzerCorps',
    doc: '19.2: from turn 5 the German may roll (1D6 <= 2) for a XXIV Pz Korps unit to join',
    default: false,
  },
  {
    key: 'beastKiller',
    label: '19.3 beastKiller',
    doc: '19.3: SU152 may be used as an SP AT gun with AT fire 5, range 0',
    default: false,
  },
  {
    key: 'extraCounters',
    label: '19.4 extraCounters',
    doc: '19.4: counters of the next issue (6GAb, 66G); not part of this game, must stay false',
    default: false,
    choices: [false],
  },
  {
    key: 'tdBreakdowns',
    label: '19.5 tdBreakdowns',
    doc: '19.5: a German SP AT gun in a battle breaks down on a 1',
    default: false,
  },
  {
    key: 'hideChitBacks',
    label: '19.6 hideChitBacks',
    doc: '19.6: the opponent may not see whether a face-down chit is Tank or Equip',
    default: false,
  },
  {
    key: 'skipGermanSupportT1',
    label: 'A-01 skipGermanSupportT1',
    doc: 'A-01 (17.1(1), 4.0(6)): skip the German support receipt phase on turn 1 so the 8 chosen chits are used',
    default: true,
  },
  {
    key: 'germanReinfUnits',
    label: 'A-02 germanReinfUnits',
    doc: 'A-02 (7.0(1)): German reinforcement is a one-time event of 2 (or 3) units chosen by the German',
    default: 2,
    choices: [2, 3],
  },
  {
    key: 'reinfChitsOverflowToReorg',
    label: 'A-03 reinfChitsOverflowToReorg',
    doc: "A-03 (7.0(1)): always applied: Soviet TK/EQ chits go under that turn's reinforcing units, the rest face-down to the reorganization pool (single-valued: 3.5(3) sends a chit without a unit to that pool; no other place exists for it)",
    default: true,
    choices: [true],
  },
  {
    key: 'reinforcementsMayDesignate',
    label: 'A-04 reinforcementsMayDesignate',
    doc: 'A-04 (5.1(3), 7.0(2)): true = units received in phase 2 may be reserve-designated in phase 3; false = only units on the map',
    default: true,
  },
  {
    key: 'designationLastsPlayerTurn',
    label: 'A-05 designationLastsPlayerTurn',
    doc: "A-05 (5.1(3)): always applied: reserve designation lasts until the end of the owner's player-turn (single-valued: designation acts only in its owner's attack phases and movement, so a longer life would change nothing)",
    default: true,
    choices: [true],
  },
  {
    key: 'strategicOnlyDesignated',
    label: 'A-06 strategicOnlyDesignated',
    doc: 'A-06 (8.1(3) vs 5.1(3)2): only designated stacks and entering reinforcements may move strategically',
    default: true,
  },
  {
    key: 'reorgReturnFirst',
    label: 'A-07 reorgReturnFirst',
    doc: 'A-07 (5.1(7)): false = place (1) then return (2), in text order; at most 2 chits placed per phase in total',
    default: false,
  },
  {
    key: 'excessChitsToReorg',
    label: 'A-08 excessChitsToReorg',
    doc: "A-08 (3.4(4)): chits over a unit's equipment value at a stacking check go face-down to the reorganization pool",
    default: true,
  },
  {
    key: 'locEndHexZocBlocks',
    label: 'A-09 locEndHexZocBlocks',
    doc: "A-09 (3.2, 18.0): true = an empty LOC end hex in enemy ZOC blocks (VP); false = a VP hex next to a hex the LOC reaches counts although in enemy ZOC (never an enemy unit's hex or an enemy source)",
    default: true,
  },
  {
    key: 'cityControlNoEffect',
    label: 'A-10 cityControlNoEffect',
    doc: 'A-10 (3.3): always applied: city control is tracked but has no effect (single-valued: the text gives control no effect to switch on)',
    default: true,
    choices: [true],
  },
  {
    key: 'oneSupportCup',
    label: 'A-11 oneSupportCup',
    doc: 'A-11 (3.6(6)): always applied: one support cup per side (single-valued: 4.0(6) puts all 18 chits in one cup and no per-type cups are described)',
    default: true,
    choices: [true],
  },
  {
    key: 'lossUsesFinal',
    label: 'A-12 lossUsesFinal',
    doc: "A-12 (11.6, 13.0): false = step loss equals the opponent's raw damage points; true = its final value",
    default: false,
  },
  {
    key: 'riverPerStack',
    label: 'A-13 riverPerStack',
    doc: "A-13 (11.4(1)2, 11.5(4)): 'attacking across a river' is judged per attacking stack; bridges affect movement only",
    default: true,
  },
  {
    key: 'riverTdlInDamage',
    label: 'A-14 riverTdlInDamage',
    doc: 'A-14 (11.6(1)1): the river TDL bonus does not count in damage application',
    default: false,
  },
  {
    key: 'tankSupportVsHexTdl',
    label: 'A-15 tankSupportVsHexTdl',
    doc: "A-15 (11.5(4)2): true = a diamond tank-support shot uses the defending hex's TDL as armor (chit armor ignored); false = the higher of that TDL and the defending side's best armor (11.6(1)2)",
    default: true,
  },
  {
    key: 'airOneMission',
    label: 'A-16 airOneMission',
    doc: "A-16 (10.2(5), 16.2(1)1): true = each air weapon flies one mission, a bomber rolls its bombing firepower in dice, Rudel fires twice; false = '1 fire' each: one bombing die, one Rudel shot",
    default: true,
  },
  {
    key: 'reconAllocatedOnly',
    label: 'A-17 reconAllocatedOnly',
    doc: 'A-17 (16.1(1), 16.1(6)3): always applied: recon reveals enemy map equipment and allocated face-down support, never pool chits; own player-turn only; targets named at declaration (see A-52) (single-valued: 16.1(1) forbids pool chits as mission targets)',
    default: true,
    choices: [true],
  },
  {
    key: 'groundAttackNeedsArmor',
    label: 'A-18 groundAttackNeedsArmor',
    doc: 'A-18 (16.1(1)2, 16.3(1)): ground attack needs a face-up chit with a printed armor value',
    default: true,
  },
  {
    key: 'groundAttackOwnerIsDefender',
    label: 'A-19 groundAttackOwnerIsDefender',
    doc: "A-19 (16.3(2)2): true = in a ground attack the target's owner counts as defender for its hex TDL (terrain or position, entrenchment); false = only the battle's defender with a declared target does, otherwise armor alone",
    default: true,
  },
  {
    key: 'commanderRemovesFirepowerChits',
    label: 'A-20 commanderRemovesFirepowerChits',
    doc: 'A-20 (\u7b7e\u4e00\u89c8 Commander 2): a cancelled chit with firepower >= 1 is removed from the game',
    default: true,
  },
  {
    key: 'sniperThenCommander',
    label: 'A-21 sniperThenCommander',
    doc: 'A-21 (11.2(3)): true = all Snipers are designated first, then Commanders; a Commander named by a Sniper has no effect; false = the cancellations are simultaneous: a Commander named by a Sniper still cancels its own target',
    default: true,
  },
  {
    key: 'smokeAnyTimeOnceAllocated',
    label: 'A-22 smokeAnyTimeOnceAllocated',
    doc: 'A-22 (\u7b7e\u4e00\u89c8 Smoke): Smoke allocated to a battle may be activated at any moment in it',
    default: true,
  },
  {
    key: 'aaEachWeaponOnce',
    label: 'A-23 aaEachWeaponOnce',
    doc: 'A-23 (16.1(2)): each eligible AA weapon may fire once per mission, until one hits',
    default: true,
  },
  {
    key: 'oneInterceptor',
    label: 'A-24 oneInterceptor',
    doc: 'A-24 (16.1(3)(4)): always applied: one interceptor per mission and one counter-interceptor per interception (single-valued: the text is singular throughout and more would leave the sequence without an end rule)',
    default: true,
    choices: [true],
  },
  {
    key: 'positionMustBeDeclared',
    label: 'A-25 positionMustBeDeclared',
    doc: 'A-25 (\u7b7e\u4e00\u89c8 position): a position acts only when declared or face-up; advance counts as moving',
    default: true,
  },
  {
    key: 'detachmentReorgOptional',
    label: 'A-26 detachmentReorgOptional',
    doc: 'A-26 (\u7b7e\u4e00\u89c8 detachment): true = reorganizing a face-up detachment (with a LOC) is optional; false = compulsory at the end of 5.1(7)',
    default: true,
  },
  {
    key: 'retreatPriority',
    label: 'A-27 retreatPriority',
    doc: 'A-27 (14.0(6)): always applied: retreat avoids elimination hexes, then occupied hexes, then goes nearest a source; enemy ZOC always kills (single-valued: 14.0 forbids breaking (4)/(5) while alternatives exist and has no ZOC exception)',
    default: true,
    choices: [true],
  },
  {
    key: 'retreatSovietFirst',
    label: 'A-28 retreatSovietFirst',
    doc: 'A-28 (11.6, 14.0): true = retreat decisions, losses and retreats Soviet then German; false = German then Soviet',
    default: true,
  },
  {
    key: 'noAdvanceWhenBothRetreat',
    label: 'A-29 noAdvanceWhenBothRetreat',
    doc: 'A-29 (15.0(4)): always applied: when both sides retreat nobody advances; the defender never advances (single-valued: 15.0(4) states both)',
    default: true,
    choices: [true],
  },
  {
    key: 'turn1RetreatAllowed',
    label: 'A-30 turn1RetreatAllowed',
    doc: 'A-30 (17.1(2)): true = the turn-1 German movement ban does not cover retreat and advance; false = on turn 1 German stacks may neither retreat (they stand) nor advance',
    default: true,
  },
  {
    key: 'halfMaRoundDown',
    label: 'A-31 halfMaRoundDown',
    doc: 'A-31 (17.1(3)): halved MA rounds down; strategic = 2 x halved MA',
    default: true,
  },
  {
    key: 'turn10SameSP',
    label: 'A-32 turn10SameSP',
    doc: "A-32 (19.1(2)): true = turn 10 Soviet support count = turn 9's; false = no turn-10 Soviet support draw (the track has no turn-10 box)",
    default: true,
  },
  {
    key: 'attackMatchesDesignation',
    label: 'A-33 attackMatchesDesignation',
    doc: 'A-33 (9.1(2)): always applied: a stack attacks only in the phase matching its designation (5.1(3)1), never after strategic movement (8.3(1)3), only adjacent targets (9.1) (single-valued: each part is an explicit rule elsewhere)',
    default: true,
    choices: [true],
  },
  {
    key: 'rangedOncePerPhase',
    label: 'A-34 rangedOncePerPhase',
    doc: 'A-34 (11.2(1)3): a ranged chit supports one battle per attack phase (AA fire excepted)',
    default: true,
  },
  {
    key: 'reserveSpatPairs',
    label: 'A-35 reserveSpatPairs',
    doc: "A-35 (11.5(1)2): the attacker's SP AT gun in the reserve phase may be paired but never fires",
    default: true,
  },
  {
    key: 'atGunRangedArmor',
    label: 'A-36 atGunRangedArmor',
    doc: "A-36 (\u7b7e\u4e00\u89c8 AT gun): true = a ranged AT gun's bracketed armor counts when it is fired on, not in 11.6; false = it also counts in 11.6 for the defender",
    default: true,
  },
  {
    key: 'minefieldIsSupport',
    label: 'A-37 minefieldIsSupport',
    doc: "A-37 (10.2(6)): always applied: minefields are support chits, positions are equipment chits (single-valued: the class is the chit's data, chits.json)",
    default: true,
    choices: [true],
  },
  {
    key: 'molotovEnemyOnly',
    label: 'A-38 molotovEnemyOnly',
    doc: 'A-38 (\u7b7e\u4e00\u89c8 Molotov): Molotov targets a random enemy tank or SP AT; Wittmann may re-roll it',
    default: true,
  },
  {
    key: 'rerollPerRoll',
    label: 'A-39 rerollPerRoll',
    doc: "A-39 (Wittmann, Rudel): always applied: re-roll once per roll (single-valued: the rulebook's worked example T-05 re-rolls twice in one Rudel mission, which the other readings forbid)",
    default: true,
    choices: [true],
  },
  {
    key: 'redChits',
    label: 'A-40 redChits',
    doc: "A-40 (\u7b7e\u4e00\u89c8(2)): chit kinds with red names, usable at once: 'sniper' (from the support pool, against a Commander's re-roll in a battle), 'commander' (re-roll from the support pool outside a battle), 'smoke' (any moment once allocated, with A-22)",
    default: ['sniper', 'commander', 'smoke'],
  },
  {
    key: 'duelAlwaysDiamond',
    label: 'A-41 duelAlwaysDiamond',
    doc: "A-41 (11.5(3)): true = tank duel shots always use the 12.0 procedure; false = by the target hex's TEC tank-support cell (a number is the hit number, auto hits, diamond is 12.0)",
    default: true,
  },
  {
    key: 'groundAttackBombingNamesChit',
    label: 'A-42 groundAttackBombingNamesChit',
    doc: 'A-42 (16.2(2)): true = bombing with ground-attack fire names one face-up enemy chit; a hit sends it to its cup and adds 1 damage point, not also allocated; false = the hit is also pooled for 16.2(3) cancellation',
    default: true,
  },
  {
    key: 'readTypos',
    label: 'A-43 readTypos',
    doc: 'A-43 (numbering): always applied: rule-number typos read as corrected (single-valued: nothing to play differently)',
    default: true,
    choices: [true],
  },
  {
    key: 'noSupportStepEquipment',
    label: 'A-44 noSupportStepEquipment',
    doc: 'A-44 (11.2(3)4): always applied: no equipment chit acts in the support step (single-valued: no chit in the counter mix has a support-step effect)',
    default: true,
    choices: [true],
  },
  {
    key: 'allocatedAlwaysSpent',
    label: 'A-45 allocatedAlwaysSpent',
    doc: "A-45 (9.2, 11.2(3)4): always applied: every allocated support chit is spent (single-valued: 11.2(3)4 returns all of them to the cups after the battle; the text has no 'unused' state)",
    default: true,
    choices: [true],
  },
  {
    key: 'rangedNoStepLoss',
    label: 'A-46 rangedNoStepLoss',
    doc: 'A-46 (13.0(1)): ranged supporting chits cannot absorb step losses',
    default: true,
  },
  {
    key: 'vpNeedsNoOccupation',
    label: 'A-47 vpNeedsNoOccupation',
    doc: 'A-47 (18.0(1)1): true = a VP hex needs only a LOC; false = it must also hold a German stack',
    default: true,
  },
  {
    key: 'drawWhatIsLeft',
    label: 'A-48 drawWhatIsLeft',
    doc: 'A-48 (cups): always applied: a short cup yields what it has (single-valued: no other rule exists)',
    default: true,
    choices: [true],
  },
  {
    key: 'armorOnlySurvivors',
    label: 'A-49 armorOnlySurvivors',
    doc: 'A-49 (11.6(1)2): armor counts only from weapons still taking part',
    default: true,
  },
  {
    key: 'noMinimumMove',
    label: 'A-50 noMinimumMove',
    doc: 'A-50 (8.2(2)): always applied: no minimum-move rule, every hex entered is paid for (single-valued: 8.2 has no exception to allow)',
    default: true,
    choices: [true],
  },
  {
    key: 'startLineHexSet',
    label: 'A-51 startLineHexSet',
    doc: 'A-51 (7.0(1)): always applied: the start line is a set of German-side hexes (single-valued: a map-data representation, map.json)',
    default: true,
    choices: [true],
  },
  {
    key: 'lateMissionChoice',
    label: 'A-52 lateMissionChoice',
    doc: "A-52 (16.1(1)): false = reconnaissance targets are named at declaration so AA fire knows their hexes (A-23); true = named after the mission survives interception, as in the Rudel example's order, and AA fire has no target hex. Ground attack and bombing always name their targets in the declaration action",
    default: false,
  },
  {
    key: 'rerollHurtFirst',
    label: 'A-53 rerollHurtFirst',
    doc: 'A-53 (re-rolls): one re-roll per die roll, offered first to the player the result hurts',
    default: true,
  },
  {
    key: 'bombingWindowWholeBattle',
    label: 'A-54 bombingWindowWholeBattle',
    doc: "A-54 (16.1(1)1): true = a battle is 'being resolved' from 11.1 to the end of 11.6(5) (an air window before the support step); false = only from the bombardment step (11.3) on",
    default: true,
  },
  {
    key: 'vpRoadCutBonus',
    label: 'A-55 vpRoadCutBonus',
    doc: 'A-55 (18.0(1)2): +1 VP once for a German stack road-linked next to a Soviet source with an all-road LOC',
    default: true,
  },
  {
    key: 'entryByTrackSource',
    label: 'A-56 entryByTrackSource',
    doc: 'A-56 (7.0(1)): Soviet entries use the source printed on the turn track; none = any Soviet source',
    default: true,
  },
  {
    key: 'rangedTdlOwnHex',
    label: 'A-57 rangedTdlOwnHex',
    doc: "A-57 (12.0(2), 11.2(1)3): true = a ranged target uses its own hex's TDL, river bonus only across an adjacent hexside; false = the defending hex's TDL",
    default: true,
  },
  {
    key: 'stackedDetachmentDeclared',
    label: 'A-58 stackedDetachmentDeclared',
    doc: 'A-58 (\u7b7e\u4e00\u89c8 detachment vs 10.2(2)): false = a face-down detachment under a unit is an ordinary Equip chit that may not turn face-up without separating, so it is never declared in a battle (the chit list); true = as an equipment chit with normal firepower (10.2(2)) it may be declared, turning face-up and adding its normal fire',
    default: false,
  },
];

export interface Opts {
  extendedGame: boolean;
  xxivPanzerCorps: boolean;
  beastKiller: boolean;
  extraCounters: boolean;
  tdBreakdowns: boolean;
  hideChitBacks: boolean;
  skipGermanSupportT1: boolean;
  germanReinfUnits: number;
  reinfChitsOverflowToReorg: boolean;
  reinforcementsMayDesignate: boolean;
  designationLastsPlayerTurn: boolean;
  strategicOnlyDesignated: boolean;
  reorgReturnFirst: boolean;
  excessChitsToReorg: boolean;
  locEndHexZocBlocks: boolean;
  cityControlNoEffect: boolean;
  oneSupportCup: boolean;
  lossUsesFinal: boolean;
  riverPerStack: boolean;
  riverTdlInDamage: boolean;
  tankSupportVsHexTdl: boolean;
  airOneMission: boolean;
  reconAllocatedOnly: boolean;
  groundAttackNeedsArmor: boolean;
  groundAttackOwnerIsDefender: boolean;
  commanderRemovesFirepowerChits: boolean;
  sniperThenCommander: boolean;
  smokeAnyTimeOnceAllocated: boolean;
  aaEachWeaponOnce: boolean;
  oneInterceptor: boolean;
  positionMustBeDeclared: boolean;
  detachmentReorgOptional: boolean;
  retreatPriority: boolean;
  retreatSovietFirst: boolean;
  noAdvanceWhenBothRetreat: boolean;
  turn1RetreatAllowed: boolean;
  halfMaRoundDown: boolean;
  turn10SameSP: boolean;
  attackMatchesDesignation: boolean;
  rangedOncePerPhase: boolean;
  reserveSpatPairs: boolean;
  atGunRangedArmor: boolean;
  minefieldIsSupport: boolean;
  molotovEnemyOnly: boolean;
  rerollPerRoll: boolean;
  redChits: string[];
  duelAlwaysDiamond: boolean;
  groundAttackBombingNamesChit: boolean;
  readTypos: boolean;
  noSupportStepEquipment: boolean;
  allocatedAlwaysSpent: boolean;
  rangedNoStepLoss: boolean;
  vpNeedsNoOccupation: boolean;
  drawWhatIsLeft: boolean;
  armorOnlySurvivors: boolean;
  noMinimumMove: boolean;
  startLineHexSet: boolean;
  lateMissionChoice: boolean;
  rerollHurtFirst: boolean;
  bombingWindowWholeBattle: boolean;
  vpRoadCutBonus: boolean;
  entryByTrackSource: boolean;
  rangedTdlOwnHex: boolean;
  stackedDetachmentDeclared: boolean;
}

/** Resolved options (the engine has filled defaults and checked types). */
export function toOpts(o: Options): Opts {
  const out: Record<string, unknown> = {};
  for (const s of OPTION_SPECS) out[s.key] = o[s.key] ?? s.default;
  return out as unknown as Opts;
}

/** The ambiguity ids covered (A-01..A-58). */
export const AMBIGUITY_IDS = OPTION_SPECS.map((s) => /^A-\d\d/.exec(s.doc)?.[0]).filter((x): x is string => !!x);
