/**
 * Golden records (issue #13, Deliver 6): a game record plus, for every step, short hashes of
 * what the players see, so that a refactor can prove it changed no behaviour.
 *
 * Step 0 is the position after set-up; step k the position after the record's k-th action. At
 * each step we hash, separately so that a mismatch can name the part:
 * - `d`: the decision on top of the stack;
 * - `l[role]`: `legalActions(state, role)` for every role of the game;
 * - `v[role]`: `view(state, role)` for every role and the observer, without its log;
 * - `g[role]`: the log lines that role (or the observer) may see, as a running hash: the previous
 *   step's `g` chained with the lines that became visible at this step;
 * - `o`: the outcome.
 * The engine state hash (`game.hash`, its first 12 digits) is kept apart in `stateHashes`: it may change when the
 * state's internal shape changes (say so in the commit that regenerates it), the parts may not.
 *
 * Game-agnostic: it uses only the engine's own modules. Regenerate files with
 * `scripts/make-golden.ts` (see there for when that is allowed).
 */
import type { Action, EngineState, GameRecord, Role } from '../contract.ts';
import { OBSERVER } from '../contract.ts';
import { createHash } from 'node:crypto';
import { canonicalJson } from '../canonical.ts';
import type { Game } from '../game.ts';

/** The part hashes of one step (12 hex characters each). */
export interface StepHashes {
  d: string;
  l: Record<Role, string>;
  v: Record<Role, string>;
  g: Record<Role, string>;
  o: string;
}

export interface GoldenFile {
  name: string;
  /** How the record was played, e.g. "random vs greedy", "ai(iterations 40) vs random". */
  how: string;
  record: GameRecord;
  steps: StepHashes[];
  stateHashes: string[];
}

/** The JSON of every part at one step, for messages. */
interface StepParts {
  d: unknown;
  l: Record<Role, unknown>;
  v: Record<Role, unknown>;
  g: Record<Role, unknown[]>;
  o: unknown;
}

const SHORT = 12;
/**
 * The first 12 hex digits of the engine's `stableHash` (sha-256 of the canonical JSON), computed
 * with Node's native sha-256: the same digest, several times faster than the portable one.
 */
const short = (value: unknown): string => shortOfText(canonicalJson(value) ?? 'undefined');
const shortOfText = (text: string): string => createHash('sha256').update(text).digest('hex').slice(0, SHORT);

/** Replays `record` step by step, handing each step's parts and state hash to `visit`. */
function replaySteps<G>(
  game: Game<G, Action, unknown>,
  record: GameRecord,
  visit: (k: number, parts: StepParts, hashes: StepHashes, state: EngineState<G>) => boolean | undefined,
): void {
  const viewers = [...game.rules.roles, OBSERVER];
  const seen: Record<Role, number> = {};
  const chain: Record<Role, string> = {};
  for (const r of viewers) {
    seen[r] = 0;
    chain[r] = '';
  }
  let state = game.setup(record.seed, record.scenario, record.options, record.dice ?? [], record.position);
  for (let k = 0; ; k++) {
    const parts: StepParts = { d: game.decision(state), l: {}, v: {}, g: {}, o: game.outcome(state) };
    const hashes: StepHashes = { d: short(parts.d), l: {}, v: {}, g: {}, o: short(parts.o) };
    for (const r of game.rules.roles) {
      parts.l[r] = game.legalActions(state, r);
      hashes.l[r] = short(parts.l[r]);
    }
    for (const r of viewers) {
      const { log, ...rest } = game.view(state, r);
      parts.v[r] = rest;
      hashes.v[r] = short(rest);
      parts.g[r] = log.slice(seen[r]);
      seen[r] = log.length;
      chain[r] = shortOfText(`${chain[r]}|${log.length}|${canonicalJson(parts.g[r])}`);
      hashes.g[r] = chain[r];
    }
    if (visit(k, parts, hashes, state) === false) return;
    if (k >= record.actions.length) return;
    const { role, action } = record.actions[k]!;
    try {
      state = game.apply(state, role, action);
    } catch (e) {
      throw new Error(
        `${game.rules.id} golden replay: action #${k + 1} (${role} ${canonicalJson(action)}) fails: ${e}`,
      );
    }
  }
}

/** The engine state hash at every step (a replay without views: cheaper than `goldenSteps`). */
export function goldenStateHashes<G>(game: Game<G, Action, unknown>, record: GameRecord): string[] {
  let state = game.setup(record.seed, record.scenario, record.options, record.dice ?? [], record.position);
  const out = [short(state)];
  for (const { role, action } of record.actions) {
    state = game.apply(state, role, action);
    out.push(short(state));
  }
  return out;
}

/** Every step's part hashes and state hash (the generator's and the checker's common ground). */
export function goldenSteps<G>(
  game: Game<G, Action, unknown>,
  record: GameRecord,
): { steps: StepHashes[]; stateHashes: string[] } {
  const steps: StepHashes[] = [];
  const stateHashes: string[] = [];
  replaySteps(game, record, (_k, _parts, hashes, state) => {
    steps.push(hashes);
    stateHashes.push(short(state));
  });
  return { steps, stateHashes };
}

