/**
 * Seeded pseudo-random numbers kept inside the game state (plain JSON), so that
 * state = replay(record) holds byte for byte. The generator is sfc32 (Chris Doty-Humphrey's
 * Small Fast Chaotic PRNG, PractRand-clean), seeded from the record's seed string by cyrb128.
 * Tests may script dice: scripted values are consumed first, in order.
 */
export interface RngState {
  /** sfc32 state words (uint32). */
  s: [number, number, number, number];
  /** Scripted results still to be served (tests and worked examples). */
  script: number[];
  /** How many values have been drawn so far. */
  draws: number;
}

function cyrb128(str: string): [number, number, number, number] {
  let h1 = 1779033703,
    h2 = 3144134277,
    h3 = 1013904242,
    h4 = 2773480762;
  for (let i = 0; i < str.length; i++) {
    const k = str.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

export function seedRng(seed: string | number, script: number[] = []): RngState {
  const rng: RngState = { s: cyrb128(String(seed)), script: [...script], draws: 0 };
  for (let i = 0; i < 12; i++) nextUint32(rng); // warm up
  rng.draws = 0;
  return rng;
}

/** Advances the generator in place and returns a uint32. */
export function nextUint32(rng: RngState): number {
  const s = rng.s; // updated in place: a draw allocates nothing (clones copy the array)
  let a = s[0] >>> 0;
  let b = s[1] >>> 0;
  let c = s[2] >>> 0;
  let d = s[3] >>> 0;
  const t = (((a + b) >>> 0) + d) >>> 0;
  d = (d + 1) >>> 0;
  a = b ^ (b >>> 9);
  b = (c + (c << 3)) >>> 0;
  c = (c << 21) | (c >>> 11);
  c = (c + t) >>> 0;
  s[0] = a >>> 0;
  s[1] = b >>> 0;
  s[2] = c >>> 0;
  s[3] = d;
  rng.draws++;
  return t;
}

/** Uniform integer in [1, sides], without modulo bias. Scripted values win. */
export function rollDie(rng: RngState, sides = 6): number {
  const scripted = rng.script.shift();
  if (scripted !== undefined) {
    if (!Number.isInteger(scripted) || scripted < 1 || scripted > sides) {
      throw new Error(`scripted die ${scripted} is not a d${sides} result`);
    }
    rng.draws++;
    return scripted;
  }
  const limit = Math.floor(0x100000000 / sides) * sides;
  for (;;) {
    const x = nextUint32(rng);
    if (x < limit) return (x % sides) + 1;
  }
}

/** Uniform integer in [0, n) for non-dice choices (e.g. random playouts). */
export function randomIndex(rng: RngState, n: number): number {
  if (n <= 0) throw new Error('randomIndex of an empty range');
  const limit = Math.floor(0x100000000 / n) * n;
  for (;;) {
    const x = nextUint32(rng);
    if (x < limit) return x % n;
  }
}

/** An index drawn in proportion to `weights` (>= 0; all zero gives the last), e.g. rollout policies. */
export function weightedIndex(rng: RngState, weights: readonly number[]): number {
  let total = 0;
  for (const x of weights) total += x;
  let r = (randomIndex(rng, 1 << 30) / (1 << 30)) * total;
  for (let i = 0; i < weights.length; i++) {
    r -= weights[i]!;
    if (r < 0) return i;
  }
  return weights.length - 1;
}
