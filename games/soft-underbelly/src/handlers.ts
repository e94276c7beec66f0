/**
 * The handler types of Soft Underbelly's decision flow (the engine's flow kernel, typed by this
 * game's frames, state and actions) and helpers the handlers share.
 */
import type { Action, Ctx, DecisionKind, Procedure, Refusal } from '@sandtable/engine';
import type { SUAction } from './actions.ts';
import type { DecisionFrame, Frame, FrameOf, ProcedureFrame } from './frames.ts';
import type { Env, SUState } from './state.ts';

/** The handler of one decision kind (engine flow kernel). */
export type SUDecision<K extends DecisionFrame['kind']> = DecisionKind<Env, SUState, FrameOf<K>, SUAction>;
/** The step of one procedure kind. */
export type SUStep<K extends ProcedureFrame['kind']> = Procedure<Env, SUState, FrameOf<K>>;
export type { Refusal };

export const isPass = (a: Action) => a.type === 'pass' || a.type === 'done';

/**
 * A reaction window's `auto`: a lone pass (or done) is taken without asking the player
 * (spec 10.3: windows where nothing can be done are skipped).
 */
export function passAlone<K extends DecisionFrame['kind']>(h: SUDecision<K>): SUDecision<K> {
  return {
    ...h,
    auto(E: Env, ctx: Ctx, g: SUState, f: FrameOf<K>, legal: () => readonly SUAction[]): boolean {
      const only = legal();
      if (only.length !== 1 || !isPass(only[0]!)) return false;
      h.perform(E, ctx, g, f, only[0]!);
      return true;
    },
  };
}

/** The topmost frame of a kind, if any. */
export function nearest<K extends Frame['kind']>(g: SUState, kind: K): FrameOf<K> | undefined {
  for (let i = g.stack.length - 1; i >= 0; i--) if (g.stack[i]!.kind === kind) return g.stack[i] as FrameOf<K>;
  return undefined;
}

/** Calls `frames` so that they run in the order given (the first on top): a sequence read as the rulebook lists it. */
export function callInOrder(g: SUState, ...frames: Frame[]): void {
  for (let i = frames.length - 1; i >= 0; i--) g.stack.push(frames[i]!);
}
