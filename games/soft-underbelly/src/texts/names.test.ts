/**
 * Issue #16 item 2: names, not ids. Random play's prompts, action descriptions, log lines and
 * refusals name counters, sides and events as players read them ("USAAF 1", "Hermann Göring",
 * "Allies", "Blockade Plan"), never by their ids ("us-air-1", "hermann-goering", "allies").
 */
import { describe, expect, it } from 'vitest';
import { harvestWords, rawIds } from '@sandtable/engine/testing/words';
import { loadSoftUnderbellyData } from '../data/index.ts';
import { softUnderbelly } from '../index.ts';

const d = loadSoftUnderbellyData();
/** Event ids that are also plain English words ("reinforcements") are not looked for. */
const WORDS = new Set(['reinforcements', 'operations', 'reserves']);
const ids = [
  ...softUnderbelly.rules.roles,
  ...d.counters.map((c) => c.id),
  ...d.events.map((e) => e.id).filter((id) => !WORDS.has(id)),
];

describe('soft-underbelly names, not ids', () => {
  it('no id in what random play shows the players', () => {
    const w = harvestWords(softUnderbelly, { seeds: ['n1', 'n2', 'n3'], maxSteps: 1200, describeUpTo: 40 });
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
    expect(rawIds('fly us-air-1 from Tunis', ids)).toEqual(['us-air-1']);
    expect(rawIds('Axis deploys hermann-goering', ids)).toEqual(['hermann-goering']);
    expect(rawIds('allies take the initiative', ids)).toEqual(['allies']);
    expect(rawIds('fly USAAF 1 from Tunis; Hermann Göring; the Allies', ids)).toEqual([]);
  });
});
