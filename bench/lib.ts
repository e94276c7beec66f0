/** Tiny benchmark harness: runs a function repeatedly and reports medians (machines are noisy). */
export interface BenchRow {
  name: string;
  /** What one operation is, e.g. "playout", "action", "query". */
  unit: string;
  samples: number;
  /** Median time of one operation, ms. */
  medianMs: number;
  /** Operations per second at the median. */
  perSecond: number;
  note?: string;
  /** The target for this row, e.g. ">= 50x", and whether the row met it. */
  target?: string;
  met?: boolean;
}

/** Every row with a target, in the order printed: `npm run bench` ends with them. */
export const targets: BenchRow[] = [];

/** Sets a row's target and whether `value` meets it (`atLeast`: value >= goal; else value <= goal). */
export function aim(row: BenchRow, target: string, met: boolean): BenchRow {
  row.target = target;
  row.met = met;
  targets.push(row);
  return row;
}

/**
 * Paired samples of two functions (A B A B ...), each returning its operation count: the median
 * time per operation of each and the median of the pair-by-pair ratio B/A, so a comparison holds
 * while the machine's speed drifts.
 */
export async function paired(
  a: () => number | Promise<number>,
  b: () => number | Promise<number>,
  pairs: number,
  warmup = 1,
): Promise<{ aMs: number; bMs: number; ratio: number }> {
  for (let i = 0; i < warmup; i++) {
    await a();
    await b();
  }
  const as: number[] = [];
  const bs: number[] = [];
  const ratios: number[] = [];
  for (let i = 0; i < pairs; i++) {
    let t0 = performance.now();
    const na = await a();
    const ta = (performance.now() - t0) / (na || 1);
    t0 = performance.now();
    const nb = await b();
    const tb = (performance.now() - t0) / (nb || 1);
    as.push(ta);
    bs.push(tb);
    ratios.push(tb / ta);
  }
  return { aMs: median(as), bMs: median(bs), ratio: median(ratios) };
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/**
 * Times `fn` `samples` times (after `warmup` untimed runs). `fn` may return the number of
 * operations it performed (default 1), so per-operation medians are reported.
 */
export function measure(
  name: string,
  unit: string,
  fn: () => number | undefined,
  samples = 15,
  warmup = 2,
  note?: string,
): BenchRow {
  for (let i = 0; i < warmup; i++) fn();
  const per: number[] = [];
  for (let i = 0; i < samples; i++) {
    const t0 = performance.now();
    const ops = fn() ?? 1;
    per.push((performance.now() - t0) / (ops || 1));
  }
  const medianMs = median(per);
  const row: BenchRow = { name, unit, samples, medianMs, perSecond: 1000 / medianMs };
  if (note) row.note = note;
  return row;
}

export function printTable(title: string, rows: BenchRow[]): void {
  const withTargets = rows.some((r) => r.target);
  const head = ['benchmark', 'unit', 'samples', 'median ms/op', 'ops/s', 'note', ...(withTargets ? ['target'] : [])];
  const body = rows.map((r) => [
    r.name,
    r.unit,
    String(r.samples),
    r.medianMs.toFixed(4),
    r.perSecond.toFixed(1),
    r.note ?? '',
    ...(withTargets ? [r.target ? `${r.target}: ${r.met ? 'met' : 'NOT met'}` : ''] : []),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(`\n${title}`);
  console.log(line(head));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const b of body) console.log(line(b));
}
