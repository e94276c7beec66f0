/**
 * One game, one folder: everything about a game lives in games/<id>/, and the games are listed
 * in one place (games/index.ts). This test proves the rest: no file under packages/ mentions a
 * listed game (its id, its package name, or the words of its id joined by nothing, a space, a
 * hyphen or an underscore, in any case), every listed game has the uniform entry, and every game
 * folder is listed.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { games } from '@sandtable/games';
import { catalog, type CatalogEntry } from './index.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SKIP = new Set(['node_modules', 'dist', '.git']);

/** Every file under `dir` (node_modules and build output left out). */
function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (SKIP.has(name)) return [];
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

/**
 * A game's id in any spelling: its words with nothing, a space, a hyphen or an underscore between
 * them. An id of four letters or fewer is matched as a whole word, or it would be found inside
 * other words ("docs").
 */
function mention(id: string): RegExp {
  const words = id.split('-').join('[\\s_-]?');
  return new RegExp(id.length <= 4 ? `\\b${words}\\b` : words, 'i');
}

/** Why a game folder is not listed yet, when its package.json says it is still being built. */
function inDevelopment(folder: string): string | undefined {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'games', folder, 'package.json'), 'utf8'));
  const why = pkg.sandtable?.inDevelopment;
  if (why !== undefined && (typeof why !== 'string' || why.length === 0)) {
    throw new Error(`games/${folder}/package.json: sandtable.inDevelopment must say why the game is not listed`);
  }
  return why;
}

/** The list as the catalog sees it (a game's `ai` and `web` are optional). */
const listed: readonly CatalogEntry[] = games;
const ids = listed.map((e) => e.game.rules.id);

describe('architecture: one game, one folder', () => {
  it('no file under packages/ mentions a listed game', () => {
    const found: string[] = [];
    const patterns = ids.map((id) => [id, mention(id)] as const);
    for (const file of files(join(ROOT, 'packages'))) {
      const lines = readFileSync(file, 'utf8').split('\n');
      lines.forEach((line, i) => {
        for (const [id, re] of patterns)
          if (re.test(line)) found.push(`${relative(ROOT, file)}:${i + 1}: ${id}: ${line.trim().slice(0, 120)}`);
      });
    }
    expect(found, 'game mentions under packages/ (move them into the game folder, or make them generic)').toEqual([]);
  });

  it('every game folder is listed once, and the catalog offers each listed game by its id', () => {
    const folders = readdirSync(join(ROOT, 'games')).filter((d) => existsSync(join(ROOT, 'games', d, 'package.json')));
    // games/example-*: teaching material (docs/adding-a-game.md), built like a game but never listed.
    const examples = folders.filter((d) => d.startsWith('example-'));
    // A game still being built says so in its package.json ("sandtable": {"inDevelopment": "why"}),
    // and is listed once it plays to its end; a listed game may not carry the mark.
    const building = folders.filter((d) => inDevelopment(d) !== undefined);
    expect(ids.filter((id) => examples.includes(id) || building.includes(id))).toEqual([]);
    expect([...ids].sort()).toEqual(folders.filter((d) => !examples.includes(d) && !building.includes(d)).sort());
    expect(new Set(ids).size).toBe(ids.length);
    expect(Object.keys(catalog)).toEqual(ids);
  });

  it("every listed game has the uniform entry and its package exports '.', './entry' and './ai', './web' when it has them", () => {
    for (const entry of listed) {
      const id = entry.game.rules.id;
      const pkg = JSON.parse(readFileSync(join(ROOT, 'games', id, 'package.json'), 'utf8')) as {
        name: string;
        exports: Record<string, string>;
      };
      expect(pkg.name).toBe(`@sandtable/${id}`);
      expect(typeof entry.validate, id).toBe('function');
      const want = ['.', './entry', ...(entry.ai ? ['./ai'] : []), ...(entry.web ? ['./web'] : [])];
      for (const key of want) {
        expect(pkg.exports[key], `${id} exports ${key}`).toBeDefined();
        expect(existsSync(join(ROOT, 'games', id, pkg.exports[key]!)), `${id}: ${pkg.exports[key]}`).toBe(true);
      }
      if (entry.ai) expect(typeof entry.ai).toBe('function');
      if (entry.web) expect(typeof entry.web).toBe('function');
    }
  });

  it("a game's AI, loaded through its entry, plays that game", async () => {
    for (const entry of listed) {
      if (!entry.ai) continue;
      const ai = await entry.ai();
      expect(ai.game.rules.id).toBe(entry.game.rules.id);
      expect(typeof ai.hooks.evaluate).toBe('function');
    }
  });
});
