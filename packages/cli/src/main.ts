/**
 * sandtable: the command-line interface. Every command works on game record files
 * (scenario, options, seed, actions) - the single source of truth.
 */
import { readFileSync, writeFileSync, existsSync, renameSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { createInterface } from 'node:readline/promises';
import {
  OBSERVER,
  RuleError,
  parseRecord,
  seedRng,
  randomIndex,
  type Action,
  type GameRecord,
  type Options,
} from '@sandtable/engine';
import { catalog, findGame } from '@sandtable/catalog';
import {
  AI_KINDS,
  ImpulseNarrator,
  STRENGTHS,
  aiFor,
  aiGames,
  hasAi,
  isAiKind,
  isStrength,
  makePlayer,
  viewForAi,
  type AiEntry,
  type AiKind,
  type AiPlayer,
} from '@sandtable/ai';

const HELP = `sandtable - rules-enforced WWII board wargames

Usage:
  sandtable games                                   list games, scenarios and rule options
  sandtable new <game> [--scenario S] [--seed N] [--option k=v ...] [--position pos.json] -o rec.json
                                                    start a game record (from the set-up, or from a position)
  sandtable position rec.json [-o pos.json]         the whole position at the record's end, hidden parts
                                                    included (loads back with new --position)
  sandtable actions rec.json [--role R]             legal actions now (one JSON object a line)
  sandtable apply rec.json '<action json>' [--role R]
                                                    append a legal action (exit 1 and file unchanged if illegal)
  sandtable undo rec.json [--role R]                take back the last action if the rules allow
  sandtable state rec.json [--as R] [--json]        readable summary (or JSON view) for a role
  sandtable play <game> [--seed N] [--scenario S] [--option k=v ...] [--ai KIND | --ai ROLE=KIND ...]
                [--ai-time MS] [--human R] [-o rec.json]
                                                    play to the end (AI for every side not --human) and print the outcome;
                                                    KIND: random (default), greedy, easy, normal, hard
  sandtable replay rec.json                         replay a record and print the final state hash
  sandtable validate                                check every game's data files

--role defaults to the role whose decision it is. Records and JSON output are compact;
--pretty (new, apply, undo, play, position, state --json) indents them for reading.`;

/** Where the CLI writes, and (for `play --human`) where it reads the player's answers. */
type Out = { log: (s: string) => void; err: (s: string) => void; input?: NodeJS.ReadableStream };
const stdio: Out = { log: (s) => console.log(s), err: (s) => console.error(s) };

function parseOptions(list: string[] | undefined): Options {
  const out: Options = {};
  for (const kv of list ?? []) {
    const i = kv.indexOf('=');
    if (i < 1) throw new Error(`--option expects key=value, got "${kv}"`);
    const raw = kv.slice(i + 1);
    let v: Options[string];
    try {
      v = JSON.parse(raw) as Options[string];
    } catch {
      v = raw;
    }
    out[kv.slice(0, i)] = v;
  }
  return out;
}

function readJson(file: string, what: string): unknown {
  if (!existsSync(file)) throw new Error(`no such ${what} file: ${file}`);
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new Error(`${file} is not JSON: ${(e as Error).message}`);
  }
}

function readRecord(file: string): GameRecord {
  return parseRecord(readJson(file, 'record'));
}

/** JSON text: compact (records grow by an action a move), indented only when asked (`--pretty`). */
function jsonText(value: unknown, pretty = false): string {
  return pretty ? JSON.stringify(value, null, 1) : JSON.stringify(value);
}

/** Writes atomically (temp file + rename), so a crash never leaves half a record. */
function writeRecord(file: string, rec: GameRecord, pretty = false): void {
  const tmp = `${file}.tmp`;
  writeFileSync(tmp, `${jsonText(rec, pretty)}\n`);
  renameSync(tmp, file);
}

const prettyFlag = { pretty: { type: 'boolean' } } as const;

function roleNow(rec: GameRecord, explicit?: string): string {
  if (explicit) return explicit;
  const game = findGame(rec.game);
  const d = game.decision(game.replay(rec));
  if (!d) throw new Error('the game is over: no role has a decision');
  return d.role;
}

