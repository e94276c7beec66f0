// Compiles the CLI ahead of time into packages/cli/dist, so `sandtable` starts plain JavaScript:
// one CommonJS bundle (workspace TypeScript and npm packages included; what a command never calls
// is only parsed), then V8's code cache for it, made by running `sandtable games` once, so a
// command does not compile the functions every command runs either. Run by
// `npm run build -w @sandtable/cli` and by the root `prepare` (npm install, npm ci).
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
rmSync(`${root}dist`, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: ['src/bin.ts'],
  outfile: 'dist/sandtable.cjs',
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  minifySyntax: true,
  minifyWhitespace: true,
  legalComments: 'none',
  logLevel: 'warning',
});
const warm = spawnSync(process.execPath, [`${root}bin/sandtable.js`, 'games'], {
  env: { ...process.env, SANDTABLE_WRITE_CODE_CACHE: '1' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
// without the cache the bundle still runs (compiling as it goes); a failing catalog must not fail npm install
if (warm.status !== 0) console.warn('warning: the built CLI could not run `sandtable games`; no code cache written');
