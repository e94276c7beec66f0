/** A refusal with an HTTP status: every 4xx the API sends is one of these, with a clear message. */
import type { RuleError } from '@sandtable/engine';

export type ErrorCode =
  | 'malformed'
  | 'too-large'
  | 'unauthorized'
  | 'forbidden'
  | 'not-found'
  | 'not-your-turn'
  | 'stale'
  | 'illegal'
  | 'game-over'
  | 'not-finished'
  | 'undo-refused'
  | 'rate-limited'
  | 'unavailable';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    /** Extra fields sent beside the error (e.g. the fresh view on a stale action). */
    readonly extra: Record<string, unknown> = {},
    readonly rule?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  body(): Record<string, unknown> {
    const error: Record<string, unknown> = { code: this.code, message: this.message };
    if (this.rule) error.rule = this.rule;
    return { error, ...this.extra };
  }
}

export const badRequest = (message: string) => new ApiError(400, 'malformed', message);

/** The engine's refusal, as the API's: same message, an HTTP status by kind. */
export function fromRuleError(e: RuleError, extra: Record<string, unknown> = {}): ApiError {
  switch (e.code) {
    case 'malformed':
    case 'bad-record':
      return new ApiError(400, 'malformed', e.message, extra, e.rule);
    case 'not-your-turn':
      return new ApiError(403, 'not-your-turn', e.message, extra, e.rule);
    case 'game-over':
      return new ApiError(409, 'game-over', e.message, extra, e.rule);
    default:
      return new ApiError(422, 'illegal', e.message, extra, e.rule);
  }
}
