/**
 * The CLI's readable summary of a Prokhorovka position as one role sees it (`sandtable state
 * --as DE`): the turn and phase, the German VP against 18.0's target, every stack on the map
 * with its values and the chits the role may identify (the enemy's face-down ones by back only,
 * 3.5(5), 19.6), the boxes off the map, the pools (the opponent's as counts) and the battles
 * under way. Built from the role's view only, so it can show nothing the view hides.
 */
import type { Env, PGState, Side } from './state.ts';
import type { PGView } from './view.ts';
import { chitName } from './combat/core.ts';

const SIDE_NAME: Record<Side, string> = { DE: 'German', SU: 'Soviet' };

/** A stack's chits as the view gives them: names of visible chits ("face-up" marked), backs of hidden ones. */
function chitList(E: Env, chits: PGView['units'][number]['chits']): string {
  return chits
    .map((c) =>
      'id' in c
        ? `${chitName(E, c.id)}${c.faceUp ? ' (face-up)' : ''}`
        : c.back
          ? `[${c.back === 'tank' ? 'Tank' : 'Equip'}]`
          : '[chit]',
    )
    .join(', ');
}

/** "GD 4-4-6 (0613), reduced, reserve: Tiger, Panther, [Tank]" (2.11(2): normal firepower - equipment - movement). */
function stackLine(E: Env, u: PGView['units'][number]): string {
  const d = E.unitById.get(u.id);
  const v = d ? (u.reduced ? d.reduced : d.full) : null;
  const values = v ? ` ${v.fire}-${v.equip}-${v.ma}` : '';
  const marks = [u.reduced ? 'reduced' : '', u.designated ? 'reserve' : ''].filter(Boolean).join(', ');
  const chits = u.chits.length ? `: ${chitList(E, u.chits)}` : '';
  return `    ${u.hex} ${u.id}${values}${marks ? ` (${marks})` : ''}${chits}`;
}

export function summaryText(E: Env, v: PGView, role: string, vp: number, extra: string): string {
  const need = E.d.tables.game.germanWinsAt;
  const lines = [
    `Turn ${v.turn} of ${E.d.tables.game.turns}, ${SIDE_NAME[v.side]} player-turn, ${v.phase} phase`,
    `German VP now: ${vp} (the German needs ${need} at the end, 18.0)`,
  ];
  if (v.result) lines.push(`Result: ${v.result.reason} [${v.result.rule}]`);
  for (const side of ['DE', 'SU'] as Side[]) {
    const units = v.units.filter((u) => u.side === side);
    lines.push(`${SIDE_NAME[side]} stacks on the map:`);
    for (const u of units.filter((x) => x.where === 'map').sort((a, b) => (a.hex! < b.hex! ? -1 : 1)))
      lines.push(stackLine(E, u));
    for (const where of ['reserve', 'arriving', 'eliminated']) {
      const off = units.filter((u) => u.where === where).map((u) => u.id);
      if (off.length) lines.push(`  ${where}: ${off.join(', ')}`);
    }
    const p = v.pools[side];
    lines.push(
      `  pools: support ${p.support}, reorganization ${p.reorg}, arriving ${p.arriving}; cups: Tank ${p.cupTank}, Equip ${p.cupEquip}, support ${p.supportCup}`,
    );
    if (side === role) {
      if (v.mine.support.length)
        lines.push(`  your support chits: ${v.mine.support.map((id) => chitName(E, id)).join(', ')}`);
      if (v.mine.reorg.length)
        lines.push(`  your reorganization pool: ${v.mine.reorg.map((id) => chitName(E, id)).join(', ')}`);
      if (v.mine.arriving.length)
        lines.push(`  your arriving chits: ${v.mine.arriving.map((id) => chitName(E, id)).join(', ')}`);
    }
  }
  return lines.join('\n') + extra;
}

export type { PGState };
