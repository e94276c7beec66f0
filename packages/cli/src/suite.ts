/**
 * The AI's position suites (issue #20): `npm run ai:suite -- [--game G] [--runs 5] [--ai normal]
 * [--time MS] [--iterations N] [--case NAME[,NAME]]` plays every case of each game's suite (or one
 * game's, or the cases whose name contains NAME) `runs` times and prints, per game, which runs
 * made the right play and the pass rate (a case passes with at least 4 of 5 runs right).
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import '@sandtable/catalog';
import { aiFor, aiGames, casePasses, isAiKind, runSuite, suiteTable, type AiKind } from '@sandtable/ai';

async function main(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      game: { type: 'string' },
      runs: { type: 'string', default: '5' },
      ai: { type: 'string', default: 'normal' },
      opponent: { type: 'string', default: 'easy' },
      time: { type: 'string' },
      iterations: { type: 'string' },
      case: { type: 'string' },
      seed: { type: 'string', default: 'suite' },
      verbose: { type: 'boolean' },
    },
  });
  for (const k of [values.ai, values.opponent]) if (!isAiKind(k)) throw new Error(`unknown AI "${k}"`);
  const games = values.game ? [values.game] : aiGames();
  const budget = {
    ...(values.time === undefined ? {} : { timeMs: Number(values.time) }),
    ...(values.iterations === undefined ? {} : { iterations: Number(values.iterations) }),
  };
  console.log(
    `suite: ${values.ai}${values.time ? ` at ${values.time} ms an impulse` : ''}${values.iterations ? `, ${values.iterations} iterations an impulse` : ''}, ${values.runs} runs a case, the other side ${values.opponent}`,
  );
  for (const id of games) {
    const entry = await aiFor(id);
    if (!entry.suite) {
      console.log(`${id}: no position suite`);
      continue;
    }
    const suite = await entry.suite();
    // Without --time or --iterations, normal's one second an impulse is the game's iteration
    // equivalent (load-independent), the time cap far away.
    const caseBudget =
      values.time === undefined && values.iterations === undefined && values.ai === 'normal' && suite.normalIterations
        ? { iterations: suite.normalIterations, timeMs: 120_000 }
        : budget;
    console.log(
      `${id}: budget ${caseBudget.iterations ?? '-'} iterations / ${caseBudget.timeMs ?? 'strength'} ms an impulse`,
    );
    if (values.case) {
      const names = values.case.split(',');
      suite.cases = suite.cases.filter((c) => names.some((n) => c.name.includes(n)));
    }
    const results = runSuite(
      entry,
      suite,
      (c) => JSON.parse(readFileSync(c.position, 'utf8')),
      {
        ai: values.ai as AiKind,
        opponent: values.opponent as AiKind,
        runs: Number(values.runs),
        budget: caseBudget,
        seed: values.seed,
      },
      (r) => {
        console.log(
          `  ${id} ${r.name} (${r.side}): ${r.rightRuns}/${r.runs.length} right${casePasses(r) ? '' : ' - FAILS'} (${r.runs.map((x) => `${(x.ms / 1000).toFixed(1)} s`).join(', ')})`,
        );
        if (values.verbose)
          for (const x of r.runs)
            console.log(`    ${x.right ? 'right' : 'wrong'}: ${x.played.map((a) => JSON.stringify(a)).join(' ')}`);
      },
    );
    for (const line of suiteTable(id, results)) console.log(line);
    const passed = results.filter(casePasses).length;
    console.log(
      `${id}: ${passed} of ${results.length} positions pass (${Math.round((100 * passed) / Math.max(1, results.length))}%)`,
    );
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).catch((e: unknown) => {
    console.error(`error: ${e instanceof Error ? e.stack : String(e)}`);
    process.exitCode = 1;
  });
}
