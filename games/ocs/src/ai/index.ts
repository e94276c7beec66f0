/** The game's AI (`@sandtable/ocs/ai`, loaded on demand through the entry): the rules with their search hooks. */
import type { AiEntry } from '@sandtable/ai';
import { env, game, type Action, type OcsState } from '../index.ts';
import type { OcsView } from '../view.ts';
import { ocsHooks } from './hooks.ts';

export const ai: AiEntry<OcsState, Action, OcsView> = { game, hooks: ocsHooks(env) };
