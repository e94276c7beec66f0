/** The app shell: choose a game, scenario, options and seats, or load a record; then play. */
import type { OptionSpec, OptionValue, Options, Role } from '@sandtable/engine';
import type { JSX } from 'preact';
import { useEffect, useErrorBoundary, useMemo, useState } from 'preact/hooks';
import { AI_KINDS, type AiKind, type Computer } from '../computer.ts';
import { Session, type Seat } from '../session.ts';
import { GameScreen } from './GameScreen.tsx';
import { OnlineClient, tokenOfHash } from '../online/client.ts';
import { InvalidLink, OnlineGame } from '../online/OnlineGame.tsx';
import { OnlineSetup } from '../online/OnlineSetup.tsx';
import { eagerGames, type GameEntry, type GameInfo, type Games } from '../game-entry.ts';
import { S } from './strings.ts';
import { openGameTexts, useLang } from '../i18n/index.ts';
import { openRules } from '../rules-text.ts';
import { LangSwitch } from '../i18n/LangSwitch.tsx';

export interface AppProps {
  /** The games, each opened on demand (`games`), or all already loaded (`entries`, tests). */
  games?: Games;
  entries?: GameEntry[];
  aiDelayMs?: number;
  computer?: Computer;
}

export function App({ games: given, entries: loaded, aiDelayMs = 150, computer }: AppProps) {
  const games = useMemo(() => given ?? eagerGames(loaded ?? []), [given, loaded]);
  useLang(); // a language switch re-renders the page
  const [session, setSession] = useState<Session | null>(null);
  const [crash, resetCrash] = useErrorBoundary((e) => console.error(e));
  const [key, setKey] = useState(0);
  const [hash, setHash] = useState(() => (typeof location === 'undefined' ? '' : location.hash));
  useEffect(() => {
    const f = () => setHash(location.hash);
    addEventListener('hashchange', f);
    return () => removeEventListener('hashchange', f);
  }, []);
  const client = useMemo(() => new OnlineClient(), []);
  const entry = session ? (games.opened(session.game.rules.id) ?? null) : null;

  /** Loads a record file: opens its game first (a record of an unknown game is refused by Session.load). */
  const load = async (text: string, seats?: Record<Role, Seat>, ai?: Record<Role, AiKind>): Promise<string | null> => {
    try {
      const id = gameOf(text);
      const e = id && games.list.some((g) => g.id === id) ? await games.open(id) : null;
      const s = Session.load(e ? { [id!]: e.game } : {}, text, seats, ai);
      setSession(s);
      setKey((k) => k + 1);
      return null;
    } catch (e) {
      return (e as Error).message;
    }
  };
  const start = (s: Session) => {
    setSession(s);
    setKey((k) => k + 1);
  };
  if (crash) {
    return (
      <div class="setup" data-testid="crash">
        <h1>Something broke</h1>
        <p class="msg error">{String((crash as Error).message ?? crash)}</p>
        <p>Your game record is safe in memory: save it, then report the file.</p>
        {session && (
          <button
            onClick={() => {
              const a = document.createElement('a');
              a.href = URL.createObjectURL(new Blob([session.save()]));
              a.download = 'crash-record.json';
              a.click();
            }}
          >
            Save the record
          </button>
        )}
        <button
          class="primary"
          onClick={() => {
            setSession(null);
            resetCrash();
          }}
        >
          Back to the games
        </button>
      </div>
    );
  }

  const online = tokenOfHash(hash);
  // 6: a link of the play route the app cannot read (cut short, mistyped) says so
  if (!online && /^#\/play\b/.test(hash)) return <InvalidLink error={null} onExit={() => (location.hash = '')} />;
  if (online)
    return (
      <OnlineGame
        key={online}
        token={online}
        games={games}
        client={client}
        onExit={() => {
          location.hash = '';
        }}
      />
    );
  if (session && entry) {
    openGameTexts(entry.game.rules.id, entry.texts);
    openRules(entry.game.rules.id, entry.rules);
    return (
      <GameScreen
        key={key}
        session={session}
        adapter={entry.adapter}
        aiDelayMs={aiDelayMs}
        computer={computer}
        onExit={() => setSession(null)}
        onLoad={(t) => load(t, gameOf(t) === session.game.rules.id ? session.seats : undefined, session.ai)}
      />
    );
  }
  return (
    <>
      <Setup games={games} onStart={start} onLoad={load} />
      <OnlineSetup games={games.list} client={client} />
    </>
  );
}

function Setup({
  games,
  onStart,
  onLoad,
}: {
  games: Games;
  onStart(s: Session): void;
  onLoad(text: string): Promise<string | null>;
}) {
  const [gameId, setGameId] = useState(games.list[0]?.id ?? '');
  const listed = games.list.find((x) => x.id === gameId);
  const [scenario, setScenario] = useState<string>('');
  const [options, setOptions] = useState<Options>({});
  const [seats, setSeats] = useState<Record<Role, Seat>>({});
  // 7: the first opponent is the normal computer (search in the worker), not random moves
  const [strength, setStrength] = useState<AiKind>('normal');
  const [seed, setSeed] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [opening, setOpening] = useState(false);
  const [opened, setOpened] = useState<GameInfo | null>(null);
  // a game the player chooses (or points at Start for) starts loading, so "Start" is quick; the
  // start page itself loads none; the opened game's adapter gives the sides' colours
  const [touched, setTouched] = useState(false);
  const prefetch = () => setTouched(true);
  useEffect(() => {
    let live = true;
    setOpened(null);
    if (gameId && (touched || games.opened(gameId)))
      games
        .open(gameId)
        .then((g) => live && setOpened(infoOfOpened(g, listed)))
        .catch(() => {});
    return () => {
      live = false;
    };
  }, [gameId, touched]);
  if (!listed) return <div class="setup">No games are installed.</div>;
  const rules = opened ?? listed;
  const scen = scenario || rules.scenarios[0]?.id;
  const seatOf = (r: Role, i: number): Seat => seats[r] ?? (i === 0 ? 'human' : 'ai');
  const create = (e: GameEntry, over?: Record<Role, Seat>) => {
    const s = Object.fromEntries(rules.roles.map((r: Role, i: number) => [r, over?.[r] ?? seatOf(r, i)]));
    const ai = Object.fromEntries(rules.roles.map((r: Role) => [r, strength]));
    onStart(Session.create(e.game, { scenario: scen, options, seats: s, ai, ...(seed ? { seed } : {}) }));
  };
  const begin = async (over?: Record<Role, Seat>) => {
    const ready = games.opened(gameId);
    try {
      if (ready) return create(ready, over);
      setOpening(true);
      create(await games.open(gameId), over);
    } catch (err) {
      setError((err as Error).message);
      setOpening(false);
    }
  };
  const all = (seat: Seat) => Object.fromEntries(rules.roles.map((r: Role) => [r, seat]));
  return (
    <div class="setup" data-testid="setup">
      <h1>
        Sandtable <LangSwitch />
      </h1>
      <p class="tagline">WWII board wargames with every rule enforced by the computer.</p>
      <div class="setup-grid">
        <label>
          Game
          <select
            value={gameId}
            data-testid="game-select"
            onChange={(ev) => {
              setGameId((ev.target as HTMLSelectElement).value);
              prefetch();
              setScenario('');
              setOptions({});
              setSeats({});
            }}
          >
            {games.list.map((x) => (
              <option key={x.id} value={x.id}>
                {x.title}
              </option>
            ))}
          </select>
        </label>
        <label>
          Scenario
          <select value={scen} onChange={(ev) => setScenario((ev.target as HTMLSelectElement).value)}>
            {rules.scenarios.map((s) => (
              <option key={s.id} value={s.id}>
                {s.title}
              </option>
            ))}
          </select>
        </label>
        <p class="scenario-doc">{rules.scenarios.find((s) => s.id === scen)?.description}</p>
        <fieldset class="seats">
          <legend>Sides</legend>
          {rules.roles.map((r: Role, i: number) => (
            <div key={r} class="seat-row">
              <span style={{ color: rules.colors[r] || undefined }}>{rules.labels[r]}</span>
              {(['human', 'ai'] as Seat[]).map((s) => (
                <label key={s} class="radio">
                  <input
                    type="radio"
                    name={`seat-${r}`}
                    data-testid={`seat-${r}-${s}`}
                    checked={seatOf(r, i) === s}
                    onChange={() => setSeats({ ...seats, [r]: s })}
                  />{' '}
                  {s === 'human' ? 'Human' : 'Computer'}
                </label>
              ))}
            </div>
          ))}
          <label class="strength">
            Computer strength{' '}
            <select
              value={strength}
              data-testid="strength"
              onChange={(ev) => setStrength((ev.target as HTMLSelectElement).value as AiKind)}
            >
              {AI_KINDS.map((k) => (
                <option key={k.kind} value={k.kind}>
                  {k.label}
                </option>
              ))}
            </select>
          </label>
        </fieldset>
      </div>
      <div class="setup-buttons" onPointerEnter={prefetch} onFocusCapture={prefetch}>
        <button class="primary" data-testid="start" disabled={opening} onClick={() => begin()}>
          {opening ? S.opening : 'Start game'}
        </button>
        <button data-testid="start-hotseat" onClick={() => begin(all('human'))}>
          Hotseat (all human)
        </button>
        <button data-testid="start-watch" onClick={() => begin(all('ai'))}>
          Watch the computer
        </button>
        <label class="button">
          Load a game record…{' '}
          <input
            type="file"
            accept=".json"
            hidden
            data-testid="setup-load"
            onChange={async (ev) => {
              const f = (ev.target as HTMLInputElement).files?.[0];
              if (f) setError(await onLoad(await f.text()));
            }}
          />
        </label>
      </div>
      {error && <div class="msg error">{error}</div>}
      <div class="howto">
        <b>How to play.</b> The box at the top right says what to decide now, and its <span class="rule-link">§</span>{' '}
        tag opens the rule. Every place and counter you can use is outlined in yellow on the map: click one and the list
        at the side narrows to what you can do there; click a second place to pick a target. Hover a stack to see
        everything in it. Before dice roll you see the odds and confirm; until then <b>Undo</b> takes an action back.
        Drag, the wheel, pinch or the arrow keys and +/- move the map.
      </div>
      {rules.options.length > 0 && (
        <details class="options">
          <summary>Rule options ({rules.options.length}) — the defaults are the recommended readings</summary>
          {rules.options.map((o: OptionSpec) => (
            <OptionField
              key={o.key}
              spec={o}
              value={options[o.key] ?? o.default}
              onChange={(v) => setOptions({ ...options, [o.key]: v })}
            />
          ))}
        </details>
      )}
      <label>
        Seed{' '}
        <input
          value={seed}
          placeholder="random"
          onInput={(ev) => setSeed((ev.target as HTMLInputElement).value)}
          data-testid="seed"
        />
      </label>
    </div>
  );
}

function OptionField({
  spec,
  value,
  onChange,
}: {
  spec: OptionSpec;
  value: OptionValue;
  onChange(v: OptionValue): void;
}) {
  let input: JSX.Element;
  if (typeof spec.default === 'boolean')
    input = (
      <input
        type="checkbox"
        checked={value === true}
        onChange={(ev) => onChange((ev.target as HTMLInputElement).checked)}
      />
    );
  else if (spec.choices) {
    input = (
      <select
        value={JSON.stringify(value)}
        onChange={(ev) => onChange(JSON.parse((ev.target as HTMLSelectElement).value))}
      >
        {spec.choices.map((c) => (
          <option key={JSON.stringify(c)} value={JSON.stringify(c)}>
            {String(c)}
          </option>
        ))}
      </select>
    );
  } else if (typeof spec.default === 'number')
    input = (
      <input
        type="number"
        value={String(value)}
        onInput={(ev) => onChange(Number((ev.target as HTMLInputElement).value))}
      />
    );
  else input = <input value={String(value)} onInput={(ev) => onChange((ev.target as HTMLInputElement).value)} />;
  return (
    <div class="option" title={spec.doc}>
      {/* biome-ignore lint/a11y/noLabelWithoutControl: the control is `input`, chosen above */}
      <label>
        {input} {spec.label}
      </label>
      <small>{spec.doc}</small>
    </div>
  );
}

/** The game id a record file names, or null (Session.load then says what is wrong with it). */
function gameOf(text: string): string | null {
  try {
    const g = (JSON.parse(text) as { game?: unknown }).game;
    return typeof g === 'string' ? g : null;
  } catch {
    return null;
  }
}

/** The opened game's facts, with the list's where the adapter gives none. */
function infoOfOpened(e: GameEntry, listed: GameInfo | undefined): GameInfo {
  const r = e.game.rules;
  return {
    id: r.id,
    title: r.title,
    roles: r.roles,
    scenarios: listed?.scenarios ?? [],
    options: r.options,
    labels: Object.fromEntries(r.roles.map((x: Role) => [x, e.adapter.roleLabel(x)])),
    colors: Object.fromEntries(r.roles.map((x: Role) => [x, e.adapter.roleColor(x)])),
  };
}
