/**
 * `virtual:game-list`: the listed games for the start page (games-manifest.ts, run at build time)
 * and a loader per game (`load[id]()`: a dynamic import of the game's entry, one chunk per game),
 * so a game's rules, data, web adapter and AI load only when it is opened. No game is named here.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const ID = 'virtual:game-list';
const RESOLVED = `\0${ID}`;

interface Listed {
  entry: string;
  [k: string]: unknown;
}

export function gameManifest(): Listed[] {
  const script = fileURLToPath(new URL('./games-manifest.ts', import.meta.url));
  const out = execFileSync(process.execPath, ['--import', 'tsx', script], {
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(out) as Listed[];
}

/** Made once per build (the page's and the worker's bundles share it). */
let cached: Listed[] | null = null;

export function gamesPlugin(): Plugin {
  return {
    name: 'sandtable-game-list',
    resolveId: (id) => (id === ID ? RESOLVED : null),
    load(id) {
      if (id !== RESOLVED) return null;
      cached ??= gameManifest();
      const list = cached.map(({ entry: _entry, ...info }) => info);
      const loaders = cached.map((g) => `  ${JSON.stringify(g.id)}: () => import(${JSON.stringify(g.entry)}),`);
      return `export const games = ${JSON.stringify(list)};\nexport const load = {\n${loaders.join('\n')}\n};\n`;
    },
  };
}
