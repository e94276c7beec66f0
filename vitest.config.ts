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
    pool: 'threads',
    testTimeout: 120_000,
  },
});
