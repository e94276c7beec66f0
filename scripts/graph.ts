/**
 * `npm run graph`: the import graph, package to package, by layer (scripts/layers.cjs), from
 * dependency-cruiser's JSON. Flags an arrow that goes up a layer or that the layers table does
 * not allow, and every import cycle; a flag that .dependency-cruiser-known-violations.json lists
 * is marked "known" (other work removes it). Exits 1 on a flag that is not known.
 *   node --import tsx scripts/graph.ts
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

interface LayersTable {
  layers: { name: string; packages: Record<string, string[]> }[];
  e2e: Record<string, string[]>;
  devOnly: string[];
  workspaces(): { folder: string }[];
  packageOf(file: string, all: { folder: string }[]): string | null;
}
interface Dependency {
  resolved: string;
  circular: boolean;
  coreModule: boolean;
  couldNotResolve: boolean;
}
interface Module {
  source: string;
  dependencies: Dependency[];
}
interface Known {
  from: string;
  to: string;
  rule: { name: string };
}

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ROOTS = ['packages', 'games', 'bench', 'scripts', 'vitest.config.ts'];
const TOOLS = "tools (the repository's own scripts, above every layer)";
const table = createRequire(import.meta.url)('./layers.cjs') as LayersTable;
const devOnly = table.devOnly.map((p) => new RegExp(p));

/** The package folder a file belongs to (packages/x, games/x), or the tools pseudo-package. */
const ALL = table.workspaces();

/** The package folder a file belongs to (the deepest workspace), 'tools' outside them, null in node_modules. */
function packageOf(file: string): string | null {
  if (file.startsWith('node_modules/') || file.includes('/node_modules/')) return null;
  return table.packageOf(file, ALL) ?? 'tools';
}

/** The layers table's entry for a package folder: its layer's index and what it may import. */
function placeOf(pkg: string): { layer: number; may: string[] } | null {
  if (pkg === 'tools') return { layer: table.layers.length, may: [] };
  for (const [i, { packages }] of table.layers.entries()) {
    for (const [folder, may] of Object.entries(packages)) {
      const hit = folder.endsWith('/*') ? pkg.startsWith(folder.slice(0, -1)) : pkg === folder;
      if (hit) return { layer: i, may };
    }
  }
  return null;
}

const matches = (pkg: string, folder: string) =>
  folder.endsWith('/*') ? pkg.startsWith(folder.slice(0, -1)) : pkg === folder;

function cruise(): Module[] {
  let out: string;
  try {
    out = execFileSync(`${ROOT}node_modules/.bin/depcruise`, [...ROOTS, '--output-type', 'json'], {
      cwd: ROOT,
      maxBuffer: 256 * 1024 * 1024,
      encoding: 'utf8',
    });
  } catch (e) {
    // depcruise exits non-zero when it finds violations; its JSON is on stdout all the same
    out = (e as { stdout?: string }).stdout ?? '';
    if (!out) throw e;
  }
  return (JSON.parse(out) as { modules: Module[] }).modules;
}

/** Strongly connected components of more than one file (Tarjan). */
function cycles(modules: Module[]): string[][] {
  const next = new Map(modules.map((m) => [m.source, m.dependencies.map((d) => d.resolved)]));
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  let counter = 0;
  const visit = (v: string): void => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!next.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1) out.push(scc.sort());
    }
  };
  for (const v of next.keys()) if (!index.has(v)) visit(v);
  return out;
}

