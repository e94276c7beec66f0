/** Side-panel pieces: prompt, action list, odds, log, rule text, privacy screen, replay bar, stack list. */
import type { Action, Decision, LogEntry, Outcome, Role } from '@sandtable/engine';
import { useEffect, useRef, useState } from 'preact/hooks';
import { type InfoBoxData, type OddsRow, type OddsTable as OddsData, drawCounter, type Piece } from '@sandtable/map';
import { ruleLabel, ruleSections } from '../rules-text.ts';
import { Markdown } from './markdown.tsx';
import type { Verb } from './confirm.ts';
import { S } from './strings.ts';
import { useDialog } from './dialog.ts';
import { say, t } from '../i18n/index.ts';

export function RuleLink({ rule, onRule }: { rule: string; onRule(rule: string): void }) {
  return (
    <button class="rule-link" title={t('rule.read')} onClick={() => onRule(rule)}>
      {ruleLabel(rule)}
    </button>
  );
}

export function Prompt({
  decision,
  outcome,
  roleLabel,
  roleColor,
  waiting,
  onRule,
}: {
  decision: Decision | null;
  outcome: Outcome | null;
  roleLabel(r: Role): string;
  roleColor(r: Role): string;
  waiting: boolean;
  onRule(r: string): void;
}) {
  if (outcome) {
    return (
      <div class="prompt outcome" data-testid="outcome">
        <strong>{outcome.winner ? t('outcome.win', { side: roleLabel(outcome.winner) }) : t('outcome.draw')}</strong>:{' '}
        {outcome.reason} <RuleLink rule={outcome.rule} onRule={onRule} />
      </div>
    );
  }
  if (!decision) return null;
  return (
    <div class="prompt" data-testid="prompt" style={{ borderLeftColor: roleColor(decision.role) }}>
      <div class="prompt-role" style={{ color: roleColor(decision.role) }}>
        {roleLabel(decision.role)}
        {waiting ? t('prompt.thinking') : ''}
      </div>
      <div class="prompt-text">{say(decision)}</div>
      <RuleLink rule={decision.rule} onRule={onRule} />
    </div>
  );
}

export interface ListedAction {
  action: Action;
  text: string;
}

/** A long list's actions about one piece (item 5): the piece's id (a place when `place`), its name, its actions. */
export interface ActionGroup {
  key: string;
  name: string;
  place: boolean;
  items: ListedAction[];
}

/** Past this many actions, a list with nothing selected is shown by piece. */
export const GROUP_OVER = 40;

