/** Issue #16 item 9: the Chinese table has exactly the English table's message ids and placeholders. */
import { describe, expect, it } from 'vitest';
import { placeholders } from '@sandtable/engine';
import { entry } from '../entry.ts';
import { EN } from './en.ts';
import { NAMES_ZH, ZH } from './zh.ts';

describe('Chinese words', () => {
  it('the same ids and placeholders as the English', () => {
    expect(Object.keys(ZH).sort()).toEqual(Object.keys(EN).sort());
    for (const [id, en] of Object.entries(EN))
      expect(placeholders(ZH[id as keyof typeof ZH]).sort(), id).toEqual(placeholders(en).sort());
  });

  it('every template is Chinese, and the game offers it by language', async () => {
    for (const t of Object.values(ZH)) expect(t).toMatch(/[\u4e00-\u9fff]/);
    for (const n of Object.values(NAMES_ZH)) expect(n).toMatch(/[\u4e00-\u9fff]/);
    expect((await entry.texts.zh()).messages).toBe(ZH);
  });
});
