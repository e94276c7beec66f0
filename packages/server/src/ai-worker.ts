/**
 * The AI seats' thread: receives a role's view (never the full state) and answers with an
 * action. Uses @sandtable/ai's chooseAction when it knows the game; otherwise, and for
 * "random" seats, a seeded uniform choice among the view's legal actions.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { randomIndex, seedRng, type Action, type View } from '@sandtable/engine';

export interface AiRequest {
  id: number;
  view: View<unknown>;
  ai: string;
  seed: string;
}
export type AiReply = { id: number; action: Action } | { id: number; error: string };

type Chooser = (view: View<unknown>, o: { ai: never; seed: string }) => Promise<{ action: Action }>;
let searcher: Promise<{ choose: Chooser; has: (gameId: string) => boolean } | null> | null = null;

/**
 * Loads the AI package once, with the catalog (which registers every listed game's AI); null when
 * they cannot be loaded (then every seat plays random).
 */
function loadSearcher() {
  searcher ??= Promise.all([import('@sandtable/ai'), import('@sandtable/catalog')])
    .then(([m]) => ({ choose: m.chooseAction as unknown as Chooser, has: m.hasAi }))
    .catch(() => null);
  return searcher;
}

export function randomChoice(view: View<unknown>, seed: string): Action {
  if (!view.actions.length) throw new Error(`no legal action for ${view.role} at version ${view.seq}`);
  return view.actions[randomIndex(seedRng(`server-ai:${seed}:${view.seq}`), view.actions.length)]!;
}

export async function chooseFor(req: Omit<AiRequest, 'id'>): Promise<Action> {
  if (req.ai === 'random' || req.view.actions.length === 1) return randomChoice(req.view, req.seed);
  const s = await loadSearcher();
  if (!s?.has(req.view.gameId)) return randomChoice(req.view, req.seed);
  return (await s.choose(req.view, { ai: req.ai as never, seed: req.seed })).action;
}

/** Only inside the server's AI thread (a test runner's own worker threads have a parentPort too). */
if (parentPort && (workerData as { sandtableAi?: boolean } | null)?.sandtableAi)
  parentPort.on('message', (req: AiRequest) => {
    chooseFor(req).then(
      (action) => parentPort!.postMessage({ id: req.id, action } satisfies AiReply),
      (e: unknown) => parentPort!.postMessage({ id: req.id, error: (e as Error).message } satisfies AiReply),
    );
  });

/** The same choices in-process (tests, and a server started without worker threads). */
export const inlineAi = {
  choose: (view: View<unknown>, ai: string, seed: string) => chooseFor({ view, ai, seed }),
  close: async () => undefined,
};
