/**
 * The CLI's start: whole processes, wall time, median of paired runs (each command beside a bare
 * `node -e 0`). The CLI is rebuilt first (packages/cli/dist), so the figures are today's code.
 * Target: `sandtable games` and `sandtable actions` under 0.25 s with `node bin/...`.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { aim, median, type BenchRow } from './lib.ts';

const RUNS = 7;

function wall(cmd: string, args: string[]): number {
  const t0 = performance.now();
  const r = spawnSync(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
  const ms = performance.now() - t0;
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed: ${r.stderr}`);
  return ms;
}

export async function run(): Promise<{ title: string; rows: BenchRow[] }[]> {
  wall('npm', ['run', 'build', '-w', '@sandtable/cli', '--silent']);
  const rec = join(mkdtempSync(join(tmpdir(), 'sandtable-bench-')), 'rec.json');
  wall('node', ['packages/cli/bin/sandtable.js', 'new', 'soft-underbelly', '--seed', '3', '-o', rec]);
  const commands: { name: string; cmd: string; args: string[]; goal?: number }[] = [
    { name: 'node -e 0 (bare Node start)', cmd: 'node', args: ['-e', '0'] },
    { name: 'node bin/sandtable.js games', cmd: 'node', args: ['packages/cli/bin/sandtable.js', 'games'], goal: 250 },
    {
      name: 'node bin/sandtable.js actions rec.json',
      cmd: 'node',
      args: ['packages/cli/bin/sandtable.js', 'actions', rec],
      goal: 250,
    },
    { name: 'npx sandtable games', cmd: 'npx', args: ['sandtable', 'games'] },
    { name: 'npx sandtable actions rec.json', cmd: 'npx', args: ['sandtable', 'actions', rec] },
  ];
  const times = commands.map(() => [] as number[]);
  for (
    let k = 0;
    k <= RUNS;
    k++ // round-robin, the first round a warm-up
  )
    commands.forEach((c, i) => {
      const ms = wall(c.cmd, c.args);
      if (k > 0) times[i]!.push(ms);
    });
  const rows = commands.map((c, i) => {
    const ms = median(times[i]!);
    const row: BenchRow = {
      name: c.name,
      unit: 'process',
      samples: RUNS,
      medianMs: ms,
      perSecond: 1000 / ms,
      note: `${(ms / 1000).toFixed(3)} s wall`,
    };
    return c.goal ? aim(row, `< ${(c.goal / 1000).toFixed(2)} s`, ms < c.goal) : row;
  });
  return [{ title: 'CLI start (whole processes, wall time, medians)', rows }];
}
