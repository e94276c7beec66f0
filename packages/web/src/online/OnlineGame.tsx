/**
 * An online game (`#/play/<token>`): the map, prompt, legal actions and log come from the
 * server's view for this token's role. A chosen action goes to the server with the version of
 * the view it was chosen from; a refusal (illegal, stale, not your turn) is shown with its rule
 * and the attached fresh view is drawn. No rules here: the server decides.
 */
import type { Action, EngineState, View } from '@sandtable/engine';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { describeAction, matching, nextPlaces, type HighlightKind, type Overlays, type Stack } from '@sandtable/map';
import { MapCanvas } from '../ui/MapCanvas.tsx';
import { ActionList, InfoBox, LogPanel, PendingCard, Prompt, ReplayBar, RuleDialog, StackList } from '../ui/panels.tsx';
import { askFirstSetting, consequences } from '../ui/confirm.ts';
import { S } from '../ui/strings.ts';
import { fetchRecord, setWebhook, viewAt } from './player-api.ts';
import { askToNotify, clearTurnSignal, notifyWanted, signalTurn } from './turn-signal.ts';
import type { GameEntry, Games } from '../game-entry.ts';
import { openGameTexts } from '../i18n/index.ts';
import { openRules } from '../rules-text.ts';
import {
  type Connection,
  type ConnectionStatus,
  type OnlineClient,
  type ServerError,
  type ViewMessage,
  playLink,
  rememberToken,
} from './client.ts';

export interface OnlineGameProps {
  token: string;
  games: Games;
  client: OnlineClient;
  onExit(): void;
}

type Msg = { kind: 'error' | 'info'; text: string; rule?: string | undefined } | null;

