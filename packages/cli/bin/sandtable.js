#!/usr/bin/env node
// Runs the CLI compiled ahead of time (dist/, built by `npm run build -w @sandtable/cli` and by
// `npm ci`/`npm install`); without a build, or with SANDTABLE_FROM_SOURCE=1, tsx compiles the
// TypeScript on the fly (slower start, always the current source).
import { existsSync } from 'node:fs';

// A reader that stops early (`sandtable actions rec.json | head`) closes the pipe: stop quietly.
process.stdout.on('error', (e) => {
  if (e.code === 'EPIPE') process.exit(0);
  throw e;
});
const built = new URL('../dist/sandtable.mjs', import.meta.url);
let run;
if (existsSync(built) && !process.env.SANDTABLE_FROM_SOURCE) ({ run } = await import(built.href));
else {
  const { register } = await import('tsx/esm/api');
  register();
  ({ run } = await import('../src/bin.ts'));
}
process.exitCode = await run(process.argv.slice(2));
