/**
 * Run by games-plugin.ts at build time (Node, through tsx): prints the start page's list of the
 * listed games as JSON - what the set-up form shows before a game is opened (title, sides,
 * scenarios, rule options, the sides' names and colours) and where each game's entry module is.
 * The games' code itself stays out of the start page: it loads when a game is opened.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { catalog } from '@sandtable/catalog';

const root = fileURLToPath(new URL('../../games/', import.meta.url));
const out = [];
for (const e of Object.values(catalog)) {
  const r = e.game.rules;
  const pkg = JSON.parse(readFileSync(`${root}${r.id}/package.json`, 'utf8')) as { exports: Record<string, string> };
  // the adapter gives the sides' names and colours where it loads in Node (some need the build's plugins)
  let web: { roleLabel(r: string): string; roleColor(r: string): string } | null = null;
  try {
    web = (await e.web?.()) ?? null;
  } catch {
    web = null;
  }
  const label = (x: string) => {
    try {
      return web?.roleLabel(x) ?? x.charAt(0).toUpperCase() + x.slice(1);
    } catch {
      return x;
    }
  };
  out.push({
    id: r.id,
    title: r.title,
    roles: r.roles,
    scenarios: r.scenarios.map((s: { id: string; title: string; description?: string }) => ({
      id: s.id,
      title: s.title,
      description: s.description ?? '',
    })),
    options: r.options,
    labels: Object.fromEntries(r.roles.map((x: string) => [x, label(x)])),
    colors: Object.fromEntries(r.roles.map((x: string) => [x, web ? web.roleColor(x) : ''])),
    entry: `${root}${r.id}/${pkg.exports['./entry']!.replace(/^\.\//, '')}`,
  });
}
process.stdout.write(JSON.stringify(out));
