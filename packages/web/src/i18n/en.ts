/**
 * The web client's own words in English, by message id, with `{name}` placeholders. `zh.ts` has
 * exactly the same ids and placeholders (a test checks). Ids are `<area>.<what>`.
 */
export const EN = {
  'lang.label': 'Language',
  'lang.en': 'English',
  'lang.zh': '中文',
  'rule.read': 'Read the rule',
  'rule.title': 'Rule {rule}',
  'rule.close': 'Close',
  'rule.loading': 'Loading the rules…',
  'rule.missing': 'This game has no rules reference for {rule}.',
  'prompt.thinking': ' (computer) is thinking…',
  'outcome.win': '{side} win',
  'outcome.draw': 'Draw',
  'log.earlier': 'show the {n} earlier lines',
  'log.private': 'Only your side sees this line',
  'privacy.toPlay': '{side} to play',
  'privacy.pass': 'Pass the device to the {side} player. The other side must not look: this game hides information.',
  'privacy.reveal': 'I am {side}: show my view',
} as const;

export type UiId = keyof typeof EN;
