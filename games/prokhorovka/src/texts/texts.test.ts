/**
 * The prompts' message ids (issue #13, Deliver 1): every id the rules use has an English template
 * and every template is used; along the golden records, every decision is a message whose
 * parameters are its template's placeholders and whose template renders the prompt shown.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { GoldenFile } from '@sandtable/engine/testing/golden';
import { messageIdsInSource, recordMessageProblems } from '@sandtable/engine/testing/texts';
import { prokhorovka } from '../index.ts';
import { EN } from './index.ts';

const golden = new URL('../../golden/', import.meta.url);
const files = readdirSync(golden)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => JSON.parse(readFileSync(new URL(f, golden), 'utf8')) as GoldenFile);

describe('prokhorovka texts', () => {
  it('every message id in the rules has an English template, and every template is used', () => {
    const used = messageIdsInSource(new URL('..', import.meta.url), 'pk.');
    expect([...used].filter((id) => !(id in EN))).toEqual([]);
    expect(Object.keys(EN).filter((id) => !used.has(id))).toEqual([]);
  });

  it('every decision of the golden records is a message that renders its prompt', () => {
    const seen = new Set<string>();
    for (const file of files) {
      const r = recordMessageProblems(prokhorovka, EN, file.record);
      expect(r.problems, file.name).toEqual([]);
      for (const id of r.seen) seen.add(id);
    }
    // Reached only in the rules tests' scenes (combat tests): its parameters are checked by type.
    const notInGolden = ['pk.cb.recon.reveal'];
    expect(Object.keys(EN).filter((id) => !seen.has(id) && !notInGolden.includes(id))).toEqual([]);
  });
});
