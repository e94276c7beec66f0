/**
 * `virtual:rules-text`: each game folder's rules reference for players
 * (`games/<id>/reference/<lang>.md`), as one lazy chunk per game and language:
 * `{ [gameId]: { [lang]: () => Promise<string> } }`. The build reads only the repository's
 * `games/` folder (never anything beside the repository). A game without a reference gets none.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const ID = 'virtual:rules-text';
const RESOLVED = `\0${ID}`;
const PART = `${ID}/`;

export function gamesDir(): string {
  return fileURLToPath(new URL('../../games/', import.meta.url));
}

/** Every game folder's references: game id -> language -> Markdown. */
export function rulesTexts(dir = gamesDir()): Record<string, Record<string, string>> {
  const texts: Record<string, Record<string, string>> = {};
  if (!existsSync(dir)) return texts;
  for (const id of readdirSync(dir).sort()) {
    const ref = `${dir}/${id}/reference`;
    if (!existsSync(ref)) continue;
    for (const f of readdirSync(ref).sort()) {
      const m = /^([a-z]{2}(?:-[A-Za-z]+)?)\.md$/.exec(f);
      if (m) (texts[id] ??= {})[m[1]!] = readFileSync(`${ref}/${f}`, 'utf8');
    }
  }
  return texts;
}

/** The index module: a dynamic import per game and language (each its own chunk). */
export function indexModule(texts: Record<string, Record<string, string>>): string {
  const games = Object.entries(texts).map(([id, langs]) => {
    const loaders = Object.keys(langs).map(
      (l) => `${JSON.stringify(l)}: () => import(${JSON.stringify(`${PART}${id}/${l}`)}).then((m) => m.default)`,
    );
    return `${JSON.stringify(id)}: { ${loaders.join(', ')} }`;
  });
  return `export default { ${games.join(', ')} };`;
}

export function rulesTextPlugin(dir = gamesDir()): Plugin {
  return {
    name: 'sandtable-rules-text',
    resolveId: (id) => (id === ID || id.startsWith(PART) ? `\0${id}` : null),
    load(id) {
      if (id === RESOLVED) return indexModule(rulesTexts(dir));
      if (!id.startsWith(`\0${PART}`)) return null;
      const [game, lang] = id.slice(PART.length + 1).split('/');
      const file = `${dir}/${game}/reference/${lang}.md`;
      this.addWatchFile(file);
      return `export default ${JSON.stringify(readFileSync(file, 'utf8'))};`;
    },
  };
}
