/**
 * Issue #16 item 2: names, not ids. Random play's prompts, action descriptions, log lines and
 * refusals name counters ("German tank 5-2-3"), cards ("Blitzkrieg"), areas ("North Atlantic"),
 * nations ("British Commonwealth") and sides ("Allies"), never by their ids ("GE-TF5",
 * "ax2-blitz-1", "north_atlantic", "allies").
 */
import { describe, expect, it } from 'vitest';
import { harvestWords, rawIds } from '@sandtable/engine/testing/words';
import { thirdReichData } from '../data/index.ts';
import { thirdReich } from '../index.ts';

const d = thirdReichData();
const ids = [
  ...thirdReich.rules.roles,
  ...d.counters.map((c) => c.id),
  ...d.cards.map((c) => c.id),
  ...d.areas.map((a) => a.id),
];

describe('third-reich names, not ids', () => {
  it('no id in what random play shows the players', () => {
    const w = harvestWords(thirdReich, { seeds: ['n1', 'n2', 'n3'], maxSteps: 900, describeUpTo: 40 });
    expect(w.prompts.size + w.actions.size + w.logs.size + w.refusals.size).toBeGreaterThan(400);
    const leaks: string[] = [];
    for (const texts of [w.prompts, w.actions, w.logs, w.refusals])
      for (const t of texts) {
        const shown = t.replace(/^illegal action \{.*?\}: /, '');
        const found = rawIds(shown, ids);
        if (found.length) leaks.push(`${found.join(', ')}: ${shown}`);
      }
    expect(leaks.slice(0, 20)).toEqual([]);
  });

  it('the ids it looks for are there to be found', () => {
    expect(rawIds('Mobilize GE-TF5 in Ruhr', ids)).toEqual(['GE-TF5']);
    expect(rawIds('ax2-dev-1 is not in the hand', ids)).toEqual(['ax2-dev-1']);
    expect(rawIds('Mobilize German tank 5-2-3 in Ruhr; the Allies pass', ids)).toEqual([]);
  });
});
