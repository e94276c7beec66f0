/**
 * The computer player for strengths other than "random": the AI package's search in a Web
 * Worker (its browser entry), so the page stays responsive. "random" plays in the page
 * (Session.aiChoice). The client side of the worker protocol is re-stated here (a few lines)
 * so the page bundle does not carry the search code.
 */
import type { Action, View } from '@sandtable/engine';

export type AiKind = 'random' | 'greedy' | 'easy' | 'normal' | 'hard';
export const AI_KINDS: { kind: AiKind; label: string }[] = [
  { kind: 'random', label: 'random' },
  { kind: 'greedy', label: 'greedy' },
  { kind: 'easy', label: 'easy (0.25 s of search an impulse)' },
  { kind: 'normal', label: 'normal (1 s of search an impulse)' },
  { kind: 'hard', label: 'hard (4 s of search an impulse)' },
];

export interface Computer {
  choose(view: View<unknown>, kind: AiKind, seed: string, signal: AbortSignal): Promise<Action>;
}

type FromWorker =
  | { type: 'chosen'; id: number; choice: { action: Action } }
  | { type: 'failed'; id: number; message: string };
interface WorkerLike {
  postMessage(m: unknown): void;
  terminate(): void;
  onmessage: ((e: { data: FromWorker }) => void) | null;
  onerror: ((e: { message: string }) => void) | null;
}

/** A Computer backed by a lazily started worker speaking the AI package's protocol (replaced after an error). */
export function workerComputer(makeWorker: () => WorkerLike): Computer {
  let worker: WorkerLike | null = null;
  let nextId = 1;
  const pending = new Map<number, { resolve(a: Action): void; reject(e: Error): void }>();
  const get = (): WorkerLike => {
    if (worker) return worker;
    const w = makeWorker();
    w.onmessage = ({ data: m }) => {
      const p = pending.get(m.id);
      if (!p) return;
      pending.delete(m.id);
      if (m.type === 'chosen') p.resolve(m.choice.action);
      else p.reject(new Error(m.message));
    };
    w.onerror = (e) => {
      for (const p of pending.values()) p.reject(new Error(`the AI worker failed: ${e.message}`));
      pending.clear();
      w.terminate();
      worker = null;
    };
    worker = w;
    return w;
  };
  return {
    choose(view, kind, seed, signal) {
      const w = get();
      const id = nextId++;
      return new Promise<Action>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        signal.addEventListener('abort', () => w.postMessage({ type: 'abort', id }), { once: true });
        w.postMessage({ type: 'choose', id, view: JSON.parse(JSON.stringify(view)), options: { ai: kind, seed } });
      });
    },
  };
}
