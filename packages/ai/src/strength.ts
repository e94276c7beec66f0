/**
 * The three strengths a player picks, set by search budget (shown to the player as is). The
 * budget is per impulse - a side's streak of consecutive steps, the wargamer's "decision" - not
 * per small step: mostly spent on the impulse's first step, whose tree the later steps reuse,
 * with at least 1/40 of it for each later step that has a real choice (see `budget.ts`).
 */
export type Strength = 'easy' | 'normal' | 'hard';
export const STRENGTHS: Record<Strength, { timeMs: number; iterations?: number; label: string }> = {
  easy: { timeMs: 250, iterations: 300, label: 'easy: 300 search iterations (at most 0.25 s) an impulse' },
  normal: { timeMs: 1000, label: 'normal: about 1 s of search an impulse (a little more for long ones)' },
  hard: { timeMs: 4000, label: 'hard: about 4 s of search an impulse (a little more for long ones)' },
};

export type AiKind = Strength | 'random' | 'greedy';
export const AI_KINDS: readonly AiKind[] = ['random', 'greedy', 'easy', 'normal', 'hard'];

export function isAiKind(s: string): s is AiKind {
  return (AI_KINDS as readonly string[]).includes(s);
}

export function isStrength(s: string): s is Strength {
  return s in STRENGTHS;
}
