/**
 * The test suite's wall time (`npm run bench tests`; not in the default run: it takes minutes):
 * the vitest part and the whole of `npm test` (lint, typecheck, vitest, browser tests), once
 * each. Targets on a 2-core machine: under 90 s and under 180 s.
 */
import { spawnSync } from 'node:child_process';
import { aim, type BenchRow } from './lib.ts';

function wall(cmd: string, args: string[]): number {
  const t0 = performance.now();
  const r = spawnSync(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed:\n${r.stderr.slice(-2000)}`);
  return performance.now() - t0;
}

export async function run(): Promise<{ title: string; rows: BenchRow[] }[]> {
  const row = (name: string, ms: number, goal: number) =>
    aim(
      { name, unit: 'run', samples: 1, medianMs: ms, perSecond: 1000 / ms, note: `${(ms / 1000).toFixed(0)} s wall` },
      `< ${goal} s`,
      ms < goal * 1000,
    );
  const vitest = row('vitest run (the unit and property tests)', wall('npx', ['vitest', 'run']), 90);
  const all = row('npm test (lint, typecheck, vitest, browser tests)', wall('npm', ['test']), 180);
  return [{ title: 'Test suite (wall time)', rows: [vitest, all] }];
}
