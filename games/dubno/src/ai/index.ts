/** The game's AI (`@sandtable/dubno/ai`, loaded on demand through the entry): the rules with their search hooks. */
import type { AiEntry } from '@sandtable/ai';
import { env, game } from '../index.ts';
import type { Action, DubnoState } from '../state.ts';
import type { DubnoView } from '../view.ts';
import { hooks } from './hooks.ts';

export const ai: AiEntry<DubnoState, Action, DubnoView> = { game, hooks: hooks(env) };
