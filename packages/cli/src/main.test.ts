import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { main, missingAi } from './main.ts';

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

describe('sandtable CLI', () => {
  it('lists games, scenarios and rule options', async () => {
    const r = await run('games');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/soft-underbelly: Soft Underbelly/);
    expect(r.out).toMatch(/option \w+=/);
  });

  it('new, actions, apply: a legal action is appended; an illegal one exits 1 and leaves the file unchanged', async () => {
    const file = join(dir, 'a.json');
    expect((await run('new', 'soft-underbelly', '--seed', '5', '-o', file)).code).toBe(0);
    const acts = await run('actions', file);
    expect(acts.code).toBe(0);
    const lines = acts.out.split('\n').filter(Boolean);
    expect(lines.length).toBeGreaterThan(0);
    for (const l of lines) expect(JSON.parse(l)).toHaveProperty('type');

    const ok = await run('apply', file, lines[0]!);
    expect(ok.code).toBe(0);
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
  });

  it('state prints a readable summary and a JSON view', async () => {
    const file = join(dir, 'b.json');
    await run('new', 'soft-underbelly', '--seed', '6', '-o', file);
    const s = await run('state', file);
    expect(s.code).toBe(0);
    expect(s.out).toMatch(/Decision: (allies|axis) must/);
    const j = await run('state', file, '--as', 'allies', '--json');
    expect(JSON.parse(j.out)).toMatchObject({ role: 'allies', gameId: 'soft-underbelly' });
  });

  it('play reaches an outcome and replay reproduces the same hash', async () => {
    const file = join(dir, 'c.json');
    const p = await run('play', 'soft-underbelly', '--seed', '11', '--quiet', '-o', file);
    expect(p.code).toBe(0);
    expect(p.out).toMatch(/outcome: (allies wins|axis wins|draw)/);
    const hash = /hash ([0-9a-f]{64})/.exec(p.out)![1];
    const r = await run('replay', file);
    expect(r.code).toBe(0);
    expect(r.out.split('\n').at(-1)).toBe(hash);
  });

  it('undo is refused past a dice roll with the reason', async () => {
    const file = join(dir, 'd.json');
    await run('new', 'soft-underbelly', '--seed', '7', '-o', file);
    const u = await run('undo', file);
    expect(u.code).toBe(1);
    expect(u.err).toMatch(/nothing to undo/);
  });

  it('malformed records and unknown games are refused clearly', async () => {
    const file = join(dir, 'e.json');
    writeFileSync(
      file,
      JSON.stringify({ format: 'sandtable-record/1', game: 'soft-underbelly', seed: '1', options: {}, actions: [] }),
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
    expect(v.out).toMatch(/soft-underbelly: data OK/);
  });
});

