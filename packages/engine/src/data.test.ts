import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DataChecks, parseData, provenance } from './data.ts';

describe('data validation helpers', () => {
  const schema = z.object({ id: z.string(), size: z.number().int().positive(), provenance });

  it('accepts the four provenance forms and rejects others', () => {
    for (const p of [
      'rulebook §5 L65',
      'reconstructed: coastline from geography',
      'derived: from the example',
      'ext: designer notes',
    ]) {
      expect(provenance.safeParse(p).success).toBe(true);
    }
    expect(provenance.safeParse('guess').success).toBe(false);
    expect(provenance.safeParse('reconstructed:').success).toBe(false);
  });

  it('names the file, the path and the problem', () => {
    expect(() => parseData('map.json', schema, { id: 'a', size: -1, provenance: 'x' })).toThrow(
      /map\.json: size: .*\n.*map\.json: provenance: provenance must start/,
    );
    expect(parseData('map.json', schema, { id: 'a', size: 2, provenance: 'rulebook §2' })).toEqual({
      id: 'a',
      size: 2,
      provenance: 'rulebook §2',
    });
  });

  it('collects every cross-check failure before throwing', () => {
    const c = new DataChecks('map.json');
    c.check(true, 'fine');
    c.check(false, 'link 01-02 has no 02-01');
    c.check(false, 'unknown area 99');
    expect(() => c.done()).toThrow(/01-02 has no 02-01[\s\S]*unknown area 99/);
    const ok = new DataChecks('x');
    ok.check(1, 'never');
    expect(() => ok.done()).not.toThrow();
  });
});
