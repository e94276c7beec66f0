import { defineConfig, type Plugin } from 'vite';
import { fileURLToPath } from 'node:url';
import { coastPlugin } from './coast-plugin.ts';
import { rulesTextPlugin } from './rules-plugin.ts';
import { gamesPlugin } from './games-plugin.ts';
import { compressPlugin } from './compress-plugin.ts';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/** A game entry's `import('./web/index.ts')` as an empty module (for the AI worker's bundle). */
function noWebCode(): Plugin {
  const EMPTY = '\0sandtable-no-web';
  return {
    name: 'sandtable-no-web-code',
    enforce: 'pre',
    resolveId: (id, importer) => (id === './web/index.ts' && importer?.endsWith('/src/entry.ts') ? EMPTY : null),
    load: (id) => (id === EMPTY ? 'export const web = undefined;' : null),
  };
}

export default defineConfig({
  root: here('.'),
  base: './',
  plugins: [rulesTextPlugin(), coastPlugin(), gamesPlugin(), compressPlugin(here('dist'))],
  // the AI worker imports the catalog, whose entries can load each game's web adapter on demand:
  // the worker never draws, so its bundle leaves the games' web code out (ES chunks for the rest)
  worker: { format: 'es', plugins: () => [noWebCode(), gamesPlugin()] },
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: here('dist'),
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 2000,
    rollupOptions: { input: { main: here('index.html'), bench: here('bench.html') } },
  },
});
