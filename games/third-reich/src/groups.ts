/**
 * Groups and their actions (7.0-7.2): forming a group unit by unit in one area (7.0, 7.1),
 * declaring its action (7.2) and its target (9.2(2)), and the end of the action. Groups act for
 * the SV of a card (6.1.1), for an air operation (6.2, AMB-14: one group, one action, then the
 * impulse ends), for an event (Sea Transport, Strategic Movement, Sea Lion, Landing, the
 * bombings) and for Blitzkrieg (17.1: two actions of one group).
 */
import { call, end, type Ctx } from '@sandtable/engine';
import type { Side } from './data/index.ts';
import { areaAt, areaName, hasAirStrength, type Board } from './board.ts';
import { bySide, type OpAction, type TRAction, type TRDecision } from './actions.ts';
import { airReach, airTargets, bombTargets, canNormalAttack } from './attack.ts';
import { eventKind, extraRange } from './cards.ts';
import { openWindow } from './counterattack.ts';
import { airborneDrop, dropZones, stepChoices, strategicMove, stratDests } from './movement.ts';
import { enterArea } from './nations.ts';
import type { Act, ActMode, ActType, TRState } from './state.ts';
import { endImpulse } from './turn.ts';
import { friendlyUnit, unitsIn } from './world.ts';
import { msg } from './texts/index.ts';
import { sideName, areaTitle } from './texts/names.ts';

// ---- 7.0, 7.1 forming a group ---------------------------------------------------------------------
/** Whether unit u may join a group of `mode` (7.1(1) unused, 6.1.1(3) once per SV use, 6.2 air units only). */
function mayJoin(b: Board, g: TRState, u: number, side: Side, mode: ActMode): boolean {
  if (g.loc[u]! < 0 || g.used[u] || !friendlyUnit(g, b, u, side)) return false;
  if (mode === 'sv' && g.op?.acted.includes(u)) return false;
  if (mode === 'air') return b.unitClass[u] === 'air' || hasAirStrength(b, u);
  if (mode === 'event') {
    const k = b.cardById.get(g.op?.card ?? '')?.effect.kind;
    if (k === 'strategicMovement' || k === 'seaLion' || k === 'landing') return b.unitClass[u] === 'land'; // the cards move land units
    if (k === 'strategicBombing' || k === 'longRangeBombing') return b.unitClass[u] === 'air';
  }
  return true;
}

/**
 * The areas where a group of `mode` may be formed (7.0): those with a unit that may join and then
 * act (`worthAdding`), so that forming never leads to a group that can only be cancelled.
 */
export function formAreas(b: Board, g: TRState, side: Side, mode: ActMode, one = false): number[] {
  const s = new Set<number>();
  const tried = new Set<number>();
  for (let u = 0; u < g.loc.length; u++) {
    const area = g.loc[u]!;
    if (s.has(area) || !mayJoin(b, g, u, side, mode)) continue;
    const key = area * 4096 + b.unitKind[u]!;
    if (tried.has(key)) continue; // units of one kind in one area act alike
    tried.add(key);
    if (worthAdding(b, g, emptyAct(b, g, side, mode, area), u)) {
      s.add(area);
      if (one) break;
    }
  }
  return [...s].sort((x, y) => x - y);
}

/** Whether `side` may form some group of `mode` that has an action to declare (7.0-7.2). */
export function canForm(b: Board, g: TRState, side: Side, mode: ActMode): boolean {
  return formAreas(b, g, side, mode, true).length > 0;
}

/** The group `form` would start (7.0), for probing before it is formed. */
function emptyAct(b: Board, g: TRState, side: Side, mode: ActMode, area: number): Act {
  const act: Act = {
    side,
    mode,
    units: [],
    area,
    type: null,
    path: [],
    target: -1,
    damaged: [],
    blitz: mode === 'blitz' ? { left: 2, twice: false, firstDone: false, points: 0, flipLater: [] } : null,
  };
  const ek = mode === 'event' ? b.cardById.get(g.op?.card ?? '')?.effect.kind : undefined;
  if (ek === 'seaTransport') act.noFlip = true; // 8.1.2(1)④ exception
  if (ek === 'seaLion' || ek === 'landing')
    act.blitz = { left: 2, twice: false, firstDone: false, points: 0, flipLater: [] };
  return act;
}

/**
 * Whether adding unit u leaves the group an action to declare (7.2): a unit after which only
 * Cancel would remain is not offered (issue 18).
 */
function worthAdding(b: Board, g: TRState, act: Act, u: number): boolean {
  return declareChoices(b, g, { ...act, units: [...act.units, u] }, true).length > 0;
}

