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
  const head = ['benchmark', 'unit', 'samples', 'median ms/op', 'ops/s', 'note'];
  const body = rows.map((r) => [
    r.name,
    r.unit,
    String(r.samples),
    r.medianMs.toFixed(4),
    r.perSecond.toFixed(1),
    r.note ?? '',
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(`\n${title}`);
  console.log(line(head));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const b of body) console.log(line(b));
}
