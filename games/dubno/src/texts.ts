/**
 * The game's words: every prompt is a message id with parameters and its English text, so a client
 * can show it in another language by id. Prompts are verb phrases ("<role> must <prompt>").
 */
import type { Message } from '@sandtable/engine';
import type { Env } from './board.ts';
import type { Side } from './data/index.ts';
import type { Action } from './state.ts';

const msg = (id: string, en: string, params?: Record<string, string | number>): Message =>
  params ? { id: `dubno.${id}`, params, en } : { id: `dubno.${id}`, en };

export const SIDE_NAME = { german: 'German', soviet: 'Soviet' } as const;

export const prompts = {
  reinforce: (side: Side) =>
    msg('prompt.reinforce', `place ${SIDE_NAME[side]} reinforcements, spend replacement points, or end the phase`, {
      side,
    }),
  movement: (side: Side) =>
    msg('prompt.movement', `select a ${SIDE_NAME[side]} unit to move (each moves once), or end movement`, { side }),
  moveUnit: (unit: string) =>
    msg('prompt.moveUnit', `move ${unit} to a hex it can reach, exit it, or leave it`, { unit }),
  fpf: (side: Side) =>
    msg('prompt.fpf', `fire ${SIDE_NAME[side]} final protective fire at enemy stacks next to your units, or pass`, {
      side,
    }),
  combat: (side: Side, wave: number) =>
    msg(
      'prompt.combat',
      `declare ${SIDE_NAME[side]} ${wave === 1 ? 'First' : 'Second'} Wave combats or bombardments, or end the phase`,
      { side, wave },
    ),
  declare: () => msg('prompt.declare', 'add attackers, targets, artillery and air support, then resolve on a CRT'),
  screen: () => msg('prompt.screen', 'choose the CRT: only recon units defend (22.5)'),
  fire: () => msg('prompt.fire', 'add artillery and air strikes, then fire'),
  hold: (hex: string) => msg('prompt.hold', `hold ${hex} (the units are suppressed) or fall back`, { hex }),
  retreat: (unit: string) => msg('prompt.retreat', `retreat ${unit}`, { unit }),
  loss: (need: number) => msg('prompt.loss', `remove attacking units worth ${need} more strength points`, { need }),
  advance: () => msg('prompt.advance', 'advance units after combat, or stay'),
  overstack: (hex: string) => msg('prompt.overstack', `remove a unit from the overstacked hex ${hex}`, { hex }),
};

export function unitName(env: Env, id: string): string {
  return env.unit[id]?.name ?? id;
}

/** An action in words (logs, CLI, web). */
export function describe(env: Env, a: Action): string {
  const n = (u: string) => unitName(env, u);
  switch (a.type) {
    case 'place':
      return `place ${n(a.unit)} at ${a.hex}`;
    case 'replace':
      return `spend a replacement point on ${n(a.unit)}`;
    case 'endReinforcement':
      return 'end the reinforcement phase';
    case 'select':
      return `select ${n(a.unit)} to move`;
    case 'move':
      return `move ${n(a.unit)} to ${a.to}`;
    case 'bridge':
      return `${n(a.unit)} bridges the river toward ${a.hex}`;
    case 'exit':
      return `exit ${n(a.unit)} off the map`;
    case 'endMovement':
      return 'end movement';
    case 'fpf':
      return `final protective fire at ${a.hex}`;
    case 'endFpf':
      return 'no more final protective fire';
    case 'attack':
      return `attack ${a.hex}`;
    case 'bombard':
      return `bombard ${a.hex}`;
    case 'supply':
      return `give maximum supply from ${n(a.unit)}`;
    case 'endCombat':
      return 'end the combat phase';
    case 'addAttacker':
      return `add ${n(a.unit)} to the attack`;
    case 'addTarget':
      return `add ${a.hex} to the defenders`;
    case 'support':
      return `add ${n(a.unit)}'s fire`;
    case 'air':
      return `add a ${a.kind} air strike`;
    case 'resolve':
      return `resolve on the ${a.crt === 'mobile' ? 'Mobile' : 'Assault'} CRT`;
    case 'fire':
      return 'fire';
    case 'hold':
      return 'hold';
    case 'fallBack':
      return 'fall back';
    case 'retreat':
      return `retreat ${n(a.unit)} to ${a.to}`;
    case 'lose':
      return `remove ${n(a.unit)}`;
    case 'advance':
      return `advance ${n(a.unit)} to ${a.to}`;
    case 'stay':
      return 'stay';
    case 'remove':
      return `remove ${n(a.unit)}`;
  }
}
