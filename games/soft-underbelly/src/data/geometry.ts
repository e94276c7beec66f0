/**
 * Plane geometry for the map's km coordinates: point in polygon, segment distance, ruler
 * range (§31 L336: from the aircraft's centre to the nearest point of the target area).
 */
export type Pt = readonly [number, number];
export type Ring = readonly Pt[];

/** Even-odd test; points exactly on the boundary may fall either way (use `distToRing` too). */
export function pointInRing(p: Pt, ring: Ring): boolean {
  const [x, y] = p;
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

export function segmentDistance(p: Pt, a: Pt, b: Pt): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const l2 = dx * dx + dy * dy;
  let t = l2 === 0 ? 0 : ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / l2;
  t = Math.max(0, Math.min(1, t));
  return Math.hypot(p[0] - (a[0] + t * dx), p[1] - (a[1] + t * dy));
}

/** Distance from p to the ring's boundary. */
export function distToRing(p: Pt, ring: Ring): number {
  let d = Infinity;
  for (let i = 0; i < ring.length; i++) d = Math.min(d, segmentDistance(p, ring[i]!, ring[(i + 1) % ring.length]!));
  return d;
}

/** Ruler range from p to an area: 0 inside it, else the distance to its nearest boundary point. */
export function rangeToRing(p: Pt, ring: Ring): number {
  return pointInRing(p, ring) ? 0 : distToRing(p, ring);
}

/** Signed area (shoelace); the sign depends on orientation. */
export function signedArea(ring: Ring): number {
  let a = 0;
  for (let i = 0; i < ring.length; i++) {
    const [x0, y0] = ring[i]!;
    const [x1, y1] = ring[(i + 1) % ring.length]!;
    a += x0 * y1 - x1 * y0;
  }
  return a / 2;
}

function orient(o: Pt, a: Pt, b: Pt): number {
  return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
}

/** Proper crossing of segments ab and cd (touching at an end point does not count). */
export function segmentsCross(a: Pt, b: Pt, c: Pt, d: Pt): boolean {
  const d1 = orient(c, d, a);
  const d2 = orient(c, d, b);
  const d3 = orient(a, b, c);
  const d4 = orient(a, b, d);
  return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0));
}

/** Index pairs of non-adjacent edges that cross (empty for a simple polygon). */
export function selfIntersections(ring: Ring): [number, number][] {
  const n = ring.length;
  const out: [number, number][] = [];
  for (let i = 0; i < n; i++) {
    for (let j = i + 2; j < n; j++) {
      if (i === 0 && j === n - 1) continue;
      if (segmentsCross(ring[i]!, ring[(i + 1) % n]!, ring[j]!, ring[(j + 1) % n]!)) out.push([i, j]);
    }
  }
  return out;
}

/** Smallest distance between the boundaries of two rings (0 if they touch or cross). */
export function ringGap(a: Ring, b: Ring): number {
  let d = Infinity;
  for (const p of a) d = Math.min(d, distToRing(p, b));
  for (const p of b) d = Math.min(d, distToRing(p, a));
  return d;
}

/**
 * Length of boundary the two rings share: the summed length of a's edges whose both ends lie
 * within `tol` of b's boundary and whose midpoint does too. Adjacent areas share a border of
 * positive length; areas meeting at one point share none.
 */
export function sharedBorderLength(a: Ring, b: Ring, tol = 1): number {
  let len = 0;
  for (let i = 0; i < a.length; i++) {
    const p = a[i]!;
    const q = a[(i + 1) % a.length]!;
    const mid: Pt = [(p[0] + q[0]) / 2, (p[1] + q[1]) / 2];
    if (distToRing(p, b) <= tol && distToRing(q, b) <= tol && distToRing(mid, b) <= tol)
      len += Math.hypot(q[0] - p[0], q[1] - p[1]);
  }
  return len;
}
