#!/usr/bin/env node
// Runs the CLI compiled ahead of time (dist/, built by `npm run build -w @sandtable/cli` and by
// `npm ci`/`npm install`), with V8's code cache when it matches this Node; without a build, or
// with SANDTABLE_FROM_SOURCE=1, tsx compiles the TypeScript on the fly (slower start, always the
// current source).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';

// A reader that stops early (`sandtable actions rec.json | head`) closes the pipe: stop quietly.
process.stdout.on('error', (e) => {
  if (e.code === 'EPIPE') process.exit(0);
  throw e;
});

/** The bundle's `run`, compiled with the code cache beside it (which the build writes). */
function loadBuilt(file) {
  const cacheFile = `${file}.cache`;
  const cachedData =
    existsSync(cacheFile) && !process.env.SANDTABLE_WRITE_CODE_CACHE ? readFileSync(cacheFile) : undefined;
  const source = `(function (exports, require, module, __filename, __dirname) {${readFileSync(file, 'utf8')}\n})`;
  const script = new Script(source, { filename: file, ...(cachedData ? { cachedData } : {}) });
  const module = { exports: {} };
  script.runInThisContext()(
    module.exports,
    createRequire(file),
    module,
    file,
    fileURLToPath(new URL('.', `file://${file}`)),
  );
  const saveCache = () => writeFileSync(cacheFile, script.createCachedData());
  return { run: module.exports.run, saveCache };
}

const built = fileURLToPath(new URL('../dist/sandtable.cjs', import.meta.url));
if (existsSync(built) && !process.env.SANDTABLE_FROM_SOURCE) {
  const { run, saveCache } = loadBuilt(built);
  process.exitCode = await run(process.argv.slice(2));
  if (process.env.SANDTABLE_WRITE_CODE_CACHE) saveCache();
} else {
  const { register } = await import('tsx/esm/api');
  register();
  const { run } = await import('../src/bin.ts');
  process.exitCode = await run(process.argv.slice(2));
}
