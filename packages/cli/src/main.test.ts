/**
 * The CLI over every listed game (the CLI names no game: these tests read the catalog). What a
 * game's rules decide (which actions, which outcome) is the game's own tests' business; here,
 * that the commands work the same for each.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { catalog } from '@sandtable/catalog';
import type { Action, EngineState, Game } from '@sandtable/engine';
import { main, missingAi, narrow } from './main.ts';

function run(...argv: string[]) {
  return runWithInput(undefined, ...argv);
}

/** Runs the CLI with `input` as the human player's typed answers (one a line). */
function runWithInput(input: string[] | undefined, ...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const stream = input ? Readable.from([input.map((l) => `${l}\n`).join('')]) : undefined;
  const code = main(argv, { log: (s) => out.push(s), err: (s) => err.push(s), ...(stream ? { input: stream } : {}) });
  return code.then((c) => ({ code: c, out: out.join('\n'), err: err.join('\n') }));
}

const dir = mkdtempSync(join(tmpdir(), 'sandtable-cli-'));
const games = Object.entries(catalog);
const [firstId, first] = games[0]!;
const roles = (g: Game<any, any, any>) => g.rules.roles as readonly string[];
/** Every role human: the first decision waits for typed answers. */
const allHuman = (g: Game<any, any, any>) => roles(g).flatMap((r) => ['--human', r]);
const words = (g: Game<any, any, any>, s: EngineState<unknown>) => (a: Action) =>
  g.rules.describe?.(s.game, a) ?? JSON.stringify(a);
const reEscape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('sandtable CLI', () => {
  it('lists every game with its roles, scenarios, options and whether it has a computer opponent', async () => {
    const r = await run('games');
    expect(r.code).toBe(0);
    for (const [id, { game, ai }] of games) {
      const block = r.out.slice(r.out.indexOf(`${id}: `));
      expect(block.startsWith(`${id}: ${game.rules.title}  (roles: ${roles(game).join(', ')})`)).toBe(true);
      for (const s of game.rules.scenarios) expect(block).toContain(`scenario ${s.id}: ${s.title}`);
      for (const o of game.rules.options) expect(block).toContain(`option ${o.key}=${JSON.stringify(o.default)}`);
      expect(block).toMatch(ai ? /computer opponent: --ai random, greedy/ : /computer opponent: none yet/);
    }
  });

  it('writes records compact, one line; --pretty indents them, and both read back the same', async () => {
    const compact = join(dir, `compact-${firstId}.json`);
    const pretty = join(dir, `pretty-${firstId}.json`);
    expect((await run('new', firstId, '--seed', '5', '-o', compact)).code).toBe(0);
    expect((await run('new', firstId, '--seed', '5', '--pretty', '-o', pretty)).code).toBe(0);
    const [one, two] = [readFileSync(compact, 'utf8'), readFileSync(pretty, 'utf8')];
    expect(one.trimEnd()).not.toContain('\n');
    expect(two.trimEnd().split('\n').length).toBeGreaterThan(3);
    expect(JSON.parse(one)).toEqual(JSON.parse(two));
    const action = (await run('actions', compact)).out.split('\n')[0]!;
    expect((await run('apply', compact, action)).code).toBe(0);
    expect(readFileSync(compact, 'utf8').trimEnd()).not.toContain('\n');
    expect((await run('apply', pretty, action, '--pretty')).code).toBe(0);
    expect(JSON.parse(readFileSync(pretty, 'utf8'))).toEqual(JSON.parse(readFileSync(compact, 'utf8')));
  });

  it('new, actions, apply: a legal action is appended; an illegal one exits 1 and leaves the file unchanged', async () => {
    for (const [id, { game }] of games) {
      const file = join(dir, `a-${id}.json`);
      expect((await run('new', id, '--seed', '5', '-o', file)).code).toBe(0);
      const acts = await run('actions', file);
      expect(acts.code).toBe(0);
      const lines = acts.out.split('\n').filter(Boolean);
      expect(lines.length).toBeGreaterThan(0);
      for (const l of lines) expect(JSON.parse(l)).toHaveProperty('type');

      const ok = await run('apply', file, lines[0]!);
      expect(ok.code).toBe(0);
      const next = `(${roles(game).map(reEscape).join('|')})`;
      expect(ok.out).toMatch(new RegExp(`^applied for ${next}\\. (Next: ${next} must .+ \\[.+\\]|.+)`));
      const rec = JSON.parse(readFileSync(file, 'utf8'));
      expect(rec.actions).toHaveLength(1);

      const before = readFileSync(file, 'utf8');
      const bad = await run('apply', file, '{"type":"teleport","to":"01"}');
      expect(bad.code).toBe(1);
      expect(bad.err).toMatch(/illegal action .*teleport.*\[.+\]/);
      expect(readFileSync(file, 'utf8')).toBe(before);

      const notJson = await run('apply', file, '{type');
      expect(notJson.code).toBe(1);
      expect(notJson.err).toMatch(/not JSON/);
      expect(readFileSync(file, 'utf8')).toBe(before);
    }
  });

  it('state prints a readable summary and a JSON view', async () => {
    const file = join(dir, 'b.json');
    await run('new', firstId, '--seed', '6', '-o', file);
    const s = await run('state', file);
    expect(s.code).toBe(0);
    expect(s.out).toMatch(new RegExp(`Decision: (${roles(first.game).map(reEscape).join('|')}) must`));
    const role = roles(first.game)[0]!;
    const j = await run('state', file, '--as', role, '--json');
    expect(JSON.parse(j.out)).toMatchObject({ role, gameId: firstId });
  });

  it('play reaches an outcome with random seats, and replay reproduces the same hash', async () => {
    for (const [id, { game }] of games) {
      const file = join(dir, `c-${id}.json`);
      const p = await run('play', id, '--seed', '11', '--quiet', '-o', file);
      expect(p.code, p.err).toBe(0);
      const who = roles(game)
        .map((r) => `${reEscape(r)} wins`)
        .join('|');
      expect(p.out).toMatch(new RegExp(`\\d+ actions; outcome: (${who}|draw): .+ \\[.+\\]`));
      const hash = /hash ([0-9a-f]{64})/.exec(p.out)![1];
      const r = await run('replay', file);
      expect(r.code).toBe(0);
      expect(r.out.split('\n').at(-1)).toBe(hash);
    }
  });

  it('undo of a new game is refused with the reason', async () => {
    const file = join(dir, 'd.json');
    await run('new', firstId, '--seed', '7', '-o', file);
    const u = await run('undo', file);
    expect(u.code).toBe(1);
    expect(u.err).toMatch(/nothing to undo/);
  });

  it('malformed records and unknown games are refused clearly', async () => {
    const file = join(dir, 'e.json');
    writeFileSync(
      file,
      JSON.stringify({ format: 'sandtable-record/1', game: firstId, seed: '1', options: {}, actions: [] }),
    );
    const r = await run('replay', file);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/malformed record at scenario/);
    const g = await run('new', 'chess', '-o', join(dir, 'f.json'));
    expect(g.code).toBe(1);
    expect(g.err).toMatch(/unknown game "chess"/);
  });

  it('validate checks every game data file', async () => {
    const v = await run('validate');
    expect(v.code).toBe(0);
    for (const [id] of games) expect(v.out).toContain(`${id}: data OK`);
  });
});

