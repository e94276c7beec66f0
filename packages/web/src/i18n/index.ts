/**
 * Languages in the page: English and Simplified Chinese. The language is chosen from the
 * browser's languages (a stored choice wins), switchable in the page (`setLang`), and every
 * component that calls `t` re-renders on a switch under `useLang`.
 *
 * - `t(id, params)`: the client's own words (tables `en.ts`, `zh.ts`).
 * - `say(words)`: the open game's words (`openGameTexts`) (a prompt, log line, action or refusal), given as a
 *   message id with parameters (`Message`): rendered from the game's table for the language once
 *   loaded, its names translated by the game's glossary; the English the game
 *   rendered otherwise. Plain strings are shown as they are.
 */
import { type GamePackage, type GameWords, renderTemplate, type Message, type Words } from '@sandtable/engine';
import { useEffect, useState } from 'preact/hooks';
import { EN, type UiId } from './en.ts';
import { ZH } from './zh.ts';

export type Lang = 'en' | 'zh';
export const LANGS: readonly Lang[] = ['en', 'zh'];
const UI: Record<Lang, Readonly<Record<UiId, string>>> = { en: EN, zh: ZH };
const STORE = 'sandtable.lang';

/** The language for a stored choice and the browser's languages (`navigator.languages`): Chinese for any `zh*`. */
export function chooseLang(stored: string | null | undefined, browser: readonly string[] = []): Lang {
  if (stored === 'en' || stored === 'zh') return stored;
  for (const b of browser) {
    const l = b.toLowerCase();
    if (l.startsWith('zh')) return 'zh';
    if (l.startsWith('en')) return 'en';
  }
  return 'en';
}

function initial(): Lang {
  if (typeof navigator === 'undefined') return 'en';
  let stored: string | null = null;
  try {
    stored = new URLSearchParams(globalThis.location?.search ?? '').get('lang') ?? localStorage.getItem(STORE);
  } catch {
    stored = null;
  }
  return chooseLang(stored, navigator.languages ?? [navigator.language]);
}

let current: Lang = initial();
const htmlLang = (l: Lang) => {
  if (typeof document !== 'undefined') document.documentElement.lang = l === 'zh' ? 'zh-CN' : 'en';
};
htmlLang(current);
const listeners = new Set<(l: Lang) => void>();

export const lang = (): Lang => current;

/** Switches the page's language (remembered in this browser). */
export function setLang(l: Lang): void {
  if (l === current) return;
  current = l;
  try {
    localStorage.setItem(STORE, l);
  } catch {
    // private mode: the choice lasts this page only
  }
  htmlLang(l);
  for (const f of listeners) f(l);
}

/** Re-renders the page in the same language (new words arrived: a game's table, its rules). */
export function notifyLang(): void {
  for (const f of listeners) f(current);
}

/** Calls `f` on every switch; returns the unsubscribe. */
export function onLang(f: (l: Lang) => void): () => void {
  listeners.add(f);
  return () => listeners.delete(f);
}

/** The current language, re-rendering the component on a switch (use it at the root). */
export function useLang(): Lang {
  const [, tick] = useState(0);
  useEffect(() => onLang(() => tick((n) => n + 1)), []);
  return current;
}

/** The client's words for `id` in the current language. */
export function t(id: UiId, params?: Readonly<Record<string, string | number>>): string {
  return renderTemplate(UI[current][id] ?? EN[id], params);
}

/** A game's words in one language: its message table (same ids as its English) and its names glossary. */
export type GameTexts = GameWords;
export type GameTextLoaders = GamePackage['texts'];

const gameTexts = new Map<string, GameTexts>();
const key = (gameId: string, l: Lang) => `${gameId}\u0000${l}`;

let active = '';

/**
 * Opens a game's words: `say` and `sayName` then speak for it, and its table for the current
 * language (and each language switched to later) loads once; the page re-renders when it arrives.
 */
export function openGameTexts(gameId: string, loaders: GameTextLoaders | undefined): void {
  active = gameId;
  const load = (l: Lang) => {
    const f = loaders?.[l];
    if (l === 'en' || !f || gameTexts.has(key(gameId, l))) return;
    f().then((texts) => {
      gameTexts.set(key(gameId, l), texts);
      if (active === gameId && current === l) notifyLang();
    });
  };
  load(current);
  openLoader = load;
}
let openLoader: (l: Lang) => void = () => {};
listeners.add((l) => openLoader(l));

/** Registers a game's words directly (tests, or tables already at hand). */
export function setGameTexts(gameId: string, l: Lang, texts: GameTexts): void {
  gameTexts.set(key(gameId, l), texts);
}

const isMessage = (w: unknown): w is Message =>
  typeof w === 'object' && w !== null && typeof (w as Message).id === 'string' && typeof (w as Message).en === 'string';

/** A message rendered from `texts`, its string parameters through the glossary; null without a template. */
export function renderMessage(texts: GameTexts | undefined, m: Omit<Message, 'en'>): string | null {
  const template = texts?.messages[m.id];
  if (template === undefined) return null;
  const params: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(m.params ?? {})) params[k] = typeof v === 'string' ? translateName(texts, v) : v;
  try {
    return renderTemplate(template, params);
  } catch {
    return null;
  }
}

/** A name (or a list of names joined by ", ") in the language of `texts`. */
export function translateName(texts: GameTexts | undefined, name: string): string {
  const names = texts?.names;
  if (!names) return name;
  if (names[name] !== undefined) return names[name]!;
  if (name.includes(', '))
    return name
      .split(', ')
      .map((n) => names[n] ?? n)
      .join('、');
  return name;
}

/**
 * The open game's words in the current language: `words` is a message, a plain string, or a decision /
 * log line / refusal carrying `message` beside its English `text` or `prompt`.
 */
export function say(
  words: Words | { message?: Omit<Message, 'en'>; prompt?: string; text?: string } | null | undefined,
): string {
  if (words == null) return '';
  if (typeof words === 'string') return words;
  const texts = current === 'en' ? undefined : gameTexts.get(key(active, current));
  if (isMessage(words)) return renderMessage(texts, words) ?? words.en;
  const english = words.prompt ?? words.text ?? '';
  return (words.message && renderMessage(texts, words.message)) ?? english;
}

/** A name (area, unit, card) of the open game in the current language. */
export function sayName(name: string): string {
  return current === 'en' ? name : translateName(gameTexts.get(key(active, current)), name);
}
