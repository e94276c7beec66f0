/**
 * Calibration of the AI's win estimates (#20 item 3): `npm run ai:calibrate -- --game G
 * [--games 40] [--ai easy] [--iterations N] [--time MS] [--out FILE]` plays AI-vs-AI games (the
 * same strength on both sides), records the evaluation at the start of each turn, and prints the
 * calibration table (buckets of estimates against results) and the Brier score. `--out` appends
 * each game as a JSON line (to refit or re-table later with `--from FILE`).
 */
import { appendFileSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import '@sandtable/catalog';
import { aiFor, calibrationGame, calibrationTable, isAiKind, type AiKind, type CalibrationGame } from '@sandtable/ai';

async function main(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      game: { type: 'string' },
      games: { type: 'string', default: '40' },
      ai: { type: 'string', default: 'easy' },
      iterations: { type: 'string' },
      time: { type: 'string' },
      seed: { type: 'string', default: 'cal' },
      out: { type: 'string' },
      from: { type: 'string' },
      'table-every': { type: 'string', default: '10' },
    },
  });
  if (!values.game) throw new Error('name the game: --game <id>');
  if (!isAiKind(values.ai)) throw new Error(`unknown AI "${values.ai}"`);
  const entry = await aiFor(values.game);
  const role = entry.game.rules.roles[0]!;
  if (values.from) {
    const games = readFileSync(values.from, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as CalibrationGame);
    for (const line of calibrationTable(role, games)) console.log(line);
    return;
  }
  const budget = {
    ...(values.iterations === undefined ? {} : { iterations: Number(values.iterations), timeMs: 600_000 }),
    ...(values.time === undefined ? {} : { timeMs: Number(values.time) }),
  };
  console.log(
    `calibration: ${values.game}, ${values.ai} vs ${values.ai}${values.iterations ? `, ${values.iterations} iterations an impulse` : ''}${values.time ? `, ${values.time} ms an impulse` : ''}, ${values.games} games`,
  );
  const games: CalibrationGame[] = [];
  const every = Number(values['table-every']);
  for (let i = 0; i < Number(values.games); i++) {
    const g = calibrationGame(entry, values.ai as AiKind, `${values.seed}:${i}`, budget);
    games.push(g);
    if (values.out) appendFileSync(values.out, `${JSON.stringify(g)}\n`);
    console.log(
      `  game ${i + 1}: ${role} ${g.result === null ? 'cut short' : g.result === 1 ? 'won' : g.result === 0 ? 'lost' : 'drew'}; estimates ${g.estimates.map((e) => Math.round(100 * e.estimate)).join(' ')}`,
    );
    if (every > 0 && games.length % every === 0) for (const line of calibrationTable(role, games)) console.log(line);
  }
  for (const line of calibrationTable(role, games)) console.log(line);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).catch((e: unknown) => {
    console.error(`error: ${e instanceof Error ? e.message : String(e)}`);
    process.exitCode = 1;
  });
}
