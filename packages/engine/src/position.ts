/**
 * Helpers for a game's position format (`PositionCodec`): schema errors and broken invariants
 * become RuleErrors that name the offending path and the rule.
 */
import type { z } from 'zod';
import { RuleError } from './errors.ts';

/** Parses a position with `schema`; a failure names the path inside the position and the problem. */
export function parsePosition<T>(schema: z.ZodType<T>, json: unknown): T {
  const r = schema.safeParse(json);
  if (!r.success) {
    const lines = r.error.issues.slice(0, 10).map((i) => `  ${i.path.join('.') || '(root)'}: ${i.message}`);
    throw new RuleError('position format', `invalid position:\n${lines.join('\n')}`, 'bad-record');
  }
  return r.data;
}

/** Collects broken invariants of a position (unknown ids, overstacking, ...) and throws them together. */
export class PositionChecks {
  readonly problems: { rule: string; message: string }[] = [];
  check(cond: unknown, rule: string, message: string): void {
    if (!cond) this.problems.push({ rule, message });
  }
  done(): void {
    if (this.problems.length === 0) return;
    const distinct = [...new Set(this.problems.map((p) => p.rule))];
    // one rule: the error's own [rule] says it; several: each line names its own
    const lines = this.problems.slice(0, 20).map((p) => `  ${p.message}${distinct.length > 1 ? ` [${p.rule}]` : ''}`);
    const rules = distinct.join(', ');
    throw new RuleError(rules, `the position breaks the rules:\n${lines.join('\n')}`, 'bad-record');
  }
}
