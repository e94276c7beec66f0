/** Issue #16 item 9: the language choice, the client's two tables, and a game's words by message id. */
import { placeholders } from '@sandtable/engine';
import { describe, expect, it } from 'vitest';
import { EN } from './en.ts';
import { chooseLang, lang, openGameTexts, say, sayName, setGameTexts, setLang, t } from './index.ts';
import { ZH } from './zh.ts';

describe('i18n', () => {
  it('the Chinese table has exactly the ids and placeholders of the English one', () => {
    expect(Object.keys(ZH).sort()).toEqual(Object.keys(EN).sort());
    for (const id of Object.keys(EN) as (keyof typeof EN)[])
      expect(placeholders(ZH[id]).sort(), id).toEqual(placeholders(EN[id]).sort());
  });

  it('chooses Chinese for a zh browser, English otherwise; a stored choice wins', () => {
    expect(chooseLang(null, ['zh-CN', 'en'])).toBe('zh');
    expect(chooseLang(null, ['zh-TW'])).toBe('zh');
    expect(chooseLang(null, ['de-DE', 'en-GB', 'zh'])).toBe('en');
    expect(chooseLang(null, ['fr'])).toBe('en');
    expect(chooseLang('en', ['zh-CN'])).toBe('en');
    expect(chooseLang('zh', ['en-US'])).toBe('zh');
  });

  it('renders the client words and a game message in the chosen language', () => {
    setLang('en');
    expect(t('outcome.win', { side: 'Axis' })).toBe('Axis win');
    setGameTexts('g', 'zh', {
      messages: { 'g.fly': '将 {unit} 从 {area} 飞往友方区域' },
      names: { Sicily: '西西里', 'USAAF 1': '美国陆航 1' },
    });
    openGameTexts('g', undefined);
    const m = { id: 'g.fly', params: { unit: 'USAAF 1', area: 'Sicily' }, en: 'fly USAAF 1 from Sicily' };
    expect(say(m)).toBe('fly USAAF 1 from Sicily');
    setLang('zh');
    expect(lang()).toBe('zh');
    expect(say(m)).toBe('将 美国陆航 1 从 西西里 飞往友方区域');
    expect(say({ prompt: 'fly', message: m })).toBe('将 美国陆航 1 从 西西里 飞往友方区域');
    expect(sayName('Sicily')).toBe('西西里');
    expect(t('outcome.win', { side: '轴心国' })).toBe('轴心国获胜');
    // an id the table lacks falls back to the English the game rendered
    expect(say({ id: 'g.other', en: 'other' })).toBe('other');
    setLang('en');
  });
});
