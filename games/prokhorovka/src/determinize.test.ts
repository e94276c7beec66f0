import { describe, expect, it } from 'vitest';
import { determinizeState, randomIndex, randomPlayout, seedRng } from '@sandtable/engine';
import { loadProkhorovkaData, prokhorovka, type PGState } from './index.ts';
import { makeEnv } from './state.ts';

const E = makeEnv(loadProkhorovkaData());
const rules = prokhorovka.rules;

describe('determinize (search from a view)', () => {
  it("3.5(5), 3.6(3): a state rebuilt from a role's view keeps every chit once, the role's own chits and units, the role's view and legal actions; the opponent's hidden chits are sampled", () => {
    let sampled = 0;
    let checked = 0;
    for (let i = 0; i < 30; i++) {
      const s = prokhorovka.setup(`det${i}`, undefined, i % 3 === 2 ? { hideChitBacks: true } : {});
      const r = randomPlayout(prokhorovka, s, `det${i}`, { inPlace: true, maxSteps: 20 + 23 * i });
      const d = prokhorovka.decision(r.state);
      if (!d) continue;
      const real: PGState = r.state.game;
      const v = prokhorovka.view(r.state, d.role);
      const g = rules.determinize!(v.game, d.role, seedRng(`d${i}`));
      // every chit once, in data order
      expect(g.equip.map((c) => c.id)).toEqual(E.d.equipment.map((c) => c.id));
      expect(g.support.map((c) => c.id)).toEqual(E.d.support.map((c) => c.id));
      // the role's own information is unchanged
      expect(g.units).toEqual(real.units);
      expect(g.equip.filter((c) => c.side === d.role || c.faceUp)).toEqual(
        real.equip.filter((c) => c.side === d.role || c.faceUp),
      );
      expect(g.support.filter((c) => c.side === d.role || c.faceUp)).toEqual(
        real.support.filter((c) => c.side === d.role || c.faceUp),
      );
      // the opponent's face-down chits keep their places, and their backs where the view shows them:
      // in a cup (one cup per back, 3.5(7)) and under a unit (not under 19.6); elsewhere (pools) only
      // the side's totals per back, which follow from the rest
      for (const side of ['DE', 'SU'] as const) {
        const shown = (st: PGState, loc: string) => loc === 'cup' || (!st.o.hideChitBacks && E.unitById.has(loc));
        const slots = (st: PGState) =>
          st.equip
            .filter((c) => c.side === side && !c.faceUp)
            .map((c) => `${c.loc}:${shown(st, c.loc) ? E.equipById.get(c.id)!.back : ''}`)
            .sort();
        const pooled = (st: PGState) =>
          st.equip
            .filter((c) => c.side === side && !c.faceUp && !shown(st, c.loc))
            .map((c) => E.equipById.get(c.id)!.back)
            .sort();
        expect(slots(g)).toEqual(slots(real));
        expect(pooled(g)).toEqual(pooled(real));
      }
      sampled +=
        g.equip.filter((c, k) => c.loc !== real.equip[k]!.loc).length +
        g.support.filter((c, k) => c.loc !== real.support[k]!.loc).length;
      // the role's legal actions name no chit it cannot see (else they depend on hidden information, 3.5(5), 3.6(3))
      const hidden = [...real.equip, ...real.support].filter((c) => c.side !== d.role && !c.faceUp).map((c) => c.id);
      const named = JSON.stringify(rules.legalActions(real, d.role));
      expect(
        hidden.filter((id) => named.includes(`"${id}"`)),
        `legal actions of ${d.role} at ${d.kind} name hidden chits`,
      ).toEqual([]);
      // same view, same legal actions
      expect(rules.view(g, d.role)).toEqual(rules.view(real, d.role)); // attack phase included (tokens by first public mention)
      expect(rules.legalActions(g, d.role)).toEqual(rules.legalActions(real, d.role));
      // and the game goes on from there
      const es = determinizeState(prokhorovka, v, seedRng(`s${i}`), `dice${i}`);
      randomPlayout(prokhorovka, es, `go${i}`, { inPlace: true, maxSteps: 150 });
      checked++;
    }
    expect(checked).toBeGreaterThan(20);
    expect(sampled).toBeGreaterThan(0);
  });
});

describe('determinize in combat (battles and air missions under way)', () => {
  it('3.5(5), 3.6(3), 9.2(2)2: at positions with a battle or an air mission under way, view(determinize(view)) equals the view for both roles, attack phase included', () => {
    const seen = { battle: 0, air: 0, reroll: 0 };
    const want = { battle: 40, air: 25, reroll: 10 };
    for (let i = 0; i < 40 && (seen.battle < want.battle || seen.air < want.air || seen.reroll < want.reroll); i++) {
      const s = prokhorovka.setup(`cdet${i}`, undefined, i % 4 === 3 ? { hideChitBacks: true } : {});
      const chooser = seedRng(`cdet-chooser${i}`);
      let lastCheck = -99;
      for (let n = 0; n < 6000 && !prokhorovka.outcome(s); n++) {
        const d = prokhorovka.decision(s)!;
        const st: PGState = s.game;
        const c = st.combat;
        const what = c?.air ? 'air' : c?.roll ? 'reroll' : c?.stage === 'battle' ? 'battle' : null;
        if (what && seen[what] < want[what] && n - lastCheck >= 7) {
          lastCheck = n;
          seen[what]++;
          for (const role of ['DE', 'SU']) {
            const v = rules.view(st, role);
            const g = rules.determinize!(v, role, seedRng(`cd${i}:${n}:${role}`));
            expect(
              rules.view(g, role),
              `${role}'s view at ${what} (game ${i}, step ${n}, ${d.kind}) after determinizing`,
            ).toEqual(v);
            if (role === d.role) expect(rules.legalActions(g, role)).toEqual(rules.legalActions(st, role));
          }
        }
        const legal = prokhorovka.legalActions(s, d.role);
        prokhorovka.applyInPlace(s, d.role, legal[randomIndex(chooser, legal.length)]!, true);
      }
    }
    expect(seen).toEqual(want);
  }, 120_000);
});
