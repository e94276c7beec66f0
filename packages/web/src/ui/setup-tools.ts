/**
 * Item 5 of the player's experience, for any game: a long set-up step. "Place the rest at random"
 * finishes the step with random legal choices; "place as last time" repeats the choices the player
 * made in the same step of the same game and scenario last time (kept in the browser), where they
 * are still legal. Neither takes the step's closing action (e.g. "finish placing"): that stays the
 * player's, and undo takes the placements back one by one.
 */
import { canonicalJson, type Action, type Role } from '@sandtable/engine';
import type { Session } from '../session.ts';

/** Decision kinds that are a set-up step (by the games' own naming: set-up, deploy, place). */
export const SETUP_KIND = /set-?up|deploy|place/i;

const key = (s: Session, role: Role, kind: string) =>
  `sandtable.last:${s.record.game}:${s.record.scenario ?? ''}:${role}:${kind}`;

function store(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/**
 * After an action: when it closed a run of set-up actions by one role (the decision kind changed),
 * remembers the run's actions for next time.
 */
export function rememberSetup(s: Session): void {
  const n = s.length;
  if (!n) return;
  const kind = s.kindAt(n - 1);
  if (!kind || !SETUP_KIND.test(kind) || s.game.decision(s.state)?.kind === kind) return;
  const role = s.record.actions[n - 1]!.role;
  const run: Action[] = [];
  for (let i = n - 1; i >= 0 && s.record.actions[i]!.role === role && s.kindAt(i) === kind; i--)
    run.unshift(s.record.actions[i]!.action);
  store()?.setItem(key(s, role, kind), JSON.stringify(run));
}

/** The remembered actions of this set-up step, or null. */
export function lastSetup(s: Session, role: Role): Action[] | null {
  const kind = s.game.decision(s.state)?.kind;
  if (!kind) return null;
  try {
    const raw = store()?.getItem(key(s, role, kind));
    return raw ? (JSON.parse(raw) as Action[]) : null;
  } catch {
    return null;
  }
}

/** Places as last time: each remembered action that is legal now, in order. Returns how many. */
export function placeAsLastTime(s: Session, role: Role, remembered: Action[]): number {
  const want = remembered.map((a) => canonicalJson(a));
  let at = 0;
  return s.playWithin(role, (legal) => {
    const now = new Set(legal.map((a) => canonicalJson(a)));
    while (at < want.length) {
      const k = at++;
      if (now.has(want[k]!)) return remembered[k]!;
    }
    return null;
  });
}

/** Finishes the step at random. Returns how many actions were placed. */
export function placeRestAtRandom(s: Session, role: Role): number {
  return s.playWithin(role, (legal) => s.randomOf(legal));
}
