import { defineConfig } from 'vitest/config';
import { coastPlugin } from './packages/web/coast-plugin.ts';
import { rulesTextPlugin } from './packages/web/rules-plugin.ts';

export default defineConfig({
  plugins: [rulesTextPlugin(), coastPlugin()],
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'packages/*/src/**/*.test.tsx',
      'games/*/src/**/*.test.ts',
      'games/*/src/**/*.test.tsx',
    ],
    // every game played to its end through the CLI at easy strength: minutes a game, run apart
    // (`npm run test:play`, vitest.play.config.ts) so that `npm test` stays short
    exclude: ['**/node_modules/**', 'packages/cli/src/play-all.test.ts'],
    pool: 'threads',
    testTimeout: 120_000,
  },
});
