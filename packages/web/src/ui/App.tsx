/** The app shell: choose a game, scenario, options and seats, or load a record; then play. */
import type { OptionSpec, OptionValue, Options, Role } from '@sandtable/engine';
import type { JSX } from 'preact';
import { useEffect, useErrorBoundary, useMemo, useState } from 'preact/hooks';
import { AI_KINDS, type AiKind, type Computer } from '../computer.ts';
import { Session, type Seat } from '../session.ts';
import { GameScreen } from './GameScreen.tsx';
import { OnlineClient, tokenOfHash } from '../online/client.ts';
import { OnlineGame } from '../online/OnlineGame.tsx';
import { OnlineSetup } from '../online/OnlineSetup.tsx';
import type { GameEntry } from '../game-entry.ts';

export interface AppProps {
  entries: GameEntry[];
  aiDelayMs?: number;
  computer?: Computer;
}

export function App({ entries, aiDelayMs = 150, computer }: AppProps) {
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
  const games = Object.fromEntries(entries.map((e) => [e.game.rules.id, e.game]));
  const entry = session ? entries.find((e) => e.game.rules.id === session.game.rules.id)! : null;

  const load = (text: string, seats?: Record<Role, Seat>, ai?: Record<Role, AiKind>): string | null => {
    try {
      const s = Session.load(games, text, seats, ai);
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
  if (online)
    return (
      <OnlineGame
        key={online}
        token={online}
        entries={entries}
        client={client}
        onExit={() => {
          location.hash = '';
        }}
      />
    );
  if (session && entry) {
    return (
      <GameScreen
        key={key}
        session={session}
        adapter={entry.adapter}
        rulesText={entry.rulesText}
        aiDelayMs={aiDelayMs}
        computer={computer}
        onExit={() => setSession(null)}
        onLoad={(t) => load(t, sameGame(t, session.game.rules.id) ? session.seats : undefined, session.ai)}
      />
    );
  }
  return (
    <>
      <Setup entries={entries} onStart={start} onLoad={load} />
      <OnlineSetup entries={entries} client={client} />
    </>
  );
}

function Setup({
  entries,
  onStart,
  onLoad,
}: {
  entries: GameEntry[];
  onStart(s: Session): void;
  onLoad(text: string): string | null;
}) {
  const [gameId, setGameId] = useState(entries[0]?.game.rules.id ?? '');
  const e = entries.find((x) => x.game.rules.id === gameId);
  const [scenario, setScenario] = useState<string>('');
  const [options, setOptions] = useState<Options>({});
  const [seats, setSeats] = useState<Record<Role, Seat>>({});
  const [strength, setStrength] = useState<AiKind>('random');
  const [seed, setSeed] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (!e) return <div class="setup">No games are installed.</div>;
  const rules = e.game.rules;
  const scen = scenario || rules.scenarios[0]?.id;
  const seatOf = (r: Role, i: number): Seat => seats[r] ?? (i === 0 ? 'human' : 'ai');
  const begin = (over?: Record<Role, Seat>) => {
    try {
      const s = Object.fromEntries(rules.roles.map((r: Role, i: number) => [r, over?.[r] ?? seatOf(r, i)]));
      const ai = Object.fromEntries(rules.roles.map((r: Role) => [r, strength]));
      onStart(Session.create(e.game, { scenario: scen, options, seats: s, ai, ...(seed ? { seed } : {}) }));
    } catch (err) {
      setError((err as Error).message);
    }
  };
  const all = (seat: Seat) => Object.fromEntries(rules.roles.map((r: Role) => [r, seat]));
  return (
    <div class="setup" data-testid="setup">
      <h1>Sandtable</h1>
      <p class="tagline">WWII board wargames with every rule enforced by the computer.</p>
      <div class="setup-grid">
        <label>
          Game
          <select
            value={gameId}
            data-testid="game-select"
            onChange={(ev) => {
              setGameId((ev.target as HTMLSelectElement).value);
              setScenario('');
              setOptions({});
              setSeats({});
            }}
          >
            {entries.map((x) => (
              <option key={x.game.rules.id} value={x.game.rules.id}>
                {x.game.rules.title}
              </option>
            ))}
          </select>
        </label>
        <label>
          Scenario
          <select value={scen} onChange={(ev) => setScenario((ev.target as HTMLSelectElement).value)}>
            {rules.scenarios.map((s: { id: string; title: string }) => (
              <option key={s.id} value={s.id}>
                {s.title}
              </option>
            ))}
          </select>
        </label>
        <p class="scenario-doc">{rules.scenarios.find((s: { id: string }) => s.id === scen)?.description}</p>
        <fieldset class="seats">
          <legend>Sides</legend>
          {rules.roles.map((r: Role, i: number) => (
            <div key={r} class="seat-row">
              <span style={{ color: e.adapter.roleColor(r) }}>{e.adapter.roleLabel(r)}</span>
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
      <div class="setup-buttons">
        <button class="primary" data-testid="start" onClick={() => begin()}>
          Start game
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
              if (f) setError(onLoad(await f.text()));
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

function sameGame(text: string, id: string): boolean {
  try {
    return (JSON.parse(text) as { game?: string }).game === id;
  } catch {
    return false;
  }
}
