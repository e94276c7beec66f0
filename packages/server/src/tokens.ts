/** Secrets: seat and spectator tokens are random, and only their SHA-256 is stored. */
import { createHash, randomBytes } from 'node:crypto';

export function newToken(): string {
  return randomBytes(24).toString('base64url');
}

export function newId(): string {
  return randomBytes(9).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A token as sent by a client: 16-128 URL-safe characters (anything else is refused unread). */
export function isTokenShape(t: unknown): t is string {
  return typeof t === 'string' && /^[A-Za-z0-9_-]{16,128}$/.test(t);
}
