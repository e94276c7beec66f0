import { describe, expect, it } from 'vitest';
import { coastRings, loadLand, type CoastSpec } from '@sandtable/map/coast';
import spec from './coast.json' with { type: 'json' };

describe('the coastline behind the map (./coast.json?coastline)', () => {
  it("Europe: no chord across the map from Eurasia's ring crossing 180 degrees, the Caspian a hole", () => {
    const rings = coastRings(loadLand(), spec as CoastSpec);
    const kx = 111.32 * Math.cos((50 * Math.PI) / 180);
    // no edge longer than the box is wide at the map's top (the Bering Strait jump would give one)
    for (const r of rings)
      for (let i = 0; i < r.length; i++) {
        const [a, b] = [r[i]!, r[(i + 1) % r.length]!];
        expect(Math.abs(a[0] - b[0]), 'an edge across the map').toBeLessThan(60 * kx);
      }
    expect(rings.length).toBeGreaterThan(50);
    expect(rings.flat().length).toBeLessThan(6000); // a few tens of kB in the bundle
  });
});
