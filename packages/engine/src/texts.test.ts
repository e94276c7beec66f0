import { describe, expect, it } from 'vitest';
import { defineGame } from './game.ts';
import { pigRules } from './testing/pig.ts';
import { recordMessageProblems } from './testing/texts.ts';
import { messageProblems, messages, placeholders, renderTemplate } from './texts.ts';

const EN = {
  'toy.move': 'move {unit} to {hex}, then {unit} rests',
  'toy.pass': 'pass',
  'toy.round': 'round {n}',
} as const;
const msg = messages(EN);

describe('message tables', () => {
  it('reads the placeholders of a template, each once', () => {
    expect(placeholders(EN['toy.move'])).toEqual(['unit', 'hex']);
    expect(placeholders('pass')).toEqual([]);
  });

  it('renders a template, and refuses a missing parameter', () => {
    expect(renderTemplate(EN['toy.round'], { n: 3 })).toBe('round 3');
    expect(() => renderTemplate(EN['toy.round'])).toThrow(/no parameter "n"/);
  });

  it('makes messages: id, parameters (when the template has any) and English', () => {
    expect(msg('toy.move', { unit: 'A1', hex: '0203' })).toEqual({
      id: 'toy.move',
      params: { unit: 'A1', hex: '0203' },
      en: 'move A1 to 0203, then A1 rests',
    });
    expect(msg('toy.pass')).toEqual({ id: 'toy.pass', en: 'pass' });
    // @ts-expect-error: the template needs {n}
    expect(() => msg('toy.round')).toThrow();
    // @ts-expect-error: the template has no {m}
    expect(() => msg('toy.round', { m: 1 })).toThrow();
    // @ts-expect-error: no such id
    expect(() => msg('toy.none')).toThrow();
  });

  it('names what is wrong with a message against a table', () => {
    expect(messageProblems(EN, { id: 'toy.round', params: { n: 2 } }, 'round 2')).toEqual([]);
    expect(messageProblems(EN, { id: 'toy.nope' })).toEqual(['no template for "toy.nope"']);
    expect(messageProblems(EN, { id: 'toy.move', params: { unit: 'A', x: 1 } })).toEqual([
      '"toy.move": parameter "hex" missing',
      '"toy.move": parameter "x" not in its template',
    ]);
    expect(messageProblems(EN, { id: 'toy.round', params: { n: 2 } }, 'round 3')).toEqual([
      '"toy.round" renders "round 2", not "round 3"',
    ]);
  });
});

describe('message checks along a record', () => {
  it('names a decision without a message', () => {
    const pig = defineGame(pigRules);
    const rec = pig.newRecord('texts-test', 'standard', {});
    rec.actions.push({ role: 'a', action: { type: 'roll' } });
    const r = recordMessageProblems(pig, EN, rec);
    expect(r.problems).toEqual(['no message for "roll or hold" (step 0)']);
    expect(r.seen.size).toBe(0);
  });
});
