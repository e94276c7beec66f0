declare module 'virtual:rules-text' {
  const texts: Record<string, string>;
  export default texts;
}

declare module 'virtual:game-list' {
  import type { GameInfo } from './game-entry.ts';
  import type { GamePackage } from '@sandtable/engine';
  export const games: GameInfo[];
  export const load: Record<string, () => Promise<{ entry: GamePackage<any, any> }>>;
}
