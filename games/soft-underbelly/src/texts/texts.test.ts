/**
 * The prompts' message ids (issue #13, Deliver 1): every id the rules use has an English template
 * and every template is used; along the golden records, every decision is a message whose
 * parameters are its template's placeholders and whose template renders the prompt shown.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { GoldenFile } from '@sandtable/engine/testing/golden';
import { messageIdsInSource, recordMessageProblems } from '@sandtable/engine/testing/texts';
import { softUnderbelly } from '../index.ts';
import { EN } from './index.ts';

const golden = new URL('../../golden/', import.meta.url);
const files = readdirSync(golden)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => JSON.parse(readFileSync(new URL(f, golden), 'utf8')) as GoldenFile);

describe('soft-underbelly texts', () => {
  it('every message id in the rules has an English template, and every template is used', () => {
    const used = messageIdsInSource(new URL('..', import.meta.url), 'su.');
    expect([...used].filter((id) => !(id in EN))).toEqual([]);
    expect(Object.keys(EN).filter((id) => !used.has(id))).toEqual([]);
  });

  it('every decision of the golden records is a message that renders its prompt; every template is shown', () => {
    const seen = new Set<string>();
    for (const file of files) {
      const r = recordMessageProblems(softUnderbelly, EN, file.record);
      expect(r.problems, file.name).toEqual([]);
      for (const id of r.seen) seen.add(id);
    }
    expect(Object.keys(EN).filter((id) => !seen.has(id))).toEqual([]);
  });
});
