import { describe, expect, it } from 'vitest';
import { catalog } from '@sandtable/catalog';
import texts from 'virtual:rules-text';
import { findRuleText, ruleNumbers } from './rules-text.ts';

const md = `# Spec
## 5. Rules
### 5.16 Losses (§21 L228–L236)
Each hit removes a cube.
### 5.17 Retreat (§22 L240–L248; §19 L208)
Retreat to a friendly area.
`;

describe('rule text', () => {
  it('reads rule numbers from a citation', () => {
    expect(ruleNumbers('§21 L228-L236')).toEqual(['21']);
    expect(ruleNumbers('§12 L146, §22')).toEqual(['12', '22']);
  });
  it('finds the sections whose headings cite the rule', () => {
    expect(findRuleText(md, '§21 L230').map((s) => s.heading)).toEqual(['5.16 Losses (§21 L228–L236)']);
    expect(findRuleText(md, '§19')[0]!.body).toContain('Retreat to a friendly area');
    expect(findRuleText(md, '§99')).toEqual([]);
  });
  it("bundles every listed game's rules reference from its folder (games/<id>/RULES.md)", () => {
    for (const id of Object.keys(catalog)) expect(texts[id], `games/${id}/RULES.md`).toBeTruthy();
    const id = Object.keys(catalog)[0]!;
    const text = texts[id]!;
    // a level-3 heading that cites a rule number is found again from that citation
    const cited = /^### .*(§\s*\d+)/m.exec(text);
    expect(cited, `${id}: a section heading citing a rule`).not.toBeNull();
    expect(findRuleText(text, cited![1]!).length).toBeGreaterThan(0);
  });
});
