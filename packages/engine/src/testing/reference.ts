/**
 * Checks of a game's rules references (`../reference.ts`) for its tests: each citation the game
 * gives opens an anchor of each reference, and a numbered rule opens that very number (never a
 * parent rule in its place).
 */
import { readFileSync } from 'node:fs';
import { anchorFor, citationParts, referenceAnchors } from '../reference.ts';

/** The references of a game folder: `reference/<lang>.md` for each language given. */
export function readReferences(gameDir: URL, langs: readonly string[] = ['en', 'zh']): Record<string, string> {
  return Object.fromEntries(langs.map((l) => [l, readFileSync(new URL(`reference/${l}.md`, gameDir), 'utf8')]));
}

const NUMBER = /^(§\s*\d+|\d+(?:\.\d+)*)/;

/** What is wrong with a citation against a reference's anchors (empty when it opens exactly). */
export function citationProblems(keys: readonly string[], citation: string): string[] {
  const out: string[] = [];
  for (const part of citationParts(citation)) {
    if (/^L\d/.test(part)) continue; // a further line of the rule before it
    const key = anchorFor(keys, part);
    if (key === null) {
      out.push(`"${citation}": "${part}" opens no rule`);
      continue;
    }
    const n = NUMBER.exec(part)?.[1];
    if (n && NUMBER.exec(key)?.[1] !== n) out.push(`"${citation}": "${part}" opens "${key}", not rule ${n}`);
  }
  return out;
}

/** Every problem of `citations` against each reference (by language). */
export function referenceProblems(references: Record<string, string>, citations: Iterable<string>): string[] {
  const out: string[] = [];
  const all = [...citations];
  for (const [lang, md] of Object.entries(references)) {
    const keys = [...referenceAnchors(md).keys()];
    if (!keys.length) out.push(`${lang}: no anchored rule`);
    for (const c of all) for (const p of citationProblems(keys, c)) out.push(`${lang}: ${p}`);
  }
  return out;
}