describe('sandtable CLI with Rise and Fall of the Third Reich', () => {
  it('is listed with its roles, scenario, options and whether it has a computer opponent', async () => {
    const r = await run('games');
    expect(r.out).toMatch(/third-reich: Rise and Fall of the Third Reich .*\(roles: axis, allies\)/);
    expect(r.out).toMatch(/option opt16_8=false/);
    const block = r.out.slice(r.out.indexOf('third-reich:'));
    expect(block).toMatch(/computer opponent: (--ai random, greedy|none yet)/);
  });

  it('new, actions, apply: the Axis picks its turn-1 hand card by card (5.0(1)); a card not in the deck is refused', async () => {
    const file = join(dir, 'tr-a.json');
    expect((await run('new', 'third-reich', '--seed', '3', '-o', file)).code).toBe(0);
    const acts = (await run('actions', file)).out
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l));
    expect(acts.length).toBeGreaterThan(1);
    expect(acts.every((a) => a.type === 'pick')).toBe(true);
    const ok = await run('apply', file, JSON.stringify(acts[0]));
    expect(ok.out).toMatch(/applied for axis\. Next: axis must Choose 3 more card\(s\).*\[5\.0\(1\)\]/);
    const before = readFileSync(file, 'utf8');
    const bad = await run('apply', file, '{"type":"pick","card":"al2-nothing"}');
    expect(bad.code).toBe(1);
    expect(bad.err).toMatch(/illegal action/);
    expect(readFileSync(file, 'utf8')).toBe(before);
    const st = await run('state', file, '--as', 'allies');
    expect(st.out).toMatch(/Turn 1/);
    expect(st.out).not.toContain(acts[0].card);
  });

  it('plays a whole campaign with random seats to a 14.1/14.2 outcome, and replay gives the same hash', async () => {
    const file = join(dir, 'tr-c.json');
    const p = await run('play', 'third-reich', '--ai', 'random', '--seed', '21', '-o', file);
    expect(p.code).toBe(0);
    expect(p.out).toMatch(/\d+ actions; outcome: (allies wins|axis wins|draw): .*\[14\.[12]\(\d\)\]/);
    const rec = JSON.parse(readFileSync(file, 'utf8'));
    expect(rec.actions.length).toBeGreaterThan(100);
    const hash = /hash ([0-9a-f]{64})/.exec(p.out)![1];
    const r = await run('replay', file);
    expect(r.out).toMatch(/outcome: (allies wins|axis wins|draw)/);
    expect(r.out.split('\n').at(-1)).toBe(hash);
  });

  it('a human plays from typed answers: own hand shown, opponent hidden; q quits, and ended input leaves the game', async () => {
    const p = await runWithInput(['1', '1', 'x', '1', 'q'], 'play', 'third-reich', '--human', 'axis', '--seed', '4');
    expect(p.code).toBe(2);
    expect(p.out).toMatch(/axis: Choose 4 more card\(s\) from your usable deck for your hand \[5\.0\(1\)\]/);
    expect(p.out).toMatch(/ {2}1\. Take .+ \(SV 2\) into the hand/);
    expect(p.out).toMatch(/Axis hand \(yours\): (?!empty)\S/); // a card picked: the changed line is shown
    const ended = await runWithInput(
      ['1'],
      'play',
      'third-reich',
      '--human',
      'allies',
      '--human',
      'axis',
      '--seed',
      '4',
    );
    expect(ended.code).toBe(2);
    expect(ended.out).toMatch(/input ended: game left unfinished/);
    const badRole = await run('play', 'third-reich', '--human', 'germany');
    expect(badRole.err).toMatch(/unknown role "germany" in --human; roles are axis, allies/);
  });

  it('says clearly when a game has no computer opponent yet; random play needs none', () => {
    const kinds = new Map([
      ['axis', 'greedy' as const],
      ['allies', 'random' as const],
    ]);
    expect(missingAi('third-reich', kinds, {})).toMatch(
      /no computer opponent for third-reich yet, so --ai axis=greedy cannot play; use --ai random .* or --human ROLE/,
    );
    expect(missingAi('third-reich', new Map([['axis', 'random' as const]]), {})).toBeNull();
    expect(missingAi('third-reich', kinds, { 'third-reich': {} })).toBeNull();
  });
});

describe('sandtable CLI with Kursk South: Prokhorovka 1943', () => {
  it('plays a whole game with random seats to an 18.0 outcome, and replay gives the same hash', async () => {
    const file = join(dir, 'pk.json');
    const p = await run('play', 'prokhorovka', '--ai', 'random', '--seed', '5', '-o', file);
    expect(p.code).toBe(0);
    expect(p.out).toMatch(/\d+ actions; outcome: (DE|SU) wins: the German scores \d+ VP .*\[18\.0\([23]\)\]/);
    const hash = /hash ([0-9a-f]{64})/.exec(p.out)![1];
    expect((await run('replay', file)).out.split('\n').at(-1)).toBe(hash);
  });

  it('a long list of legal actions is shown 40 at a time; typed words narrow it, a number picks from the narrowed list', async () => {
    // 4.0(5): the German places his drawn chits under his units - hundreds of (chit, unit) pairs
    const p = await runWithInput(['106ID', '1', 'q'], 'play', 'prokhorovka', '--human', 'DE', '--seed', '9');
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
    for (const l of afterFilter) expect(l).toMatch(/106ID/);
    expect(afterFilter.length).toBeLessThan(listed.length);
  });
});
