/**
 * Rule options: every ambiguity AMB-1..AMB-47 of the spec (section 8) and the configuration
 * flags of spec 10.7. Defaults are the spec's recommendations. Data-type choices (map, costs,
 * schedules, capacities) live in the data files; their options below only record the reading.
 */
import type { OptionSpec, Options } from '@sandtable/engine';

export const OPTION_SPECS: readonly OptionSpec[] = [
  {
    key: 'mountainTanksAbsorbLosses',
    label: 'Tanks in mountains absorb losses',
    default: true,
    doc: 'AMB-1: §2 L25 vs §28 L304. Recommended: tanks in a mountain battle may flip/be removed to absorb losses (§28 L304).',
  },
  {
    key: 'mountainTankEntryBanned',
    label: 'Tanks may not enter mountains',
    default: false,
    doc: 'AMB-2: §2 L25 "or move toward mountain areas". Recommended: tanks may enter mountains; only support of a mountain battle is banned (§28 L304).',
  },
  {
    key: 'partialRetreatAnyRound',
    label: 'Partial retreat after any round',
    default: false,
    doc: 'AMB-3: §19 L208 vs §22 L240. Recommended: partial voluntary retreat only after round 1; total retreat after any round.',
  },
  {
    key: 'attackerMayBreakOff',
    label: 'Attacker may break off',
    default: true,
    doc: 'AMB-4: §24 L268 "like combat". Recommended: the attacker may end a battle after any completed round.',
  },
  {
    key: 'limitByOriginTargetPairs',
    label: 'Limit 3 = arrows',
    default: false,
    doc: 'AMB-5: §18 L200. Recommended (false): at most 3 distinct target areas per impulse (landing included); true: at most 3 origin->target arrows.',
  },
  {
    key: 'unitOneBattlePerImpulse',
    label: 'One battle per unit per impulse',
    default: true,
    doc: 'AMB-6: §18 L200. Recommended: each land unit (and supporting tank) joins at most one battle per impulse.',
  },
  {
    key: 'tankSupportLapsesWhenFlipped',
    label: 'Flipped supporting tank fights directly',
    default: true,
    doc: 'AMB-7: §28 L300-L302, §47 L502. Recommended: tank support is designated at the start of the battle and lapses when the tank flips; it then rolls as a cube.',
  },
  {
    key: 'interceptionLossUsesLossRules',
    label: 'Interception losses use loss rules',
    default: true,
    doc: 'AMB-8: §17 L192 vs L194. Recommended: interception losses are absorbed with ①-③ on the transported/landing units; false: a unit is removed (cube first).',
  },
  {
    key: 'airfieldScope',
    label: 'Airfield limit window',
    default: 'impulse',
    choices: ['impulse', 'turn', 'mission'],
    doc: 'AMB-9: §14 L168. Recommended: at most 1 aircraft (2 with an airfield) launches missions (bomb, support, intercept) from an area per impulse.',
  },
  {
    key: 'interceptorsMustBeFaceUp',
    label: 'Transport interceptors face-up',
    default: true,
    doc: 'AMB-10: §17 L186 vs §26 L286. Recommended: every interceptor must be face-up.',
  },
  {
    key: 'interceptionPerOperation',
    label: 'One interception per transport',
    default: true,
    doc: 'AMB-10: §17 L186. Recommended: one interception window per transport operation; false: one window per transport point used.',
  },
  {
    key: 'partisansCoexistWithEnemy',
    label: 'Partisans share areas with Axis units',
    default: true,
    doc: 'AMB-11: §2 L32 vs §35 L368-L372. Recommended: partisans co-exist with enemy units; false: partisans only enter empty Axis-controlled triangle areas.',
  },
  {
    key: 'controlChange',
    label: 'What changes control',
    default: 'landUnits',
    choices: ['landUnits'],
    doc: 'AMB-12: §2 L32. Only land units change control (movement, advance, landing, retreat); aircraft, naval transport and partisans do not.',
  },
  {
    key: 'paratroopExtraDieOncePerBattle',
    label: 'Paratroop extra die once per battle',
    default: true,
    doc: 'AMB-13: §34 L358, §47. Recommended: one extra die once per battle in a round of the Allied choice (outside the cap); false: every round.',
  },
  {
    key: 'paratroopsRemovalOnly',
    label: 'Paratroops absorb by removal only',
    default: true,
    doc: 'AMB-14: §34 L362. Recommended: paratroops absorb a loss only by removal (they act as a cube).',
  },
  {
    key: 'loneAircraftEachRoll',
    label: 'Each lone defending aircraft rolls',
    default: true,
    doc: 'AMB-15: §29 L316-L318. Recommended: if all defending units are aircraft, each non-supporting aircraft rolls 1 die; false: only one rolls.',
  },
  {
    key: 'landingSourcesSeaAdjacent',
    label: 'Landing forces from sea-adjacent areas',
    default: true,
    doc: 'AMB-16: §24 L258. Recommended: landing units come from Allied-controlled sea-adjacent areas.',
  },
  {
    key: 'landingEmptyTargets',
    label: 'Landings on empty areas',
    default: true,
    doc: 'AMB-16: §24 L256 vs §18 L200. Recommended: any enemy-controlled sea-adjacent area may be the landing target, occupied or empty.',
  },
  {
    key: 'supportingAircraftAbsorbLosses',
    label: 'Remote supporting aircraft absorb losses',
    default: false,
    doc: 'AMB-17: recommended false: only units physically in the battle absorb losses.',
  },
  {
    key: 'loneLineBlocks',
    label: 'A lone defensive line blocks',
    default: true,
    doc: 'AMB-18(a): a line alone blocks enemy movement, must be attacked and defends with 2 dice.',
  },
  {
    key: 'lineRemovedOnOccupation',
    label: 'Abandoned line removed',
    default: true,
    doc: 'AMB-18(b): a line left behind is removed when the attacker occupies its area (revivable by New Defensive Line).',
  },
  {
    key: 'partisanPinScope',
    label: 'Partisan pin lasts',
    default: 'currentImpulse',
    choices: ['currentImpulse', 'nextImpulse'],
    doc: 'AMB-19: §35 L372 "until 下一轮". Recommended: the drawn cube cannot move until the end of the current impulse.',
  },
  {
    key: 'surrenderExcludesSardinia',
    label: 'Sardinia does not trigger surrender',
    default: true,
    doc: "AMB-20: §42 L418. Italian areas are the data's `italian` flag (areas 03-14); Sardinia never triggers surrender (false: Sardinia triggers too).",
  },
  {
    key: 'supplyAcrossSea',
    label: 'Supply traces across the sea',
    default: false,
    doc: 'AMB-21: recommended false: supply traces over land borders and white arrows only.',
  },
  {
    key: 'partisansBlockSupply',
    label: 'Partisans block Axis supply',
    default: false,
    doc: 'AMB-21: recommended false.',
  },
  {
    key: 'requireSupplyToMoveAttack',
    label: 'Supply needed to move and attack',
    default: false,
    doc: 'AMB-22: §39 L402. Recommended false: supply is only checked at the end of the turn.',
  },
  {
    key: 'conversionAnySuppliedArea',
    label: 'Convert in any supplied area',
    default: true,
    doc: 'AMB-23: §10 L122. Recommended: conversion in any supplied friendly area with enough cubes; false: only where reinforcements were placed this turn.',
  },
  {
    key: 'reinforceThenConvertPerPlayer',
    label: 'Each player places then converts',
    default: true,
    doc: 'AMB-24: §7 L99-L101 vs §47 L476-L478. Recommended: the initiative holder places and converts, then the other player; false: both place, then both convert.',
  },
  {
    key: 'endOfTurnOrder',
    label: 'End-of-turn order',
    default: 'supplyFirst',
    choices: ['supplyFirst', 'checksFirst'],
    doc: 'AMB-25: recommended supply removal -> Munich -> surrender -> turn-8 victory -> resets; checksFirst: Munich and surrender before supply removal.',
  },
  {
    key: 'bothPassRule',
    label: 'Turn ends when both pass',
    default: 'consecutive',
    choices: ['consecutive', 'anyTime'],
    doc: 'AMB-26: §11 L136. Recommended: the turn ends when a player passes right after the opponent passed; anyTime: once both have passed in the turn.',
  },
  {
    key: 'axisMustDeployAll',
    label: 'Axis deploys all remaining units',
    default: true,
    doc: 'AMB-27: §5 L67. Recommended: the Axis places every remaining cube, counter and line outside Africa.',
  },
  {
    key: 'victoryUsesControl',
    label: 'Victory counts control',
    default: true,
    doc: 'AMB-28: §6 L77-L83. Recommended: control counts (false: the star area must hold own units).',
  },
  {
    key: 'logisticEffortCountsForVictory',
    label: 'Logistic Effort counts for victory',
    default: true,
    doc: "AMB-28: recommended: Logistic Effort makes the player's areas count as supplied for victory ④ this turn (Allies except Munich).",
  },
  {
    key: 'reinforcementSchedule',
    label: 'Reinforcement schedule',
    default: 'data',
    choices: ['data'],
    doc: 'AMB-29 / M6: taken from tables.json (Axis 3 in turn 2, then 2: reconstructed).',
  },
  {
    key: 'shortfallAllOrNothing',
    label: 'Shortfall gives nothing',
    default: false,
    doc: 'AMB-30: §9 L116. Recommended false: receive min(scheduled, pool).',
  },
  {
    key: 'sicilyIsIsland',
    label: 'Sicily is an island for §9',
    default: false,
    doc: "AMB-31: §9 L114 vs §47 L478. Recommended false: islands are the data's `island` areas (Sardinia, Corsica).",
  },
  {
    key: 'oneMovePerImpulse',
    label: 'One move per unit per impulse',
    default: true,
    choices: [true],
    doc: 'AMB-32: one continuous move per unit per impulse, with at most one naval transport leg; pick-ups allowed (§12 L154).',
  },
  {
    key: 'stackOverflowNoRoom',
    label: 'Stacking overflow with no room',
    default: 'eliminate',
    choices: ['eliminate', 'stay'],
    doc: 'AMB-33: §3 L40. Recommended: excess units with no adjacent friendly area with room are eliminated.',
  },
  {
    key: 'operationsMayTargetSea',
    label: 'Operations may target the sea',
    default: true,
    doc: 'AMB-34: §45 L448. Recommended: designating the sea flips the face-down Allied fleets.',
  },
  {
    key: 'retreatMaySplit',
    label: 'Retreating units may split',
    default: true,
    doc: 'AMB-35: recommended: retreating units may go to different legal destinations.',
  },
  {
    key: 'stopBattleReservesEitherSide',
    label: 'Either side plays Stop Battle / Reserves',
    default: true,
    doc: 'AMB-36: recommended: either player in the battle may play either event; false: Stop Battle defender only, Reserves attacker only.',
  },
  {
    key: 'overlordFleetChoice',
    label: 'Fleet removed at Overlord',
    default: 'allies',
    choices: ['allies'],
    doc: 'AMB-37 / M14: the Allied player chooses which fleet leaves at Overlord.',
  },
  {
    key: 'blockadeBlocksRetreat',
    label: 'Blockade stops retreat and evasion',
    default: true,
    doc: 'AMB-38: recommended: blockaded Axis units may defend but not retreat, evade, attack, support, bomb or intercept out of the area.',
  },
  {
    key: 'eventReinforceIntoBattle',
    label: 'Axis event cubes may reinforce a battle',
    default: true,
    doc: 'AMB-39: recommended: allowed; the cubes join the defenders from the next round.',
  },
  {
    key: 'eventCapacity',
    label: 'Event capacities',
    default: 'data',
    choices: ['data'],
    doc: 'AMB-40 / M8: from events.json (Extra Impulse 4, others reconstructed 2).',
  },
  {
    key: 'exampleConversionCost',
    label: 'Conversion costs',
    default: 'data',
    choices: ['data'],
    doc: 'AMB-41 / M5: costs from tables.json; the example\'s "2 cubes for paratroops and aircraft" is treated as a slip.',
  },
  {
    key: 'annihilationUnits',
    label: 'Units counted by victory ②',
    default: 'combatUnits',
    choices: ['combatUnits'],
    doc: 'AMB-42: §6 L79: cubes, tanks, paratroops, elite and aircraft (not fleets, U-boats, partisans, lines).',
  },
  {
    key: 'overlordTransportOverrides',
    label: 'Overlord cuts Allied transport',
    default: true,
    choices: [true],
    doc: 'AMB-43: §43 L424 overrides "always 6" (L182); the reset uses the current value.',
  },
  {
    key: 'loneEliteUsesAbility',
    label: 'Lone elite uses its ability',
    default: true,
    doc: 'AMB-44: §33 L352. Recommended: an unflipped elite alone may still inflict or absorb (and rolls no die).',
  },
  {
    key: 'fleetAttackOwnImpulseOnly',
    label: 'Fleet attacks only in own impulse',
    default: true,
    doc: "AMB-45: §37 L384, §38 L398. Recommended: only in the owner's impulse; attacker and target face-up.",
  },
  {
    key: 'bombingWindows',
    label: 'Reaction windows during movement',
    default: 'afterEachStep',
    choices: ['afterEachStep', 'impulseStartOnly'],
    doc: 'AMB-46: §12 L156, §30 L326. Recommended: after each movement step the opponent may bomb, flip partisans or play events.',
  },
  {
    key: 'stopOwnLandingReturns',
    label: 'Allies may stop their own landing',
    default: true,
    doc: 'AMB-47: §45 L444, §24 L268. Recommended: allowed; the survivors go to an Allied-controlled supplied area.',
  },
];

