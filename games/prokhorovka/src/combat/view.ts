/**
 * The attack phase under way as a role sees it (allocated support stays hidden until 11.2(2)
 * reveals it, 9.2(2)2) and its summary lines.
 */
import { unitState, type Env, type PGState, type Side } from '../state.ts';
import { chitName, supp } from './core.ts';

export interface CombatView {
  phase: string;
  stage: string;
  battles: {
    target: string;
    attackers: string[];
    step: string;
    done: boolean;
    dmg: Record<Side, number>;
    /** Own allocated chits by id; the opponent's face-down ones only as a count (9.2(2)2). */
    alloc: Record<Side, { ids: string[]; hidden: number }>;
    declared: string[];
    cancelled: string[];
    pairs: [string, string][];
    loss: Record<Side, number>;
  }[];
  air: { raider: Side; chit: string; mission: string; targets: string[] } | null;
  roll: { key: string; dice: number[] } | null;
}

export function combatView(g: PGState, role: string): CombatView | null {
  const c = g.combat;
  if (!c || c.stage === 'idle') return null;
  const seen = (id: string) => supp(g, id).side === role || supp(g, id).faceUp;
  const eq = (id: string) => {
    const c = g.equip.find((x) => x.id === id);
    return c ? c.side === role || c.faceUp : seen(id);
  };
  return {
    phase: c.phase,
    stage: c.stage,
    battles: c.battles.map((b) => ({
      target: b.target,
      attackers: [...b.attackers],
      step: b.step,
      done: b.done,
      dmg: { ...b.dmg },
      alloc: {
        DE: { ids: b.alloc.DE.filter(seen), hidden: b.alloc.DE.filter((id) => !seen(id)).length },
        SU: { ids: b.alloc.SU.filter(seen), hidden: b.alloc.SU.filter((id) => !seen(id)).length },
      },
      declared: b.declared.filter(eq),
      cancelled: b.cancelled.filter(eq),
      pairs: b.pairs.filter((p) => p.every(eq)).map((p) => [...p] as [string, string]),
      loss: { ...b.loss },
    })),
    air: c.air
      ? { raider: c.air.raider, chit: c.air.chit, mission: c.air.mission, targets: c.air.targets.filter(eq) }
      : null,
    roll: c.roll ? { key: c.roll.key, dice: [...c.roll.dice] } : null,
  };
}

/** One line per battle of the attack phase under way (for `summary`). */
export function combatSummary(E: Env, g: PGState): string {
  const c = g.combat;
  if (!c || c.stage === 'idle') return '';
  const lines = c.battles.map((b) => {
    const state = b.done ? 'resolved' : c.current === b.id ? `step ${b.step}` : 'waiting';
    return `  battle for ${b.target} (${E.b.grid.label(Math.max(unitState(g, b.target).hex, 0))}) by ${b.attackers.join(', ')}: ${state}; damage DE ${b.dmg.DE} / SU ${b.dmg.SU}${b.declared.length ? `; declared ${b.declared.map((id) => chitName(E, id)).join(', ')}` : ''}`;
  });
  if (c.air) lines.push(`  air mission: ${c.air.raider} ${chitName(E, c.air.chit)} (${c.air.mission})`);
  return `\n${c.phase} attack phase, ${c.stage}:\n${lines.join('\n')}`;
}
