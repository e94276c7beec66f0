/**
 * Writes the golden records of issue #13 (Deliver 6): `games/<id>/golden/*.json`, checked step by
 * step by each game's `src/golden.test.ts` (see `@sandtable/engine/testing/golden`).
 *
 *   node --import tsx scripts/make-golden.ts [game ...]      (default: every game in the catalog)
 *   node --import tsx scripts/make-golden.ts --rehash [game ...]
 *
 * `--rehash` keeps every stored record (name, how, actions) and recomputes only its step and
 * state hashes from the current code: for a change of wording or of the state's shape, where the
 * records themselves stay valid. Check first that nothing else changed (see below).
 *
 * It replaces every file in the game's `golden/` folder. The players are seeded and the AI runs
 * on an iteration budget (no clock), so a run on unchanged code writes the same files again.
 *
 * When regenerating is allowed: only for a deliberate change, in a commit of its own that says so:
 * - a change of wording (log lines, prompts, names for ids) the golden test reports as a view,
 *   log or decision difference, once the diff is confirmed to be only that wording;
 * - a change of the state's internal shape, which changes only `stateHashes` (the separate state
 *   hash test). Never regenerate to make a behaviour change pass: that is what the files catch.
 * A regenerated file replays new records (the players see new views), so prefer regenerating the
 * state hashes or parts of existing records where that is all that changed.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { canonicalJson, type GameRecord, type OptionSpec, type Options, type OptionValue } from '@sandtable/engine';
import { goldenText, makeGolden, type GoldenFile } from '@sandtable/engine/testing/golden';
import { catalog } from '@sandtable/catalog';
import { aiFor, greedyPlayer, randomPlayer, searchPlayer, viewForAi, type AiEntry, type AiPlayer } from '@sandtable/ai';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
/** The AI's budget: search iterations an impulse (deterministic; no wall time). */
const AI_ITERATIONS = 40;
/** A game longer than this is a bug in the game or the players. */
const SAFETY = 6000;

type Kind = 'random' | 'greedy' | 'ai';
interface Plan {
  name: string;
  /** Players in the order of the game's roles. */
  players: [Kind, Kind];
  /** Stop after this many actions (unfinished record); absent = play to the outcome. */
  cap?: number;
  /** Takes a share of the non-default option values. */
  flips: boolean;
}

/** The records of every game: finished ones first, then unfinished ones stopped at `cap`. */
const PLANS: Plan[] = [
  { name: 'finished-random-defaults', players: ['random', 'random'], flips: false },
  { name: 'finished-random-a', players: ['random', 'random'], flips: true },
  { name: 'finished-random-b', players: ['random', 'random'], flips: true },
  { name: 'finished-greedy-random', players: ['greedy', 'random'], flips: true },
  { name: 'random-300', players: ['random', 'random'], cap: 300, flips: true },
  { name: 'random-250', players: ['random', 'random'], cap: 250, flips: true },
  { name: 'random-200', players: ['random', 'random'], cap: 200, flips: true },
  { name: 'random-150', players: ['random', 'random'], cap: 150, flips: true },
  { name: 'random-100', players: ['random', 'random'], cap: 100, flips: true },
  { name: 'random-60-defaults', players: ['random', 'random'], cap: 60, flips: false },
  { name: 'random-30', players: ['random', 'random'], cap: 30, flips: true },
  { name: 'greedy-random-200', players: ['greedy', 'random'], cap: 200, flips: true },
  { name: 'random-greedy-200', players: ['random', 'greedy'], cap: 200, flips: true },
  { name: 'greedy-greedy-200', players: ['greedy', 'greedy'], cap: 200, flips: true },
  { name: 'greedy-greedy-120-defaults', players: ['greedy', 'greedy'], cap: 120, flips: false },
  { name: 'ai-random-250', players: ['ai', 'random'], cap: 250, flips: false },
  { name: 'ai-random-150', players: ['ai', 'random'], cap: 150, flips: true },
  { name: 'random-ai-150', players: ['random', 'ai'], cap: 150, flips: true },
  { name: 'ai-greedy-150', players: ['ai', 'greedy'], cap: 150, flips: true },
  { name: 'greedy-ai-150', players: ['greedy', 'ai'], cap: 150, flips: true },
  { name: 'ai-ai-150', players: ['ai', 'ai'], cap: 150, flips: true },
];

/** Every non-default value an option can take (none for an option fixed to one choice). */
function otherValues(spec: OptionSpec): OptionValue[] {
  const same = (v: OptionValue) => canonicalJson(v) === canonicalJson(spec.default);
  if (spec.choices) return spec.choices.filter((c) => !same(c));
  if (typeof spec.default === 'boolean') return [!spec.default];
  if (typeof spec.default === 'number') return [spec.default + 1];
  if (Array.isArray(spec.default)) return spec.default.length > 0 ? [spec.default.slice(1) as OptionValue] : [];
  return [];
}

