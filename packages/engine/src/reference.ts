/**
 * A game's rules reference for players (`games/<id>/reference/<lang>.md`): Markdown whose
 * headings carry anchors, `## 8.1 Land movement {#8.1}`, one per rule the game can cite. A
 * citation the rules give ("8.1(1)③", "§11 L132", "§5 L67, AMB-27") opens the section of the
 * longest anchor that begins it and ends at a boundary (not inside a number), for each part of
 * the citation separated by a comma or semicolon. The format names no game.
 */

/** One anchored section: its key, heading (without the anchor), level, and body (sub-sections included). */
export interface ReferenceSection {
  key: string;
  heading: string;
  level: number;
  body: string;
}

const HEADING = /^(#{1,6})\s+(.*?)\s*\{#([^}]+)\}\s*$/;

/** Every anchored section of a reference, in order. */
export function referenceSections(markdown: string): ReferenceSection[] {
  const lines = markdown.split('\n');
  const heads: { at: number; level: number; heading: string; key: string }[] = [];
  const levels: { at: number; level: number }[] = [];
  let fence = false;
  lines.forEach((line, at) => {
    if (line.startsWith('```')) fence = !fence;
    if (fence) return;
    const h = /^(#{1,6})\s/.exec(line);
    if (!h) return;
    levels.push({ at, level: h[1]!.length });
    const m = HEADING.exec(line);
    if (m) heads.push({ at, level: m[1]!.length, heading: m[2]!, key: m[3]!.trim() });
  });
  return heads.map((h) => {
    const next = levels.find((l) => l.at > h.at && l.level <= h.level);
    const body = lines
      .slice(h.at + 1, next ? next.at : undefined)
      .join('\n')
      .trim();
    return { key: h.key, heading: h.heading, level: h.level, body };
  });
}

/** The anchors of a reference, key -> heading. */
export function referenceAnchors(markdown: string): Map<string, string> {
  return new Map(referenceSections(markdown).map((s) => [s.key, s.heading]));
}

/** The parts of a citation: "§5 L67, AMB-27" -> ["§5 L67", "AMB-27"]. */
export function citationParts(citation: string): string[] {
  return citation
    .split(/[,;，；]/)
    .map((p) => p.trim())
    .filter(Boolean);
}

/** The anchor key a citation part opens: the longest key that begins it at a boundary (null: none). */
export function anchorFor(keys: Iterable<string>, part: string): string | null {
  let best: string | null = null;
  for (const key of keys) {
    if (!part.startsWith(key)) continue;
    const next = part.charAt(key.length);
    if (/[0-9A-Za-z]/.test(next) && /[0-9A-Za-z]$/.test(key)) continue; // "8.1" never opens "8.12"
    if (best === null || key.length > best.length) best = key;
  }
  return best;
}

/** The anchor keys a citation opens, one per part that resolves (in order, without repeats). */
export function anchorsFor(keys: Iterable<string>, citation: string): string[] {
  const all = [...keys];
  const out: string[] = [];
  for (const part of citationParts(citation)) {
    const k = anchorFor(all, part);
    if (k !== null && !out.includes(k)) out.push(k);
  }
  return out;
}
