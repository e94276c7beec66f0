/** A refused action or bad input: names what was wrong and the rule that forbids it. */
export class RuleError extends Error {
  constructor(
    /** The rule reference, e.g. "§12 L150" or "9.4e". */
    readonly rule: string,
    message: string,
    readonly code:
      | 'illegal'
      | 'malformed'
      | 'not-your-turn'
      | 'game-over'
      | 'undo-refused'
      | 'bad-record'
      | 'bad-data' = 'illegal',
  ) {
    super(`${message} [${rule}]`);
    this.name = 'RuleError';
  }
}

/** Throws a RuleError unless the condition holds. */
export function require_(cond: unknown, rule: string, message: string): asserts cond {
  if (!cond) throw new RuleError(rule, message);
}
