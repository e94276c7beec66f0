/**
 * Game data files: validated by schemas at load, cross-checked, every datum with a provenance.
 * A provenance says where a datum comes from: `rulebook <ref>` when the rulebook states it,
 * `reconstructed: <why>` when we rebuilt it from history and geography, `derived: <how>` when
 * it follows from rules or examples, `ext: <source>` for a published fact outside the rulebook.
 */
import { z } from 'zod';
import { RuleError } from './errors.ts';

export const provenance = z
  .string()
  .regex(
    /^(rulebook .+|reconstructed: .+|derived: .+|ext: .+)$/,
    'provenance must start with "rulebook ", "reconstructed: ", "derived: " or "ext: "',
  );

/** Parses `json` with `schema`; a failure names the file, the path inside it and the problem. */
export function parseData<T>(file: string, schema: z.ZodType<T>, json: unknown): T {
  const r = schema.safeParse(json);
  if (!r.success) {
    const lines = r.error.issues.slice(0, 10).map((i) => `  ${file}: ${i.path.join('.') || '(root)'}: ${i.message}`);
    throw new RuleError('data', `invalid data file ${file}:\n${lines.join('\n')}`, 'bad-data');
  }
  return r.data;
}

/** Collects cross-check failures and throws them together. */
export class DataChecks {
  readonly problems: string[] = [];
  constructor(readonly file: string) {}
  check(cond: unknown, message: string): void {
    if (!cond) this.problems.push(message);
  }
  done(): void {
    if (this.problems.length) {
      throw new RuleError(
        'data',
        `data cross-check failed for ${this.file}:\n${this.problems.map((p) => `  ${p}`).join('\n')}`,
        'bad-data',
      );
    }
  }
}
