/**
 * Item 3 of the player's experience: a click that cannot be taken back (dice, a reveal, a
 * hand-over: the engine's undo barrier) or that weighs (the adapter's `weighty`: a card played, a
 * phase ended) is shown and asked first. Experts turn this off; the choice is kept in the browser.
 */
import type { Role } from '@sandtable/engine';
import { S } from './strings.ts';

const KEY = 'sandtable.askFirst';

/** On unless the player turned it off (or the page was opened with `?confirm=0`, for automation). */
export function askFirstSetting(): boolean {
  if (typeof location !== 'undefined' && new URLSearchParams(location.search).get('confirm') === '0') return false;
  try {
    return localStorage.getItem(KEY) !== 'off';
  } catch {
    return true;
  }
}

export function saveAskFirst(on: boolean): void {
  try {
    localStorage.setItem(KEY, on ? 'on' : 'off');
  } catch {
    // storage may be unavailable (private mode): the setting lasts for this page only
  }
}

export type Verb = 'roll' | 'reveal' | 'do';

/** What will happen, in words, and the confirm button's verb: from the engine's barrier reason and the adapter's hint. */
export function consequences(
  barrier: string | null,
  weighty: string | null,
  roleLabel: (r: Role) => string,
): { lines: string[]; verb: Verb } {
  const lines: string[] = [];
  let verb: Verb = 'do';
  if (weighty) lines.push(S.weighty(weighty));
  if (barrier === 'dice were rolled') {
    lines.push(S.willRoll);
    verb = 'roll';
  } else if (barrier) {
    const pass = /^play passed from \S+ to (.+)$/.exec(barrier);
    if (pass?.[1] === 'the end of the game') lines.push(S.willEndGame);
    else if (pass) lines.push(S.willHandOver(roleLabel(pass[1]!)));
    else {
      lines.push(S.willReveal(barrier));
      verb = 'reveal';
    }
  }
  return { lines, verb };
}
