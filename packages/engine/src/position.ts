/**
 * Helpers for a game's position format (`PositionCodec`): schema errors and broken invariants
 * become RuleErrors that name the offending path and the rule.
 */
import type { z } from 'zod';
import { canonicalJson } from './canonical.ts';
import type { OptionSpec, Options, OptionValue } from './contract.ts';
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

/** The options off their defaults, for a position to record what it was saved under. */
export function optionsOffDefault(specs: readonly OptionSpec[], options: Readonly<Record<string, unknown>>): Options {
  return Object.fromEntries(
    specs
      .filter((o) => options[o.key] !== undefined && canonicalJson(options[o.key]) !== canonicalJson(o.default))
      .map((o) => [o.key, options[o.key] as OptionValue]),
  );
}

/**
 * A position saved under some options loads only into a game with the same options (its
 * invariants depend on them): each difference is refused, saying which `--option` to add.
 */
export function checkPositionOptions(
  saved: Readonly<Record<string, unknown>> | undefined,
  specs: readonly OptionSpec[],
  options: Options,
  checks: PositionChecks,
): void {
  if (!saved) return;
  const known = new Set(specs.map((o) => o.key));
  for (const key of Object.keys(saved)) checks.check(known.has(key), 'options', `options.${key}: no such option`);
  for (const o of specs) {
    const want = saved[o.key] ?? o.default;
    const have = options[o.key] ?? o.default;
    checks.check(
      canonicalJson(want) === canonicalJson(have),
      'options',
      `options.${o.key}: the position is for ${JSON.stringify(want)}, the game has ${JSON.stringify(have)} (start it with --option ${o.key}=${want})`,
    );
  }
}
