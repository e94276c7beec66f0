/**
 * Per-seat webhooks: a JSON POST when it becomes that seat's turn, when its turn's deadline
 * passes, and when the game ends. Best effort, off the action's path: a few tries with
 * back-off, each bounded by a timeout. The body names the game and the seat, never a token
 * or anything the seat could not see anyway.
 */
import { postJson } from './security.ts';
import type { TurnEvent } from './service.ts';
import type { Clock } from './types.ts';

export interface WebhookBody {
  event: TurnEvent['event'];
  gameId: string;
  game: string;
  role: string;
  version: number;
  turnRole: string | null;
  /** When the turn's deadline falls (ms since epoch), if the game has deadlines. */
  deadlineAt: number | null;
  at: number;
}

export interface NotifierOptions {
  clock: Clock;
  tries?: number;
  timeoutMs?: number;
  /** First retry delay; doubles each try. */
  backoffMs?: number;
  /** Webhooks may reach loopback and private addresses (tests); see security.ts. */
  allowPrivate?: boolean;
  log?: (msg: string) => void;
}

export class Notifier {
  private readonly inflight = new Set<Promise<void>>();

  constructor(private readonly o: NotifierOptions) {}

  /** The service's onTurn hook. */
  readonly onTurn = (e: TurnEvent): void => {
    const seat = e.live.seats.find((s) => s.role === e.role);
    if (!seat?.webhook || seat.kind !== 'human') return;
    const r = e.live.row;
    const body: WebhookBody = {
      event: e.event,
      gameId: r.id,
      game: r.game,
      role: e.role,
      version: r.version,
      turnRole: r.turnRole,
      deadlineAt:
        r.deadlineMs !== null && r.turnSince !== null && r.status === 'active' ? r.turnSince + r.deadlineMs : null,
      at: this.o.clock.now(),
    };
    const p = this.post(seat.webhook, body).finally(() => this.inflight.delete(p));
    this.inflight.add(p);
  };

  private async post(url: string, body: WebhookBody): Promise<void> {
    const tries = this.o.tries ?? 3;
    let delay = this.o.backoffMs ?? 500;
    for (let i = 1; i <= tries; i++) {
      try {
        const status = await postJson(url, body, {
          timeoutMs: this.o.timeoutMs ?? 5000,
          allowPrivate: this.o.allowPrivate ?? false,
        });
        if (status >= 200 && status < 300) return;
        this.o.log?.(`webhook ${body.event} for ${body.gameId}/${body.role}: HTTP ${status} (try ${i}/${tries})`);
      } catch (e) {
        this.o.log?.(
          `webhook ${body.event} for ${body.gameId}/${body.role}: ${(e as Error).message} (try ${i}/${tries})`,
        );
      }
      if (i < tries) await new Promise((r) => setTimeout(r, delay));
      delay *= 2;
    }
  }

  /** Resolves when every webhook under way has been delivered or given up. */
  async idle(): Promise<void> {
    while (this.inflight.size) await Promise.all([...this.inflight]);
  }
}