function describeOutcome(o: { winner: string | null; reason: string; rule: string } | null): string {
  if (!o) return 'not finished';
  return `${o.winner ? `${o.winner} wins` : 'draw'}: ${o.reason} [${o.rule}]`;
}

/** `--ai` values: one kind for every side, or `role=kind` per side. */
function parseAiChoice(list: string[] | undefined, roles: readonly string[]): Map<string, AiKind> {
  const out = new Map<string, AiKind>(roles.map((r) => [r, 'random']));
  for (const item of list ?? []) {
    const [role, kind] = item.includes('=') ? (item.split('=', 2) as [string, string]) : [null, item];
    if (!isAiKind(kind)) throw new Error(`unknown AI "${kind}"; available: ${AI_KINDS.join(', ')}`);
    if (role !== null && !roles.includes(role))
      throw new Error(`unknown role "${role}" in --ai; roles are ${roles.join(', ')}`);
    for (const r of role === null ? roles : [role]) out.set(r, kind);
  }
  return out;
}

/**
 * Why `kinds` cannot be played for `gameId`, or null: every kind but `random` needs the game's AI
 * hooks (`withAi`: the games that have them), and a game may be playable before it has them.
 */
export function missingAi(
  gameId: string,
  kinds: Map<string, AiKind>,
  withAi: readonly string[] = aiGames(),
): string | null {
  const searched = [...kinds].filter(([, k]) => k !== 'random');
  if (!searched.length || withAi.includes(gameId)) return null;
  const games = withAi;
  return (
    `no computer opponent for ${gameId} yet, so --ai ${searched.map(([r, k]) => `${r}=${k}`).join(' ')} cannot play; ` +
    `use --ai random (random legal moves) or --human ROLE (games with a computer opponent: ${games.join(', ') || 'none'})`
  );
}

/** At most this many actions are listed at once; words typed by the player narrow a longer list. */
const LIST_MAX = 40;

/**
 * The state summary before a human's decision: whole the first time, then only the lines that
 * changed since the last one shown (a big map would otherwise scroll the prompt away); `s` at the
 * prompt shows it whole. Returns the lines now seen.
 */
function showSummary(out: Out, text: string, seen: string[] | null): string[] {
  const lines = text.split('\n');
  if (!seen) out.log(`\n${text}`);
  else {
    const before = new Set(seen);
    const changed = lines.filter((l) => !before.has(l));
    if (changed.length) out.log(`\n${changed.join('\n')}`);
  }
  return lines;
}

function showActions(out: Out, list: Action[], words: (a: Action) => string): void {
  for (const [i, a] of list.slice(0, LIST_MAX).entries()) out.log(`  ${i + 1}. ${words(a)}`);
  if (list.length > LIST_MAX)
    out.log(`  ... and ${list.length - LIST_MAX} more: type words to narrow the list (a unit, a hex, a chit)`);
}

/** The legal actions whose words contain every word of `query` (any case); all of them for an empty query. */
export function narrow(legal: Action[], words: (a: Action) => string, query: string): Action[] {
  const want = query.toLowerCase().split(/\s+/).filter(Boolean);
  return legal.filter((a) => {
    const text = `${words(a)} ${JSON.stringify(a)}`.toLowerCase();
    return want.every((w) => text.includes(w));
  });
}

/** Answers typed (or piped) by a human player, one line each; null once the input has ended. */
function lineReader(input: NodeJS.ReadableStream) {
  const rl = createInterface({ input, terminal: false });
  const queue: string[] = [];
  const waiting: ((line: string | null) => void)[] = [];
  let ended = false;
  rl.on('line', (l) => (waiting.length ? waiting.shift()!(l) : queue.push(l)));
  rl.on('close', () => {
    ended = true;
    while (waiting.length) waiting.shift()!(null);
  });
  return {
    next: (): Promise<string | null> =>
      queue.length
        ? Promise.resolve(queue.shift()!)
        : ended
          ? Promise.resolve(null)
          : new Promise((r) => waiting.push(r)),
    close: () => rl.close(),
  };
}

