import { describe, expect, it } from 'vitest';
import { compileBoard, thirdReich, thirdReichData } from './index.ts';

const cardNames = new Map(thirdReichData().cards.map((c) => [c.id, c.name]));

/** The Axis has picked its turn-1 hand (5.0(1)). */
function afterAxisHand() {
  const s = thirdReich.setup('summary');
  while (thirdReich.decision(s)!.kind === 'hand')
    thirdReich.applyInPlace(s, 'axis', thirdReich.legalActions(s, 'axis')[0]!);
  return s;
}

describe('Third Reich CLI summary (state --as ROLE)', () => {
  it("2.3.2(4): a role reads its own hand by name, the opponent's only as a count", () => {
    const s = afterAxisHand();
    const hand = s.game.hand.axis;
    expect(hand).toHaveLength(4);
    const axis = thirdReich.rules.summary!(s.game, 'axis');
    const allies = thirdReich.rules.summary!(s.game, 'allies');
    const names = [...new Set(hand.map((c) => cardNames.get(c)!))];
    for (const n of names) expect(axis).toContain(n);
    expect(allies).toMatch(/Axis hand: 4 card\(s\), hidden/);
    // Allied summary names no Axis card: the Axis hand line is a count and Axis discards are empty.
    const axisLine = allies.split('\n').find((l) => l.startsWith('Axis hand'))!;
    for (const n of names) expect(axisLine).not.toContain(n);
  });

  it('3.2, 14.1, 14.2: sources, Berlin and land areas as the victory checks read them; stacks by area', () => {
    const s = afterAxisHand();
    const text = thirdReich.rules.summary!(s.game, 'allies');
    expect(text).toContain('Turn 1 of 12 (winter 1939');
    expect(text).toContain('Sources: Axis 3, Allies 5 (3.2)');
    expect(text).toContain('Berlin Axis, Axis sources 3 (4+ wins), Axis areas 7 (10+ wins, land only: AMB-25)');
    // AMB-25's other reading counts the Axis sea areas too (the Baltic Sea)
    s.game.options = { ...s.game.options, victoryAreas: 'all' };
    expect(thirdReich.rules.summary!(s.game, 'allies')).toContain('Axis areas 8 (10+ wins, land and sea: AMB-25)');
    expect(text).toMatch(/Berlin \[flag GE, red source, held by GE\]: GE-LF x3, GE-TF x2, GE-AF x2/);
    expect(text).toMatch(/At war - Axis: GE; Allies: UK FR PO\./);
  });

  it('2.1.1(2): used units are starred', () => {
    const s = afterAxisHand();
    const berlin = s.game.loc.indexOf(compileBoard(thirdReichData()).areaIndex.get('berlin')!);
    s.game.used[berlin] = 1;
    expect(thirdReich.rules.summary!(s.game, 'axis')).toMatch(/Berlin \[[^\]]*\]: [^\n]*\*/);
  });
});
