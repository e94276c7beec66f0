import { describe, expect, it } from 'vitest';
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
  it('bundles the Soft Underbelly spec when the shared rules are beside the repository', () => {
    const su = texts['soft-underbelly'];
    if (su === undefined) throw new Error('shared/rules/soft-underbelly.md not found beside the repository');
    expect(findRuleText(su, '§21 L228-L236').length).toBeGreaterThan(0);
  });
});
