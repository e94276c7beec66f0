/**
 * Prokhorovka's words: `msg(id, params)` makes a prompt (a flow kernel `Message`) from the
 * English table in `en.ts`, the one place its templates live.
 */
import { messages } from '@sandtable/engine';
import { EN } from './en.ts';

export { EN, type MessageId } from './en.ts';
export const msg = messages(EN);
