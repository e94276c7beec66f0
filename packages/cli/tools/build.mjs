// Compiles the CLI ahead of time: one ES module bundle (workspace TypeScript and npm packages
// included, game AI and web code split into chunks loaded on demand) in packages/cli/dist, so
// `sandtable` starts plain JavaScript. Run by `npm run build -w @sandtable/cli` and the root `prepare`.
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
rmSync(`${root}dist`, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: { sandtable: 'src/bin.ts' },
  outdir: 'dist',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // node built-ins only are external; a `require` inside a bundled CommonJS package still works
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  minifySyntax: true,
  minifyWhitespace: true,
  legalComments: 'none',
  logLevel: 'warning',
});
