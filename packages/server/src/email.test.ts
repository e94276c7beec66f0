/**
 * Email notifications against a local SMTP server started here (smtp-server; messages parsed
 * with mailparser): a seat that gave an address gets "your turn", one deadline reminder and
 * "game over", each with its own invite link; the address is stored and appears in nothing any
 * other seat, spectator or webhook receives; without SMTP_URL an address is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { SandtableServer } from './app.ts';
import { InviteSeal } from './email.ts';
import { pig } from './testing.ts';
import {
  eventually,
  fakeClock,
  http,
  startServer,
  storeVariants,
  webhookReceiver,
  WsClient,
  type TestStore,
} from './test-support.ts';

const HOUR = 3_600_000;
const TITLE = pig.rules.title;
const SECRET = 'test secret, sixteen characters or more';

interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** A loopback SMTP server that keeps every message it accepts. */
async function smtpReceiver(): Promise<{ url: string; mail: Mail[]; close(): Promise<void> }> {
  const mail: Mail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, done) {
      simpleParser(stream).then((m: ParsedMail) => {
        const to = Array.isArray(m.to) ? m.to.map((a) => a.text).join(', ') : (m.to?.text ?? '');
        mail.push({ to, subject: m.subject ?? '', text: m.text ?? '' });
        done();
      }, done);
    },
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.server.address() as { port: number };
  return { url: `smtp://127.0.0.1:${port}`, mail, close: () => new Promise((r) => server.close(() => r())) };
}

describe('invite seal', () => {
  it('stores a token only sealed under the secret, and opens it only with that secret', () => {
    const token = 'AbCdEfGhIjKlMnOpQrStUvWxYz012345';
    const sealed = new InviteSeal(SECRET).seal(token);
    expect(sealed).not.toContain(token);
    expect(new InviteSeal(SECRET).open(sealed)).toBe(token);
    expect(() => new InviteSeal(`${SECRET}!`).open(sealed)).toThrow();
    expect(() => new InviteSeal('short')).toThrow(/at least 16 characters/);
  });
});

