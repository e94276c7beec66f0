/** Italian surrender (§42 L418-L420) and Operation Overlord (§43 L424-L426, §37 L388). */
import { call, end, type Ctx } from '@sandtable/engine';
import type { SUDecision } from './handlers.ts';
import { ALLIES, AXIS, GONE, log, unit, type Env, type SUState } from './state.ts';
import { msg } from './texts/index.ts';
import { unitName, unitNames } from './texts/names.ts';

/** Areas whose Allied control makes Italy surrender (§42 L418, AMB-20). */
export function surrenderAreas(E: Env, g: SUState): number[] {
  const out: number[] = [];
  for (let a = 0; a < E.n; a++) {
    if (a === E.sardinia) {
      if (!g.o.surrenderExcludesSardinia) out.push(a);
      continue;
    }
    if (E.m.italian[a]) out.push(a);
  }
  return out;
}

export function surrenderCheck(E: Env, ctx: Ctx, g: SUState): void {
  if (g.italy || g.result) return;
  const held = surrenderAreas(E, g).filter((a) => g.ctrl[a] === ALLIES);
  if (!held.length) return;
  g.italy = true;
  const gone: string[] = [];
  for (const u of g.units) {
    if (u.side === AXIS && u.nat === 'IT' && u.loc !== GONE) {
      u.loc = GONE;
      gone.push(u.id);
    }
  }
  g.transport.axis = 0; // §16 L182, §42 L420
  log(
    ctx,
    `Italy surrenders (Allies control ${held.map((a) => E.d.areas[a]!.name).join(', ')}): Italian units removed for good (${unitNames(E, gone) || 'none'}); no more Axis naval transport`,
    '§42 L418-L420',
  );
}

/** Start of the Overlord turn: paratroops leave, transport and ruler change; the Allies pick a fleet (AMB-37). */
export function overlord(E: Env, ctx: Ctx, g: SUState): void {
  g.overlord = true;
  for (const u of g.units) if (u.type === 'paratroops') u.loc = GONE;
  g.transport.allies = E.d.navalTransport.alliesAfterOverlord;
  log(
    ctx,
    `Operation Overlord: all paratroops leave the game, Allied naval transport ${g.transport.allies}, the Allies use the long ruler`,
    '§43 L424-L426',
  );
  const fleets = g.units.filter((u) => u.side === ALLIES && u.type === 'fleet' && u.loc !== GONE);
  if (fleets.length > 1) call(g.stack, { kind: 'overlordFleet' });
  else if (fleets.length === 1) fleets[0]!.loc = GONE;
}

/** §43 L424, §37 L388, AMB-37: the Allies choose the fleet that leaves for Overlord. */
export const overlordFleet: SUDecision<'overlordFleet'> = {
  rule: '§43 L424, §37 L388, AMB-37',
  role: () => ALLIES,
  prompt: () => msg('su.overlordFleet'),
  actions: ['removeFleet'],
  legal(_E, g) {
    return g.units
      .filter((u) => u.side === ALLIES && u.type === 'fleet' && u.loc !== GONE)
      .map((u) => ({ type: 'removeFleet', id: u.id }));
  },
  perform(E, ctx, g, _f, a) {
    if (a.type !== 'removeFleet') return;
    unit(g, a.id).loc = GONE;
    log(ctx, `${unitName(E, a.id)} leaves the Mediterranean for Overlord`, '§37 L388, §43 L424');
    end(g.stack);
  },
  refuse: () => ({ rule: '§43 L424, §37 L388', message: 'only an Allied fleet still in the game leaves for Overlord' }),
};