/** The options of each flipping plan: the non-default values dealt round-robin. */
function dealOptions(specs: readonly OptionSpec[]): { options: Options[]; fixed: string[] } {
  const flipping = PLANS.filter((p) => p.flips).length;
  const options: Options[] = Array.from({ length: flipping }, () => ({}));
  const fixed: string[] = [];
  let i = 0;
  for (const spec of specs) {
    const values = otherValues(spec);
    if (values.length === 0) fixed.push(spec.key);
    for (const v of values) {
      // An option with two other values must land in two different records.
      while (spec.key in options[i % flipping]!) i++;
      options[i % flipping]![spec.key] = v;
      i++;
    }
  }
  return { options, fixed };
}

function player(entry: AiEntry, kind: Kind, seed: string): AiPlayer {
  if (kind === 'random') return randomPlayer(seed);
  if (kind === 'greedy') return greedyPlayer(entry, seed);
  return searchPlayer(entry, seed, { iterations: AI_ITERATIONS }, 'ai');
}

function how(plan: Plan): string {
  const word = (k: Kind) => (k === 'ai' ? `ai(${AI_ITERATIONS} iterations an impulse)` : k);
  const end = plan.cap === undefined ? 'to the end' : `stopped at ${plan.cap} actions`;
  return `${word(plan.players[0])} vs ${word(plan.players[1])}, ${end}`;
}

/** Plays `plan` from its own view each step and returns the record. */
function play(entry: AiEntry, gameId: string, plan: Plan, options: Options): GameRecord {
  const { game } = entry;
  const record = game.newRecord(`golden:${gameId}:${plan.name}`, undefined, options);
  const roles = game.rules.roles;
  const seats = Object.fromEntries(
    roles.map((r, i) => [r, player(entry, plan.players[i]!, `golden:${gameId}:${plan.name}:${r}`)]),
  );
  let state = game.setup(record.seed, record.scenario, record.options);
  const cap = plan.cap ?? SAFETY;
  while (!game.outcome(state) && record.actions.length < cap) {
    const d = game.decision(state);
    if (!d) throw new Error(`${gameId} ${plan.name}: no decision and no outcome`);
    const { action } = seats[d.role]!.choose(viewForAi(entry, state, d.role));
    record.actions.push({ role: d.role, action });
    state = game.apply(state, d.role, action);
  }
  if (plan.cap === undefined && !game.outcome(state)) throw new Error(`${gameId} ${plan.name}: unfinished`);
  return record;
}

async function generate(gameId: string): Promise<void> {
  const entry = await aiFor(gameId);
  const { game } = entry;
  const dir = join(ROOT, 'games', gameId, 'golden');
  mkdirSync(dir, { recursive: true });
  for (const f of readdirSync(dir)) if (f.endsWith('.json')) rmSync(join(dir, f));
  const { options, fixed } = dealOptions(game.rules.options);
  console.log(`${gameId}: options fixed to one value (no other legal value): ${fixed.join(', ') || 'none'}`);
  let dealt = 0;
  for (const plan of PLANS) {
    const opts = plan.flips ? options[dealt++]! : {};
    const t0 = performance.now();
    const record = play(entry, gameId, plan, opts);
    const file = makeGolden(game, plan.name, how(plan), record);
    writeFileSync(join(dir, `${plan.name}.json`), goldenText(file));
    const outcome = game.outcome(game.replay(record));
    console.log(
      `  ${plan.name}: ${record.actions.length} actions, ${outcome ? `finished (${outcome.winner})` : 'unfinished'}, ` +
        `options ${JSON.stringify(opts)} (${Math.round(performance.now() - t0)} ms)`,
    );
  }
}

/** Recomputes the hashes of every stored record of the game, the records kept as they are. */
function rehash(gameId: string): void {
  const { game } = catalog[gameId]!;
  const dir = join(ROOT, 'games', gameId, 'golden');
  for (const f of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    const old = JSON.parse(readFileSync(join(dir, f), 'utf8')) as GoldenFile;
    writeFileSync(join(dir, f), goldenText(makeGolden(game, old.name, old.how, old.record)));
    console.log(`  ${f}: ${old.record.actions.length} actions rehashed`);
  }
}

const args = process.argv.slice(2);
const rehashing = args.includes('--rehash');
const wanted = args.filter((a) => a !== '--rehash');
for (const id of wanted.length > 0 ? wanted : Object.keys(catalog)) {
  if (!catalog[id]) throw new Error(`unknown game "${id}"; games: ${Object.keys(catalog).join(', ')}`);
  if (rehashing) rehash(id);
  else await generate(id);
}