function main(): number {
  const modules = cruise().filter((m) => packageOf(m.source) !== null);
  const baselineFile = `${ROOT}.dependency-cruiser-known-violations.json`;
  const known = existsSync(baselineFile) ? (JSON.parse(readFileSync(baselineFile, 'utf8')) as Known[]) : [];
  const isKnown = (from: string, to: string) => known.some((k) => k.from === from && k.to === to);

  // package -> package arrows, each with the file-level imports that make it
  const arrows = new Map<string, Map<string, { from: string; to: string }[]>>();
  for (const m of modules) {
    const a = packageOf(m.source)!;
    if (!arrows.has(a)) arrows.set(a, new Map());
    for (const d of m.dependencies) {
      if (d.coreModule || d.couldNotResolve) continue;
      const b = packageOf(d.resolved);
      if (!b || b === a || b === 'tools') continue;
      const edges = arrows.get(a)!.get(b) ?? [];
      edges.push({ from: m.source, to: d.resolved });
      arrows.get(a)!.set(b, edges);
    }
  }

  let fresh = 0;
  let knownFlags = 0;
  const flag = (
    edges: { from: string; to: string }[],
    why: string,
    old = edges.every((e) => isKnown(e.from, e.to)),
  ) => {
    if (old) knownFlags++;
    else fresh++;
    return `  [${why}${old ? ', known' : ''}]`;
  };

  const names = [...table.layers.map((l) => l.name), TOOLS];
  const packages = [...arrows.keys()].sort();
  const lines: string[] = ['Import graph, package to package, top layer first ("->" production, "~>" tests only).'];
  for (let layer = names.length - 1; layer >= 0; layer--) {
    const here = packages.filter((p) => (placeOf(p)?.layer ?? -1) === layer);
    if (!here.length) continue;
    lines.push('', names[layer]!);
    for (const p of here) {
      const place = placeOf(p)!;
      const outs = [...arrows.get(p)!.entries()].sort(([x], [y]) => x.localeCompare(y));
      const label = p === 'tools' ? 'bench/, scripts/, vitest.config.ts' : p;
      lines.push(outs.length ? `  ${label}` : `  ${label}  (imports no workspace package)`);
      for (const [q, edges] of outs) {
        const testsOnly = edges.every((e) => devOnly.some((r) => r.test(e.from)));
        const to = placeOf(q);
        let note = '';
        const e2eMay = Object.entries(table.e2e).flatMap(([k, v]) => (matches(p, k) ? v : []));
        const e2e = e2eMay.some((f) => matches(q, f)) && edges.every((e) => e.from.startsWith(`${p}/e2e/`));
        if (e2e) note = '  (end-to-end tests)';
        else if (p !== 'tools') {
          if (!to) note = flag(edges, `${q} has no layer`);
          else if (to.layer > place.layer) note = flag(edges, `up: ${names[place.layer]} -> ${names[to.layer]}`);
          else if (!place.may.some((f) => matches(q, f))) note = flag(edges, 'not allowed by the layers');
        }
        lines.push(
          `      ${testsOnly ? '~>' : '->'} ${q}  (${edges.length} import${edges.length > 1 ? 's' : ''})${note}`,
        );
      }
    }
  }
  const unplaced = packages.filter((p) => !placeOf(p));
  if (unplaced.length) lines.push('', `not in scripts/layers.cjs: ${unplaced.join(', ')}`);

  const found = cycles(modules);
  lines.push('', found.length ? 'Import cycles:' : 'Import cycles: none');
  // a cycle is known when each of its files is in a known one (a file joining it is news)
  const inKnownCycle = new Set(known.filter((k) => k.rule.name === 'no-circular').flatMap((k) => [k.from, k.to]));
  for (const scc of found) {
    const pkgs = [...new Set(scc.map((f) => packageOf(f)))].join(', ');
    const note = flag(
      [],
      'cycle',
      scc.every((f) => inKnownCycle.has(f)),
    );
    lines.push(
      `  ${scc.length} files in ${pkgs}${note}`,
      `      ${scc.map((f) => f.split('/').slice(2).join('/')).join(' ')}`,
    );
  }

  lines.push(
    '',
    `Flags: ${fresh} new, ${knownFlags} known (in .dependency-cruiser-known-violations.json, ${known.length} file-level entries).`,
  );
  console.log(lines.join('\n'));
  return fresh ? 1 : 0;
}

process.exitCode = main();
