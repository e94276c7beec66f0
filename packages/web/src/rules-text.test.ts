/**
 * Issue #16 item 1: every listed game's rules reference comes from its own folder
 * (games/<id>/reference/<lang>.md), one lazy chunk per game and language, and the page opens a
 * citation at its anchor.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { catalog } from '@sandtable/catalog';
import texts from 'virtual:rules-text';
import { indexModule, rulesTexts } from '../rules-plugin.ts';
import { openRules, ruleLabel, ruleSections, setReference } from './rules-text.ts';

describe('rules reference in the page', () => {
  it('the build reads references from games/ only, one dynamic import per game and language', () => {
    const plugin = readFileSync(new URL('../rules-plugin.ts', import.meta.url), 'utf8');
    expect(plugin).not.toMatch(/shared/);
    const mod = indexModule({ g: { en: '# E', zh: '# Z' } });
    expect(mod.match(/import\(/g)?.length).toBe(2);
    expect(mod).toContain('virtual:rules-text/g/zh');
  });

  it('every listed game has an English and a Chinese reference in its folder, bundled lazily', async () => {
    const found = rulesTexts();
    for (const id of Object.keys(catalog)) {
      expect(Object.keys(found[id] ?? {}).sort(), id).toEqual(['en', 'zh']);
      expect(Object.keys(texts[id] ?? {}).sort(), id).toEqual(['en', 'zh']);
      expect(await texts[id]!.zh!()).toBe(found[id]!.zh);
    }
  });

  it('opens a citation at its anchor and labels it by its heading', () => {
    setReference('t', 'en', '# T\n## 8.1 Land movement {#8.1}\nMove.\n### (1) Costs {#8.1(1)}\nOne.\n');
    openRules('t', {});
    expect(ruleLabel('8.1(1)③')).toBe('(1) Costs');
    expect((ruleSections('8.1(2)') as { body: string }[])[0]!.body).toContain('One.');
    expect(ruleLabel('9.9')).toBe('9.9');
  });
});
