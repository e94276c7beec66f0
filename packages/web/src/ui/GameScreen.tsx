/** Playing a game: map, prompt, legal actions, odds, log, undo, save/load, replay scrubber. */
import type { Action, Role, View } from '@sandtable/engine';
import { LangSwitch } from '../i18n/LangSwitch.tsx';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import {
  describeAction,
  explainAttempt,
  matching,
  nextPlaces,
  placesOf,
  type GameAdapter,
  type HighlightKind,
  type Overlays,
  type Stack,
} from '@sandtable/map';
import type { AiKind, Computer } from '../computer.ts';
import type { Session } from '../session.ts';
import { MapCanvas } from './MapCanvas.tsx';
import { askFirstSetting, consequences, saveAskFirst } from './confirm.ts';
import { S } from './strings.ts';
import { SETUP_KIND, lastSetup, placeAsLastTime, placeRestAtRandom, rememberSetup } from './setup-tools.ts';
import {
  ActionList,
  type ActionGroup,
  Die,
  GROUP_OVER,
  GamePanel,
  InfoBox,
  LogPanel,
  PendingCard,
  PrivacyScreen,
  Prompt,
  ReplayBar,
  RuleDialog,
  StackList,
} from './panels.tsx';

export interface GameScreenProps {
  session: Session;
  adapter: GameAdapter;
  aiDelayMs: number;
  /** Search-based computer players (a Web Worker); without it every computer seat plays randomly. */
  computer?: Computer | undefined;
  onExit(): void;
  onLoad(text: string): Promise<string | null>;
}

type Msg = { kind: 'error' | 'info'; text: string } | null;

/** Where an action carries the adapter's extra place tokens (`GameAdapter.tokens`) while it is offered on screen. */
const TOKENS = '__places';

/** The offered actions, each with the places the adapter adds (e.g. unit counters named by number), so clicks can select them. */
function withTokens(actions: Action[], adapter: GameAdapter, view: View<unknown>): Action[] {
  const tokens = adapter.tokens;
  if (!tokens) return actions;
  return actions.map((a) => {
    const t = tokens(a, view);
    return t.length ? ({ ...a, [TOKENS]: t } as Action) : a;
  });
}

/** The set-up step on top, if the decision is one (by the games' naming: set-up, deploy, place). */
function setupKindOf(view: View<unknown>): string | null {
  const k = view.decision?.kind;
  return k && SETUP_KIND.test(k) ? k : null;
}

/** The action itself, without the screen's extra tokens. */
function bare(a: Action): Action {
  if (!(TOKENS in a)) return a;
  const { [TOKENS]: _tokens, ...rest } = a as Action & Record<string, unknown>;
  return rest as Action;
}

