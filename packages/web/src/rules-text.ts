/**
 * The open game's rules reference in the page's language: loaded when the game is opened (one
 * chunk per game and language, `virtual:rules-text`), then a citation ("8.1(1)③", "§11 L132")
 * opens its anchored sections (`anchorsFor`, engine `reference.ts`) and is labelled by their
 * headings rather than shown raw.
 */
import { anchorsFor, type ReferenceSection, referenceSections } from '@sandtable/engine';
import { lang, notifyLang, onLang } from './i18n/index.ts';

/** A game's reference by language, each loaded on demand. */
export type RulesLoaders = Readonly<Record<string, () => Promise<string>>>;

interface Loaded {
  sections: ReferenceSection[];
  byKey: Map<string, ReferenceSection>;
}

const loaded = new Map<string, Loaded | 'loading' | 'missing'>();
let active: { gameId: string; loaders: RulesLoaders | undefined } | null = null;

/** The sections of a reference by anchor. */
export function indexReference(markdown: string): Loaded {
  const sections = referenceSections(markdown);
  return { sections, byKey: new Map(sections.map((s) => [s.key, s])) };
}

const k = (gameId: string, l: string) => `${gameId}\u0000${l}`;

/** A reference given directly (tests, or a page that has it at hand). */
export function setReference(gameId: string, l: string, markdown: string): void {
  loaded.set(k(gameId, l), indexReference(markdown));
}

function load(gameId: string, loaders: RulesLoaders | undefined, l: string): void {
  if (loaded.has(k(gameId, l))) return;
  const f = loaders?.[l];
  if (!f) return void loaded.set(k(gameId, l), 'missing');
  loaded.set(k(gameId, l), 'loading');
  f().then(
    (md) => {
      loaded.set(k(gameId, l), indexReference(md));
      if (active?.gameId === gameId) notifyLang();
    },
    () => loaded.set(k(gameId, l), 'missing'),
  );
}

/** Opens a game's reference: the current language's loads now (English too, the fallback), others on a switch. */
export function openRules(gameId: string, loaders: RulesLoaders | undefined): void {
  if (active?.gameId === gameId && active.loaders === loaders) return;
  active = { gameId, loaders };
  load(gameId, loaders, lang());
  load(gameId, loaders, 'en');
}
onLang((l) => active && load(active.gameId, active.loaders, l));

/** The open game's reference in the page's language (English if it has none), or its loading state. */
function current(): Loaded | 'loading' | 'missing' {
  if (!active) return 'missing';
  const here = loaded.get(k(active.gameId, lang()));
  if (here && here !== 'missing') return here;
  return loaded.get(k(active.gameId, 'en')) ?? 'missing';
}

/** What a citation opens: its sections, or that the reference is still loading, or has none. */
export function ruleSections(citation: string): ReferenceSection[] | 'loading' {
  const ref = current();
  if (ref === 'loading') return 'loading';
  if (ref === 'missing') return [];
  const found = anchorsFor(ref.byKey.keys(), citation).map((key) => ref.byKey.get(key)!);
  // a section already shown inside another one (an option under its rule) is not shown twice
  return found.filter((s) => !found.some((o) => o !== s && o.body.includes(`{#${s.key}}`)));
}

/** A citation as a player reads it: the headings of the rules it opens (the citation itself until loaded). */
export function ruleLabel(citation: string): string {
  const s = ruleSections(citation);
  return s === 'loading' || s.length === 0 ? citation : s.map((x) => x.heading).join('; ');
}
