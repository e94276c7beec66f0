/**
 * The stack of pending decisions (spec 10.3). Player decisions carry the deciding role; system
 * entries (role "system") are procedure steps run by `proceed` until a player must decide.
 */
import type { Ctx } from '@sandtable/engine';
import type { SUAction } from './actions.ts';
import type { Entry, Env, Side, SUState } from './state.ts';

export interface Handler {
  legal(E: Env, g: SUState, d: Entry): SUAction[];
  perform(E: Env, ctx: Ctx, g: SUState, d: Entry, a: SUAction): void;
  /** Perform automatically when the only legal action is a pass/done (reaction windows). */
  autoPass?: boolean;
}
export type SysStep = (E: Env, ctx: Ctx, g: SUState, d: Entry) => void;

export const HANDLERS: Record<string, Handler> = {};
export const SYS: Record<string, SysStep> = {};

export function decide(
  g: SUState,
  kind: string,
  role: Side,
  rule: string,
  prompt: string,
  extra: Partial<Entry> = {},
): Entry {
  const e: Entry = { kind, role, rule, prompt, ...extra };
  g.stack.push(e);
  return e;
}

export function sys(g: SUState, kind: string, extra: Partial<Entry> = {}): void {
  g.stack.push({ kind, role: 'system', rule: '', prompt: '', ...extra });
}

export function top(g: SUState): Entry | undefined {
  return g.stack[g.stack.length - 1];
}

export function pop(g: SUState): Entry {
  return g.stack.pop()!;
}

/** Removes the topmost entry of a kind (and everything above it). */
export function popTo(g: SUState, kind: string): void {
  for (let i = g.stack.length - 1; i >= 0; i--) {
    if (g.stack[i]!.kind === kind) {
      g.stack.length = i;
      return;
    }
  }
}

export const isPass = (a: SUAction) => a.type === 'pass' || a.type === 'done';