for (const variant of storeVariants()) {
  describe(`email notifications on ${variant.name}`, () => {
    let store: TestStore;
    let server: SandtableServer;
    let url: string;
    let smtp: Awaited<ReturnType<typeof smtpReceiver>>;
    let hook: Awaited<ReturnType<typeof webhookReceiver>>;
    const clock = fakeClock();

    beforeAll(async () => {
      store = await variant.open();
      smtp = await smtpReceiver();
      hook = await webhookReceiver();
      ({ server, url } = await startServer(store.repo, {
        clock,
        email: { smtpUrl: smtp.url, secret: SECRET, from: 'Sandtable <games@example.org>', tries: 2, backoffMs: 10 },
      }));
    });
    afterAll(async () => {
      await server?.close();
      await smtp?.close();
      await hook?.close();
      await store?.cleanup();
    });

    const to = (address: string) => smtp.mail.filter((m) => m.to === address);
    const link = (token: string) => `${url}/#/play/${token}`;
    const view = async (gameId: string, token: string) =>
      (await http(url, 'GET', `/api/games/${gameId}`, { token })).body;
    const act = async (gameId: string, token: string, type: string) => {
      const v = await view(gameId, token);
      return http(url, 'POST', `/api/games/${gameId}/actions`, {
        token,
        body: { version: v.version, action: { type } },
      });
    };
    const sent = () => server.mailer!.idle();

    it('sends "your turn" with the seat\'s own invite link, and only to the seat whose turn it is', async () => {
      const created = (
        await http(url, 'POST', '/api/games', {
          body: { game: 'pig', seats: { a: { kind: 'human', email: 'ann@example.org' }, b: { kind: 'human' } } },
        })
      ).body;
      const [ta, tb] = created.seats.map((s: { token: string }) => s.token);
      await eventually(() => to('ann@example.org').length === 1, 5000, 'first your-turn email');
      const first = to('ann@example.org')[0]!;
      expect(first.subject).toBe(`Your turn: ${TITLE}`);
      expect(first.text).toContain(link(ta));
      expect(first.text).not.toContain(tb);
      // b gives an address with its own token; b's turn brings b a letter with b's link
      const put = await http(url, 'PUT', `/api/games/${created.gameId}/email`, {
        token: tb,
        body: { email: 'bob@example.org' },
      });
      expect(put).toMatchObject({ status: 200, body: { ok: true, email: 'bob@example.org' } });
      let r = await act(created.gameId, ta, 'roll');
      if (r.body.summary.turnRole === 'a') r = await act(created.gameId, ta, 'hold');
      await eventually(() => to('bob@example.org').length === 1, 5000, "b's your-turn email");
      expect(to('bob@example.org')[0]!.text).toContain(link(tb));
      expect(to('bob@example.org')[0]!.text).not.toContain(ta);
      await sent();
      expect(to('ann@example.org')).toHaveLength(1);
      // clearing the address stops the letters
      await http(url, 'PUT', `/api/games/${created.gameId}/email`, { token: tb, body: { email: null } });
      expect((await store.repo.getSeats(created.gameId)).find((s) => s.role === 'b')).toMatchObject({
        email: null,
        invite: null,
      });
    });

    it('carries a reissued token in later letters, never the revoked one', async () => {
      const created = (
        await http(url, 'POST', '/api/games', {
          body: { game: 'pig', seats: { a: { kind: 'human', email: 'carol@example.org' }, b: { kind: 'human' } } },
        })
      ).body;
      const [oldA, tb] = created.seats.map((s: { token: string }) => s.token);
      await eventually(() => to('carol@example.org').length === 1, 5000, 'first your-turn email');
      const reissued = await http(url, 'POST', `/api/games/${created.gameId}/token`, { token: oldA });
      const newA: string = reissued.body.token;
      expect(newA).not.toBe(oldA);
      // a hands the turn to b, b hands it back: a's next letter links with the new token
      let r = await act(created.gameId, newA, 'roll');
      if (r.body.summary.turnRole === 'a') r = await act(created.gameId, newA, 'hold');
      r = await act(created.gameId, tb, 'roll');
      if (r.body.summary.turnRole === 'b') await act(created.gameId, tb, 'hold');
      await eventually(() => to('carol@example.org').length === 2, 5000, 'second your-turn email');
      const second = to('carol@example.org')[1]!;
      expect(second.text).toContain(link(newA));
      expect(second.text).not.toContain(oldA);
    });

    it('refuses a malformed address, an address for an AI seat, and a spectator setting one', async () => {
      const bad = await http(url, 'POST', '/api/games', {
        body: {
          game: 'pig',
          seats: { a: { kind: 'human', email: 'ann@example.org\r\nBcc: x@y.z' }, b: { kind: 'human' } },
        },
      });
      expect(bad.status).toBe(400);
      expect(bad.body.error.message).toMatch(/email must be one address/);
      const ai = await http(url, 'POST', '/api/games', {
        body: { game: 'pig', seats: { a: { kind: 'human' }, b: { kind: 'ai', email: 'bot@example.org' } } },
      });
      expect(ai.status).toBe(400);
      expect(ai.body.error.message).toMatch(/only a human seat/);
      const created = (
        await http(url, 'POST', '/api/games', {
          body: { game: 'pig', seats: { a: { kind: 'human' }, b: { kind: 'human' } } },
        })
      ).body;
      const spect = await http(url, 'PUT', `/api/games/${created.gameId}/email`, {
        token: created.spectatorToken,
        body: { email: 'eve@example.org' },
      });
      expect(spect.status).toBe(403);
      const notOne = await http(url, 'PUT', `/api/games/${created.gameId}/email`, {
        token: created.seats[0].token,
        body: { email: 'a@b.c, d@e.f' },
      });
      expect(notOne.status).toBe(400);
    });

    it('never shows an address to another seat, a spectator, a webhook or the record', async () => {
      const created = (
        await http(url, 'POST', '/api/games', {
          body: {
            game: 'pig',
            scenario: 'short',
            seats: {
              a: { kind: 'human', email: 'secret-ann@example.org', webhook: `${hook.url}/a` },
              b: { kind: 'human', email: 'secret-bob@example.org', webhook: `${hook.url}/b` },
            },
          },
        })
      ).body;
      const tokens: Record<string, string> = { a: created.seats[0].token, b: created.seats[1].token };
      const ws = await WsClient.connect(url);
      for (const t of [tokens.a, tokens.b, created.spectatorToken]) ws.send({ type: 'subscribe', token: t });
      const seen: unknown[] = [];
      for (let i = 0; i < 300; i++) {
        const v = await view(created.gameId, tokens.a!);
        seen.push(v, await view(created.gameId, tokens.b!), await view(created.gameId, created.spectatorToken));
        if (v.summary.status === 'finished') break;
        const turn = v.summary.turnRole as string;
        const mine = await view(created.gameId, tokens[turn]!);
        const hold = mine.view.actions.some((x: { type: string }) => x.type === 'hold') && i % 3 === 2;
        await act(created.gameId, tokens[turn]!, hold ? 'hold' : 'roll');
      }
      seen.push((await http(url, 'POST', '/api/lobby', { body: { tokens: Object.values(tokens) } })).body);
      seen.push((await http(url, 'GET', `/api/games/${created.gameId}/record`, { token: tokens.a })).body);
      await eventually(() => ws.messages.some((m) => m.summary?.status === 'finished'), 5000, 'game over pushed');
      ws.close();
      const everything = JSON.stringify([seen, ws.messages, hook.received]);
      expect(everything).toContain('"status":"finished"');
      expect(everything).not.toContain('secret-ann');
      expect(everything).not.toContain('secret-bob');
      // each seat's game-over letter carries its own link and the result
      await eventually(
        () =>
          [...to('secret-ann@example.org'), ...to('secret-bob@example.org')].filter(
            (m) => m.subject === `Game over: ${TITLE}`,
          ).length === 2,
        5000,
        'game-over emails',
      );
      for (const [role, address] of [
        ['a', 'secret-ann@example.org'],
        ['b', 'secret-bob@example.org'],
      ] as const) {
        const over = to(address).find((m) => m.subject === `Game over: ${TITLE}`)!;
        expect(over.text).toContain(link(tokens[role]!));
        expect(over.text).toMatch(/\b[ab] won: [ab] reached 10\./);
      }
      // the store keeps the address, and the token only sealed
      const stored = (await store.repo.getSeats(created.gameId)).find((s) => s.role === 'a')!;
      expect(stored.email).toBe('secret-ann@example.org');
      expect(stored.invite).not.toContain(tokens.a);
    });

    it("sends one deadline reminder when the turn's deadline passes, however many instances tick", async () => {
      const created = (
        await http(url, 'POST', '/api/games', {
          body: {
            game: 'pig',
            deadline: { ms: 24 * HOUR, policy: 'remind' },
            seats: { a: { kind: 'human', email: 'late@example.org' }, b: { kind: 'human' } },
          },
        })
      ).body;
      const reminders = () => to('late@example.org').filter((m) => m.subject === `Deadline passed: ${TITLE}`);
      await server.service.tick();
      await sent();
      expect(reminders()).toHaveLength(0);
      clock.advance(24 * HOUR + 1);
      // a second instance on the same store ticks too: the one that marks the deadline handled sends it
      const other = await startServer(await store.reopen(), {
        clock,
        email: { smtpUrl: smtp.url, secret: SECRET, tries: 2, backoffMs: 10 },
      });
      await Promise.all([server.service.tick(), other.server.service.tick()]);
      await other.server.mailer!.idle();
      await other.server.close();
      await eventually(() => reminders().length === 1, 5000, 'deadline email');
      expect(reminders()[0]!.text).toContain(link(created.seats[0].token));
      expect(reminders()[0]!.text).toContain('The game waits for you.');
      await server.service.tick();
      await sent();
      expect(reminders()).toHaveLength(1);
    });

    it('refuses an address on a server without SMTP_URL, saying so', async () => {
      const plain = await startServer(store.repo, { clock });
      const r = await http(plain.url, 'POST', '/api/games', {
        body: { game: 'pig', seats: { a: { kind: 'human', email: 'ann@example.org' }, b: { kind: 'human' } } },
      });
      expect(r.status).toBe(400);
      expect(r.body.error.message).toMatch(/email notifications are off on this server \(it has no SMTP_URL\)/);
      await plain.server.close();
    });
  });
}