/** Options resolved into a typed record (stored in the game state). */
export interface Opts {
  mountainTanksAbsorbLosses: boolean;
  mountainTankEntryBanned: boolean;
  partialRetreatAnyRound: boolean;
  attackerMayBreakOff: boolean;
  limitByOriginTargetPairs: boolean;
  unitOneBattlePerImpulse: boolean;
  tankSupportLapsesWhenFlipped: boolean;
  interceptionLossUsesLossRules: boolean;
  airfieldScope: 'impulse' | 'turn' | 'mission';
  interceptorsMustBeFaceUp: boolean;
  interceptionPerOperation: boolean;
  partisansCoexistWithEnemy: boolean;
  paratroopExtraDieOncePerBattle: boolean;
  paratroopsRemovalOnly: boolean;
  loneAircraftEachRoll: boolean;
  landingSourcesSeaAdjacent: boolean;
  landingEmptyTargets: boolean;
  supportingAircraftAbsorbLosses: boolean;
  loneLineBlocks: boolean;
  lineRemovedOnOccupation: boolean;
  partisanPinScope: 'currentImpulse' | 'nextImpulse';
  surrenderExcludesSardinia: boolean;
  supplyAcrossSea: boolean;
  partisansBlockSupply: boolean;
  requireSupplyToMoveAttack: boolean;
  conversionAnySuppliedArea: boolean;
  reinforceThenConvertPerPlayer: boolean;
  endOfTurnOrder: 'supplyFirst' | 'checksFirst';
  bothPassRule: 'consecutive' | 'anyTime';
  axisMustDeployAll: boolean;
  victoryUsesControl: boolean;
  logisticEffortCountsForVictory: boolean;
  shortfallAllOrNothing: boolean;
  sicilyIsIsland: boolean;
  stackOverflowNoRoom: 'eliminate' | 'stay';
  operationsMayTargetSea: boolean;
  retreatMaySplit: boolean;
  stopBattleReservesEitherSide: boolean;
  blockadeBlocksRetreat: boolean;
  eventReinforceIntoBattle: boolean;
  loneEliteUsesAbility: boolean;
  fleetAttackOwnImpulseOnly: boolean;
  bombingWindows: 'afterEachStep' | 'impulseStartOnly';
  stopOwnLandingReturns: boolean;
}

export function toOpts(options: Options): Opts {
  const o: Record<string, unknown> = {};
  for (const s of OPTION_SPECS) o[s.key] = options[s.key] ?? s.default;
  return o as unknown as Opts;
}
