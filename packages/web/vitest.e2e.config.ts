import { defineConfig } from 'vitest/config';

/** The browser tests (the app's own and each game's): the built app in Debian's Chromium (playwright-core). `npm run test:e2e`. */
export default defineConfig({
  test: {
    include: ['packages/web/e2e/**/*.e2e.ts', 'games/*/e2e/**/*.e2e.ts'],
    root: new URL('../..', import.meta.url).pathname,
    testTimeout: 300_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
