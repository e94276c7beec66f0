/** The check on a seat's email address: one address, no display name, nothing a mail header could be split on. */
import { badRequest } from './errors.ts';

/** An address of the form local@domain.tld (RFC 5321's limit of 254 characters), as most forms accept. */
const ADDRESS = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:".]+$/;

export function checkEmail(email: unknown): string {
  if (typeof email !== 'string' || email.length > 254 || !ADDRESS.test(email)) {
    throw badRequest(
      `email must be one address such as name@example.org (at most 254 characters), got ${JSON.stringify(email)?.slice(0, 80)}`,
    );
  }
  return email;
}
