/**
 * Telling a player it is their turn when they look elsewhere (issue 16, item 6): the tab's title
 * and icon while it is their turn, and a browser notification when the tab is hidden (if they
 * allowed it; the choice is kept in the browser).
 */
import { S } from '../ui/strings.ts';

const KEY = 'sandtable.notify';
const DOT =
  "data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'><circle cx='8' cy='8' r='7' fill='%23ffd84a' stroke='%23222' stroke-width='1.5'/></svg>";
const PLAIN =
  "data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'><rect x='2' y='2' width='12' height='12' rx='2' fill='%239aa0a6'/></svg>";

export function notifyWanted(): boolean {
  try {
    return (
      localStorage.getItem(KEY) === 'on' && typeof Notification !== 'undefined' && Notification.permission === 'granted'
    );
  } catch {
    return false;
  }
}

/** Asks the browser for permission and keeps the choice; resolves to whether notifications are on. */
export async function askToNotify(on: boolean): Promise<boolean> {
  try {
    localStorage.setItem(KEY, on ? 'on' : 'off');
  } catch {
    // no storage: for this page only
  }
  if (!on || typeof Notification === 'undefined') return false;
  const p = Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission;
  return p === 'granted';
}

function icon(href: string): void {
  let link = document.querySelector<HTMLLinkElement>('link[rel=icon]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.appendChild(link);
  }
  link.href = href;
}

/** Shows (or clears) the turn in the tab; notifies when the tab is hidden and it just became the player's turn. */
export function signalTurn(gameTitle: string, mine: boolean, justNow: boolean): void {
  document.title = mine ? S.turnTitle(gameTitle) : `${gameTitle} · Sandtable`;
  icon(mine ? DOT : PLAIN);
  if (mine && justNow && document.hidden && notifyWanted()) {
    try {
      new Notification(S.yourTurn, { body: S.notifyBody(gameTitle), tag: 'sandtable-turn' });
    } catch {
      // some browsers allow notifications only from a service worker: the title and icon remain
    }
  }
}

export function clearTurnSignal(): void {
  document.title = 'Sandtable';
  icon('data:,');
}