/**
 * Whether `side` may take an air operation: an unused AF, CV or CVE (5.0(3), AMB-32) whose group
 * would have an action to declare (6.2, 7.2: an operation that could only be cancelled is not offered).
 */
export function hasAirOperation(b: Board, g: TRState, side: Side): boolean {
  return canForm(b, g, side, 'air');
}

/** Starts a group in an area (7.0); Sea Lion and Landing move, then attack (as a Blitzkrieg's two actions). */
export function form(b: Board, g: TRState, side: Side, mode: ActMode, area: number): void {
  g.act = emptyAct(b, g, side, mode, area);
  call(g.stack, { kind: 'group', side });
}

// ---- 7.2 the group's action ---------------------------------------------------------------------------
/** The actions the group may declare now (7.2; the events' own actions); with `one`, at most the first found. */
function declareChoices(b: Board, g: TRState, act: Act, one = false): OpAction[] {
  const out: OpAction[] = [];
  if (!act.units.length) return out;
  const lim = one ? 1 : Infinity;
  const area = g.loc[act.units[0]!]!;
  const probe = (type: ActType) => ({ ...act, type, path: [area] });
  const ek = eventKind(b, g, act);
  if (ek === 'seaLion' || ek === 'landing') {
    // a sea move into a coastal land area, then a normal attack there
    if (act.blitz!.left === 2) {
      const out: OpAction[] = stepChoices(b, g, probe('move'), lim).length ? [{ type: 'declare', action: 'move' }] : [];
      if (ek === 'landing' && dropZones(b, g, act).length) out.push({ type: 'declare', action: 'drop' }); // airborne units fly instead
      return out;
    }
    return canNormalAttack(b, g, act) ? [{ type: 'declare', action: 'attack' }] : [];
  }
  if (ek === 'strategicMovement') return stratDests(b, g, act).length ? [{ type: 'declare', action: 'move' }] : [];
  if (ek === 'strategicBombing') return bombTargets(b, g, act).length ? [{ type: 'declare', action: 'bomb' }] : [];
  if (ek === 'seaTransport')
    return stepChoices(b, g, probe('move'), lim).length ? [{ type: 'declare', action: 'move' }] : []; // 8.1.2: a sea move
  if (ek === 'longRangeBombing')
    return airTargets(b, g, act, extraRange(b, g, act)).length && act.units.every((u) => b.unitClass[u] === 'air')
      ? [{ type: 'declare', action: 'airAttack' }]
      : [];
  if (act.mode !== 'air' && stepChoices(b, g, probe('move'), lim).length) out.push({ type: 'declare', action: 'move' });
  if (one && out.length) return out;
  if (act.units.every((u) => b.unitClass[u] === 'air') && stepChoices(b, g, probe('airMove'), lim).length)
    out.push({ type: 'declare', action: 'airMove' });
  if (one && out.length) return out;
  if (act.mode !== 'air' && canNormalAttack(b, g, act)) {
    out.push({ type: 'declare', action: 'attack' });
    if (act.blitz && act.blitz.left === 2 && g.options.blitzCombined)
      out.push({ type: 'declare', action: 'attack', twice: true }); // 17.1 Q2, AMB-39
  }
  if (airTargets(b, g, act, extraRange(b, g, act)).length) out.push({ type: 'declare', action: 'airAttack' });
  return out;
}

/** The group declares its action (7.2): a move steps on (8.0), an attack strikes after the counterattack window (10.1(6)). */
function declare(b: Board, ctx: Ctx, g: TRState, type: ActType, twice: boolean): void {
  const act = g.act!;
  end(g.stack); // the group decision
  act.type = type;
  act.area = g.loc[act.units[0]!]!;
  act.damaged = [];
  if (act.mode === 'sv') {
    g.op!.svLeft -= 1;
    g.op!.acted.push(...act.units);
  } // 6.1.1(1), 6.1.1(3)
  if (act.blitz) {
    act.blitz.left -= twice ? 2 : 1;
    act.blitz.twice = twice;
    act.blitz.firstDone = false;
    act.blitz.points = 0;
  }
  const what = `${act.units.length} unit(s) in ${areaName(b, act.area)}`;
  if (type === 'drop' || (type === 'move' && eventKind(b, g, act) === 'strategicMovement')) {
    call(g.stack, { kind: 'target', side: act.side });
    return;
  }
  if (type === 'move' || type === 'airMove') {
    act.path = [act.area];
    call(g.stack, { kind: 'path', side: act.side });
    ctx.log(`${sideName(act.side)}: ${what} ${type === 'move' ? 'move' : 'air-move'}.`, {
      rule: type === 'move' ? '8.1' : '8.2',
    });
    return;
  }
  call(g.stack, { kind: 'auto', step: 'actDone', side: act.side });
  if (type === 'attack') {
    act.target = act.area;
    for (const u of act.units) g.used[u] = 1; // 9.1(5); 10.1(5): already flipped when counterattacked
    call(g.stack, { kind: 'auto', step: 'strike', side: act.side });
    ctx.log(`${sideName(act.side)}: ${what} attack${twice ? ' twice (declared in advance, 17.1)' : ''}.`, {
      rule: '9.1',
    });
    openWindow(b, g); // 10.1(3), 10.1(6): the counterattack comes first
  } else {
    call(g.stack, { kind: 'target', side: act.side });
  }
}

