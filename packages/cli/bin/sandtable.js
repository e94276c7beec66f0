#!/usr/bin/env node
// The CLI is written in TypeScript; tsx compiles it on the fly.
import { register } from 'tsx/esm/api';

register();
// A reader that stops early (`sandtable actions rec.json | head`) closes the pipe: stop quietly.
process.stdout.on('error', (e) => {
  if (e.code === 'EPIPE') process.exit(0);
  throw e;
});
const { main } = await import('../src/main.ts');
process.exitCode = await main(process.argv.slice(2));
