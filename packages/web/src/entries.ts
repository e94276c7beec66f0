/**
 * The listed games for the browser: the start page's list (`virtual:game-list`, built with no
 * rules code), and each game opened on demand: its entry (rules and data), its UI adapter
 * (generic fallback: no map, action list only) and the rules text, each a chunk of its own.
 */
import { genericAdapter } from '@sandtable/map';
import { games as list, load } from 'virtual:game-list';
import type { GameEntry, Games } from './game-entry.ts';

/** Each game folder's rules reference (games/<id>/RULES.md, as rules-plugin.ts reads it), a lazy chunk per game. */
const RULES = import.meta.glob<string>('../../../games/*/RULES.md', { query: '?raw', import: 'default' });

function rulesText(id: string): Promise<string> {
  const load = RULES[`../../../games/${id}/RULES.md`];
  return load ? load() : Promise.resolve('');
}

const opened = new Map<string, GameEntry>();
const opening = new Map<string, Promise<GameEntry>>();

async function openGame(id: string): Promise<GameEntry> {
  const loader = load[id];
  if (!loader) throw new Error(`unknown game "${id}"; games: ${Object.keys(load).join(', ')}`);
  const [{ entry }, text] = await Promise.all([loader(), rulesText(id)]);
  const adapter = (await entry.web?.()) ?? genericAdapter(entry.game);
  const e: GameEntry = { game: entry.game, adapter, rulesText: text, texts: entry.texts };
  opened.set(id, e);
  return e;
}

export const browserGames: Games = {
  list,
  open(id) {
    let p = opening.get(id);
    if (!p) {
      p = openGame(id);
      opening.set(id, p);
      p.catch(() => opening.delete(id));
    }
    return p;
  },
  opened: (id) => opened.get(id),
};
