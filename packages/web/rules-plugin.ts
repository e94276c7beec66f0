/**
 * `virtual:rules-text`: the English rules specs (`../shared/rules/<game>.md` beside the
 * repository, where the project keeps them) bundled as strings by game id, so the client can
 * show the rule text a prompt cites. A missing file gives an empty map, never a build error.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const ID = 'virtual:rules-text';
const RESOLVED = `\0${ID}`;

export function rulesDir(): string {
  return fileURLToPath(new URL('../../../shared/rules/', import.meta.url));
}

/** Ids of the games in the repository (games/<id>): only their specs are bundled. */
function gameIds(): Set<string> {
  const dir = fileURLToPath(new URL('../../games/', import.meta.url));
  return new Set(existsSync(dir) ? readdirSync(dir) : []);
}

export function rulesTextPlugin(dir = rulesDir()): Plugin {
  return {
    name: 'sandtable-rules-text',
    resolveId: (id) => (id === ID ? RESOLVED : null),
    load(id) {
      if (id !== RESOLVED) return null;
      const texts: Record<string, string> = {};
      if (existsSync(dir)) {
        const ids = gameIds();
        for (const f of readdirSync(dir))
          if (ids.has(f.replace(/\.md$/, ''))) texts[f.slice(0, -3)] = readFileSync(`${dir}/${f}`, 'utf8');
      }
      return `export default ${JSON.stringify(texts)};`;
    },
  };
}
