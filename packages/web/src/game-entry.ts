/** A game the app offers: its rules, its map adapter and its player rules text. */
import type { Game } from '@sandtable/engine';
import type { GameAdapter } from '@sandtable/map';

export interface GameEntry {
  game: Game<any, any, any>;
  adapter: GameAdapter;
  rulesText: string;
}
