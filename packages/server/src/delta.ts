/**
 * What a subscriber is sent after a change: only what changed since the version it holds. Per
 * game and role, the last view sent is kept without its log (the part that grows), with the
 * role's visible log beside it. An update is the new log lines plus an RFC 6902 patch of the
 * rest (fast-json-patch's `compare`), or the whole view when that is smaller or the subscriber
 * holds another version. The engine is asked for the view of a state whose log holds only the
 * lines since the last update, so its own visibility rule picks the new lines and the cost per
 * update does not grow with the game.
 */
import jsonpatch from 'fast-json-patch';
import type { EngineState, Game, LogEntry, View } from '@sandtable/engine';
import type { GameSummary, PatchMessage, PatchOperation, ViewMessage } from '@sandtable/protocol';

type Body = Omit<View<unknown>, 'log'>;

interface RoleView {
  version: number;
  body: Body;
  bodyBytes: number;
  /** The role's visible log, in order (owned here: every message gets a copy). */
  log: LogEntry[];
  logBytes: number;
  /** How many lines of the state's log have been looked at. */
  stateLines: number;
}

/** An update for every subscriber of one role at one version. */
export interface RoleUpdate {
  version: number;
  /** The version a patch applies to, or null when only the whole view will do. */
  from: number | null;
  patch: PatchMessage | null;
  full(): ViewMessage;
}

function split(v: View<unknown>): { body: Body; log: LogEntry[] } {
  const { log, ...body } = v;
  return { body, log };
}

function appended(log: LogEntry[], lines: LogEntry[]): LogEntry[] {
  for (const l of lines) log.push(l);
  return log;
}

export class ViewCache {
  private readonly roles = new Map<string, RoleView>();

  constructor(
    private readonly engine: Game<any, any, any>,
    private readonly gameId: string,
  ) {}

  /** Brings `role`'s cached view to `state`; returns the update from the version it held before. */
  update(state: EngineState<unknown>, role: string, summary: GameSummary): RoleUpdate {
    const prev = this.roles.get(role);
    const fresh = !prev || prev.stateLines > state.log.length;
    const from = fresh ? 0 : prev.stateLines;
    const v = this.engine.view({ ...state, log: state.log.slice(from) }, role) as View<unknown>;
    const { body, log: lines } = split(v);
    const linesJson = lines.length ? JSON.stringify(lines) : '[]';
    const next: RoleView = {
      version: state.seq,
      body,
      bodyBytes: JSON.stringify(body).length,
      log: fresh ? lines : appended(prev.log, lines),
      logBytes: fresh ? linesJson.length : prev.logBytes + linesJson.length,
      stateLines: state.log.length,
    };
    this.roles.set(role, next);
    const full = () => this.message(next, role, summary);
    if (fresh) return { version: next.version, from: null, patch: null, full };
    const patch = jsonpatch.compare(prev.body, body) as PatchOperation[];
    const msg: PatchMessage = {
      type: 'patch',
      gameId: this.gameId,
      role,
      from: prev.version,
      version: next.version,
      summary,
      log: lines,
      patch,
    };
    // Whole view instead when it is smaller (a patch of a view that changed almost everywhere).
    const patchBytes = JSON.stringify(patch).length + linesJson.length;
    const smaller = patchBytes < next.bodyBytes + next.logBytes;
    return { version: next.version, from: prev.version, patch: smaller ? msg : null, full };
  }

  /** The whole view message for `role` at `state` (from the cache when it is at that version). */
  whole(state: EngineState<unknown>, role: string, summary: GameSummary): ViewMessage {
    const held = this.roles.get(role);
    if (held && held.version === state.seq && held.stateLines === state.log.length)
      return this.message(held, role, summary);
    return this.update(state, role, summary).full();
  }

  private message(r: RoleView, role: string, summary: GameSummary): ViewMessage {
    return {
      type: 'view',
      gameId: this.gameId,
      role,
      version: r.version,
      summary,
      view: { ...r.body, log: r.log.slice() } as View<unknown>,
    };
  }
}

/**
 * A client's side (tests, the benchmark; the web client has its own in online/client.ts): the
 * view after `p`, from the view at `p.from`. Null when `held` is not at `p.from`.
 */
export function applyPatchMessage(held: ViewMessage, p: PatchMessage): ViewMessage | null {
  if (held.version !== p.from || held.gameId !== p.gameId || held.role !== p.role) return null;
  const { log, ...body } = held.view;
  const next = jsonpatch.applyPatch(jsonpatch.deepClone(body), p.patch as jsonpatch.Operation[], false, true)
    .newDocument as Body;
  return {
    type: 'view',
    gameId: p.gameId,
    role: p.role,
    version: p.version,
    summary: p.summary,
    view: { ...next, log: p.log.length ? log.concat(p.log) : log } as View<unknown>,
  };
}
