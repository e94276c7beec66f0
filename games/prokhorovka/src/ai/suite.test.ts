import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { prokhorovka } from '../index.ts';
import { suite } from './suite.ts';

describe('Prokhorovka position suite (#20)', () => {
  it('every position loads with its side to play', () => {
    expect(suite.cases.length).toBeGreaterThanOrEqual(12);
    for (const c of suite.cases) {
      const s = prokhorovka.setup('t', undefined, {}, undefined, JSON.parse(readFileSync(c.position, 'utf8')));
      expect(prokhorovka.decision(s)?.role, c.name).toBe(c.side);
    }
  });
});
