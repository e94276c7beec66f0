/**
 * Checks of a game's message table (see `../texts.ts`) for its tests: the message ids its source
 * names, and the messages its decisions carry along a record.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Action, GameRecord } from '../contract.ts';
import type { Game } from '../game.ts';
import { messageProblems } from '../texts.ts';

/**
 * Every quoted message id (`'<prefix>...'`) in the non-test `.ts` files under `dir`, the folders
 * named in `skip` (default: `texts`, where the tables live) set aside.
 */
export function messageIdsInSource(
  dir: string | URL,
  prefix: string,
  skip: readonly string[] = ['texts'],
): Set<string> {
  const root = typeof dir === 'string' ? dir : fileURLToPath(dir);
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const id = new RegExp(`['"\`](${escaped}[\\w.-]+)['"\`]`, 'g');
  const out = new Set<string>();
  const walk = (d: string): void => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) {
        if (!skip.includes(name) && name !== 'node_modules') walk(p);
      } else if (name.endsWith('.ts') && !/\.(test|spec|bench)\.ts$/.test(name)) {
        for (const m of readFileSync(p, 'utf8').matchAll(id)) out.add(m[1]!);
      }
    }
  };
  walk(root);
  return out;
}

/**
 * Replays `record` and checks the decision at every step: it carries a message, whose id has a
 * template in `table`, whose parameters are the template's placeholders, and whose rendering is
 * the decision's prompt. Returns the problems (each once, with its first step) and the ids seen.
 */
export function recordMessageProblems<G>(
  game: Game<G, Action, unknown>,
  table: Readonly<Record<string, string>>,
  record: GameRecord,
): { problems: string[]; seen: Set<string> } {
  const problems = new Map<string, number>();
  const seen = new Set<string>();
  let state = game.setup(record.seed, record.scenario, record.options, record.dice ?? [], record.position);
  for (let k = 0; ; k++) {
    const d = game.decision(state);
    if (d) {
      const found = d.message ? messageProblems(table, d.message, d.prompt) : [`no message for "${d.prompt}"`];
      if (d.message) seen.add(d.message.id);
      for (const p of found) if (!problems.has(p)) problems.set(p, k);
    }
    if (k >= record.actions.length) break;
    const { role, action } = record.actions[k]!;
    state = game.apply(state, role, action);
  }
  return { problems: [...problems].map(([p, k]) => `${p} (step ${k})`), seen };
}
