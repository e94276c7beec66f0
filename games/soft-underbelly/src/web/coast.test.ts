import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { coastRings, loadLand, type CoastSpec } from '@sandtable/map/coast';
import spec from './coast.json' with { type: 'json' };

describe('the coastline behind the map (./coast.json?coastline)', () => {
  it('is byte for byte what it was before games could ask for their own', () => {
    const json = JSON.stringify(coastRings(loadLand(), spec as CoastSpec));
    expect(json.length).toBe(65690);
    expect(createHash('sha256').update(json).digest('hex')).toBe(
      '9c1156dc04c8c19e687abec78a7a346e7a3f7800f363698c7fb34f80002952e6',
    );
  });
});
