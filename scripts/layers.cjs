/**
 * The layers of the workspace, bottom first, and the workspace packages each package may import
 * (besides itself). One table for the import rules (.dependency-cruiser.cjs) and the printed
 * graph (scripts/graph.ts). A package is named by its folder; `games/*` stands for every game
 * folder, and `games` is the list of games (games/index.ts, the files of games/ outside the game
 * folders). Files outside the workspace packages (bench/, scripts/, the root's config files) are
 * the repository's own tools: they sit above every layer.
 */
const { readdirSync, readFileSync, existsSync } = require('node:fs');
const { join } = require('node:path');

const LIBRARIES = ['packages/engine', 'packages/protocol', 'packages/map', 'packages/ai'];
const APP = [...LIBRARIES, 'packages/catalog'];

const layers = [
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
  { name: 'games-list', packages: { games: ['packages/engine', 'games/*'] } },
  { name: 'catalog', packages: { 'packages/catalog': [...LIBRARIES, 'games'] } },
  { name: 'apps', packages: { 'packages/cli': APP, 'packages/server': APP, 'packages/web': APP } },
];

/**
 * What end-to-end tests (an `e2e/` folder) may import besides: they drive the whole product, so
 * the web's starts the real server and a game's drives the web app.
 */
const e2e = { 'packages/web': ['packages/server'], 'games/*': ['packages/web'] };

/** Files that only tests, benchmarks and build tools load: they may use devDependencies. */
const devOnly = [
  '\\.(test|e2e)\\.tsx?$',
  '/(testing|e2e|bench|tools)/',
  '/(test-support|testing)\\.ts$',
  '^packages/web/(vite\\.config|vitest\\.e2e\\.config|rules-plugin|coast-plugin)\\.ts$',
  '^packages/web/bin/serve\\.mjs$',
  '^packages/map/src/coast\\.ts$',
  '^packages/ai/src/league(-boot)?\\.',
];

const ROOT = join(__dirname, '..');

/** Every workspace package: its folder, its package.json, and the workspace folders inside it. */
function workspaces() {
  const root = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  const folders = root.workspaces.flatMap((w) =>
    w.endsWith('/*')
      ? readdirSync(join(ROOT, w.slice(0, -2)), { withFileTypes: true })
          .filter((d) => d.isDirectory())
          .map((d) => `${w.slice(0, -2)}/${d.name}`)
      : [w],
  );
  const found = folders.filter((f) => existsSync(join(ROOT, f, 'package.json')));
  return found.map((folder) => ({
    folder,
    pkg: JSON.parse(readFileSync(join(ROOT, folder, 'package.json'), 'utf8')),
    nested: found.filter((f) => f.startsWith(`${folder}/`)),
  }));
}

/** The workspace package a repository file belongs to (the deepest folder), or null. */
function packageOf(file, all = workspaces()) {
  let best = null;
  for (const { folder } of all)
    if (file.startsWith(`${folder}/`) && (!best || folder.length > best.length)) best = folder;
  return best;
}

module.exports = { layers, e2e, devOnly, workspaces, packageOf };
