import { describe, expect, it } from 'vitest';
import { anchorFor, anchorsFor, citationParts, referenceAnchors, referenceSections } from './reference.ts';

const md = `# Game
## 8.0 Movement {#8.0}
Move.
### 8.1 Land movement {#8.1}
Land.
#### (1) Costs {#8.1(1)}
One per area.
### 8.12 Odd {#8.12}
Odd.
## [轮次] Impulses {#§11}
Four impulses.
\`\`\`
## not a heading {#x}
\`\`\`
## Options {#AMB-27}
A choice.
`;

describe('rules reference anchors', () => {
  it('reads anchored sections, each to the next heading of its level or above', () => {
    const s = referenceSections(md);
    expect(s.map((x) => x.key)).toEqual(['8.0', '8.1', '8.1(1)', '8.12', '§11', 'AMB-27']);
    expect(s[1]!.body).toContain('One per area');
    expect(s[1]!.body).not.toContain('Odd');
    expect(referenceAnchors(md).get('§11')).toBe('[轮次] Impulses');
  });
  it('opens the longest anchor that begins the citation, never inside a number', () => {
    const keys = referenceAnchors(md).keys();
    const all = [...keys];
    expect(anchorFor(all, '8.1(1)③')).toBe('8.1(1)');
    expect(anchorFor(all, '8.1(2)')).toBe('8.1');
    expect(anchorFor(all, '8.12')).toBe('8.12');
    expect(anchorFor(all, '8.13')).toBeNull();
    expect(anchorFor(all, '§11 L132')).toBe('§11');
    expect(anchorFor(all, '§1 L9')).toBeNull();
    expect(citationParts('§5 L67, AMB-27')).toEqual(['§5 L67', 'AMB-27']);
    expect(anchorsFor(all, '§11 L132; 8.1, §11')).toEqual(['§11', '8.1']);
  });
});
