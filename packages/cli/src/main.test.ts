import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from './main.ts';

function run(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = main(argv, { log: (s) => out.push(s), err: (s) => err.push(s) });
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
    writeFileSync(file, JSON.stringify({ format: 'sandtable-record/1', game: 'soft-underbelly', seed: '1', options: {}, actions: [] }));
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