describe('sandtable play with human players', () => {
  it('shows the prompt, the numbered actions and the summary whole, then only its changed lines; s shows it whole; q quits', async () => {
    for (const [id, { game }] of games) {
      const s1 = game.replay(game.newRecord('4'));
      const d1 = game.decision(s1)!;
      const legal = game.legalActions(s1, d1.role) as Action[];
      const p = await runWithInput(['1', 's', 'q'], 'play', id, ...allHuman(game), '--seed', '4');
      expect(p.code).toBe(2);
      expect(p.out).toContain(`${d1.role}: ${d1.prompt} [${d1.rule}]`);
      expect(p.out).toContain(`  1. ${words(game, s1)(legal[0]!)}`);
      const summary1 = game.rules.summary?.(s1.game, d1.role) ?? '';
      for (const l of summary1.split('\n').filter(Boolean)) expect(p.out).toContain(l);
      // after the first pick: the summary's changed lines only; after `s`: all of it
      const s2 = game.apply(s1, d1.role, legal[0]!);
      const d2 = game.decision(s2);
      if (!d2) continue;
      const summary2 = (game.rules.summary?.(s2.game, d2.role) ?? '').split('\n');
      const [, afterPick = '', afterS = ''] = p.out.split(/choose 1-\d+ \(words/);
      const seen = new Set(summary1.split('\n'));
      for (const l of summary2.filter((x) => x && !seen.has(x))) expect(afterPick, id).toContain(l);
      for (const l of summary2.filter(Boolean)) expect(afterS, id).toContain(l);
    }
  });

  it('ended input leaves the game unfinished; an unknown role is refused', async () => {
    const ended = await runWithInput(['1'], 'play', firstId, ...allHuman(first.game), '--seed', '4');
    expect(ended.code).toBe(2);
    expect(ended.out).toMatch(/input ended: game left unfinished/);
    const badRole = await run('play', firstId, '--human', 'nobody');
    expect(badRole.err).toContain(`unknown role "nobody" in --human; roles are ${roles(first.game).join(', ')}`);
  });

  it('a long list of legal actions is shown 40 at a time; typed words narrow it, a number picks from the narrowed list', async () => {
    // the first listed game whose opening decision offers more than 40 actions, and a word that narrows them
    const found = games
      .map(([id, { game }]) => {
        const s = game.replay(game.newRecord('9'));
        const legal = game.legalActions(s, game.decision(s)!.role) as Action[];
        const w = words(game, s);
        const word = w(legal[0]!)
          .split(/[\s,()]+/)
          .filter((x) => /^[\w-]{3,}$/.test(x))
          .find((x) => {
            const hits = narrow(legal, w, x);
            return hits.length < legal.length && hits.every((a) => w(a).toLowerCase().includes(x.toLowerCase()));
          });
        return legal.length > 40 && word ? { id, game, word } : null;
      })
      .find((x) => x !== null);
    expect(found, 'a listed game opens with more than 40 legal actions').toBeTruthy();
    const { id, game, word } = found!;
    const p = await runWithInput([word, '1', 'q'], 'play', id, ...allHuman(game), '--seed', '9');
    expect(p.code).toBe(2);
    const more = /\.\.\. and (\d+) more: type words to narrow the list/.exec(p.out);
    expect(more, 'the full list is cut at 40').not.toBeNull();
    const listed = p.out.split('\n').filter((l) => /^ {2}\d+\. /.test(l));
    expect(listed.length).toBeGreaterThan(40);
    const afterFilter = p.out
      .split(/choose 1-\d+ \(words/)[1]!
      .split('\n')
      .filter((l) => /^ {2}\d+\. /.test(l));
    expect(afterFilter.length).toBeGreaterThan(0);
    for (const l of afterFilter) expect(l.toLowerCase()).toContain(word.toLowerCase());
    expect(afterFilter.length).toBeLessThan(listed.length);
  });

  it('says clearly when a game has no computer opponent yet; random play needs none', () => {
    const kinds = new Map([
      ['red', 'greedy' as const],
      ['blue', 'random' as const],
    ]);
    expect(missingAi('some-game', kinds, [])).toMatch(
      /no computer opponent for some-game yet, so --ai red=greedy cannot play; use --ai random .* or --human ROLE/,
    );
    expect(missingAi('some-game', new Map([['red', 'random' as const]]), [])).toBeNull();
    expect(missingAi('some-game', kinds, ['some-game'])).toBeNull();
    // every listed game with AI hooks is offered
    const withAi = games.filter(([, e]) => e.ai).map(([id]) => id);
    expect(missingAi('some-game', kinds)).toContain(`games with a computer opponent: ${withAi.join(', ') || 'none'}`);
  });
});

describe('sandtable position and new --position', () => {
  for (const [id, { game }] of games) {
    it(`${id}: the position printed at a record's end starts a game with the same legal actions; a broken one is refused`, async () => {
      const rec = join(dir, `${id}-pos.json`);
      expect((await run('play', id, '--seed', '5', '--ai', 'random', '-o', rec)).code).toBe(0);
      // take the record back to its 40th action, a game in progress
      const full = JSON.parse(readFileSync(rec, 'utf8'));
      full.actions = full.actions.slice(0, 40);
      writeFileSync(rec, JSON.stringify(full));
      const pos = join(dir, `${id}-pos.position.json`);
      const printed = await run('position', rec, '-o', pos);
      expect(printed.code, printed.err).toBe(0);
      const again = join(dir, `${id}-pos.again.json`);
      const made = await run('new', id, '--seed', '9', '--position', pos, '-o', again);
      expect(made.code, made.err).toBe(0);
      expect(made.out).toContain(`from the position in ${pos}`);
      const before = game.replay(full);
      const after = game.replay(JSON.parse(readFileSync(again, 'utf8')));
      const role = game.decision(before)!.role;
      expect(game.legalActions(after, role)).toEqual(game.legalActions(before, role));
      writeFileSync(pos, JSON.stringify({ broken: true }));
      const refused = await run('new', id, '--position', pos, '-o', join(dir, `${id}-never.json`));
      expect(refused.code).toBe(1);
      expect(refused.err).toMatch(/invalid position/);
    });
  }
});
