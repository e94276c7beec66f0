import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { COASTS, SOFT_UNDERBELLY, THIRD_REICH, coastRings, loadLand } from '../../coast-plugin.ts';

describe('coastlines (virtual:coastline/<game>)', () => {
  const land = loadLand();

  it("Soft Underbelly's coastline is byte for byte what it was before games could ask for their own", () => {
    const json = JSON.stringify(coastRings(land, SOFT_UNDERBELLY));
    expect(json.length).toBe(65690);
    expect(createHash('sha256').update(json).digest('hex')).toBe(
      '9c1156dc04c8c19e687abec78a7a346e7a3f7800f363698c7fb34f80002952e6',
    );
    expect(COASTS['soft-underbelly']).toBe(SOFT_UNDERBELLY);
  });

  it("Third Reich's Europe: no chord across the map from Eurasia's ring crossing 180 degrees, the Caspian a hole", () => {
    const rings = coastRings(land, THIRD_REICH);
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
