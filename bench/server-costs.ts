/**
 * Cost per move over a whole game: one game at a time, played to its end with seeded random
 * legal actions over WebSocket, a socket per seat plus a spectator's, as the web client plays
 * (patches applied to the view held). For each action: the process's CPU time from sending it
 * until every socket holds the new version (server and these clients together, one process),
 * and the JSON bytes each socket received for it. Reported for the first and the last tenth of
 * the game; the last must be within 1.5x of the first. A first whole game warms the JIT up.
 */
import { randomIndex, seedRng, type Options } from '@sandtable/engine';
import type { ViewMessage } from '@sandtable/protocol';
import { WsClient } from '../packages/server/src/test-support.ts';
import { createServer, type Repository } from '../packages/server/src/index.ts';
import type { GameCatalog } from '../packages/server/src/types.ts';

export interface CostSubject {
  id: string;
  catalog: GameCatalog;
  options: Options;
}

export interface TenthFigures {
  actions: number;
  /** Mean CPU ms per action (whole process), first and last tenth. */
  cpuFirst: number;
  cpuLast: number;
  /** Median CPU ms per action, first and last tenth (less moved by GC pauses and other processes). */
  cpuMedianFirst: number;
  cpuMedianLast: number;
  /** Mean JSON bytes one socket received per update, first and last tenth. */
  bytesFirst: number;
  bytesLast: number;
  /** Mean JSON bytes per update had every update been the whole view (before this change). */
  wholeLast: number;
}

const MAX_ACTIONS = 20_000;

/** A socket's view as a client holds it (patches applied by WsClient), and the bytes it received. */
class Socket {
  private seen = 0;
  private constructor(readonly c: WsClient) {}
  static async open(url: string): Promise<Socket> {
    return new Socket(await WsClient.connect(url));
  }
  get bytes(): number {
    return this.c.bytes;
  }
  get held(): ViewMessage | null {
    return (this.c.messages.findLast((m) => m.type === 'view') as ViewMessage | undefined) ?? null;
  }
  send(m: unknown): void {
    this.c.send(m);
  }
  /** The view at `version` or later (looks only at messages not yet seen: the cost stays flat). */
  async until(version: number): Promise<ViewMessage> {
    const m = await this.c.waitFor(
      (x) => x.type === 'refused' || (x.type === 'view' && x.version >= version),
      60_000,
      this.seen,
    );
    if (m.type === 'refused') throw new Error(`refused: ${JSON.stringify(m).slice(0, 300)}`);
    const msgs = this.c.messages;
    for (let i = this.seen; i < msgs.length; i++)
      if (msgs[i] === m) {
        this.seen = i;
        break;
      }
    return m as ViewMessage;
  }
  close(): void {
    this.c.close();
  }
}

async function playOne(
  url: string,
  server: Awaited<ReturnType<typeof createServer>>,
  subject: CostSubject,
  seed: string,
) {
  const roles = subject.catalog[subject.id]!.game.rules.roles as readonly string[];
  const g = await server.service.create({
    game: subject.id,
    options: subject.options,
    seats: Object.fromEntries(roles.map((r) => [r, { kind: 'human' as const }])),
  });
  const tokens = new Map(g.seats.map((s) => [s.role, s.token!]));
  const sockets = new Map<string, Socket>();
  for (const [role, token] of [...tokens, ['observer', g.spectatorToken] as const]) {
    const s = await Socket.open(url);
    s.send({ type: 'subscribe', token });
    await s.until(0);
    sockets.set(role, s);
  }
  const rng = seedRng(seed);
  const cpu: number[] = [];
  const bytes: number[] = [];
  const whole: number[] = [];
  let version = 0;
  for (let i = 0; i < MAX_ACTIONS; i++) {
    const any = sockets.get(roles[0]!)!.held!;
    if (any.summary.status !== 'active') break;
    const turn = any.summary.turnRole!;
    const mine = await sockets.get(turn)!.until(version);
    const actions = mine.view.actions;
    const before = [...sockets.values()].map((s) => s.bytes);
    const c0 = process.cpuUsage();
    sockets.get(turn)!.send({
      type: 'action',
      id: i,
      token: tokens.get(turn),
      version,
      action: actions[randomIndex(rng, actions.length)],
    });
    version++;
    const after = await Promise.all([...sockets.values()].map((s) => s.until(version)));
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
    const got = [...sockets.values()].map((s, k) => s.bytes - before[k]!);
    bytes.push(got.reduce((a, b) => a + b, 0) / got.length);
    whole.push(after.reduce((n, v) => n + JSON.stringify(v).length, 0) / after.length);
  }
  for (const s of sockets.values()) s.close();
  return { cpu, bytes, whole };
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[(s.length - 1) >> 1]! + s[s.length >> 1]!) / 2 : Number.NaN;
};

export async function costsOverAGame(repo: Repository, subject: CostSubject): Promise<TenthFigures> {
  const server = await createServer({
    repo,
    catalog: subject.catalog,
    limits: { actionsPerTokenPerMinute: 1e9, messagesPerSocketPerMinute: 1e9, maxNumericOption: 1e6 },
  });
  const url = await server.listen(0);
  await playOne(url, server, subject, 'warm-up');
  const { cpu, bytes, whole } = await playOne(url, server, subject, 'measured');
  await server.close();
  const tenth = Math.max(1, Math.floor(cpu.length / 10));
  return {
    actions: cpu.length,
    cpuFirst: mean(cpu.slice(0, tenth)),
    cpuLast: mean(cpu.slice(-tenth)),
    cpuMedianFirst: median(cpu.slice(0, tenth)),
    cpuMedianLast: median(cpu.slice(-tenth)),
    bytesFirst: mean(bytes.slice(0, tenth)),
    bytesLast: mean(bytes.slice(-tenth)),
    wholeLast: mean(whole.slice(-tenth)),
  };
}

export function printCosts(title: string, rows: [string, TenthFigures][]): boolean {
  console.log(`\n${title}`);
  const head = [
    'game',
    'actions',
    'CPU ms/action first 10% (mean / median)',
    'last 10%',
    'ratio',
    'bytes/update first 10%',
    'last 10%',
    'ratio',
    'whole view last 10%',
  ];
  const body = rows.map(([name, f]) => [
    name,
    String(f.actions),
    `${f.cpuFirst.toFixed(2)} / ${f.cpuMedianFirst.toFixed(2)}`,
    `${f.cpuLast.toFixed(2)} / ${f.cpuMedianLast.toFixed(2)}`,
    `${(f.cpuLast / f.cpuFirst).toFixed(2)} / ${(f.cpuMedianLast / f.cpuMedianFirst).toFixed(2)}`,
    f.bytesFirst.toFixed(0),
    f.bytesLast.toFixed(0),
    (f.bytesLast / f.bytesFirst).toFixed(2),
    f.wholeLast.toFixed(0),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(line(head));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const b of body) console.log(line(b));
  const flat = rows.every(([, f]) => f.cpuLast <= 1.5 * f.cpuFirst && f.bytesLast <= 1.5 * f.bytesFirst);
  console.log(
    flat
      ? 'flat: every last tenth is within 1.5x of its first (mean CPU and bytes)'
      : 'NOT FLAT: some last tenth is over 1.5x its first (mean CPU or bytes)',
  );
  return flat;
}