export function ActionList({
  items,
  total,
  onChoose,
  onPreview,
  filtered,
  onClear,
  groups,
  onGroup,
}: {
  items: ListedAction[];
  total: number;
  filtered: string | null;
  onChoose(a: Action): void;
  onPreview(a: Action | null): void;
  onClear(): void;
  /** The list by piece: `items` are then the actions about no piece, listed first. */
  groups?: ActionGroup[] | undefined;
  onGroup?(key: string): void;
}) {
  if (groups?.length) return <GroupedActions {...{ items, total, groups, onChoose, onPreview, onGroup: onGroup! }} />;
  return (
    <div class="actions" data-testid="actions" data-total={total}>
      <div class="actions-head">
        {filtered ? (
          <>
            Actions with <b>{filtered}</b> ({items.length} of {total}){' '}
            <button class="link" onClick={onClear}>
              show all
            </button>
          </>
        ) : (
          <>Legal actions ({total})</>
        )}
      </div>
      <ul>
        {items.map((it, i) => (
          <li key={i}>
            <button
              class="action"
              data-testid="action"
              onClick={() => onChoose(it.action)}
              onMouseEnter={() => onPreview(it.action)}
              onMouseLeave={() => onPreview(null)}
            >
              {it.text}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

function GroupedActions({
  items,
  total,
  groups,
  onChoose,
  onPreview,
  onGroup,
}: {
  items: ListedAction[];
  total: number;
  groups: ActionGroup[];
  onChoose(a: Action): void;
  onPreview(a: Action | null): void;
  onGroup(key: string): void;
}) {
  const [open, setOpen] = useState<string | null>(null);
  const button = (it: ListedAction, i: number) => (
    <li key={i}>
      <button
        class="action"
        data-testid="action"
        onClick={() => onChoose(it.action)}
        onMouseEnter={() => onPreview(it.action)}
        onMouseLeave={() => onPreview(null)}
      >
        {it.text}
      </button>
    </li>
  );
  return (
    <div class="actions" data-testid="actions" data-total={total}>
      <div class="actions-head">{S.groupsHead(total, groups.length)}</div>
      <ul>
        {items.map(button)}
        {groups.map((g) => (
          <li key={g.key} class="action-group">
            <button
              class="group"
              data-testid="action-group"
              data-group={g.key}
              aria-expanded={open === g.key}
              onClick={() => (g.place ? onGroup(g.key) : setOpen(open === g.key ? null : g.key))}
            >
              <span>{g.name}</span> <small>{S.groupCount(g.items.length)}</small>
            </button>
            {open === g.key && <ul>{g.items.map(button)}</ul>}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function OddsTable({ title, rows }: { title: string; rows: OddsRow[] }) {
  const max = Math.max(...rows.map((r) => r.p), 1e-9);
  return (
    <div class="odds" data-testid="odds">
      <div class="odds-title">{title}</div>
      <table>
        <tbody>
          {rows.map((r) => (
            <tr key={r.label}>
              <td class="odds-label">{r.label}</td>
              <td class="odds-bar">
                <span style={{ width: `${(r.p / max) * 100}%` }} />
              </td>
              <td class="odds-p">{(r.p * 100).toFixed(r.p < 0.1 ? 1 : 0)}%</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** An action waiting for the player's yes (item 3): what it does, what it rolls with the odds, what cannot be taken back. */
export function PendingCard({
  text,
  what,
  odds,
  onConfirm,
  onCancel,
}: {
  text: string;
  what: { lines: string[]; verb: Verb };
  odds: OddsData[] | null;
  onConfirm(): void;
  onCancel(): void;
}) {
  const ok = useRef<HTMLButtonElement>(null);
  useEffect(() => ok.current?.focus(), [text]);
  return (
    <div
      class="pending"
      data-testid="pending"
      role="alertdialog"
      aria-label={text}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onCancel();
      }}
    >
      <div class="pending-text">{text}</div>
      {what.lines.map((l) => (
        <div key={l} class="warning" data-testid="pending-warning">
          {l}
        </div>
      ))}
      {odds && odds.length > 0 && <div class="odds-title">{S.oddsHead}</div>}
      {odds?.map((o) => (
        <OddsTable key={o.title} title={o.title} rows={o.rows} />
      ))}
      <div class="pending-buttons">
        <button ref={ok} class="primary" data-testid="confirm" onClick={onConfirm}>
          {what.verb === 'roll' ? S.doRoll : what.verb === 'reveal' ? S.doReveal : S.doIt}
        </button>
        <button data-testid="cancel" onClick={onCancel}>
          {S.cancel}
        </button>
      </div>
    </div>
  );
}

const PIPS: Record<number, [number, number][]> = {
  1: [[2, 2]],
  2: [
    [1, 1],
    [3, 3],
  ],
  3: [
    [1, 1],
    [2, 2],
    [3, 3],
  ],
  4: [
    [1, 1],
    [3, 1],
    [1, 3],
    [3, 3],
  ],
  5: [
    [1, 1],
    [3, 1],
    [2, 2],
    [1, 3],
    [3, 3],
  ],
  6: [
    [1, 1],
    [3, 1],
    [1, 2],
    [3, 2],
    [1, 3],
    [3, 3],
  ],
};

export function Die({ value, size = 18 }: { value: number; size?: number }) {
  const pips = PIPS[value];
  return (
    <svg class="die" width={size} height={size} viewBox="0 0 4 4" aria-label={`die ${value}`}>
      <rect x="0.1" y="0.1" width="3.8" height="3.8" rx="0.7" fill="#fbf7ea" stroke="#222" stroke-width="0.15" />
      {pips ? (
        pips.map(([x, y], i) => <circle key={i} cx={x} cy={y} r="0.38" fill="#222" />)
      ) : (
        <text x="2" y="2.7" font-size="2" text-anchor="middle">
          {value}
        </text>
      )}
    </svg>
  );
}

const LOG_TAIL = 250;

export function LogPanel({ log, onRule, upTo }: { log: LogEntry[]; onRule(r: string): void; upTo: number }) {
  const end = useRef<HTMLDivElement>(null);
  const [all, setAll] = useState(false);
  useEffect(() => end.current?.scrollIntoView({ block: 'end' }), [log.length]);
  const shown = all || log.length <= LOG_TAIL ? log : log.slice(-LOG_TAIL);
  return (
    <div class="log" data-testid="log">
      {shown.length < log.length && (
        <button class="link" onClick={() => setAll(true)}>
          show the {log.length - shown.length} earlier lines
        </button>
      )}
      {shown.map((e, i) => (
        <div key={i} class={`log-line${e.seq === upTo ? ' latest' : ''}${e.to ? ' private' : ''}`}>
          <span class="log-seq">{e.seq}</span>
          <span class="log-text">
            {e.rule && e.text.endsWith(` [${e.rule}]`) ? e.text.slice(0, -e.rule.length - 3) : e.text}
          </span>
          {e.dice && (
            <span class="log-dice">
              {e.dice.map((d, k) => (
                <Die key={k} value={d} size={15} />
              ))}
            </span>
          )}
          {e.rule && <RuleLink rule={e.rule} onRule={onRule} />}
          {e.to && (
            <span class="log-private" title="Only your side sees this line">
              🔒
            </span>
          )}
        </div>
      ))}
      <div ref={end} />
    </div>
  );
}

export function RuleDialog({ rule, onClose }: { rule: string; onClose(): void }) {
  const sections = ruleSections(rule);
  const box = useRef<HTMLDivElement>(null);
  useDialog(box, onClose);
  return (
    // biome-ignore lint/a11y: a click outside also closes; the keyboard has Escape and the Close button
    <div class="modal-back" onClick={onClose}>
      {/* biome-ignore lint/a11y: only stops a click inside from closing the dialog */}
      <div
        ref={box}
        class="modal rule-dialog"
        data-testid="rule-dialog"
        role="dialog"
        aria-modal="true"
        aria-label={`Rule ${rule}`}
        tabIndex={-1}
        onClick={(e) => e.stopPropagation()}
      >
        <div class="modal-head">
          <b>{t('rule.title', { rule: ruleLabel(rule) })}</b>
          <button onClick={onClose} aria-label={t('rule.close')}>
            ✕
          </button>
        </div>
        <div class="modal-body">
          {sections === 'loading' ? (
            <p>{t('rule.loading')}</p>
          ) : sections.length ? (
            sections.map((s) => (
              <section key={s.key} data-rule={s.key}>
                <h3>{s.heading}</h3>
                <Markdown text={stripAnchors(s.body)} />
              </section>
            ))
          ) : (
            <p>{t('rule.missing', { rule })}</p>
          )}
        </div>
      </div>
    </div>
  );
}

/** A section's body without its sub-headings' `{#anchor}` marks. */
const stripAnchors = (md: string) => md.replace(/^(#{1,6}\s.*?)\s*\{#[^}]+\}\s*$/gm, '$1');

export function PrivacyScreen({
  role,
  label,
  color,
  onReveal,
}: {
  role: Role;
  label: string;
  color: string;
  onReveal(): void;
}) {
  const box = useRef<HTMLDivElement>(null);
  useDialog(box, null);
  return (
    <div class="privacy" data-testid="privacy">
      <div class="privacy-card" ref={box} role="dialog" aria-modal="true" aria-label={`${label} to play`}>
        <div class="privacy-title" style={{ color }}>
          {label} to play
        </div>
        <p>Pass the device to the {label} player. The other side must not look: this game hides information.</p>
        <button class="primary" data-testid="reveal" onClick={onReveal}>
          I am {label}: show my view
        </button>
        <span hidden>{role}</span>
      </div>
    </div>
  );
}

export function ReplayBar({
  at,
  length,
  live,
  onSeek,
  onLive,
  onBranch,
}: {
  at: number;
  length: number;
  live: boolean;
  onSeek(n: number): void;
  onLive(): void;
  /** "Play from here" (local games only: online, the server's record is the game). */
  onBranch?: (() => void) | undefined;
}) {
  const clamp = (n: number) => Math.max(0, Math.min(length, n));
  return (
    <div class={`replay${live ? '' : ' replaying'}`} data-testid="replay">
      <button title="Start" onClick={() => onSeek(0)}>
        «
      </button>
      <button title="Back one action" data-testid="replay-back" onClick={() => onSeek(clamp(at - 1))}>
        ◀
      </button>
      <input
        type="range"
        min={0}
        max={length}
        value={at}
        aria-label="Replay position"
        data-testid="scrubber"
        onInput={(e) => onSeek(Number((e.target as HTMLInputElement).value))}
      />
      <button title="Forward one action" data-testid="replay-fwd" onClick={() => onSeek(clamp(at + 1))}>
        ▶
      </button>
      <button title="End" onClick={() => onSeek(length)}>
        »
      </button>
      <span class="replay-pos" data-testid="replay-pos">
        {at} / {length}
      </span>
      {!live && (
        <>
          <button class="primary" onClick={onLive}>
            Back to the game
          </button>
          {onBranch && (
            <button onClick={onBranch} title="Discard the later actions and play on from here">
              Play from here
            </button>
          )}
        </>
      )}
    </div>
  );
}

function CounterIcon({ piece }: { piece: Piece }) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const c = ref.current;
    const ctx = c?.getContext('2d');
    if (!c || !ctx) return;
    const dpr = window.devicePixelRatio || 1;
    c.width = c.height = Math.round(40 * dpr);
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    drawCounter(ctx, piece, 2, 2, 36);
  }, [piece]);
  return <canvas ref={ref} style={{ width: '40px', height: '40px' }} />;
}

export function StackList({
  title,
  pieces,
  at,
  onClose,
  canTakeBack,
  onTakeBack,
}: {
  title: string;
  pieces: Piece[];
  at: [number, number];
  onClose?: (() => void) | undefined;
  /** 5: whether the player may still take back the placing of this chit (drag it out, or its ↩ button). */
  canTakeBack?(id: string): boolean;
  onTakeBack?(id: string): void;
}) {
  return (
    <div class="stack-list" data-testid="stack-list" style={{ left: `${at[0] + 16}px`, top: `${at[1] + 8}px` }}>
      <div class="stack-head">
        <b>{title}</b>
        {onClose && (
          <button onClick={onClose} aria-label="Close">
            ✕
          </button>
        )}
      </div>
      {[...pieces].reverse().map((p) => (
        <div class="stack-item" key={p.id}>
          <div class="stack-row">
            <CounterIcon piece={p} />
            <span>{p.title}</span>
          </div>
          {p.chits && p.chits.length > 0 && (
            <div class="chit-row" data-testid="chits">
              {p.chits.map((c, i) => {
                const back = !!(c.id && canTakeBack?.(c.id));
                return (
                  // biome-ignore lint/a11y/noStaticElementInteractions: dragging is the mouse's shortcut; the ↩ button inside is the keyboard's
                  <span
                    key={i}
                    class={`chit${c.faceDown ? ' face-down' : ''}${back ? ' can-take-back' : ''}`}
                    data-testid="chit"
                    data-face={c.faceDown ? 'down' : 'up'}
                    data-chit={back ? c.id : undefined}
                    title={back ? `${c.title} · ${S.takeBack}` : c.title}
                    style={{ background: c.fill, color: c.ink }}
                    draggable={back}
                    onDragStart={(e) => e.dataTransfer?.setData('application/x-sandtable-piece', c.id!)}
                  >
                    {c.label}
                    {back && (
                      <button
                        class="take-back"
                        data-testid="take-back"
                        aria-label={`${S.takeBack}: ${c.title}`}
                        onClick={() => onTakeBack?.(c.id!)}
                      >
                        ↩
                      </button>
                    )}
                  </span>
                );
              })}
              <span class="chit-words">{p.chits.map((c) => c.title).join('; ')}</span>
            </div>
          )}
        </div>
      ))}
    </div>
  );
}

export function InfoBox({ info, showOdds }: { info: InfoBoxData; showOdds: boolean }) {
  return (
    <div class="info-box" data-testid="info-box">
      <div class="info-title">{info.title}</div>
      {info.lines.map((l, i) => (
        <div key={i} class="info-line">
          {l}
        </div>
      ))}
      {showOdds && info.odds.length > 0 && (
        <div class="info-odds">
          {info.odds.map((o) => (
            <OddsTable key={o.title} title={o.title} rows={o.rows} />
          ))}
        </div>
      )}
    </div>
  );
}

/**
 * A game's own side-panel box (hand, deck, tracks): lines, cards and tracks. A card whose id is a
 * place is clickable like a map place and carries that place's highlight.
 */
export function GamePanel({
  info,
  highlights,
  isPlace,
  onCard,
}: {
  info: InfoBoxData;
  highlights: ReadonlyMap<string, string>;
  isPlace(id: string): boolean;
  onCard(id: string): void;
}) {
  const body = (
    <>
      {info.lines.map((l, i) => (
        <div key={i} class="info-line">
          {l}
        </div>
      ))}
      {info.cards && info.cards.length > 0 && (
        <div class={`card-row${info.cardText ? ' with-text' : ''}`}>
          {info.cards.map((c, i) => {
            const hl = c.id ? highlights.get(c.id) : undefined;
            const click = c.id && isPlace(c.id) ? () => onCard(c.id!) : undefined;
            return (
              <button
                key={`${c.id ?? 'x'}-${i}`}
                type="button"
                class={`game-card${c.faceDown ? ' face-down' : ''}${hl ? ` hl-${hl}` : ''}`}
                data-testid="card"
                data-card={c.id ?? ''}
                title={c.text ?? c.title}
                disabled={!click}
                onClick={click}
              >
                {c.badge && <span class="card-badge">{c.badge}</span>}
                <span class="card-title">{c.title}</span>
                {info.cardText && c.text && <span class="card-text">{c.text}</span>}
              </button>
            );
          })}
        </div>
      )}
      {info.tracks?.map((t) => (
        <div key={t.label} class="track-row" data-testid="track" data-track={t.label} data-at={t.at}>
          <span class="track-label">{t.label}</span>
          {t.boxes.map((b, k) => (
            <span
              key={k}
              class={`track-box${k === t.at ? ' at' : ''}${k === t.mark ? ' mark' : ''}`}
              title={k === t.mark ? `${b}: designated position` : b}
            >
              {k === t.at ? '●' : b === 'START' ? 'S' : b === 'ENTRY' ? 'E' : b}
            </span>
          ))}
        </div>
      ))}
    </>
  );
  return (
    <div class="info-box game-panel" data-testid={info.testId ?? 'panel'}>
      {info.collapsed ? (
        <details>
          <summary class="info-title">{info.title}</summary>
          {body}
        </details>
      ) : (
        <>
          <div class="info-title">{info.title}</div>
          {body}
        </>
      )}
    </div>
  );
}
