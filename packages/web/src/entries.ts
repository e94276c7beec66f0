/**
 * The listed games for the browser: the start page's list (`virtual:game-list`, built with no
 * rules code), and each game opened on demand: its entry (rules and data), its UI adapter
 * (generic fallback: no map, action list only); its rules reference loads, per language, when opened.
 */
import { genericAdapter } from '@sandtable/map';
import { games as list, load } from 'virtual:game-list';
import rulesTexts from 'virtual:rules-text';
import type { GameEntry, Games } from './game-entry.ts';

/** Each game folder's rules reference by language (games/<id>/reference/<lang>.md), a lazy chunk each. */
const rules = (id: string) => rulesTexts[id];

const opened = new Map<string, GameEntry>();
const opening = new Map<string, Promise<GameEntry>>();

async function openGame(id: string): Promise<GameEntry> {
  const loader = load[id];
  if (!loader) throw new Error(`unknown game "${id}"; games: ${Object.keys(load).join(', ')}`);
  const { entry } = await loader();
  const adapter = (await entry.web?.()) ?? genericAdapter(entry.game);
  const e: GameEntry = { game: entry.game, adapter, rules: rules(id), texts: entry.texts };
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
