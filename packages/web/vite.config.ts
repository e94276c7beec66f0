import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';
import { coastPlugin } from './coast-plugin.ts';
import { rulesTextPlugin } from './rules-plugin.ts';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  root: here('.'),
  base: './',
  plugins: [rulesTextPlugin(), coastPlugin()],
  // the AI worker imports the catalog, whose entries can load each game's web adapter on demand:
  // the worker's bundle needs the same plugins, and ES chunks for those dynamic imports
  worker: { format: 'es', plugins: () => [rulesTextPlugin(), coastPlugin()] },
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: here('dist'),
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 2000,
    rollupOptions: { input: { main: here('index.html'), bench: here('bench.html') } },
  },
});