export function GameScreen({ session, adapter, aiDelayMs, computer, onExit, onLoad }: GameScreenProps) {
  const [version, setVersion] = useState(0);
  const bump = () => setVersion((v) => v + 1);
  const [cursor, setCursor] = useState<number | null>(null);
  const [revealed, setRevealed] = useState<Role | null>(null);
  const [lastRole, setLastRole] = useState<Role | null>(null);
  const [selected, setSelected] = useState<string[]>([]);
  const [pending, setPending] = useState<Action | null>(null);
  const [preview, setPreview] = useState<Action | null>(null);
  const [msg, setMsg] = useState<Msg>(null);
  const [rule, setRule] = useState<string | null>(null);
  const [hover, setHover] = useState<{ place: string | null; stack: Stack | null; at: [number, number] | null }>({
    place: null,
    stack: null,
    at: null,
  });
  const [pinned, setPinned] = useState<{ stack: Stack; at: [number, number] } | null>(null);
  const [numbers, setNumbers] = useState(false);
  const [dice, setDice] = useState<number[] | null>(null);
  const [askFirst, setAskFirst] = useState(askFirstSetting);
  const [drawer, setDrawer] = useState(false);
  const [quickSetup, setQuickSetup] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  const live = cursor === null;
  const at = cursor ?? session.length;
  const role = session.perspective(lastRole);
  const decisionRole = session.decisionRole();
  const hotseat = session.humans().length > 1;
  const needsPrivacy =
    live && session.hiddenInformation && hotseat && role !== revealed && session.humans().includes(role);
  const view = useMemo(() => session.view(role, at), [version, at, role]);
  const state = session.states[at]!;
  const humanTurn = live && !!decisionRole && session.seats[decisionRole] === 'human' && decisionRole === role;
  const offered = humanTurn && !needsPrivacy ? view.actions : [];
  const actions = useMemo(() => withTokens(offered, adapter, view), [view, humanTurn, needsPrivacy]);
  const known = useMemo(() => adapter.places(view), [view]);
  const model = useMemo(() => adapter.map(view), [view]);
  const candidates = useMemo(() => matching(actions, selected, known), [actions, selected, known]);
  const describe = (a: Action) => describeAction(session.game, state, bare(a));

  useEffect(() => {
    if (role !== lastRole) setLastRole(role);
  }, [role]);
  // 8: on a phone the panels are a drawer; it opens by itself when a click needs an answer there
  useEffect(() => {
    if (pending) setDrawer(true);
  }, [pending]);
  useEffect(() => {
    if (selected.length && candidates.length > 1) setDrawer(true);
  }, [selected.join(' ')]);
  useEffect(() => {
    if (!dice) return;
    const t = setTimeout(() => setDice(null), 5000);
    return () => clearTimeout(t);
  }, [dice]);

  // The computer plays its decisions, one action per tick: random in the page, stronger ones in
  // the AI worker (aborted if the position changes under it, e.g. the player leaves).
  useEffect(() => {
    if (!live || needsPrivacy) return;
    const turn = session.computerOnTurn();
    if (!turn) return;
    const seq = session.length;
    const ctrl = new AbortController();
    // 7: the computer's set-up is quick: no pause between its placements; the one-step (greedy)
    // player instead of a search, and random placements where there are hundreds to choose from
    // (a chit under one of 30 units) or once the player skips the wait
    const kind0 = session.game.decision(session.state)?.kind ?? '';
    const settingUp = SETUP_KIND.test(kind0);
    const many = settingUp && session.game.legalActions(session.state, turn.role).length > GROUP_OVER;
    const kind: AiKind = settingUp && turn.kind !== 'random' ? (quickSetup || many ? 'random' : 'greedy') : turn.kind;
    const play = (r0: Role, a: Action) => {
      if (ctrl.signal.aborted || session.length !== seq) return;
      const r = applyAndShow(r0, a);
      if (!r.ok) setMsg({ kind: 'error', text: `computer move refused: ${r.message}` });
    };
    const t = setTimeout(
      () => {
        if (settingUp && kind === 'random' && session.playWithin(turn.role, (legal) => session.randomOf(legal)) > 0) {
          bump(); // a whole set-up step at once, drawn once
          return;
        }
        if (kind === 'random' || !computer) {
          const c = session.aiChoice();
          if (c) play(c.role, c.action);
          return;
        }
        computer
          .choose(session.aiView(turn.role), kind, `${session.record.seed}:${turn.role}`, ctrl.signal)
          .then((a) => play(turn.role, a))
          .catch((e: Error) => {
            if (!ctrl.signal.aborted)
              setMsg({ kind: 'error', text: `the computer failed: ${e.message}; playing randomly` });
            const c = session.aiChoice();
            if (c && !ctrl.signal.aborted) play(c.role, c.action);
          });
      },
      settingUp ? 0 : aiDelayMs,
    );
    return () => {
      clearTimeout(t);
      ctrl.abort();
    };
  }, [version, live, needsPrivacy, quickSetup]);

  function applyAndShow(r0: Role, a: Action): ReturnType<Session['apply']> {
    const before = session.state.log.length;
    const r = session.apply(r0, a);
    if (!r.ok) return r;
    const fresh = session.state.log.slice(before).filter((e) => e.dice);
    const rolls = fresh.filter((e) => /: rolled /.test(e.text)); // the engine's own roll lines
    const rolled = (rolls.length ? rolls : fresh).flatMap((e) => e.dice ?? []);
    if (rolled.length) setDice(rolled);
    setSelected([]);
    setPending(null);
    setPreview(null);
    bump();
    return r;
  }

  function commit(a: Action): void {
    const r = applyAndShow(role, a);
    if (!r.ok) return setMsg({ kind: 'error', text: r.message });
    rememberSetup(session);
    setMsg(null);
  }

  /** 5: set-up helpers and taking back one placed piece (drag it back to the side panel). */
  function setupStep(how: 'random' | 'last'): void {
    const remembered = lastSetup(session, role);
    const n = how === 'random' ? placeRestAtRandom(session, role) : placeAsLastTime(session, role, remembered ?? []);
    setSelected([]);
    setMsg({ kind: 'info', text: how === 'random' ? S.placedRandom(n) : S.placedLast(n) });
    bump();
  }

  function takeBack(id: string): void {
    const i = session.retractable(role, id);
    if (i === null) return;
    const what = describe(session.record.actions[i]!.action);
    const r = session.retract(role, i);
    setMsg(r.ok ? { kind: 'info', text: S.takenBack(what) } : { kind: 'error', text: r.message });
    setSelected([]);
    setPending(null);
    bump();
  }

  function choose(offer: Action): void {
    const a = bare(offer);
    // 3: what cannot be taken back (dice, a reveal, a hand-over) or weighs (a card, a phase's end) is asked first
    if (askFirst && (session.irreversible(role, a) || adapter.weighty?.(a, view))) return setPending(a);
    commit(a);
  }

  function clickPlace(place: string, stack: Stack | null): void {
    setPinned(stack ? { stack, at: hover.at ?? [0, 0] } : null);
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
    if (!sel) {
      setMsg({
        kind: 'error',
        text: explainAttempt(session.game, state, role, offered, selected, place, known, adapter.placeName),
      });
      return;
    }
    setMsg(null);
    setSelected(sel);
    const cands = matching(actions, sel, known);
    const full = cands.filter((a) => placesOf(a, known).every((p) => sel.includes(p)));
    if (cands.length === 1) choose(cands[0]!);
    else if (full.length === 1 && nextPlaces(cands, sel, known).size === 0) choose(full[0]!);
  }

  function undo(): void {
    const r = session.undo(role);
    setMsg(r.ok ? { kind: 'info', text: 'Undone.' } : { kind: 'error', text: r.message });
    setSelected([]);
    setPending(null);
    bump();
  }

  function save(): void {
    const blob = new Blob([session.save()], { type: 'application/json' });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = `${session.record.game}-${session.record.seed}-${session.length}.json`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  }

  async function load(f: File | undefined): Promise<void> {
    if (!f) return;
    const err = await onLoad(await f.text());
    if (err) setMsg({ kind: 'error', text: err });
  }

  function branch(): void {
    while (session.length > at) session.states.pop();
    session.record = { ...session.record, actions: session.record.actions.slice(0, at) };
    setCursor(null);
    bump();
  }

  const info = useMemo(() => adapter.info?.(view) ?? null, [view]);
  const panels = useMemo(() => adapter.panels?.(view) ?? [], [view]);
  const overlays: Overlays = useMemo(() => {
    const hl = new Map<string, HighlightKind>();
    for (const p of info?.focus ?? []) hl.set(p, 'danger');
    const last = session.record.actions[at - 1];
    if (last) for (const p of placesOf(last.action, known)) hl.set(p, 'last');
    const shown = preview ? [preview] : candidates;
    const targets = nextPlaces(shown, selected, known);
    for (const p of targets) hl.set(p, selected.length || preview ? 'target' : 'legal');
    for (const p of selected) hl.set(p, 'selected');
    let path: Overlays['path'] = null;
    // the arrow of the action under the pointer: with a selection, the first naming the hovered place; without, the only one naming it
    const naming =
      hover.place && actions.length ? candidates.filter((a) => placesOf(a, known).includes(hover.place!)) : [];
    const pathAction =
      preview ?? pending ?? (selected.length ? naming[0] : naming.length === 1 ? naming[0] : undefined);
    if (pathAction && adapter.path) {
      const mine = session.record.actions
        .slice(0, at)
        .filter((e) => e.role === view.decision?.role)
        .map((e) => e.action);
      path = adapter.path(view, bare(pathAction), mine);
    }
    return {
      highlights: hl,
      path,
      hoverPlace: actions.length && hover.place && targets.has(hover.place) ? hover.place : null,
      showHexNumbers: numbers,
    };
  }, [candidates, selected, preview, pending, hover.place, numbers, view]);

  const walkable = useMemo(
    () => [...overlays.highlights].filter(([, k]) => k === 'legal' || k === 'target').map(([p]) => p),
    [overlays],
  );
  const undoState = humanTurn || live ? session.canUndo(role) : { ok: false as const, rule: '', message: 'replaying' };
  const grouped = !selected.length && candidates.length > GROUP_OVER;
  const listed = useMemo(() => candidates.map((a) => ({ action: a, text: describe(a) })), [candidates]);
  // grouped only when it shortens the list: on average three actions or more a piece
  const groups = useMemo(() => {
    const g = grouped ? groupActions(candidates) : null;
    return g && g.groups.length * 3 <= candidates.length ? g : null;
  }, [candidates, grouped]);
  const setupKind = humanTurn && view.decision && SETUP_KIND.test(view.decision.kind) ? view.decision.kind : null;
  const remembered = useMemo(() => (setupKind ? lastSetup(session, role) : null), [setupKind, version]);

  /** 5: a long list by the piece each action is about (the adapter's `groupOf`, else the first place it names). */
  function groupActions(list: Action[]): { loose: { action: Action; text: string }[]; groups: ActionGroup[] } {
    const by = new Map<string, ActionGroup>();
    const loose: { action: Action; text: string }[] = [];
    for (const a of list) {
      const key = adapter.groupOf?.(bare(a), view) ?? placesOf(a, known)[0] ?? null;
      if (!key) {
        loose.push({ action: a, text: describe(a) });
        continue;
      }
      let g = by.get(key);
      if (!g) by.set(key, (g = { key, name: adapter.placeName(key), place: known.has(key), items: [] }));
      g.items.push({ action: a, text: describe(a) });
    }
    return { loose, groups: [...by.values()] };
  }
  const stackShown = pinned ?? (hover.stack && hover.at ? { stack: hover.stack, at: hover.at } : null);

  return (
    <div class={`game${drawer ? ' drawer-open' : ''}`} data-testid="game" data-seq={session.length} data-role={role}>
      <header class="topbar">
        <button onClick={onExit} title="Back to the game list">
          ☰ Games
        </button>
        <span class="title">{session.game.rules.title}</span>
        <span class="status" data-testid="status">
          {adapter.status(view).map(([k, v]) => (
            <span key={k} class="chip">
              <small>{k}</small> {v}
            </span>
          ))}
        </span>
        <span class="seat" style={{ color: adapter.roleColor(role) }}>
          You see: {adapter.roleLabel(role)}
        </span>
        <span class="spacer" />
        <LangSwitch />
        <button
          data-testid="undo"
          disabled={!live}
          title={undoState.ok ? 'Take back your last action' : undoState.message}
          onClick={undo}
        >
          ↶ Undo
        </button>
        <button data-testid="save" onClick={save}>
          Save
        </button>
        <button data-testid="load" onClick={() => fileInput.current?.click()}>
          Load
        </button>
        <input
          ref={fileInput}
          type="file"
          accept=".json,application/json"
          hidden
          data-testid="load-file"
          onChange={(e) => load((e.target as HTMLInputElement).files?.[0])}
        />
        <label class="toggle" title={S.confirmSettingTitle}>
          <input
            type="checkbox"
            data-testid="ask-first"
            checked={askFirst}
            onChange={() => {
              saveAskFirst(!askFirst);
              setAskFirst(!askFirst);
            }}
          />{' '}
          {S.confirmSetting}
        </label>
        {model?.hex && (
          <label class="toggle">
            <input type="checkbox" checked={numbers} onChange={() => setNumbers(!numbers)} /> hex numbers
          </label>
        )}
      </header>
      <main
        class="board"
        onKeyDown={(e) => {
          // 8: Escape drops the selection and closes a pinned stack list
          if (e.key !== 'Escape') return;
          setPinned(null);
          setSelected([]);
        }}
      >
        {model ? (
          <MapCanvas
            model={model}
            overlays={overlays}
            onPlaceClick={clickPlace}
            walk={walkable}
            placeName={adapter.placeName}
            onHover={(place, stack, p) => {
              setHover({ place, stack, at: p });
              // a pinned stack list stays while the pointer goes to it (or leaves the map); another stack replaces it
              if (stack && pinned && stack.place !== pinned.stack.place) setPinned(null);
            }}
          />
        ) : (
          <div class="no-map">This game has no map: choose from the legal actions.</div>
        )}
        {stackShown && stackShown.stack.pieces.length > 0 && (
          <StackList
            title={`${adapter.placeName(stackShown.stack.place)}`}
            pieces={model?.pieces.filter((p) => p.place === stackShown.stack.place) ?? stackShown.stack.pieces}
            at={stackShown.at}
            onClose={pinned ? () => setPinned(null) : undefined}
            canTakeBack={humanTurn ? (id) => session.retractable(role, id) !== null : undefined}
            onTakeBack={takeBack}
          />
        )}
        {!stackShown && hover.place && hover.at && (
          <div class="place-tip" style={{ left: `${hover.at[0] + 14}px`, top: `${hover.at[1] + 10}px` }}>
            {adapter.placeName(hover.place)}
          </div>
        )}
        {dice && (
          // biome-ignore lint/a11y: a mouse shortcut; the toast goes by itself and hides nothing
          <div class="dice-toast" data-testid="dice" title="Click to dismiss" onClick={() => setDice(null)}>
            <span class="dice-label">Rolled</span>{' '}
            {dice.map((d, i) => (
              <Die key={i} value={d} size={26} />
            ))}
          </div>
        )}
        {!live && (
          <div class="replay-banner">
            Replay: after action {at} of {session.length}
          </div>
        )}
        {adapter.legend && (
          <details class="map-key" data-testid="map-key">
            <summary>Map key</summary>
            {adapter.legend.map((l) => (
              <div key={l.text}>
                <span class="key-glyph" style={{ color: l.color }}>
                  {l.glyph}
                </span>{' '}
                {l.text}
              </div>
            ))}
          </details>
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
        class={`side${setupKind ? ' setting-up' : ''}`}
        id="side-panels"
        onKeyDown={(e) => {
          if (e.key === 'Escape' && drawer) setDrawer(false);
        }}
        onDragOver={(e) => {
          if (e.dataTransfer?.types.includes('application/x-sandtable-piece')) e.preventDefault();
        }}
        onDrop={(e) => {
          const id = e.dataTransfer?.getData('application/x-sandtable-piece');
          if (id) {
            e.preventDefault();
            takeBack(id);
          }
        }}
      >
        <button class="drawer-close" data-testid="drawer-close" onClick={() => setDrawer(false)}>
          ▾ {S.closePanels}
        </button>
        <Prompt
          decision={view.decision}
          outcome={view.outcome}
          roleLabel={adapter.roleLabel}
          roleColor={adapter.roleColor}
          waiting={live && !!decisionRole && session.seats[decisionRole] === 'ai'}
          onRule={setRule}
        />
        {live && !humanTurn && decisionRole && session.seats[decisionRole] === 'ai' && setupKindOf(view) && (
          <div class="ai-setup" data-testid="ai-setup">
            <span class="spinner" aria-hidden="true" /> {S.aiSetup(adapter.roleLabel(decisionRole))}{' '}
            {!quickSetup && (
              <button data-testid="skip-setup" onClick={() => setQuickSetup(true)}>
                {S.skipSetup}
              </button>
            )}
          </div>
        )}
        {msg && (
          <div class={`msg ${msg.kind}`} data-testid="message">
            {msg.text}
          </div>
        )}
        {!undoState.ok && live && session.length > 0 && !view.outcome && session.humans().includes(role) && (
          <div class="undo-why" data-testid="undo-why">
            Undo: {undoState.message.replace(/^cannot undo: /, 'not possible, ')}
          </div>
        )}
        {info && <InfoBox info={info} showOdds={!pending} />}
        {panels.length > 0 && (
          <div class="game-panels" data-testid="game-panels">
            {panels.map((p) => (
              <GamePanel
                key={p.title}
                info={p}
                highlights={overlays.highlights}
                isPlace={(id) => known.has(id)}
                onCard={(id) => clickPlace(id, null)}
              />
            ))}
          </div>
        )}
        {pending && (
          <PendingCard
            text={describe(pending)}
            what={consequences(
              session.irreversible(role, pending),
              adapter.weighty?.(pending, view) ?? null,
              adapter.roleLabel,
            )}
            odds={adapter.odds?.(session.game, state, role, pending) ?? null}
            onConfirm={() => commit(pending)}
            onCancel={() => {
              setPending(null);
              setSelected([]);
            }}
          />
        )}
        {setupKind && !pending && (
          <div class="setup-tools" data-testid="setup-tools">
            <button data-testid="place-random" title={S.placeRandomTitle} onClick={() => setupStep('random')}>
              {S.placeRandom}
            </button>
            <button
              data-testid="place-last"
              title={S.placeLastTitle}
              disabled={!remembered?.length}
              onClick={() => setupStep('last')}
            >
              {S.placeLast}
            </button>
          </div>
        )}
        {actions.length > 0 && !pending && (
          <ActionList
            groups={groups?.groups}
            onGroup={(k) => setSelected([k])}
            items={groups ? groups.loose : listed}
            total={actions.length}
            filtered={selected.length ? selected.map(adapter.placeName).join(' + ') : null}
            onChoose={choose}
            onPreview={setPreview}
            onClear={() => setSelected([])}
          />
        )}
        <div class="log-head">
          Log <small>(what {adapter.roleLabel(role)} may see)</small>
        </div>
        <LogPanel log={view.log} onRule={setRule} upTo={at} />
      </aside>
      <div class="dock" data-testid="dock">
        <span
          class="dock-prompt"
          style={{ borderLeftColor: view.decision ? adapter.roleColor(view.decision.role) : '' }}
        >
          {view.outcome
            ? view.outcome.reason
            : view.decision
              ? `${adapter.roleLabel(view.decision.role)}: ${view.decision.prompt}`
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
          {humanTurn && actions.length > 0 ? ` (${candidates.length})` : ''}
        </button>
      </div>
      <footer>
        <ReplayBar
          at={at}
          length={session.length}
          live={live}
          onSeek={(n) => setCursor(n >= session.length ? null : n)}
          onLive={() => setCursor(null)}
          onBranch={branch}
        />
      </footer>
      {needsPrivacy && (
        <PrivacyScreen
          role={role}
          label={adapter.roleLabel(role)}
          color={adapter.roleColor(role)}
          onReveal={() => setRevealed(role)}
        />
      )}
      {rule && <RuleDialog rule={rule} onClose={() => setRule(null)} />}
    </div>
  );
}
