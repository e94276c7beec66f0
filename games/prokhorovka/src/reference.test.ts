/**
 * Issue #16 item 1: the rules reference in the game's folder (reference/en.md, zh.md) opens every
 * rule the game cites — in its source, and in what random play shows (prompts, log, refusals).
 */
import { describe, expect, it } from 'vitest';
import { readReferences, referenceProblems } from '@sandtable/engine/testing/reference';
import { citationsInSource, harvestWords } from '@sandtable/engine/testing/words';
import { prokhorovka } from './index.ts';

const refs = readReferences(new URL('../', import.meta.url));

describe('prokhorovka rules reference', () => {
  it('opens every rule the source cites, in English and Chinese', () => {
    const cited = citationsInSource(new URL('.', import.meta.url));
    expect(cited.size).toBeGreaterThan(50);
    expect(referenceProblems(refs, cited)).toEqual([]);
  });

  it('opens every rule random play shows', () => {
    const w = harvestWords(prokhorovka, { seeds: ['r1', 'r2'], maxSteps: 400, describeUpTo: 0 });
    expect(w.rules.size).toBeGreaterThan(10);
    expect(referenceProblems(refs, w.rules)).toEqual([]);
  });

  it('shows players the rulebook, not the spec: no line numbers, ambiguity ids or pseudocode', () => {
    for (const md of Object.values(refs)) {
      const text = md.replace(/\{#[^}]+\}/g, '');
      expect(text).not.toMatch(/\bL\d{2,3}\b|AMB-\d|§\d|```/);
    }
  });
});
