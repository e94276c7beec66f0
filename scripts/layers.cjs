/**
 * The layers of the workspace, bottom first, and the workspace packages each package may import
 * (besides itself). One table for the import rules (.dependency-cruiser.cjs) and the printed
 * graph (scripts/graph.ts). `games/*` stands for every game folder. Files outside the workspace
 * packages (bench/, scripts/, the root's config files) are the repository's own tools: they sit
 * above every layer.
 */
const LIBRARIES = ['packages/engine', 'packages/protocol', 'packages/map', 'packages/ai'];
const APP = [...LIBRARIES, 'packages/catalog'];

module.exports = {
  layers: [
    { name: 'engine', packages: { 'packages/engine': [] } },
    {
      name: 'libraries',
      packages: {
        'packages/protocol': ['packages/engine'],
        'packages/map': ['packages/engine'],
        'packages/ai': ['packages/engine', 'packages/map'],
      },
    },
    { name: 'games', packages: { 'games/*': ['packages/engine', 'packages/map', 'packages/ai'] } },
    { name: 'catalog', packages: { 'packages/catalog': [...LIBRARIES, 'games/*'] } },
    { name: 'apps', packages: { 'packages/cli': APP, 'packages/server': APP, 'packages/web': APP } },
  ],
  /** What an app's end-to-end tests may import besides: the browser test starts the real server. */
  e2e: { 'packages/web': ['packages/server'] },
  /** Files that only tests, benchmarks and build tools load: they may use devDependencies. */
  devOnly: [
    '\\.(test|e2e)\\.tsx?$',
    '/(testing|e2e|bench|tools)/',
    '/(test-support|testing)\\.ts$',
    '^packages/web/(vite\\.config|vitest\\.e2e\\.config|rules-plugin|coast-plugin)\\.ts$',
    '^packages/web/bin/serve\\.mjs$',
    '^packages/map/src/coast\\.ts$',
    '^packages/ai/src/league(-boot)?\\.',
  ],
};
