declare module 'virtual:rules-text' {
  /** Each game's rules reference by language, each loaded on demand (its own chunk). */
  const texts: Record<string, Record<string, () => Promise<string>>>;
  export default texts;
}

declare module 'virtual:game-list' {
  import type { GameInfo } from './game-entry.ts';
  import type { GamePackage } from '@sandtable/engine';
  export const games: GameInfo[];
  export const load: Record<string, () => Promise<{ entry: GamePackage<any, any> }>>;
}
