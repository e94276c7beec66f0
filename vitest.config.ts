import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'games/*/src/**/*.test.ts'],
    pool: 'threads',
    testTimeout: 120_000,
  },
});
