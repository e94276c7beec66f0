/** The game's AI (`@sandtable/example-bridge/ai`): the rules with their search hooks. */
import type { AiEntry } from '@sandtable/ai';
import { env, game } from '../index.ts';
import type { Action, BridgeState } from '../state.ts';
import type { BridgeView } from '../view.ts';
import { hooks } from './hooks.ts';

export const ai: AiEntry<BridgeState, Action, BridgeView> = { game, hooks: hooks(env) };
