/**
 * The game's words: every prompt is a message id with parameters and its English text, so a
 * client can show it in another language by id. Prompts are verb phrases: the engine says
 * "<role> must <prompt>".
 */
import type { Message } from '@sandtable/engine';
import type { Env } from './board.ts';
import type { Side } from './data/index.ts';
import type { Action } from './state.ts';

const msg = (id: string, en: string, params?: Record<string, string | number>): Message =>
  params ? { id: `example-bridge.${id}`, params, en } : { id: `example-bridge.${id}`, en };

export const SIDE_NAME = { north: 'North', south: 'South' } as const;

export const prompts = {
  mine: () => msg('prompt.mine', 'mine the west or the east ford, in secret'),
  movement: (side: Side) =>
    msg('prompt.movement', `move ${SIDE_NAME[side]} units, one hex at a time, or end movement`, { side }),
  combat: (side: Side) =>
    msg('prompt.combat', `attack a hex next to ${SIDE_NAME[side]} units, or end combat`, { side }),
  retreat: (unit: string, from: string) => msg('prompt.retreat', `retreat ${unit} from ${from}`, { unit, from }),
  loss: () => msg('prompt.loss', 'choose the attacking unit lost in the exchange'),
  advance: (hex: string) => msg('prompt.advance', `advance one attacking unit into ${hex}, or stay`, { hex }),
};

export function unitName(env: Env, id: string): string {
  return `${id} ${env.unit[id]?.name ?? ''}`.trim();
}

/** An action in words (logs, CLI, web). A `mine` action is only ever shown to South. */
export function describe(env: Env, a: Action): string {
  switch (a.type) {
    case 'mine':
      return `mine the ${a.ford} ford`;
    case 'move':
      return `move ${unitName(env, a.unit)} to ${a.to}`;
    case 'endMovement':
      return 'end movement';
    case 'attack':
      return `attack ${a.hex}`;
    case 'endCombat':
      return 'end combat';
    case 'retreat':
      return `retreat ${unitName(env, a.unit)} to ${a.to}`;
    case 'lose':
      return `lose ${unitName(env, a.unit)}`;
    case 'advance':
      return `advance ${unitName(env, a.unit)}`;
    case 'stay':
      return 'do not advance';
  }
}
