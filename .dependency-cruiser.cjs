/**
 * Import rules, checked by `npm run lint` (depcruise); `npm run graph` prints the graph they
 * keep. Layers, bottom to top (scripts/layers.cjs says which package may import which):
 *   engine      packages/engine imports no other workspace package
 *   libraries   packages/protocol, packages/map, packages/ai: the engine (ai may use map)
 *   games       games/<id>: the engine and the libraries, never another game
 *   catalog     packages/catalog: games and libraries
 *   apps        packages/cli, packages/server, packages/web: the catalog and the libraries;
 *               nothing imports an app except its own files (and the web's browser test, which
 *               starts the real server)
 * No import cycle anywhere. Across packages an import goes through the package's name and its
 * "exports" (no `@sandtable/x/src/...`, no relative path out of a package folder), and every
 * package declares in its package.json what it imports; production code imports no
 * devDependency. The root's devDependencies are the shared test and lint tools (vitest,
 * fast-check): every package's tests may use them.
 * Known violations that other work is removing sit in .dependency-cruiser-known-violations.json:
 * `npm run lint` passes over those and fails on any other; the file may only shrink
 * (`npm run lint:baseline` rewrites it once a violation is gone).
 */
const { existsSync, readdirSync, readFileSync } = require('node:fs');
const { join } = require('node:path');
const { layers, e2e, devOnly } = require('./scripts/layers.cjs');

/** A file in some workspace package. */
const WORKSPACE = '^(packages|games)/[^/]+/';

const reEscape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A folder of scripts/layers.cjs (`games/*` is any game) as a path pattern. */
const folderPattern = (f) => `^${reEscape(f).replace('/\\*', '/[^/]+')}/`;

/** One rule per package of the layers table: it imports only what its layer allows. */
function layerRules() {
  return layers.flatMap(({ name: layer, packages }) =>
    Object.entries(packages).flatMap(([folder, may]) => {
      const from = folder.endsWith('/*') ? `^${reEscape(folder.slice(0, -2))}/([^/]+)/` : folderPattern(folder);
      const self = folder.endsWith('/*') ? `^${reEscape(folder.slice(0, -2))}/$1/` : folderPattern(folder);
      const allowed = [self, ...may.map(folderPattern)];
      const rule = (name, fromRule, extra) => ({
        name,
        severity: 'error',
        comment: `${folder} (layer ${layer}) imports only ${[...may, ...extra].join(', ') || 'itself'}.`,
        from: fromRule,
        to: { path: WORKSPACE, pathNot: [...allowed, ...extra.map(folderPattern)] },
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

/** Each workspace package's folder, and the workspace packages its package.json declares. */
function workspaces() {
  const root = JSON.parse(readFileSync(join(__dirname, 'package.json'), 'utf8'));
  const folders = root.workspaces.flatMap((w) =>
    w.endsWith('/*')
      ? readdirSync(join(__dirname, w.slice(0, -2)), { withFileTypes: true })
          .filter((d) => d.isDirectory())
          .map((d) => `${w.slice(0, -2)}/${d.name}`)
      : [w],
  );
  const all = folders
    .filter((f) => existsSync(join(__dirname, f, 'package.json')))
    .map((folder) => ({ folder, pkg: JSON.parse(readFileSync(join(__dirname, folder, 'package.json'), 'utf8')) }));
  const folderOf = new Map(all.map(({ folder, pkg }) => [pkg.name, folder]));
  const declared = (deps) => Object.keys(deps ?? {}).flatMap((n) => (folderOf.has(n) ? [folderOf.get(n)] : []));
  return all.map(({ folder, pkg }) => ({
    folder,
    name: pkg.name,
    runtime: declared(pkg.dependencies),
    any: [...declared(pkg.dependencies), ...declared(pkg.devDependencies)],
  }));
}

/**
 * npm links workspace packages, so depcruise sees a workspace import as a plain file and cannot
 * tell whether the importer declares it: these rules, made from each package.json, do.
 */
function workspaceRules() {
  return workspaces().flatMap(({ folder, name, runtime, any }) => {
    const devDeps = any.filter((f) => !runtime.includes(f));
    return [
      {
        name: 'workspace-not-declared',
        severity: 'error',
        comment: `${name} imports a workspace package that its package.json does not declare.`,
        from: { path: folderPattern(folder) },
        to: { path: WORKSPACE, pathNot: [folder, ...any].map(folderPattern) },
      },
      ...(devDeps.length
        ? [
            {
              name: 'workspace-dev-dep-in-production',
              severity: 'error',
              comment: `${name}'s production code imports a workspace package that is only its devDependency.`,
              from: { path: folderPattern(folder), pathNot: devOnly },
              to: { path: devDeps.map(folderPattern), dependencyTypesNot: ['type-only'] },
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
    {
      name: 'no-relative-out-of-package',
      severity: 'error',
      comment: 'A relative import stays in its package folder; another package is reached by its name, not its src/.',
      from: { path: '^(packages|games)/([^/]+)/' },
      to: { dependencyTypes: ['local'], dependencyTypesNot: ['aliased-workspace'], pathNot: '^$1/$2/' },
    },
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
