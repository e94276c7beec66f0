/**
 * Rule text for a citation such as "§21 L228-L236": the sections of the game's rules spec whose
 * headings cite that rule number. Specs are bundled at build time (vite plugin `virtual:rules-text`).
 */
export interface RuleSection {
  heading: string;
  body: string;
}

export function ruleNumbers(ref: string): string[] {
  return [...ref.matchAll(/§\s*(\d+(?:\.\d+)?)/g)].map((m) => m[1]!);
}

/** Sections (level-3 headings) of `markdown` whose heading cites one of the rule numbers in `ref`. */
export function findRuleText(markdown: string, ref: string): RuleSection[] {
  const nums = ruleNumbers(ref);
  if (!nums.length || !markdown) return [];
  const parts = markdown.split(/^(?=#{2,3} )/m);
  const out: RuleSection[] = [];
  for (const part of parts) {
    const nl = part.indexOf('\n');
    const heading = part
      .slice(0, nl < 0 ? undefined : nl)
      .replace(/^#+\s*/, '')
      .trim();
    if (!/^#{3} /.test(part)) continue;
    const cited = ruleNumbers(heading.replace(/^[\d.]+\s/, ''));
    if (nums.some((n) => cited.includes(n))) out.push({ heading, body: part.slice(nl + 1).trim() });
  }
  return out;
}
