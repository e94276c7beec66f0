/** The online client against a fake WebSocket and fetch: views, ack, refusals, stale, reconnect, tokens. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  OnlineClient,
  type ViewMessage,
  type WebSocketLike,
  forgetToken,
  playLink,
  rememberToken,
  storedTokens,
  tokenOfHash,
} from './client.ts';

class FakeSocket implements WebSocketLike {
  readyState = 0;
  sent: any[] = [];
  onopen: ((ev: unknown) => void) | null = null;
  onclose: ((ev: unknown) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  constructor(readonly url: string) {}
  send(data: string): void {
    this.sent.push(JSON.parse(data));
  }
  close(): void {
    this.drop();
  }
  accept(): void {
    this.readyState = 1;
    this.onopen?.({});
  }
  push(m: unknown): void {
    this.onmessage?.({ data: JSON.stringify(m) });
  }
  drop(): void {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.onclose?.({});
  }
}

const vm = (version: number, role = 'allies', gameId = 'g1'): ViewMessage => ({
  type: 'view',
  gameId,
  role,
  version,
  summary: {
    gameId,
    game: 'some-game',
    scenario: 's',
    version,
    status: 'active',
    turnRole: role,
    deadlineAt: null,
    outcome: null,
    createdAt: 1,
    updatedAt: 1,
    seats: [],
  },
  view: { game: { v: version }, decision: null, actions: [], log: [], outcome: null, seq: version } as never,
});

let sockets: FakeSocket[];
let client: OnlineClient;
beforeEach(() => {
  vi.useFakeTimers();
  sockets = [];
  client = new OnlineClient({
    base: 'http://h:1',
    webSocket: (u) => {
      const s = new FakeSocket(u);
      sockets.push(s);
      return s;
    },
    backoff: [100],
  });
});
afterEach(() => vi.useRealTimers());

describe('OnlineClient connection', () => {
  it('subscribes on open, delivers views, and answers actions with ack or refusal (with the fresh view)', async () => {
    const c = client.connect();
    expect(sockets[0]!.url).toBe('ws://h:1/api/ws');
    const views: number[] = [];
    c.subscribe('tok-a', (m) => views.push(m.version));
    sockets[0]!.accept();
    expect(sockets[0]!.sent).toEqual([{ type: 'subscribe', token: 'tok-a' }]);
    sockets[0]!.push(vm(3));
    expect(views).toEqual([3]);

    const p = c.act('tok-a', 3, { type: 'pass' });
    const sent = sockets[0]!.sent.at(-1);
    expect(sent).toMatchObject({ type: 'action', token: 'tok-a', version: 3, action: { type: 'pass' } });
    sockets[0]!.push({ type: 'ack', id: sent.id, gameId: 'g1', version: 4, view: vm(4) });
    expect(await p).toMatchObject({ ok: true, view: { version: 4 } });
    sockets[0]!.push(vm(4)); // the push after the ack: same version, harmless
    sockets[0]!.push(vm(3)); // an older push overtaken: ignored
    expect(views).toEqual([3, 4, 4]);

    const q = c.act('tok-a', 3, { type: 'pass' });
    const id = sockets[0]!.sent.at(-1).id;
    sockets[0]!.push({
      type: 'refused',
      id,
      status: 409,
      error: { code: 'stale', message: 'stale action' },
      view: vm(5),
    });
    expect(await q).toMatchObject({ ok: false, status: 409, error: { code: 'stale' }, view: { version: 5 } });
    expect(views.at(-1)).toBe(5);

    const r = c.act('tok-a', 5, { type: 'bogus' });
    sockets[0]!.push({
      type: 'refused',
      id: sockets[0]!.sent.at(-1).id,
      status: 422,
      error: { code: 'illegal', message: 'not legal', rule: '§9' },
    });
    expect(await r).toEqual({
      ok: false,
      status: 422,
      error: { code: 'illegal', message: 'not legal', rule: '§9' },
      view: null,
    });
    c.close();
  });

  it('applies patches to the view it holds, acks without a view, and resubscribes when a patch does not follow', async () => {
    const c = client.connect();
    const got: ViewMessage[] = [];
    c.subscribe('tok-a', (m) => got.push(m));
    sockets[0]!.accept();
    const first = vm(3);
    first.view.log = [{ seq: 1, text: 'set-up' }];
    sockets[0]!.push(first);
    const p = c.act('tok-a', 3, { type: 'pass' });
    const id = sockets[0]!.sent.at(-1).id;
    // The server's patch: from 3 to 4, a changed game field, a new legal action, one log line.
    sockets[0]!.push({
      type: 'patch',
      gameId: 'g1',
      role: 'allies',
      from: 3,
      version: 4,
      summary: vm(4).summary,
      log: [{ seq: 4, text: 'allies pass' }],
      patch: [
        { op: 'replace', path: '/game/v', value: 4 },
        { op: 'replace', path: '/seq', value: 4 },
        { op: 'add', path: '/actions/0', value: { type: 'end' } },
      ],
    });
    sockets[0]!.push({ type: 'ack', id, gameId: 'g1', version: 4 });
    const acked = await p;
    expect(acked).toMatchObject({ ok: true, view: { version: 4 } });
    expect(got.at(-1)!.view).toEqual({
      game: { v: 4 },
      decision: null,
      actions: [{ type: 'end' }],
      log: [
        { seq: 1, text: 'set-up' },
        { seq: 4, text: 'allies pass' },
      ],
      outcome: null,
      seq: 4,
    });
    expect(first.view.log).toHaveLength(1); // the view held before is left as it was
    // A patch from a version this client does not hold: it asks for the whole view again.
    sockets[0]!.sent.length = 0;
    sockets[0]!.push({ ...vm(6), type: 'patch', from: 5, version: 6, log: [], patch: [] });
    expect(got.at(-1)!.version).toBe(4);
    expect(sockets[0]!.sent).toEqual([{ type: 'subscribe', token: 'tok-a' }]);
    c.close();
  });

  it('keeps each token to its own game and role on one socket', () => {
    const c = client.connect();
    sockets[0]!.accept();
    const a: string[] = [],
      b: string[] = [];
    c.subscribe('tok-a', (m) => a.push(m.role));
    sockets[0]!.push(vm(1, 'allies'));
    c.subscribe('tok-b', (m) => b.push(m.role));
    sockets[0]!.push(vm(1, 'axis'));
    sockets[0]!.push(vm(2, 'allies'));
    sockets[0]!.push(vm(2, 'axis'));
    expect(a).toEqual(['allies', 'allies']);
    expect(b).toEqual(['axis', 'axis']);
    c.close();
  });

  it('reconnects after a drop, resubscribes, fails the actions in flight and queues new ones', async () => {
    const c = client.connect();
    const states: string[] = [];
    c.onStatus((s) => states.push(s));
    c.subscribe('tok-a', () => undefined);
    sockets[0]!.accept();
    const inFlight = c.act('tok-a', 1, { type: 'pass' });
    sockets[0]!.drop();
    expect(await inFlight).toMatchObject({ ok: false, error: { code: 'disconnected' } });
    const queued = c.act('tok-a', 1, { type: 'pass' });
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(100);
    expect(sockets).toHaveLength(2);
    sockets[1]!.accept();
    expect(sockets[1]!.sent.map((m) => m.type)).toEqual(['subscribe', 'action']);
    sockets[1]!.push({ type: 'ack', id: sockets[1]!.sent[1].id, gameId: 'g1', version: 2, view: vm(2) });
    expect(await queued).toMatchObject({ ok: true });
    expect(states).toEqual(['connecting', 'open', 'connecting', 'open']);
    c.close();
    vi.advanceTimersByTime(1000);
    expect(sockets).toHaveLength(2);
    expect(c.state).toBe('closed');
  });

  it('takes a view of an earlier version after an undo (marked rewound, or after resubscribing), not an older push', () => {
    const c = client.connect();
    const views: number[] = [];
    c.subscribe('tok-a', (m) => views.push(m.version));
    sockets[0]!.accept();
    sockets[0]!.push(vm(5));
    sockets[0]!.push(vm(4)); // an older push: ignored
    sockets[0]!.push({ ...vm(4), rewound: true }); // the seat's last action was taken back
    expect(views).toEqual([5, 4]);
    sockets[0]!.push(vm(5));
    sockets[0]!.drop(); // an undo while away: the resubscription's view is the truth
    vi.advanceTimersByTime(100);
    sockets[1]!.accept();
    sockets[1]!.push(vm(4));
    expect(views).toEqual([5, 4, 5, 4]);
    c.close();
    vi.advanceTimersByTime(1000);
    expect(sockets).toHaveLength(2);
    expect(c.state).toBe('closed');
  });
});

describe('OnlineClient HTTP', () => {
  it('creates games and reads the lobby with JSON bodies; errors carry the server refusal', async () => {
    const calls: { url: string; init: RequestInit | undefined }[] = [];
    const fetch = async (url: string, init?: RequestInit) => {
      calls.push({ url, init });
      if (url.endsWith('/api/games'))
        return new Response(JSON.stringify({ gameId: 'g', version: 0, seats: [], spectatorToken: 's' }), {
          status: 201,
        });
      return new Response(JSON.stringify({ error: { code: 'unauthorized', message: 'no token' } }), { status: 401 });
    };
    const c = new OnlineClient({ base: 'http://h:1/', fetch });
    expect(
      await c.createGame({
        game: 'some-game',
        seats: { allies: { kind: 'human' }, axis: { kind: 'ai', ai: 'easy' } },
      }),
    ).toMatchObject({ gameId: 'g' });
    expect(calls[0]!.url).toBe('http://h:1/api/games');
    expect(JSON.parse(String(calls[0]!.init!.body))).toMatchObject({ game: 'some-game' });
    await expect(c.view('g', 'bad')).rejects.toMatchObject({ status: 401, error: { code: 'unauthorized' } });
    expect((calls[1]!.init!.headers as Record<string, string>).authorization).toBe('Bearer bad');
  });

  it('asks for an undo with the version it was asked from; a refusal comes back with its reason', async () => {
    const calls: { url: string; body: unknown }[] = [];
    let refuse = false;
    const fetch = async (url: string, init?: RequestInit) => {
      calls.push({ url, body: JSON.parse(String(init?.body)) });
      if (refuse)
        return new Response(
          JSON.stringify({ error: { code: 'undo-refused', message: 'cannot undo: dice were rolled', rule: 'undo' } }),
          { status: 409 },
        );
      return new Response(JSON.stringify({ ...vm(6), rewound: true }), { status: 200 });
    };
    const c = new OnlineClient({ base: 'http://h:1', fetch });
    expect(await c.undo('g1', 'tok-a', 7)).toMatchObject({ ok: true, view: { version: 6, rewound: true } });
    expect(calls[0]).toEqual({ url: 'http://h:1/api/games/g1/undo', body: { version: 7 } });
    refuse = true;
    expect(await c.undo('g1', 'tok-a', 6)).toEqual({
      ok: false,
      status: 409,
      error: { code: 'undo-refused', message: 'cannot undo: dice were rolled', rule: 'undo' },
      view: null,
    });
  });
});

describe('tokens and links', () => {
  it('keeps tokens in storage, newest first, once each', () => {
    const m = new Map<string, string>();
    const st = { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) };
    rememberToken({ token: 'a', gameId: 'g', role: 'allies', game: 'x', createdAt: 1 }, st);
    rememberToken({ token: 'b', gameId: 'g', role: 'axis', game: 'x', createdAt: 1 }, st);
    rememberToken({ token: 'a', gameId: 'g', role: 'allies', game: 'x', createdAt: 2 }, st);
    expect(storedTokens(st).map((t) => t.token)).toEqual(['a', 'b']);
    forgetToken('a', st);
    expect(storedTokens(st).map((t) => t.token)).toEqual(['b']);
    m.set('sandtable.online.tokens', 'not json');
    expect(storedTokens(st)).toEqual([]);
  });

  it('builds and parses #/play/<token> links', () => {
    expect(playLink('t/1', 'http://h:1/?x=1#/old')).toBe('http://h:1/?x=1#/play/t%2F1');
    expect(tokenOfHash('#/play/t%2F1')).toBe('t/1');
    expect(tokenOfHash('#/other')).toBeNull();
  });
});
