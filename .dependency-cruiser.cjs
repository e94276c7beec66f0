/**
 * Import rules, checked by `npm run lint` (depcruise); `npm run graph` prints the graph they
 * keep. Layers, bottom to top (scripts/layers.cjs says which package may import which):
 *   engine          packages/engine imports no other workspace package
 *   libraries       packages/protocol, packages/map, packages/ai: the engine (ai may use map)
 *   games           games/<id>: the engine and the libraries, never another game
 *   games-list      games/index.ts (@sandtable/games): the games
 *   catalog         packages/catalog: the list and the libraries
 *   apps            packages/cli, packages/server, packages/web: the catalog and the libraries;
 *                   nothing imports an app except its own files and end-to-end tests
 * No import cycle anywhere. Across packages an import goes through the package's name and its
 * "exports" (no `@sandtable/x/src/...`, no relative path out of a package folder), and every
 * package declares in its package.json what it imports; production code imports no
 * devDependency. The root's devDependencies are the shared test and lint tools (vitest,
 * fast-check): every package's tests may use them.
 * Known violations that other work is removing sit in .dependency-cruiser-known-violations.json:
 * `npm run lint` passes over those and fails on any other; the file may only shrink
 * (`npm run lint:baseline` rewrites it once a violation is gone).
 */
const { layers, e2e, devOnly, workspaces } = require('./scripts/layers.cjs');

/** A file in some workspace package. */
const WORKSPACE = '^(packages|games)/';

const ALL = workspaces();
const reEscape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The files of a package folder: under it, but not in a package nested in it (games/<id> in games). */
function filesOf(folder) {
  if (folder.endsWith('/*')) return `^${reEscape(folder.slice(0, -2))}/[^/]+/`;
  const nested = ALL.find((w) => w.folder === folder)?.nested ?? [];
  const inner = nested.map((f) => reEscape(f.slice(folder.length + 1)));
  return `^${reEscape(folder)}/${inner.length ? `(?!(${inner.join('|')})/)` : ''}`;
}

/** One rule per package of the layers table: it imports only what its layer allows. */
function layerRules() {
  return layers.flatMap(({ name: layer, packages }) =>
    Object.entries(packages).flatMap(([folder, may]) => {
      const each = folder.endsWith('/*');
      // games/*: one rule for every game folder, `$1` being the game's own
      const from = each ? `^${reEscape(folder.slice(0, -2))}/([^/]+)/` : filesOf(folder);
      const self = each ? `^${reEscape(folder.slice(0, -2))}/$1/` : filesOf(folder);
      const rule = (name, fromRule, extra) => ({
        name,
        severity: 'error',
        comment: `${folder} (layer ${layer}) imports only ${[...may, ...extra].join(', ') || 'itself'}.`,
        from: fromRule,
        to: { path: WORKSPACE, pathNot: [self, ...may.map(filesOf), ...extra.map(filesOf)] },
      });
      const tests = e2e[folder];
      return tests
        ? [
            rule(`layers-${layer}`, { path: from, pathNot: `${from}e2e/` }, []),
            rule(`layers-${layer}-e2e`, { path: `${from}e2e/` }, tests),
          ]
        : [rule(`layers-${layer}`, { path: from }, [])];
    }),
  );
}

/**
 * Per package: a relative import stays in it; and the workspace packages it imports are declared
 * in its package.json (npm links them, so depcruise sees them as plain files and cannot tell).
 */
function workspaceRules() {
  const folderOf = new Map(ALL.map(({ folder, pkg }) => [pkg.name, folder]));
  const declared = (deps) => Object.keys(deps ?? {}).flatMap((n) => (folderOf.has(n) ? [folderOf.get(n)] : []));
  return ALL.flatMap(({ folder, pkg }) => {
    const runtime = declared(pkg.dependencies);
    const any = [...runtime, ...declared(pkg.devDependencies)];
    const devDeps = any.filter((f) => !runtime.includes(f));
    return [
      {
        name: 'no-relative-out-of-package',
        severity: 'error',
        comment: `A relative import stays in ${folder}; another package is reached by its name, not its src/ (the web's coast plugin is loaded by Vite's config loader, which cannot import a TypeScript package).`,
        from: { path: filesOf(folder), pathNot: '^packages/web/coast-plugin\\.ts$' },
        to: { dependencyTypes: ['local'], dependencyTypesNot: ['aliased-workspace'], pathNot: filesOf(folder) },
      },
      {
        name: 'workspace-not-declared',
        severity: 'error',
        comment: `${pkg.name} imports a workspace package that its package.json does not declare.`,
        from: { path: filesOf(folder) },
        to: { path: WORKSPACE, pathNot: [folder, ...any].map(filesOf) },
      },
      ...(devDeps.length
        ? [
            {
              name: 'workspace-dev-dep-in-production',
              severity: 'error',
              comment: `${pkg.name}'s production code imports a workspace package that is only its devDependency.`,
              from: { path: filesOf(folder), pathNot: devOnly },
              to: { path: devDeps.map(filesOf), dependencyTypesNot: ['type-only'] },
            },
          ]
        : []),
    ];
  });
}

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import cycles anywhere (type-only imports count too).',
      from: {},
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment:
        'Every import resolves; across packages only what a package.json "exports" lists resolves, so no @sandtable/x/src/... (virtual: modules are made by our Vite plugins).',
      from: {},
      to: { couldNotResolve: true, pathNot: '^virtual:' },
    },
    {
      name: 'no-non-package-json',
      severity: 'error',
      comment:
        "Every npm package imported is declared in the importing package's package.json (or the root's dev tools).",
      from: {},
      to: { dependencyTypes: ['npm-no-pkg', 'npm-unknown'] },
    },
    {
      name: 'not-to-dev-dep',
      severity: 'error',
      comment:
        'Production code imports no devDependency (tests, benchmarks and build tools may; types may; a package may declare as its dependency what the root has as a dev tool).',
      from: { path: WORKSPACE, pathNot: devOnly },
      to: { dependencyTypes: ['npm-dev'], dependencyTypesNot: ['type-only', 'npm'] },
    },
    ...workspaceRules(),
    ...layerRules(),
  ],
  options: {
    exclude: { path: '^(packages|games)/[^/]+/dist/' },
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    // a package's own package.json, merged with the root's (whose devDependencies are the shared
    // test tools, and whose workspaces tell depcruise which imports are workspace packages)
    combinedDependencies: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.mjs', '.js', '.json', '.d.mts'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
  },
};
