/**
 * Issue #16 item 2: names, not ids. Random play's prompts, action descriptions, log lines,
 * refusals and outcomes name units ("78th Guards Rifle Div."), chits ("German Tiger") and sides
 * ("German"), never by their ids ("78G", "DE-E01", "DE").
 */
import { describe, expect, it } from 'vitest';
import { harvestWords, rawIds } from '@sandtable/engine/testing/words';
import { loadProkhorovkaData } from '../data/index.ts';
import { prokhorovka } from '../index.ts';
import { makeEnv } from '../state.ts';
import { namesOf } from './names.ts';

const E = makeEnv(loadProkhorovkaData());
const ids = [...prokhorovka.rules.roles, ...E.unitById.keys(), ...E.equipById.keys(), ...E.supportById.keys()];

describe('prokhorovka names, not ids', () => {
  it('no id in what random play shows the players', () => {
    const w = harvestWords(prokhorovka, { seeds: ['n1', 'n2'], maxSteps: 700, describeUpTo: 60 });
    expect(w.prompts.size + w.actions.size + w.logs.size + w.refusals.size).toBeGreaterThan(300);
    const leaks: string[] = [];
    for (const texts of [w.prompts, w.actions, w.logs, w.refusals])
      for (const t of texts) {
        const shown = t.replace(/^illegal action \{.*?\}: /, '');
        const found = rawIds(shown, ids);
        if (found.length) leaks.push(`${found.join(', ')}: ${shown}`);
      }
    expect(leaks.slice(0, 20)).toEqual([]);
  });

  it('names units, chits, sides and die rolls', () => {
    const { text } = namesOf(E);
    const tiger = [...E.equipById].find(([, c]) => c.side === 'DE' && c.name === 'Tiger')![0];
    expect(text(`put ${tiger} under 57ID`)).toBe('put German Tiger under 57. Inf.-Div.');
    expect(text('DE allocates a chit to the battle for 78G')).toBe(
      'German allocates a chit to the battle for 78th Guards Rifle Div.',
    );
    expect(text('re-roll a die of "normal:90G"')).toBe('re-roll a die of "the normal fire of 90th Guards Rifle Div."');
    expect(rawIds('put Tiger under 57ID', ids)).toEqual(['57ID']);
  });
});
