#!/usr/bin/env node
/**
 * `npm start`'s first step: builds the web client only when its sources changed since the last
 * build (issue 16, item 7). The sources are every file of the packages the client bundles and of
 * the games (tests, golden records, browser tests and build output left out), plus the lock file;
 * their paths, sizes and modification times are hashed into packages/web/dist/.sources, which a
 * build writes. Plain Node: no TypeScript loader needed.
 */
import { execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DIST = join(ROOT, 'packages/web/dist');
const STAMP = join(DIST, '.sources');
const DIRS = [
  'packages/engine',
  'packages/map',
  'packages/ai',
  'packages/protocol',
  'packages/catalog',
  'packages/web',
  'games',
];
const SKIP = new Set(['node_modules', 'dist', 'golden', 'e2e', '.git']);

function walk(dir, out) {
  for (const name of readdirSync(dir)) {
    if (SKIP.has(name)) continue;
    const path = join(dir, name);
    const st = statSync(path);
    if (st.isDirectory()) walk(path, out);
    else if (!/\.test\.tsx?$/.test(name)) out.push(`${relative(ROOT, path)}\t${st.size}\t${st.mtimeMs}`);
  }
  return out;
}

export function sourcesHash() {
  const lines = DIRS.flatMap((d) => (existsSync(join(ROOT, d)) ? walk(join(ROOT, d), []) : []));
  const lock = join(ROOT, 'package-lock.json');
  if (existsSync(lock)) lines.push(`lock\t${statSync(lock).mtimeMs}`);
  return createHash('sha256').update(lines.sort().join('\n')).digest('hex');
}

const now = sourcesHash();
const built = existsSync(join(DIST, 'index.html')) && existsSync(STAMP) ? readFileSync(STAMP, 'utf8').trim() : '';
if (built === now && !process.argv.includes('--force')) {
  console.log('web client: up to date (sources unchanged since the last build)');
} else {
  console.log('web client: sources changed, building…');
  execSync('npm run build -w @sandtable/web --silent -- --logLevel warn', { cwd: ROOT, stdio: 'inherit' });
  writeFileSync(STAMP, `${now}\n`);
}
