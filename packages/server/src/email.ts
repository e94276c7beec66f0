/**
 * Email notifications (on when SMTP_URL is set). A human seat that gave an address gets "your
 * turn", a deadline reminder and "game over", each with its invite link, the link that opens
 * the game as that seat. The server keeps only a hash of each token for authentication; for the
 * link, a seat's token is stored sealed (AES-256-GCM under a key derived from the operator's
 * secret), and only for seats that gave an address. The address itself is never put in any view,
 * summary, lobby entry, webhook or record: only the seat's own token can set or clear it.
 *
 * Sending uses nodemailer (SMTP, STARTTLS and authentication from the URL; `?pool=true` reuses
 * connections): best effort, off the action's path, with a few tries like the webhooks.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import nodemailer, { type Transporter } from 'nodemailer';
import type { TurnEvent } from './service.ts';
import { outcomeOf } from './live.ts';

export interface MailerOptions {
  /** smtp://user:pass@host:587 or smtps://...: nodemailer's connection URL. */
  smtpUrl: string;
  /** From header (default "Sandtable <sandtable@localhost>"). */
  from?: string;
  /** The address players open (the invite link is `<publicUrl>/#/play/<token>`). */
  publicUrl: () => string;
  /** The operator's secret (SANDTABLE_SECRET): the tokens in invite links are sealed under it. */
  secret: string;
  tries?: number;
  backoffMs?: number;
  log?: (msg: string) => void;
}

/** Seals and opens a seat token under a key derived from the server secret (AES-256-GCM). */
export class InviteSeal {
  private readonly key: Buffer;

  constructor(secret: string) {
    if (secret.length < 16) throw new Error('SANDTABLE_SECRET must be at least 16 characters (it seals invite tokens)');
    this.key = createHash('sha256').update(`sandtable-invite:${secret}`).digest();
  }

  seal = (token: string): string => {
    const iv = randomBytes(12);
    const c = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([c.update(token, 'utf8'), c.final()]);
    return `v1.${Buffer.concat([iv, c.getAuthTag(), body]).toString('base64url')}`;
  };

  open(sealed: string): string {
    const raw = Buffer.from(sealed.replace(/^v1\./, ''), 'base64url');
    const d = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
    d.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([d.update(raw.subarray(28)), d.final()]).toString('utf8');
  }
}

export interface Letter {
  subject: string;
  text: string;
}

/** The message for one event; `link` opens the game as the seat. */
export function letterFor(e: TurnEvent, link: string): Letter {
  const r = e.live.row;
  const title = e.live.engine.rules.title as string;
  const seat = `${title}, playing ${e.role}`;
  const deadlineAt =
    r.deadlineMs !== null && r.turnSince !== null && r.status === 'active' ? r.turnSince + r.deadlineMs : null;
  const due = deadlineAt ? `\nThe turn's deadline is ${new Date(deadlineAt).toISOString()}.` : '';
  const open = `\n\nOpen the game: ${link}\n\nThis link is your seat: do not share it.`;
  if (e.event === 'your-turn')
    return { subject: `Your turn: ${title}`, text: `It is your turn in ${seat}.${due}${open}` };
  if (e.event === 'deadline') {
    const then =
      r.deadlinePolicy === 'ai' ? 'The server now plays for you until the turn passes.' : 'The game waits for you.';
    return { subject: `Deadline passed: ${title}`, text: `Your turn's deadline in ${seat} has passed. ${then}${open}` };
  }
  const outcome = outcomeOf(r);
  const result = outcome
    ? `${outcome.winner ? `${outcome.winner} won` : 'No one won'}${outcome.reason ? `: ${outcome.reason}` : ''}.`
    : '';
  return { subject: `Game over: ${title}`, text: `The game is over in ${seat}. ${result}${open}` };
}

export class Mailer {
  private readonly transport: Transporter;
  private readonly seal: InviteSeal;
  private readonly inflight = new Set<Promise<void>>();

  constructor(private readonly o: MailerOptions) {
    this.seal = new InviteSeal(o.secret);
    this.transport = nodemailer.createTransport(o.smtpUrl);
  }

  /** For the service: seals a token for storage. */
  readonly sealInvite = (token: string): string => this.seal.seal(token);

  /** The service's onTurn hook. */
  readonly onTurn = (e: TurnEvent): void => {
    const seat = e.live.seats.find((s) => s.role === e.role);
    if (!seat?.email || !seat.invite || seat.kind !== 'human') return;
    let link: string;
    try {
      link = `${this.o.publicUrl().replace(/\/+$/, '')}/#/play/${encodeURIComponent(this.seal.open(seat.invite))}`;
    } catch {
      this.o.log?.(`email for ${e.live.row.id}/${e.role}: the invite cannot be opened (was SANDTABLE_SECRET changed?)`);
      return;
    }
    const p = this.send(seat.email, letterFor(e, link), `${e.event} for ${e.live.row.id}/${e.role}`).finally(() =>
      this.inflight.delete(p),
    );
    this.inflight.add(p);
  };

  private async send(to: string, letter: Letter, what: string): Promise<void> {
    const tries = this.o.tries ?? 3;
    let delay = this.o.backoffMs ?? 1000;
    for (let i = 1; i <= tries; i++) {
      try {
        await this.transport.sendMail({ from: this.o.from ?? 'Sandtable <sandtable@localhost>', to, ...letter });
        return;
      } catch (e) {
        this.o.log?.(`email ${what}: ${(e as Error).message} (try ${i}/${tries})`);
      }
      if (i < tries) await new Promise((r) => setTimeout(r, delay));
      delay *= 2;
    }
  }

  /** Resolves when every message under way has been sent or given up. */
  async idle(): Promise<void> {
    while (this.inflight.size) await Promise.all([...this.inflight]);
  }

  close(): void {
    this.transport.close();
  }
}
