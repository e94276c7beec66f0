/**
 * Rules code must be deterministic: state = replay(record). This test fails if code under
 * packages/engine/src or games/<id>/src (tests and benchmarks excepted) uses Math.random,
 * clocks, timers or I/O.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../../..');
const forbidden: [RegExp, string][] = [
  [/Math\.random/, 'Math.random'],
  [/\bDate\.now\b|\bnew Date\b|\bDate\(/, 'clock (Date)'],
  [/performance\.now/, 'clock (performance.now)'],
  [/\bset(Timeout|Interval|Immediate)\s*\(/, 'timer'],
  [/from ['"](node:)?(fs|fs\/promises|net|http|https|child_process|worker_threads|dgram)['"]/, 'I/O import'],
  [/\bprocess\.(env|argv|stdout|stdin|hrtime)/, 'process I/O'],
  [/\bfetch\s*\(/, 'network I/O'],
  [/crypto\.getRandomValues|randomUUID|randomBytes/, 'crypto randomness'],
];

function files(dir: string): string[] {
  let out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) {
      // testing/: engine test fixtures; tools/: data generators run by hand at authoring time, never by the rules
      if (!['node_modules', 'testing', 'tools'].includes(name)) out = out.concat(files(p));
    } else if (/\.ts$/.test(name) && !/\.(test|spec|bench)\.ts$/.test(name)) out.push(p);
  }
  return out;
}

export function rulesSources(): string[] {
  const dirs = [join(root, 'packages/engine/src')];
  for (const g of readdirSync(join(root, 'games'))) {
    if (statSync(join(root, 'games', g)).isDirectory()) dirs.push(join(root, 'games', g, 'src'));
  }
  return dirs.flatMap((d) => files(d));
}

export function violations(src: string): string[] {
  const code = src.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
  return forbidden.filter(([re]) => re.test(code)).map(([, what]) => what);
}

describe('rules code purity', () => {
  it('the scanner catches each forbidden construct', () => {
    expect(violations('const x = Math.random();')).toEqual(['Math.random']);
    expect(violations('const t = Date.now();')).toEqual(['clock (Date)']);
    expect(violations("import { readFileSync } from 'node:fs';")).toEqual(['I/O import']);
    expect(violations('setTimeout(() => 1, 5);')).toEqual(['timer']);
    expect(violations('// Math.random in a comment is fine')).toEqual([]);
  });

  it('no rules file uses Math.random, clocks, timers or I/O', () => {
    const found = rulesSources()
      .map((f) => ({ f: relative(root, f), v: violations(readFileSync(f, 'utf8')) }))
      .filter((x) => x.v.length);
    expect(found).toEqual([]);
    expect(rulesSources().length).toBeGreaterThan(5);
  });
});