/** The end of a group action: a Blitzkrieg group's second action (17.1), or back to the card, or the air operation ends the impulse (6.2). */
export function actDone(b: Board, ctx: Ctx, g: TRState): void {
  const act = g.act!;
  if (act.blitz) {
    const alive = act.units.filter((u) => g.loc[u] === act.area);
    if (act.blitz.left > 0 && alive.length) {
      // 17.1: the second action of the same group
      act.units = alive;
      act.type = null;
      call(g.stack, { kind: 'group', side: act.side });
      return;
    }
    for (const u of act.blitz.flipLater) if (g.loc[u]! >= 0) g.used[u] = 1; // 17.1 Q3: flip after the second action
  }
  g.act = null;
  if (act.mode === 'air') {
    g.passes = 0;
    g.bank[act.side] = 0;
  } // 10.2(3): an air operation loses the banked SV
  if (act.mode === 'air' || act.mode === 'blitz' || act.mode === 'event') {
    if (g.stack.at(-1)?.kind === 'choose') end(g.stack);
    if (act.mode === 'air') endImpulse(b, ctx, g, act.side); // 6.2, AMB-14: one group, one action
  }
}

// ---- the decisions ------------------------------------------------------------------------------------
/** The area of a group for an air operation (6.2), an event or Blitzkrieg (7.0), or give up. */
export const chooseDecision: TRDecision<'choose'> = {
  rule: '7.0',
  ruleOf: (_b, _g, f) => (f.mode === 'air' ? '6.2' : '7.0'),
  role: bySide,
  prompt: (_b, _g, f) => msg(f.mode === 'air' ? 'tr.choose.air' : 'tr.choose.event'),
  actions: ['form', 'cancel'],
  legal: (b, g, f) => [
    ...formAreas(b, g, f.side, f.mode).map((a) => ({ type: 'form' as const, area: b.areaIds[a]! })),
    { type: 'cancel' },
  ],
  perform(b, _ctx, g, f, a) {
    if (a.type === 'form') form(b, g, f.side, f.mode, areaAt(b, a.area));
    if (a.type === 'cancel') {
      end(g.stack);
      if (f.mode === 'air') call(g.stack, { kind: 'impulse', side: f.side }); // 6.2: the impulse is still to play
    }
  },
  refuse: (b, _g, f, a) =>
    a.type === 'form'
      ? {
          rule: f.mode === 'air' ? '6.2' : '7.1(1)',
          message: `no unused unit of yours in ${areaTitle(b, a.area)} may join this group${f.mode === 'air' ? ' (air units and carriers only)' : ''}`,
        }
      : null,
};

