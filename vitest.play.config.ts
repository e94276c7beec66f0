import { defineConfig } from 'vitest/config';

/** `npm run test:play`: every game in the catalog played to its end through the CLI (issue 18). */
export default defineConfig({
  test: { include: ['packages/cli/src/play-all.test.ts'], pool: 'threads', testTimeout: 600_000 },
});
