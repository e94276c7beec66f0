/**
 * The message protocol between a client and an AI worker (Node worker thread or Web Worker):
 *   client -> worker  { type: 'choose', id, view, options }  |  { type: 'abort', id }
 *   worker -> client  { type: 'chosen', id, choice }          |  { type: 'failed', id, message }
 * A search aborted early answers with the best action found so far.
 */
import type { View } from '@sandtable/engine';
import { chooseAction, type ChooseOptions } from './choose.ts';
import type { Choice } from './players.ts';

export type ToWorker =
  | { type: 'choose'; id: number; view: View<unknown>; options: Omit<ChooseOptions, 'signal'> }
  | { type: 'abort'; id: number };
export type FromWorker =
  | { type: 'chosen'; id: number; choice: Choice }
  | { type: 'failed'; id: number; message: string };

/** Serves requests inside a worker: `post` sends to the client; call the returned function per message. */
export function serveAi(post: (m: FromWorker) => void): (m: ToWorker) => void {
  const running = new Map<number, AbortController>();
  return (m) => {
    if (m.type === 'abort') {
      running.get(m.id)?.abort();
      return;
    }
    const ctrl = new AbortController();
    running.set(m.id, ctrl);
    chooseAction(m.view, { ...m.options, signal: ctrl.signal })
      .then((choice) => post({ type: 'chosen', id: m.id, choice }))
      .catch((e: unknown) => post({ type: 'failed', id: m.id, message: e instanceof Error ? e.message : String(e) }))
      .finally(() => running.delete(m.id));
  };
}

/** Client side: matches answers to requests and forwards aborts. */
export class AiClient {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (c: Choice) => void; reject: (e: Error) => void }>();

  constructor(private readonly send: (m: ToWorker) => void) {}

  /** Feed every message from the worker here. */
  receive(m: FromWorker): void {
    const p = this.pending.get(m.id);
    if (!p) return;
    this.pending.delete(m.id);
    if (m.type === 'chosen') p.resolve(m.choice);
    else p.reject(new Error(m.message));
  }

  /** Rejects every pending request (the worker died). */
  failAll(e: Error): void {
    for (const p of this.pending.values()) p.reject(e);
    this.pending.clear();
  }

  choose(view: View<unknown>, options: ChooseOptions): Promise<Choice> {
    const id = this.nextId++;
    const { signal, ...rest } = options;
    return new Promise<Choice>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      signal?.addEventListener('abort', () => this.send({ type: 'abort', id }), { once: true });
      this.send({ type: 'choose', id, view: plain(view), options: rest });
      if (signal?.aborted) this.send({ type: 'abort', id });
    });
  }
}

/** Views cross the thread boundary by structured clone: keep them plain data. */
function plain(view: View<unknown>): View<unknown> {
  return JSON.parse(JSON.stringify(view)) as View<unknown>;
}
