/**
 * `virtual:rules-text`: each game folder's rules reference (`games/<id>/RULES.md`) bundled as
 * strings by game id, so the client can show the rule text a prompt cites. The build reads only
 * the repository. A game without the file gets none, never a build error.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const ID = 'virtual:rules-text';
const RESOLVED = `\0${ID}`;

export function gamesDir(): string {
  return fileURLToPath(new URL('../../games/', import.meta.url));
}

/** The rules reference of every game folder that has one, by folder name (the game id). */
export function rulesTexts(dir = gamesDir()): Record<string, string> {
  const texts: Record<string, string> = {};
  if (!existsSync(dir)) return texts;
  for (const id of readdirSync(dir)) {
    const file = `${dir}/${id}/RULES.md`;
    if (existsSync(file)) texts[id] = readFileSync(file, 'utf8');
  }
  return texts;
}

export function rulesTextPlugin(dir = gamesDir()): Plugin {
  return {
    name: 'sandtable-rules-text',
    resolveId: (id) => (id === ID ? RESOLVED : null),
    load: (id) => (id === RESOLVED ? `export default ${JSON.stringify(rulesTexts(dir))};` : null),
  };
}