export function OnlineGame({ token, games, client, onExit }: OnlineGameProps) {
  const [vm, setVm] = useState<ViewMessage | null>(null);
  const [status, setStatus] = useState<ConnectionStatus>('connecting');
  const [fatal, setFatal] = useState<ServerError | null>(null);
  const [msg, setMsg] = useState<Msg>(null);
  const [busy, setBusy] = useState(false);
  const [selected, setSelected] = useState<string[]>([]);
  const [rule, setRule] = useState<string | null>(null);
  const [hover, setHover] = useState<{ place: string | null; stack: Stack | null; at: [number, number] | null }>({
    place: null,
    stack: null,
    at: null,
  });
  const conn = useRef<Connection | null>(null);
  // the replay scrubber: a version before the live one, and this seat's view then (from the server)
  const [cursor, setCursor] = useState<number | null>(null);
  const [past, setPast] = useState<View<unknown> | null>(null);
  const [drawer, setDrawer] = useState(false);
  const [pending, setPending] = useState<Action | null>(null);

  useEffect(() => {
    const c = client.connect();
    conn.current = c;
    const offStatus = c.onStatus(setStatus);
    const off = c.subscribe(
      token,
      (m) => {
        setFatal(null);
        setVm((prev) => {
          if (!prev || prev.version !== m.version) setSelected([]);
          return m;
        });
        rememberToken({ token, gameId: m.gameId, role: m.role, game: m.summary.game, createdAt: m.summary.createdAt });
      },
      (e) => setFatal(e),
    );
    return () => {
      off();
      offStatus();
      c.close();
      conn.current = null;
    };
  }, [token, client]);

  // the game's code loads when its first view arrives
  const [entry, setEntry] = useState<GameEntry | null>(null);
  const gameId = vm?.summary.game;
  useEffect(() => {
    if (!gameId) return;
    let live = true;
    games
      .open(gameId)
      .then((e) => live && setEntry(e))
      .catch((e: Error) => live && setMsg({ kind: 'error', text: e.message }));
    return () => {
      live = false;
    };
  }, [gameId]);
  const adapter = entry?.adapter ?? null;
  const liveView = vm?.view ?? null;
  const replaying = cursor !== null && !!past;
  const view = replaying ? past : liveView;
  const myTurn =
    !!vm && !!liveView?.decision && liveView.decision.role === vm.role && vm.summary.status === 'active' && !replaying;
  const title = entry?.game.rules.title ?? vm?.summary.game ?? 'Sandtable';
  const wasMine = useRef(false);
  useEffect(() => {
    if (!vm) return;
    signalTurn(title, myTurn, myTurn && !wasMine.current);
    wasMine.current = myTurn;
  }, [myTurn, title, vm?.version]);
  useEffect(() => clearTurnSignal, []);
  useEffect(() => {
    if (cursor === null || !vm) return setPast(null);
    let live = true;
    viewAt(client, token, vm.gameId, cursor)
      .then((v) => live && setPast(v))
      .catch((e: Error) => live && setMsg({ kind: 'error', text: e.message }));
    return () => {
      live = false;
    };
  }, [cursor]);
  if (entry) {
    openGameTexts(entry.game.rules.id, entry.texts);
    openRules(entry.game.rules.id, entry.rules);
  }
  const actions = myTurn && !busy ? view!.actions : [];
  const known = useMemo(() => (adapter && view ? adapter.places(view) : new Set<string>()), [view, adapter]);
  const model = useMemo(() => (adapter && view ? adapter.map(view) : null), [view, adapter]);
  const candidates = useMemo(() => matching(actions, selected, known), [actions, selected, known]);
  const info = useMemo(() => (adapter && view ? (adapter.info?.(view) ?? null) : null), [view, adapter]);
  const describe = (a: Action) =>
    entry && view ? describeAction(entry.game, { game: view.game } as EngineState<unknown>, a) : a.type;

  async function send(a: Action): Promise<void> {
    const c = conn.current;
    if (!c || !vm) return;
    setBusy(true);
    setPending(null);
    setMsg(null);
    const r = await c.act(token, vm.version, a);
    setBusy(false);
    setSelected([]);
    if (r.ok) return;
    if (r.view) setVm(r.view);
    const text =
      r.error.code === 'stale'
        ? `The game moved on before your action arrived; here is the current position. (${r.error.message})`
        : r.error.message;
    setMsg({ kind: 'error', text, rule: r.error.rule });
  }

  /** 6: takes back this seat's last action within its turn; the server refuses after a roll, a reveal or a hand-over. */
  async function undo(): Promise<void> {
    if (!vm) return;
    setBusy(true);
    setPending(null);
    setMsg(null);
    const r = await client.undo(vm.gameId, token, vm.version);
    setBusy(false);
    setSelected([]);
    if (r.ok) {
      setVm(r.view);
      return setMsg({ kind: 'info', text: 'Your last action was taken back.' });
    }
    const text = r.error.message.replace(/^cannot undo: /, 'Undo not possible: ');
    setMsg({ kind: 'error', text, rule: r.error.rule });
  }

  /** 3: an action the game marks as weighty (a card, a phase's end) is shown and asked first, as in local play. */
  function choose(a: Action): void {
    if (askFirstSetting() && adapter && view && adapter.weighty?.(a, view)) return setPending(a);
    void send(a);
  }

  function clickPlace(place: string, stack: Stack | null): void {
    if (!actions.length) return;
    const tokens = [
      ...(stack
        ? [...stack.pieces]
            .reverse()
            .map((p) => p.id)
            .filter((id) => known.has(id))
        : []),
      place,
    ];
    const hitSel = tokens.find((t) => selected.includes(t));
    if (hitSel) return setSelected(selected.filter((p) => p !== hitSel));
    let sel: string[] | null = null;
    for (const t of tokens) if (!sel && matching(actions, [...selected, t], known).length) sel = [...selected, t];
    for (const t of tokens) if (!sel && matching(actions, [t], known).length) sel = [t];
    if (!sel) return setMsg({ kind: 'info', text: `No legal action names ${adapter?.placeName(place) ?? place} now.` });
    setMsg(null);
    setSelected(sel);
    const cands = matching(actions, sel, known);
    if (cands.length === 1) choose(cands[0]!);
  }

  const overlays: Overlays = useMemo(() => {
    const hl = new Map<string, HighlightKind>();
    for (const p of info?.focus ?? []) hl.set(p, 'danger');
    for (const p of nextPlaces(candidates, selected, known)) hl.set(p, selected.length ? 'target' : 'legal');
    for (const p of selected) hl.set(p, 'selected');
    return { highlights: hl, path: null, hoverPlace: null, showHexNumbers: false };
  }, [candidates, selected, vm]);

  if (fatal && !vm) return <InvalidLink error={fatal} onExit={onExit} />;
  if (!vm || !view) {
    return (
      <div class="setup" data-testid="online-loading">
        Connecting to the server… ({status})
      </div>
    );
  }
  const roleLabel = adapter?.roleLabel ?? ((r: string) => r);
  const roleColor = adapter?.roleColor ?? (() => '#333');
  const hash = viewHash(vm);
  const listed = candidates.map((a) => ({ action: a, text: describe(a) }));
  const stackShown = hover.stack && hover.at ? { stack: hover.stack, at: hover.at } : null;
  const waitingFor = view.decision && view.decision.role !== vm.role ? view.decision.role : null;
  const seat = vm.summary.seats.find((s) => s.role === waitingFor);

  return (
    <div
      class={`game online${drawer ? ' drawer-open' : ''}`}
      data-testid="online-game"
      data-version={vm.version}
      data-shown={replaying ? cursor : vm.version}
      data-hash={hash}
      data-role={vm.role}
      data-my-turn={String(myTurn)}
      data-connection={status}
    >
      <header class="topbar">
        <button onClick={onExit} title="Back to the game list">
          ☰ Games
        </button>
        <span class="title">
          {entry?.game.rules.title ?? vm.summary.game} <small>online</small>
        </span>
        <span class="status" data-testid="status">
          {adapter?.status(view).map(([k, v]) => (
            <span key={k} class="chip">
              <small>{k}</small> {v}
            </span>
          ))}
        </span>
        <span class="seat" style={{ color: roleColor(vm.role) }}>
          You play: {vm.role === 'observer' ? 'spectator' : roleLabel(vm.role)}
        </span>
        <span class="spacer" />
        <span class="chip" data-testid="online-version" title="Actions so far (the server's version)">
          v{vm.version}
        </span>
        <span class={`chip conn-${status}`} data-testid="online-status">
          {status === 'open' ? '● online' : status === 'connecting' ? '○ reconnecting…' : '× offline'}
        </span>
        {view.outcome && vm.role !== 'observer' && (
          <button data-testid="download-record" onClick={() => void download()}>
            {S.downloadRecord}
          </button>
        )}
        {vm.role !== 'observer' && vm.summary.status === 'active' && (
          <button
            data-testid="online-undo"
            disabled={!myTurn || busy || vm.version === 0}
            title="Take back your last action (until a roll, a reveal or a hand-over)"
            onClick={() => void undo()}
          >
            Undo
          </button>
        )}
        <button
          data-testid="copy-link"
          title="Copy this seat's link (keep it secret: it is your seat)"
          onClick={() => void navigator.clipboard?.writeText(playLink(token))}
        >
          Copy my link
        </button>
      </header>
      <main class="board">
        {model ? (
          <MapCanvas
            model={model}
            overlays={overlays}
            onPlaceClick={clickPlace}
            onHover={(place, stack, p) => setHover({ place, stack, at: p })}
          />
        ) : (
          <div class="no-map">This game has no map: choose from the legal actions.</div>
        )}
        {stackShown && stackShown.stack.pieces.length > 0 && (
          <StackList
            title={adapter?.placeName(stackShown.stack.place) ?? stackShown.stack.place}
            pieces={model?.pieces.filter((p) => p.place === stackShown.stack.place) ?? stackShown.stack.pieces}
            at={stackShown.at}
          />
        )}
        {replaying && (
          <div class="replay-banner online-replay" data-testid="online-replay">
            Replay: after action {cursor} of {vm.version}
          </div>
        )}
        <div class="legend">
          {selected.length
            ? 'Click a highlighted place to continue, or the selection again to drop it.'
            : actions.length
              ? 'Highlighted places have legal actions: click one.'
              : ''}
        </div>
      </main>
      <aside
        class="side"
        id="side-panels"
        onKeyDown={(e) => {
          if (e.key === 'Escape' && drawer) setDrawer(false);
        }}
      >
        <button class="drawer-close" data-testid="drawer-close" onClick={() => setDrawer(false)}>
          ▾ {S.closePanels}
        </button>
        <Prompt
          decision={view.decision}
          outcome={view.outcome}
          roleLabel={roleLabel}
          roleColor={roleColor}
          waiting={false}
          onRule={setRule}
        />
        {waitingFor && !view.outcome && (
          <div class="msg info" data-testid="waiting">
            Waiting for {roleLabel(waitingFor)}
            {seat?.kind === 'ai' ? ' (computer)' : seat?.connected ? ' (online)' : ' (not connected)'}…
          </div>
        )}
        {msg && (
          <div class={`msg ${msg.kind}`} data-testid="message">
            {msg.text}{' '}
            {msg.rule && (
              <button class="rule-link" data-testid="refusal-rule" onClick={() => setRule(msg.rule!)}>
                {msg.rule}
              </button>
            )}
          </div>
        )}
        {info && <InfoBox info={info} showOdds />}
        {vm.role !== 'observer' && <SeatSettings onWebhook={(url) => setWebhook(client, token, vm.gameId, url)} />}
        {pending && adapter && (
          <PendingCard
            text={describe(pending)}
            what={consequences(null, adapter.weighty?.(pending, view) ?? null, roleLabel)}
            odds={null}
            onConfirm={() => void send(pending)}
            onCancel={() => setPending(null)}
          />
        )}
        {actions.length > 0 && !pending && (
          <ActionList
            items={listed}
            total={actions.length}
            filtered={selected.length ? selected.map((p) => adapter?.placeName(p) ?? p).join(' + ') : null}
            onChoose={choose}
            onPreview={() => undefined}
            onClear={() => setSelected([])}
          />
        )}
        {busy && <div class="msg info">Sending…</div>}
        <div class="log-head">
          Log <small>(what {roleLabel(vm.role)} may see)</small>
        </div>
        <LogPanel log={view.log} onRule={setRule} upTo={vm.version} />
      </aside>
      <div class="dock" data-testid="dock">
        <span class="dock-prompt">
          {view.outcome
            ? view.outcome.reason
            : view.decision
              ? `${roleLabel(view.decision.role)}: ${view.decision.prompt}`
              : ''}
        </span>
        <button
          class="primary"
          data-testid="drawer-toggle"
          aria-expanded={drawer}
          aria-controls="side-panels"
          onClick={() => setDrawer(!drawer)}
        >
          {S.panels}
          {actions.length > 0 ? ` (${candidates.length})` : ''}
        </button>
      </div>
      <footer>
        <ReplayBar
          at={cursor ?? vm.version}
          length={vm.version}
          live={cursor === null}
          onSeek={(n) => setCursor(n >= vm.version ? null : n)}
          onLive={() => setCursor(null)}
        />
      </footer>
      {rule && <RuleDialog rule={rule} onClose={() => setRule(null)} />}
    </div>
  );

  async function download(): Promise<void> {
    try {
      const rec = await fetchRecord(client, token, vm!.gameId);
      const a = document.createElement('a');
      a.href = URL.createObjectURL(new Blob([JSON.stringify(rec, null, 1)], { type: 'application/json' }));
      a.download = `${vm!.summary.game}-${vm!.gameId}.json`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(a.href), 1000);
    } catch (e) {
      setMsg({ kind: 'error', text: (e as Error).message });
    }
  }
}