/** A golden file for `record`. */
export function makeGolden<G>(
  game: Game<G, Action, unknown>,
  name: string,
  how: string,
  record: GameRecord,
): GoldenFile {
  return { name, how, record, ...goldenSteps(game, record) };
}

/** A golden file as text: compact JSON, one action and one step a line (diffs stay readable). */
export function goldenText(file: GoldenFile): string {
  const { actions, ...head } = file.record;
  const lines = (xs: unknown[]) => xs.map((x) => JSON.stringify(x)).join(',\n');
  const record = `${JSON.stringify(head).slice(0, -1)},"actions":[\n${lines(actions)}\n]}`;
  return (
    `{"name":${JSON.stringify(file.name)},"how":${JSON.stringify(file.how)},\n"record":${record},\n` +
    `"steps":[\n${lines(file.steps)}\n],\n"stateHashes":${JSON.stringify(file.stateHashes)}}\n`
  );
}

/** The first difference between a golden file and its replay, in words; null when none. */
export interface GoldenMismatch {
  step: number;
  /** e.g. "decision", "legal actions for axis", "view for observer", "log for allies", "outcome". */
  part: string;
  message: string;
}

const clip = (s: string, n = 600) => (s.length > n ? `${s.slice(0, n)}... (${s.length} chars)` : s);

function partNames(expected: StepHashes, got: StepHashes): { key: keyof StepHashes; role?: Role; name: string }[] {
  const out: { key: keyof StepHashes; role?: Role; name: string }[] = [];
  if (expected.d !== got.d) out.push({ key: 'd', name: 'decision' });
  const words = { l: 'legal actions', v: 'view', g: 'log' } as const;
  for (const key of ['l', 'v', 'g'] as const) {
    const roles = new Set([...Object.keys(expected[key] ?? {}), ...Object.keys(got[key])]);
    for (const r of roles) {
      if (expected[key]?.[r] !== got[key][r]) out.push({ key, role: r, name: `${words[key]} for ${r}` });
    }
  }
  if (expected.o !== got.o) out.push({ key: 'o', name: 'outcome' });
  return out;
}

/** Compares every step's parts of `file` with a fresh replay; returns the first mismatch. */
export function compareGolden<G>(game: Game<G, Action, unknown>, file: GoldenFile): GoldenMismatch | null {
  let found: GoldenMismatch | null = null;
  let before: StepParts | null = null;
  replaySteps(game, file.record, (k, parts, hashes) => {
    const expected = file.steps[k];
    if (!expected) {
      found = { step: k, part: 'steps', message: `the file has ${file.steps.length} steps, the record replays more` };
      return false;
    }
    const differ = partNames(expected, hashes);
    if (differ.length === 0) {
      before = parts;
      return true;
    }
    const first = differ[0]!;
    const now = first.role === undefined ? parts[first.key] : (parts[first.key] as Record<Role, unknown>)[first.role];
    const was =
      before === null
        ? undefined
        : first.role === undefined
          ? before[first.key]
          : (before[first.key] as Record<Role, unknown>)[first.role];
    const entry = k === 0 ? null : file.record.actions[k - 1]!;
    const after = entry ? `after action #${k} (${entry.role} ${canonicalJson(entry.action)})` : 'after set-up';
    found = {
      step: k,
      part: first.name,
      message: [
        `golden "${file.name}" (${game.rules.id}): step ${k} ${after} differs in ${differ.map((p) => p.name).join(', ')}`,
        `  ${first.name} now: ${clip(canonicalJson(now) ?? 'undefined')}`,
        ...(was === undefined ? [] : [`  ${first.name} at step ${k - 1} (which matched): ${clip(canonicalJson(was))}`]),
        `  expected hash ${hashOf(expected, first)}, got ${hashOf(hashes, first)}`,
      ].join('\n'),
    };
    return false;
  });
  if (!found && file.steps.length !== file.record.actions.length + 1) {
    return {
      step: file.record.actions.length + 1,
      part: 'steps',
      message: `golden "${file.name}": ${file.steps.length} steps stored for ${file.record.actions.length} actions`,
    };
  }
  return found;
}

function hashOf(h: StepHashes, p: { key: keyof StepHashes; role?: Role }): string {
  const v = h[p.key];
  return typeof v === 'string' ? v : (v?.[p.role!] ?? 'none');
}

/** Throws a readable error at the first step whose decision, legal actions, views, log or outcome differ. */
export function checkGolden<G>(game: Game<G, Action, unknown>, file: GoldenFile): void {
  const m = compareGolden(game, file);
  if (m) throw new Error(m.message);
}

/** The state hashes, checked apart: they may change with the state's shape (regenerate in a commit that says so). */
export function checkGoldenStateHashes<G>(game: Game<G, Action, unknown>, file: GoldenFile): void {
  const stateHashes = goldenStateHashes(game, file.record);
  const k = stateHashes.findIndex((h, i) => h !== file.stateHashes[i]);
  if (k >= 0 || stateHashes.length !== file.stateHashes.length) {
    const at = k >= 0 ? k : Math.min(stateHashes.length, file.stateHashes.length);
    throw new Error(
      `golden "${file.name}" (${game.rules.id}): state hash differs from step ${at} (expected ${file.stateHashes[at]}, got ${stateHashes[at]}); ` +
        'if only the state shape changed, regenerate the state hashes in a commit that says so',
    );
  }
}