/** One player per AI side; `random` keeps the CLI's historical chooser stream (records stay reproducible). */
function seatPlayers(
  entry: AiEntry | null,
  kinds: Map<string, AiKind>,
  seed: string,
  timeMs: number | undefined,
): Map<string, AiPlayer> {
  const chooser = seedRng(`cli-ai:${seed}`);
  const random: AiPlayer = {
    name: 'random',
    choose: (v) => ({ action: v.actions[randomIndex(chooser, v.actions.length)]! }),
  };
  const players = new Map<string, AiPlayer>();
  for (const [role, kind] of kinds) {
    players.set(
      role,
      kind === 'random'
        ? random
        : makePlayer(entry!, kind, `cli:${seed}:${role}`, timeMs === undefined ? {} : { timeMs }),
    );
  }
  return players;
}

async function play(args: string[], out: Out): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      seed: { type: 'string' },
      scenario: { type: 'string' },
      option: { type: 'string', multiple: true },
      ai: { type: 'string', multiple: true },
      'ai-time': { type: 'string' },
      human: { type: 'string', multiple: true },
      o: { type: 'string', short: 'o' },
      quiet: { type: 'boolean' },
      ...prettyFlag,
    },
  });
  const id = positionals[0];
  if (!id) throw new Error('play needs a game id (see `sandtable games`)');
  const game = findGame(id);
  const seed = values.seed ?? '1';
  const humans = new Set(values.human ?? []);
  for (const h of humans)
    if (!game.rules.roles.includes(h))
      throw new Error(`unknown role "${h}" in --human; roles are ${game.rules.roles.join(', ')}`);
  const kinds = parseAiChoice(
    values.ai,
    game.rules.roles.filter((r) => !humans.has(r)),
  );
  const noAi = missingAi(id, kinds);
  if (noAi) throw new Error(noAi);
  const timeMs = values['ai-time'] === undefined ? undefined : Number(values['ai-time']);
  if (timeMs !== undefined && !(timeMs > 0))
    throw new Error(`--ai-time expects milliseconds, got "${values['ai-time']}"`);
  const searched = [...kinds].filter(([, k]) => k !== 'random');
  const entry = searched.length ? await aiFor(id) : null;
  const players = seatPlayers(entry, kinds, seed, timeMs);
  for (const [role, kind] of searched)
    out.log(
      `AI ${role}: ${isStrength(kind) ? STRENGTHS[kind].label : kind}${timeMs !== undefined && isStrength(kind) ? ` (time set to ${timeMs} ms)` : ''}`,
    );
  const narrator = entry ? new ImpulseNarrator(entry, new Set(searched.map(([r]) => r))) : null;
  const say = (line: string | null | undefined) => {
    if (line && (!values.quiet || humans.size)) out.log(`  [AI] ${line}`);
  };
  const rec = game.newRecord(seed, values.scenario, parseOptions(values.option));
  let state = game.replay(rec);
  const rl = humans.size ? lineReader(out.input ?? process.stdin) : null;
  let shown = 0;
  let seen: string[] | null = null;
  try {
    while (!game.outcome(state)) {
      const d = game.decision(state);
      if (!d) break;
      const legal = game.legalActions(state, d.role) as Action[];
      let action: Action;
      if (humans.has(d.role) && rl) {
        say(narrator?.step(viewForAi(entry!, state, d.role), null));
        const v = game.view(state, d.role);
        for (const l of v.log.slice(shown)) out.log(`  ${l.text}`);
        shown = v.log.length;
        seen = showSummary(out, game.rules.summary?.(state.game, d.role) ?? '', seen);
        out.log(`\n${d.role}: ${d.prompt} [${d.rule}]`);
        const words = (a: Action) => game.rules.describe?.(state.game, a) ?? JSON.stringify(a);
        let list = legal;
        showActions(out, list, words);
        for (;;) {
          out.log(
            `choose 1-${list.length} (words narrow the list, empty line lists all, s = whole state, u = undo, q = quit):`,
          );
          const line = await rl.next();
          if (line === null) {
            out.log('input ended: game left unfinished');
            return 2;
          }
          const ans = line.trim();
          if (ans === 'q') return 2;
          if (ans === 's') {
            out.log(game.rules.summary?.(state.game, d.role) ?? JSON.stringify(game.view(state, d.role).game));
            continue;
          }
          if (ans === 'u') {
            try {
              const back = game.undo(rec, d.role);
              rec.actions = back.actions;
              state = game.replay(rec);
              out.log('undone');
            } catch (e) {
              out.log((e as Error).message);
            }
            break;
          }
          const n = Number(ans);
          if (ans === '' || !Number.isInteger(n)) {
            const found = narrow(legal, words, ans);
            if (found.length === 0) out.log(`no legal action matches "${ans}"`);
            else showActions(out, (list = found), words);
            continue;
          }
          if (n >= 1 && n <= list.length) {
            action = list[n - 1]!;
            state = game.apply(state, d.role, action);
            rec.actions.push({ role: d.role, action });
            break;
          }
        }
        continue;
      }
      // The AI decides from its own view only (hidden information stays hidden).
      const view = entry ? viewForAi(entry, state, d.role) : game.view(state, d.role);
      const choice = players.get(d.role)!.choose(view);
      say(narrator?.step(view, choice));
      action = choice.action;
      game.applyInPlace(state, d.role, action, false);
      rec.actions.push({ role: d.role, action });
    }
  } finally {
    rl?.close();
  }
  say(narrator?.flush());
  if (values.o) writeRecord(values.o, rec, values.pretty);
  const o = game.outcome(state);
  if (!values.quiet && !humans.size) {
    for (const l of state.log.filter((l) => !l.to).slice(-12)) out.log(`  ${l.text}`);
  }
  out.log(`${rec.actions.length} actions; outcome: ${describeOutcome(o)}`);
  out.log(`hash ${game.hash(state)}`);
  if (values.o) out.log(`record written to ${values.o}`);
  return 0;
}

