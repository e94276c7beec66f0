/**
 * The spec's 44 ambiguities (section 8) as named rule options with the recommended defaults.
 * Items the spec marks as needing no choice (a naming or cross-reference note) are options with
 * a single allowed value, so that `sandtable games` lists every one of them.
 */
import type { OptionSpec, Options } from '@sandtable/engine';

export const OPTIONS: readonly OptionSpec[] = [
  { key: 'nationCodes', label: 'AMB-1 SW/SZ codes', doc: 'AMB-1: SW "瑞士" and SZ "苏伊士" read as Sweden and Switzerland.', default: 'sweden-switzerland', choices: ['sweden-switzerland'] },
  { key: 'seaBorderStraits', label: 'AMB-2 straits need a sea move', doc: 'AMB-2: a sea border between two land areas is crossed only by a sea move through the adjoining sea area; land moves use land borders only.', default: true },
  { key: 'centralAtlanticMiddleEast', label: 'AMB-3 Central Atlantic-Middle East link', doc: 'AMB-3: 15.7.1(2) links the Central Atlantic with Egypt and the Eastern Mediterranean only; true adds the Middle East too (as 16.6 names it).', default: false },
  { key: 'unflaggedAreas', label: 'AMB-4 unflagged neutral areas', doc: 'AMB-4: unflagged areas are uncontrolled ("null"): entering violates nobody; a side alone with control units there takes control at the end of an impulse. "neutral" treats them as neutral-controlled and never transferable.', default: 'uncontrolled', choices: ['uncontrolled', 'neutral'] },
  { key: 'seaControl', label: 'AMB-5 sea-area control', doc: 'AMB-5: a sea area starts controlled by the side with control units there at set-up (none: uncontrolled); an empty sea area reverts to uncontrolled.', default: 'setup', choices: ['setup'] },
  { key: 'reassignment', label: 'AMB-6 voluntary reassignment (3.4(5))', doc: 'AMB-6: (b) a flagged area may be handed only to its flag nation; (a) "never" forbids reassigning flagged areas at all.', default: 'flag-nation-only', choices: ['flag-nation-only', 'never'] },
  { key: 'emptyRevert', label: 'AMB-7 empty-area reversion', doc: 'AMB-7: an area with no units of either player reverts to its flag nation at once (and again at the end of the impulse); "end-of-impulse" only checks then.', default: 'immediate', choices: ['immediate', 'end-of-impulse'] },
  { key: 'airTargetViolates', label: 'AMB-8 air attack on a neutral area violates', doc: 'AMB-8: an air attack that targets a neutral-controlled area is a violation (3.1.3(1) names overflight).', default: true },
  { key: 'spainTurkeyViolation', label: 'AMB-9 Spain/Turkey violated', doc: 'AMB-9: a violated Spain or Turkey joins the camp opposite the violator for good ("opposite"); "literal" makes them Allied whoever violated.', default: 'opposite', choices: ['opposite', 'literal'] },
  { key: 'airNeverEntersUnfriendly', label: 'AMB-10 air units and unfriendly land areas', doc: 'AMB-10: air units never enter a land area their side does not control, and never end a move at sea.', default: true },
  { key: 'presenceEffects', label: 'AMB-11 control units act at once', doc: 'AMB-11: 3.3 presence effects (movement cost, stop, retreat, mobilization) act at once; formal control changes only under 3.4(4).', default: 'immediate', choices: ['immediate'] },
  { key: 'capacityOverflow', label: 'AMB-12 capacity 3.6(4) vs 3.6(5)', doc: 'AMB-12: 3.6(4) limits the per-impulse movement counter; 3.6(5) is a continuous check on land and air units sitting at sea (the owner removes the excess).', default: 'continuous', choices: ['continuous', 'off'] },
  { key: 'capacityRounding', label: 'AMB-13 fractional capacity', doc: 'AMB-13: used ships count 1/2; the capacity is rounded down.', default: 'floor', choices: ['floor', 'keep-half'] },
  { key: 'airOpGroups', label: 'AMB-14 groups per air operation', doc: 'AMB-14: one group, one action per air-operation impulse.', default: 1, choices: [1] },
  { key: 'leaveOneScope', label: 'AMB-15 leave-one rule scope', doc: 'AMB-15: 8.1(4) applies to every departure of a group containing control units for the area (air moves too), not to submarines, land units at sea, or retreats.', default: 'control-units', choices: ['control-units'] },
  { key: 'seaMoveLandCost', label: 'AMB-16 sea-move landing cost', doc: 'AMB-16: during a sea move only enemy ships cost +1 (literal); true also charges +1 for enemy land control units in the land destination.', default: false },
  { key: 'airMoveStopRule', label: 'AMB-17 stop rule for air moves', doc: 'AMB-17: the 8.1(5) stop rule does not apply to air moves.', default: false },
  { key: 'brestGalicia', label: 'AMB-18 Brest and Galicia', doc: 'AMB-18: Soviet flag, neutral-Soviet control from the start, the set-up Polish units exempt; "polish" gives them Polish control until the surrender.', default: 'soviet', choices: ['soviet', 'polish'] },
  { key: 'counterattackPassThrough', label: 'AMB-19 counterattack on areas passed through', doc: 'AMB-19: counterattack windows at the destination of a move, the shared area of an attack, the target of an air attack or bombing; true also opens one in areas passed through that hold enemy units.', default: false },
  { key: 'originalUnitsPriority', label: 'AMB-20 allocation with no counterattacked unit', doc: 'AMB-20: for Strategic Movement and Strategic Bombing the 11.2(1) priority compares the counterattackers with the units originally in the area. Single reading: the literal alternative (Strategic Movement only) allocates identically here, because Strategic Movement opens no counterattack window ([REC], 3.6(2)) and the bombers of Strategic Bombing are always air factors, so 11.2(1)(1) decides by whether an AF counterattacks under either reading.', default: 'both-events', choices: ['both-events'] },
  { key: 'overAllocation', label: 'AMB-21 over-allocation', doc: 'AMB-21: no unit takes more points than its elimination threshold while another target is below its own; leftovers are ignored.', default: 'threshold', choices: ['threshold', 'free'] },
  { key: 'usedFirst', label: 'AMB-22 used defenders take damage first', doc: 'AMB-22: "strict": no point to an unused defender until every used defender has its elimination threshold; "lenient": each used defender first takes 1 x durability.', default: 'strict', choices: ['strict', 'lenient'] },
  { key: 'mobilizationOrigin', label: 'AMB-23 mobilization placement', doc: 'AMB-23: the official Q&A: any area with a LOC from a friendly-controlled source in the unit\'s own territory; "literal" requires the placement area to be the nation\'s territory too.', default: 'qa', choices: ['qa', 'literal'] },
  { key: 'winterAirBan', label: 'AMB-24 winter air ban', doc: 'AMB-24: on winter turns no air attack targets a Soviet-flag area; "targets-and-origins" also bans air attacks from there.', default: 'targets', choices: ['targets', 'targets-and-origins'] },
  { key: 'victoryAreas', label: 'AMB-25 areas counted for 14.2(1)③', doc: 'AMB-25: count land areas only.', default: 'land', choices: ['land', 'all'] },
  { key: 'axisAdditionalVp', label: 'AMB-26 Axis additional VP', doc: 'AMB-26: the "Axis additional VP" of 5.0(4)① is undefined: a no-op.', default: 'none', choices: ['none'] },
  { key: 'counterattackersFlip', label: 'AMB-27 counterattackers flip', doc: 'AMB-27: units that counterattack flip to used.', default: true },
  { key: 'crossReferences', label: 'AMB-28 cross-references', doc: 'AMB-28: wrong and missing cross-references are read as the spec corrects them; nothing to choose.', default: 'corrected', choices: ['corrected'] },
  { key: 'handSelection', label: 'AMB-29 hand selection', doc: 'AMB-29: both choose at once and in secret (the Axis enters first, the Allies cannot see it); a short deck is taken whole.', default: 'secret-simultaneous', choices: ['secret-simultaneous'] },
  { key: 'spainTurkeyReturn', label: 'AMB-30 Spain/Turkey marker leaves Entry', doc: 'AMB-30: an opposing Diplomacy moving the marker out of Entry makes them neutral again, then 3.1.3(2)② applies.', default: true },
  { key: 'doubleSources', label: 'AMB-31 Moscow/London x2', doc: 'AMB-31: the double count applies only to the Axis test of 14.1(1).', default: 'strategic-only', choices: ['strategic-only'] },
  { key: 'airUnitsMeaning', label: 'AMB-32 "air units" in 11.2 and 5.0(3)', doc: 'AMB-32: allocation priority counts AF (jets included); the auto-pass test counts any unused unit able to take an air operation (AF, CV, CVE).', default: 'af-priority', choices: ['af-priority'] },
  { key: 'priorityValue', label: 'AMB-33 value compared by 11.2(1)③', doc: 'AMB-33: the printed attack value of every unit.', default: 'attack', choices: ['attack', 'combat-value'] },
  { key: 'airRangePath', label: 'AMB-34 air-attack range paths', doc: 'AMB-34: the path may cross any area except those 15.7 forbids to the side; crossing a neutral area violates it; range = lowest movement in the group.', default: 'any-allowed', choices: ['any-allowed'] },
  { key: 'withdrawalKeepsFlag', label: 'AMB-35 end-of-turn withdrawal', doc: 'AMB-35: no withdrawal may leave an area bearing the unit\'s flag with no friendly units.', default: true },
  { key: 'retreatIntoNeutral', label: 'AMB-36 retreat into neutral areas', doc: 'AMB-36: 3.1.3(3) lets the owner retreat into a neutral area (a violation) as an exception to 11.5(1)①②.', default: true },
  { key: 'polandAfterSurrender', label: 'AMB-37 Poland after surrender', doc: 'AMB-37: Polish units outside Brest and Galicia stay in play.', default: 'stay', choices: ['stay', 'remove'] },
  { key: 'spainTurkeyDiplomacy', label: 'AMB-38 Spain/Turkey diplomacy directions', doc: 'AMB-38: Axis Diplomacy moves the TU/SP marker toward Entry, Allied Diplomacy away; entry always makes them Axis.', default: 'axis-toward', choices: ['axis-toward'] },
  { key: 'blitzCombined', label: 'AMB-39 combined Blitzkrieg damage', doc: 'AMB-39: two attacks declared in advance in the same area add their damage and make one allocation.', default: true },
  { key: 'mixedGroups', label: 'AMB-40 mixed naval and land groups', doc: 'AMB-40: mixed groups only for naval moves between sea areas, at the lowest movement.', default: 'sea-only', choices: ['sea-only', 'forbidden'] },
  { key: 'subsPayForShips', label: 'AMB-41 submarines pay +1 for enemy ships', doc: 'AMB-41: submarines pay +1 MP for enemy control units (15.1(7)) but never cause it (15.1(1)).', default: true },
  { key: 'winterRecoveryLoc', label: 'AMB-42 Soviet winter recovery LOC', doc: 'AMB-42: the 13.0(3) LOC requirement still applies to the 15.2(2) winter recovery; only the quota is waived.', default: true },
  { key: 'polandSurrenderTiming', label: 'AMB-43 Poland surrender check', doc: 'AMB-43: checked at the end of each impulse, right after the control transfer.', default: 'end-of-impulse', choices: ['end-of-impulse'] },
  { key: 'garbledText', label: 'AMB-44 garbled text', doc: 'AMB-44: garbled passages are read as the spec rebuilds them; nothing to choose.', default: 'rebuilt', choices: ['rebuilt'] },
  // Optional rules 16.x (off unless the players agree).
  { key: 'opt16_1_1', label: '16.1.1 hidden development', doc: 'Optional 16.1.1: SV 3 and SV 4 piles; the card gained by Development lies face down, only its SV announced.', default: false },
  { key: 'opt16_1_2', label: '16.1.2 hidden discards', doc: 'Optional 16.1.2: cards discarded by Wolfpack or Strategic Bombing are discarded face down.', default: false },
  { key: 'opt16_2_1', label: '16.2(1) owner chooses Wolfpack discards', doc: 'Optional 16.2(1): the Allied owner chooses the cards discarded by commerce raiding.', default: false },
  { key: 'opt16_2_2', label: '16.2(2) owner chooses bombing discards', doc: 'Optional 16.2(2): the Axis owner chooses the cards discarded by Strategic Bombing.', default: false },
  { key: 'opt16_3', label: '16.3 hand floor of 4', doc: 'Optional 16.3 (recommended by the designer): bombing and raiding cannot reduce a hand of 4 or fewer cards.', default: false },
  { key: 'opt16_4', label: '16.4 fixed bombing modifier', doc: 'Optional 16.4: the Strategic Bombing hit modifier is always +1.', default: false },
  { key: 'opt16_5', label: '16.5 declaring war', doc: 'Optional 16.5: no one may enter or attack the territory of an Axis-leaning neutral while it is neutral.', default: false },
  { key: 'opt16_6', label: '16.6 US placement limit', doc: 'Optional 16.6: US placement LOCs may not pass between the Central Atlantic and Egypt, the Middle East or the Eastern Mediterranean.', default: false },
  { key: 'opt16_7', label: '16.7 garrisons', doc: 'Optional 16.7: garrisons are mobilized only into, and may never enter (even by retreat) areas without, their own flag.', default: false },
  { key: 'opt16_8', label: '16.8 jets', doc: 'Optional 16.8: the jet counter is in play and may counterattack without an Ambush card.', default: false },
];

export type TROptions = Options;
export const opt = <T>(o: Options, key: string): T => o[key] as T;