/** 7.0-7.2: add units of the area to the group, or declare its action; cancel (a Blitzkrieg's second action: no second action). */
export const groupDecision: TRDecision<'group'> = {
  rule: '7.0-7.2',
  role: bySide,
  prompt: (b, g) => msg('tr.group', { area: areaName(b, g.act!.area), n: g.act!.units.length }),
  actions: ['add', 'declare', 'cancel', 'done'],
  legal(b, g) {
    const a = g.act!;
    const out: TRAction[] = [];
    const cap =
      eventKind(b, g, a) === 'strategicMovement'
        ? (b.cardById.get(g.op!.card)!.effect as { units: number }).units
        : Infinity;
    if ((!a.blitz || a.blitz.left === 2) && a.units.length < cap) {
      const seen = new Set<number>();
      for (const u of unitsIn(g, a.area)) {
        if (a.units.includes(u) || !mayJoin(b, g, u, a.side, a.mode) || seen.has(b.unitKind[u]!)) continue;
        seen.add(b.unitKind[u]!);
        if (worthAdding(b, g, a, u)) out.push({ type: 'add', unit: u });
      }
    }
    out.push(...declareChoices(b, g, a));
    out.push(a.blitz && a.blitz.left < 2 ? { type: 'done' } : { type: 'cancel' });
    return out;
  },
  perform(b, ctx, g, _f, a) {
    switch (a.type) {
      case 'add':
        g.act!.units.push(a.unit);
        break;
      case 'declare':
        declare(b, ctx, g, a.action, !!a.twice);
        break;
      case 'cancel':
        end(g.stack);
        g.act = null;
        break;
      case 'done':
        end(g.stack);
        g.act!.blitz!.left = 0;
        actDone(b, ctx, g);
        break;
    }
  },
  refuse(b, g, _f, a) {
    const act = g.act!;
    if (a.type === 'add') {
      if (g.used[a.unit]) return { rule: '7.1(1)', message: 'used units cannot join a group' };
      if (g.op?.acted.includes(a.unit) && act.mode === 'sv')
        return { rule: '6.1.1(3)', message: 'within one SV use a group acts only once' };
      if (g.loc[a.unit] !== act.area) return { rule: '7.0', message: 'a group is formed from the units of one area' };
      if (act.blitz && act.blitz.left < 2)
        return { rule: '17.1', message: 'the second action of a Blitzkrieg group takes no new units' };
      if (mayJoin(b, g, a.unit, act.side, act.mode) && !worthAdding(b, g, act, a.unit))
        return { rule: '7.2', message: 'with this unit the group would have no action to declare (move, attack)' };
    }
    if (a.type === 'declare' && a.action === 'airAttack' && b.data.turns[g.turn - 1]!.winter)
      return {
        rule: '15.2(1)',
        message: 'no air attack into Soviet-flag areas on winter turns, or no target in range',
      };
    return null;
  },
};

/** The target area of the declared action: an air attack (9.2(2)), a bombing (16.2), a drop or a Strategic Movement. */
export const targetDecision: TRDecision<'target'> = {
  rule: '9.2(2)',
  role: bySide,
  prompt: () => msg('tr.target'),
  actions: ['target'],
  legal(b, g) {
    const act = g.act!;
    const areas =
      act.type === 'drop'
        ? dropZones(b, g, act)
        : act.type === 'move'
          ? stratDests(b, g, act)
          : act.type === 'bomb'
            ? bombTargets(b, g, act).map((t) => t.area)
            : airTargets(b, g, act, extraRange(b, g, act));
    return areas.map((a) => ({ type: 'target' as const, area: b.areaIds[a]! }));
  },
  perform(b, ctx, g, f, a) {
    if (a.type !== 'target') return;
    const side = f.side;
    end(g.stack);
    const act = g.act!;
    act.target = areaAt(b, a.area);
    if (act.type === 'move') {
      if (!strategicMove(b, ctx, g)) actDone(b, ctx, g);
      return;
    }
    if (act.type === 'drop') {
      airborneDrop(b, ctx, g);
      return;
    }
    if (act.type === 'bomb') {
      act.dist = bombTargets(b, g, act).find((t) => t.area === act.target)!.dist;
      for (const u of act.units) g.used[u] = 1; // the bombers flip
      ctx.log(
        `${sideName(side)}: ${act.units.length} unit(s) in ${areaName(b, act.area)} bomb ${areaName(b, act.target)}.`,
        {
          rule: '16.2',
        },
      );
      call(g.stack, { kind: 'auto', step: 'strike', side });
      openWindow(b, g); // 17.2 Q3
      return;
    }
    for (const u of act.units) g.used[u] = 1; // 9.2(5)
    const flown = airReach(b, g, act, extraRange(b, g, act)).get(act.target) ?? [];
    for (const x of flown.slice(1, -1)) enterArea(b, ctx, g, x, side); // 3.1.3(1): overflight, before the attack (TC-46)
    if (g.options.airTargetViolates) enterArea(b, ctx, g, act.target, side); // AMB-8
    ctx.log(
      `${sideName(side)}: ${act.units.length} unit(s) in ${areaName(b, act.area)} air-attack ${areaName(b, act.target)}.`,
      {
        rule: '9.2',
      },
    );
    call(g.stack, { kind: 'auto', step: 'strike', side });
    openWindow(b, g);
  },
  refuse(_b, g) {
    const t = g.act!.type;
    if (t === 'drop') return { rule: '2.1.1', message: "not a land area within the airborne units' movement" };
    if (t === 'move')
      return { rule: '3.6(2)', message: 'not a friendly land area joined by friendly-controlled areas' };
    if (t === 'bomb')
      return { rule: '16.2', message: "not an enemy-controlled source area within the bombers' movement" };
    return { rule: '9.2(2)', message: 'not in range, or no enemy units there (15.2(1) in winter, 15.7, 16.5)' };
  },
};