export async function main(argv: string[], out: Out = stdio): Promise<number> {
  const [cmd, ...args] = argv;
  try {
    switch (cmd) {
      case 'games': {
        for (const [id, { game }] of Object.entries(catalog)) {
          out.log(`${id}: ${game.rules.title}  (roles: ${game.rules.roles.join(', ')})`);
          for (const s of game.rules.scenarios) out.log(`  scenario ${s.id}: ${s.title} - ${s.description}`);
          for (const o of game.rules.options) out.log(`  option ${o.key}=${JSON.stringify(o.default)}  ${o.label}`);
          out.log(
            hasAi(id)
              ? `  computer opponent: --ai ${AI_KINDS.join(', ')}`
              : '  computer opponent: none yet (--ai random plays random legal moves)',
          );
        }
        return 0;
      }
      case 'new': {
        const { values, positionals } = parseArgs({
          args,
          allowPositionals: true,
          options: {
            scenario: { type: 'string' },
            seed: { type: 'string' },
            option: { type: 'string', multiple: true },
            position: { type: 'string' },
            o: { type: 'string', short: 'o' },
            ...prettyFlag,
          },
        });
        const id = positionals[0];
        if (!id || !values.o)
          throw new Error(
            'usage: sandtable new <game> [--scenario S] [--seed N] [--option k=v] [--position pos.json] -o rec.json',
          );
        const game = findGame(id);
        const position = values.position === undefined ? undefined : readJson(values.position, 'position');
        const rec = game.newRecord(values.seed ?? '1', values.scenario, parseOptions(values.option), [], position);
        game.replay(rec);
        writeRecord(values.o, rec, values.pretty);
        const from = position === undefined ? '' : ` from the position in ${values.position}`;
        out.log(`new ${id} game (${rec.scenario}, seed ${rec.seed})${from} written to ${values.o}`);
        return 0;
      }
      case 'position': {
        const { values, positionals } = parseArgs({
          args,
          allowPositionals: true,
          options: { o: { type: 'string', short: 'o' }, ...prettyFlag },
        });
        const rec = readRecord(positionals[0] ?? '');
        const game = findGame(rec.game);
        const text = `${jsonText(game.positionOf(game.replay(rec)), values.pretty)}\n`;
        if (values.o) {
          writeFileSync(values.o, text);
          out.log(`position after ${rec.actions.length} actions written to ${values.o}`);
        } else out.log(text.trimEnd());
        return 0;
      }
      case 'actions': {
        const { values, positionals } = parseArgs({
          args,
          allowPositionals: true,
          options: { role: { type: 'string' } },
        });
        const rec = readRecord(positionals[0] ?? '');
        const game = findGame(rec.game);
        const state = game.replay(rec);
        const d = game.decision(state);
        const role = values.role ?? d?.role;
        if (!role) throw new Error(`the game is over: ${describeOutcome(game.outcome(state))}`);
        for (const a of game.legalActions(state, role)) out.log(JSON.stringify(a));
        return 0;
      }
      case 'apply': {
        const { values, positionals } = parseArgs({
          args,
          allowPositionals: true,
          options: { role: { type: 'string' }, ...prettyFlag },
        });
        const [file, json] = positionals;
        if (!file || !json) throw new Error(`usage: sandtable apply rec.json '<action json>' [--role R]`);
        const rec = readRecord(file);
        const game = findGame(rec.game);
        let action: unknown;
        try {
          action = JSON.parse(json);
        } catch {
          throw new RuleError('action format', `the action is not JSON: ${json}`, 'malformed');
        }
        const role = roleNow(rec, values.role);
        const next = game.apply(game.replay(rec), role, action);
        rec.actions.push({ role, action: action as Action });
        writeRecord(file, rec, values.pretty);
        const d = game.decision(next);
        out.log(
          `applied for ${role}. ${d ? `Next: ${d.role} must ${d.prompt} [${d.rule}]` : describeOutcome(game.outcome(next))}`,
        );
        return 0;
      }
      case 'undo': {
        const { values, positionals } = parseArgs({
          args,
          allowPositionals: true,
          options: { role: { type: 'string' }, ...prettyFlag },
        });
        const file = positionals[0] ?? '';
        const rec = readRecord(file);
        const game = findGame(rec.game);
        const last = rec.actions.at(-1);
        const back = game.undo(rec, values.role ?? last?.role ?? '');
        writeRecord(file, back, values.pretty);
        out.log(`undid ${JSON.stringify(last?.action)}`);
        return 0;
      }
      case 'state': {
        const { values, positionals } = parseArgs({
          args,
          allowPositionals: true,
          options: { as: { type: 'string' }, json: { type: 'boolean' }, ...prettyFlag },
        });
        const rec = readRecord(positionals[0] ?? '');
        const game = findGame(rec.game);
        const state = game.replay(rec);
        const role = values.as ?? OBSERVER;
        const view = game.view(state, role);
        if (values.json) {
          out.log(jsonText(view, values.pretty));
          return 0;
        }
        out.log(
          `${game.rules.title} - ${rec.scenario}, seed ${rec.seed}, ${rec.actions.length} actions, seen as ${role}`,
        );
        out.log(game.rules.summary?.(state.game, role) ?? JSON.stringify(view.game, null, 1));
        out.log(
          view.decision
            ? `Decision: ${view.decision.role} must ${view.decision.prompt} [${view.decision.rule}]`
            : `Outcome: ${describeOutcome(view.outcome)}`,
        );
        return 0;
      }
      case 'play':
        return await play(args, out);
      case 'replay': {
        const rec = readRecord(args[0] ?? '');
        const game = findGame(rec.game);
        const state = game.replay(rec);
        out.log(`${rec.actions.length} actions replayed; outcome: ${describeOutcome(game.outcome(state))}`);
        out.log(game.hash(state));
        return 0;
      }
      case 'validate': {
        let ok = true;
        for (const [id, entry] of Object.entries(catalog)) {
          try {
            for (const line of entry.validate()) out.log(`${id}: ${line}`);
            out.log(`${id}: data OK`);
          } catch (e) {
            ok = false;
            out.err(`${id}: ${(e as Error).message}`);
          }
        }
        return ok ? 0 : 1;
      }
      case undefined:
      case 'help':
      case '--help':
      case '-h':
        out.log(HELP);
        return 0;
      default:
        throw new Error(`unknown command "${cmd}"\n\n${HELP}`);
    }
  } catch (e) {
    out.err(`error: ${(e as Error).message}`);
    return 1;
  }
}
