/**
 * A per-game UI adapter: how to draw a game's view model on the map. Everything here is
 * presentation; legality, odds and words come from the game's own rules module.
 */
import type { Action, EngineState, Game, Role, View } from '@sandtable/engine';
import type { MapModel, Pt } from './model.ts';

export interface OddsRow {
  label: string;
  p: number;
}

export interface OddsTable {
  title: string;
  rows: OddsRow[];
}

/** A card shown in a side-panel box; one with an `id` that actions name is clicked like a place. */
export interface CardChip {
  id?: string;
  title: string;
  /** Short value in the corner (e.g. "SV 3"). */
  badge?: string;
  /** Full text (tooltip). */
  text?: string;
  /** Shown as a card back (its face is hidden from this player). */
  faceDown?: boolean;
}

/** A row of boxes with a marker (entry tracks, turn tracks): `at` is the marker's box, `mark` a box printed specially. */
export interface TrackRow {
  label: string;
  boxes: string[];
  at: number;
  mark?: number;
}

/** A side-panel box; `focus` places are marked on the map (e.g. the contested area). */
export interface InfoBoxData {
  title: string;
  lines: string[];
  odds: OddsTable[];
  focus?: string[];
  cards?: CardChip[];
  /** Print each card's text on it (a hand to play from), not only in its tooltip. */
  cardText?: boolean;
  tracks?: TrackRow[];
  /** Drawn closed (the title opens it). */
  collapsed?: boolean;
  /** data-testid of the box (for tests and automation). */
  testId?: string;
}

export interface GameAdapter {
  id: string;
  /** The map as `role` sees it (null: the game has no map; actions are listed only). */
  map(view: View<unknown>): MapModel | null;
  /** Every place id (area ids, hex labels, boxes) actions may name. */
  places(view: View<unknown>): ReadonlySet<string>;
  /** Places an action names other than by its own strings (e.g. a unit by number -> its counter's piece id, a chit -> the counter it lies under in `view`), so a click there selects it. */
  tokens?(action: Action, view?: View<unknown>): string[];
  placeName(place: string): string;
  roleLabel(role: Role): string;
  roleColor(role: Role): string;
  /** Header facts: turn, phase, scores... */
  status(view: View<unknown>): [string, string][];
  /** Arrow for an action that moves something (points and a label: cost, what is left); `history` = the deciding role's earlier actions. */
  path?(view: View<unknown>, action: Action, history: readonly Action[]): { points: Pt[]; label?: string } | null;
  /** Exact distribution of outcomes of an action that rolls dice, from the rules' own tables. */
  odds?(game: Game<any, any, any>, state: EngineState<unknown>, role: Role, action: Action): OddsTable[] | null;
  /** A box for the side panel (e.g. the battle in progress, with the odds of its next round). */
  info?(view: View<unknown>): InfoBoxData | null;
  /** Further side-panel boxes (hands, decks, tracks), drawn under the info box; their cards' ids may be places. */
  panels?(view: View<unknown>): InfoBoxData[];
  /** Map key: symbol, colour, meaning. */
  legend?: { glyph: string; color: string; text: string }[];
  /**
   * Why a click on `action` should be confirmed first although undo could take it back: what it
   * does in a few words ("plays a card", "ends the phase"), or null. The engine itself tells the
   * client which actions roll dice, reveal something or hand play over (the undo barrier).
   */
  weighty?(action: Action, view: View<unknown>): string | null;
  /**
   * The piece an action is about, for grouping a long list of actions (e.g. the unit a chit is
   * placed under); absent: the first place the action names.
   */
  groupOf?(action: Action, view: View<unknown>): string | null;
  /** Rules spec key for rule text (virtual:rules-text). */
  rulesKey?: string;
}

const PALETTE = ['#3b6fd8', '#3a3a3a', '#b8322a', '#2f8f4e', '#8a5cc2', '#c98a1b'];

/** Fallback for games without an adapter: no map, generic status from the view's scalars. */
export function genericAdapter(game: Game<any, any, any>): GameAdapter {
  const roles: readonly Role[] = game.rules.roles;
  return {
    id: game.rules.id,
    map: () => null,
    places: () => new Set(),
    placeName: (p) => p,
    roleLabel: (r) => r.charAt(0).toUpperCase() + r.slice(1),
    roleColor: (r) => PALETTE[Math.max(0, roles.indexOf(r)) % PALETTE.length]!,
    status: (v) =>
      Object.entries((v.game ?? {}) as Record<string, unknown>)
        .filter(([, x]) => ['string', 'number', 'boolean'].includes(typeof x))
        .slice(0, 8)
        .map(([k, x]) => [k, String(x)]),
    rulesKey: game.rules.id,
  };
}
