/**
 * Golden records (issue #13, Deliver 6): every file in `../golden` replays with the same decision,
 * legal actions, views, log and outcome at every step; the state hashes are checked apart (they
 * may change with the state's shape). Regenerate only as `scripts/make-golden.ts` says.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkGolden, checkGoldenStateHashes, type GoldenFile } from '@sandtable/engine/testing/golden';
import { game as dubno } from './index.ts';

const dir = new URL('../golden/', import.meta.url);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => JSON.parse(readFileSync(new URL(f, dir), 'utf8')) as GoldenFile);

describe('dubno golden records', () => {
  it('has at least 20 records, at least 3 of them finished', () => {
    expect(files.length).toBeGreaterThanOrEqual(20);
    // A finished record's last outcome hash differs from its first (null) one.
    expect(files.filter((f) => f.steps.at(-1)!.o !== f.steps[0]!.o).length).toBeGreaterThanOrEqual(3);
  });

  for (const file of files) {
    it(`${file.name} (${file.how}, ${file.record.actions.length} actions) replays step by step`, () => {
      checkGolden(dubno, file);
    });
  }

  it('every record replays to the same state hashes', () => {
    for (const file of files) checkGoldenStateHashes(dubno, file);
  });
});