/** A link the server does not know, or cannot serve: what happened in words, and a way back. */
export function InvalidLink({ error, onExit }: { error: ServerError | null; onExit(): void }) {
  const unknown = !error || ['unauthorized', 'forbidden', 'not-found', 'malformed'].includes(error.code);
  return (
    <div class="setup" data-testid="online-error" role="alert">
      <h1>Cannot open this game</h1>
      <p class="msg error" data-testid="invalid-link">
        {unknown ? S.invalidLink : error!.message}
      </p>
      {unknown && <p>{S.invalidLinkHelp}</p>}
      {error && unknown && <small class="muted">({error.message})</small>}
      <p>
        <button class="primary" onClick={onExit}>
          {S.backToGames}
        </button>
      </p>
    </div>
  );
}

/** This seat's turn notifications: the browser's (when the tab is hidden) and the server's webhook. */
function SeatSettings({ onWebhook }: { onWebhook(url: string | null): Promise<unknown> }) {
  const [notify, setNotify] = useState(notifyWanted);
  const [url, setUrl] = useState('');
  const [said, setSaid] = useState<{ kind: 'info' | 'error'; text: string } | null>(null);
  return (
    <details class="info-box seat-settings" data-testid="seat-settings">
      <summary class="info-title">{S.notifications}</summary>
      <label class="toggle">
        <input
          type="checkbox"
          data-testid="notify"
          checked={notify}
          onChange={async () => setNotify(await askToNotify(!notify))}
        />{' '}
        {S.notifyOn}
      </label>
      <form
        class="webhook"
        data-testid="webhook-form"
        onSubmit={async (e) => {
          e.preventDefault();
          try {
            await onWebhook(url.trim() || null);
            setSaid({ kind: 'info', text: url.trim() ? S.webhookSaved : S.webhookCleared });
          } catch (err) {
            setSaid({ kind: 'error', text: (err as Error).message });
          }
        }}
      >
        <label>
          {S.webhookHead}
          <input
            type="url"
            data-testid="webhook-url"
            placeholder="https://…"
            value={url}
            onInput={(e) => setUrl((e.target as HTMLInputElement).value)}
          />
        </label>
        <small>{S.webhookHelp}</small>
        <button type="submit" data-testid="webhook-save">
          {S.webhookSave}
        </button>
      </form>
      {said && (
        <div class={`msg ${said.kind}`} data-testid="webhook-message">
          {said.text}
        </div>
      )}
    </details>
  );
}

/** A short fingerprint of what the server showed (to check a reopened link shows the same position). */
export function viewHash(vm: ViewMessage): string {
  const s = JSON.stringify([vm.version, vm.view.game, vm.view.decision, vm.view.actions]);
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
  return h.toString(16).padStart(8, '0');
}
