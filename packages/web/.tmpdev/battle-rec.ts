import { softUnderbelly as g } from '@sandtable/soft-underbelly';
import { randomIndex, seedRng } from '@sandtable/engine';
import { writeFileSync } from 'node:fs';
for (let seed = 0; seed < 50; seed++) {
  const rec = g.newRecord(`battle-${seed}`);
  let s = g.replay(rec);
  const rng = seedRng(`c${seed}`);
  for (let i = 0; i < 400; i++) {
    const d = g.decision(s); if (!d) break;
    const v = g.view(s, d.role).game as any;
    if (v.battle && d.kind === 'support' && d.role === 'allies' && v.battle.attacker_.diceCount >= 3) {
      writeFileSync('/tmp/battle-record.json', JSON.stringify(rec));
      console.log('found at', i, seed, d.prompt); process.exit(0);
    }
    const acts = g.legalActions(s, d.role);
    const a = acts[randomIndex(rng, acts.length)]!;
    rec.actions.push({ role: d.role, action: a });
    s = g.apply(s, d.role, a);
  }
}
