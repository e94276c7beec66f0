/**
 * The computer player's Web Worker: the AI package's browser entry (search off the UI thread),
 * with each listed game's AI registered as a loader of that game's chunk (`virtual:game-list`),
 * so the worker loads only the games it is asked to play.
 */
import { registerAi } from '@sandtable/ai';
import { load } from 'virtual:game-list';
import '@sandtable/ai/browser-worker';

for (const [id, open] of Object.entries(load))
  registerAi(id, async () => {
    const { entry } = await open();
    if (!entry.ai) throw new Error(`game "${id}" has no computer player`);
    return (await entry.ai()) as never;
  });
