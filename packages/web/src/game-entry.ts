/** A game the app offers: what the start page knows of it, and (once opened) its rules, map adapter and rules text. */
import type { Game, GamePackage, OptionSpec, Role } from '@sandtable/engine';
import type { GameAdapter } from '@sandtable/map';

export interface GameEntry {
  game: Game<any, any, any>;
  adapter: GameAdapter;
  /** The game's rules reference for players by language, each loaded when the game is opened. */
  rules?: Readonly<Record<string, () => Promise<string>>>;
  /** The game's words in other languages, loaded when the game is opened. */
  texts?: GamePackage['texts'];
}

/** A listed game before it is opened (the start page's list; no rules code). */
export interface GameInfo {
  id: string;
  title: string;
  roles: readonly Role[];
  scenarios: readonly { id: string; title: string; description: string }[];
  options: readonly OptionSpec[];
  labels: Record<Role, string>;
  /** '' when the build could not ask the adapter: the page then asks it once the game is loaded. */
  colors: Record<Role, string>;
}

/** The games: listed at once, each opened (loaded) on demand. */
export interface Games {
  list: GameInfo[];
  open(id: string): Promise<GameEntry>;
  /** The game if it is already open. */
  opened(id: string): GameEntry | undefined;
}

/** What the start page shows of an opened game. */
export function infoOf({ game, adapter }: GameEntry): GameInfo {
  const r = game.rules;
  return {
    id: r.id,
    title: r.title,
    roles: r.roles,
    scenarios: r.scenarios.map((s: { id: string; title: string; description?: string }) => ({
      id: s.id,
      title: s.title,
      description: s.description ?? '',
    })),
    options: r.options,
    labels: Object.fromEntries(r.roles.map((x: Role) => [x, adapter.roleLabel(x)])),
    colors: Object.fromEntries(r.roles.map((x: Role) => [x, adapter.roleColor(x)])),
  };
}

/** Games already loaded (tests, and pages that bundle everything). */
export function eagerGames(entries: GameEntry[]): Games {
  const by = new Map(entries.map((e) => [e.game.rules.id as string, e]));
  return {
    list: entries.map(infoOf),
    open: async (id) => {
      const e = by.get(id);
      if (!e) throw new Error(`unknown game "${id}"; games: ${[...by.keys()].join(', ')}`);
      return e;
    },
    opened: (id) => by.get(id),
  };
}
