/** The three strengths a player picks, set by search budget (shown to the player as is). */
export type Strength = 'easy' | 'normal' | 'hard';
export const STRENGTHS: Record<Strength, { timeMs: number; iterations?: number; label: string }> = {
  easy: { timeMs: 250, iterations: 200, label: 'easy: 200 search iterations (at most 0.25 s) a decision' },
  normal: { timeMs: 1000, label: 'normal: 1 s of search a decision' },
  hard: { timeMs: 4000, label: 'hard: 4 s of search a decision' },
};

export type AiKind = Strength | 'random' | 'greedy';
export const AI_KINDS: readonly AiKind[] = ['random', 'greedy', 'easy', 'normal', 'hard'];

export function isAiKind(s: string): s is AiKind {
  return (AI_KINDS as readonly string[]).includes(s);
}

export function isStrength(s: string): s is Strength {
  return s in STRENGTHS;
}
