/**
 * Golden records: every file in `../golden` replays with the same decision, legal actions, views,
 * log and outcome at every step (`@sandtable/engine/testing/golden`). A refactor that changes no
 * behaviour keeps them passing. Listed games regenerate theirs with `scripts/make-golden.ts <id>`,
 * only as that script says; the example, not listed, was written once with the same players
 * (seeded random, greedy and the search at 40 iterations an impulse).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { checkGolden, checkGoldenStateHashes, type GoldenFile } from '@sandtable/engine/testing/golden';
import { describe, expect, it } from 'vitest';
import { game } from './index.ts';

const dir = new URL('../golden/', import.meta.url);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => JSON.parse(readFileSync(new URL(f, dir), 'utf8')) as GoldenFile);

describe('example-bridge golden records', () => {
  it('mixes finished and unfinished records, and every option at a non-default value', () => {
    expect(files.filter((f) => f.steps.at(-1)!.o !== f.steps[0]!.o).length).toBe(4);
    expect(files.some((f) => f.record.options.riverShiftAtBridge === false)).toBe(true);
  });

  for (const file of files) {
    it(`${file.name} (${file.how}, ${file.record.actions.length} actions) replays step by step`, () => {
      checkGolden(game, file);
    });
  }

  it('every record replays to the same state hashes', () => {
    for (const file of files) checkGoldenStateHashes(game, file);
  });
});
