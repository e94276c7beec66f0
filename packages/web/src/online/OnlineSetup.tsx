/**
 * "Play online" on the set-up screen: create a server game with human/computer seats, show the
 * invite links (one per human seat, plus the spectator link), and list this browser's games
 * (the tokens kept in localStorage) with whose turn it is.
 */
import type { Role } from '@sandtable/engine';
import { useEffect, useState } from 'preact/hooks';
import type { GameInfo } from '../game-entry.ts';
import {
  type CreatedGame,
  type LobbyEntry,
  type OnlineClient,
  forgetToken,
  playLink,
  rememberToken,
  storedTokens,
} from './client.ts';

const AI = ['random', 'greedy', 'easy', 'normal', 'hard'];
const LINK = { color: '#8fb8ff', wordBreak: 'break-all' } as const;

export function OnlineSetup({ games, client }: { games: GameInfo[]; client: OnlineClient }) {
  const [gameId, setGameId] = useState(games[0]?.id ?? '');
  const e = games.find((x) => x.id === gameId);
  const [seats, setSeats] = useState<Record<Role, 'human' | 'ai'>>({});
  const [ai, setAi] = useState('easy');
  const [created, setCreated] = useState<CreatedGame | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [lobby, setLobby] = useState<LobbyEntry[] | null>(null);

  const refresh = async () => {
    const tokens = storedTokens().map((t) => t.token);
    if (!tokens.length) return setLobby([]);
    try {
      const r = await client.lobby(tokens);
      for (const t of r.unknown) forgetToken(t);
      setLobby(r.games);
    } catch {
      setLobby(null); // no server (e.g. the static build alone): the section still works once one is up
    }
  };
  useEffect(() => {
    void refresh();
  }, []);
  if (!e) return null;
  const roles: readonly Role[] = e.roles;
  const seatOf = (r: Role) => seats[r] ?? 'human';

  const create = async () => {
    setError(null);
    try {
      const g = await client.createGame({
        game: gameId,
        seats: Object.fromEntries(
          roles.map((r) => [r, seatOf(r) === 'ai' ? { kind: 'ai' as const, ai } : { kind: 'human' as const }]),
        ),
      });
      const first = g.seats.find((s) => s.token);
      for (const s of g.seats)
        if (s.token)
          rememberToken({ token: s.token, gameId: g.gameId, role: s.role, game: gameId, createdAt: Date.now() });
      setCreated(g);
      void refresh();
      if (!first) location.hash = `#/play/${g.spectatorToken}`;
    } catch (err) {
      setError((err as Error).message);
    }
  };

  return (
    <section class="setup online-setup" data-testid="online-setup">
      <h2>Play online</h2>
      <p>The server keeps the game: send each player their link; a link is that seat, so keep yours secret.</p>
      <div class="setup-grid">
        <label>
          Game
          <select
            value={gameId}
            data-testid="online-game-select"
            onChange={(ev) => {
              setGameId((ev.target as HTMLSelectElement).value);
              setSeats({});
            }}
          >
            {games.map((x) => (
              <option key={x.id} value={x.id}>
                {x.title}
              </option>
            ))}
          </select>
        </label>
        <fieldset class="seats">
          <legend>Seats</legend>
          {roles.map((r) => (
            <div key={r} class="seat-row">
              <span style={{ color: e.colors[r] || undefined }}>{e.labels[r]}</span>
              {(['human', 'ai'] as const).map((s) => (
                <label key={s} class="radio">
                  <input
                    type="radio"
                    name={`online-seat-${r}`}
                    data-testid={`online-seat-${r}-${s}`}
                    checked={seatOf(r) === s}
                    onChange={() => setSeats({ ...seats, [r]: s })}
                  />{' '}
                  {s === 'human' ? 'Human' : 'Computer'}
                </label>
              ))}
            </div>
          ))}
          <label class="strength">
            Computer strength{' '}
            <select value={ai} onChange={(ev) => setAi((ev.target as HTMLSelectElement).value)}>
              {AI.map((k) => (
                <option key={k} value={k}>
                  {k}
                </option>
              ))}
            </select>
          </label>
        </fieldset>
      </div>
      <div class="setup-buttons">
        <button class="primary" data-testid="online-create" onClick={() => void create()}>
          Create online game
        </button>
      </div>
      {error && (
        <div class="msg error" data-testid="online-create-error">
          {error}
        </div>
      )}
      {created && (
        <div class="invites" data-testid="invites">
          <b>Game {created.gameId}: invite links</b>
          <ul>
            {created.seats
              .filter((s) => s.token)
              .map((s) => (
                <li key={s.role}>
                  <span style={{ color: e.colors[s.role] || undefined }}>{e.labels[s.role]}</span>:{' '}
                  <a style={LINK} href={playLink(s.token!)} data-testid={`invite-${s.role}`}>
                    {playLink(s.token!)}
                  </a>
                </li>
              ))}
            <li>
              Spectators:{' '}
              <a style={LINK} href={playLink(created.spectatorToken)} data-testid="invite-spectator">
                {playLink(created.spectatorToken)}
              </a>
            </li>
          </ul>
        </div>
      )}
      {lobby && lobby.length > 0 && (
        <div class="lobby" data-testid="lobby">
          <b>Your online games</b>
          <ul>
            {lobby.map((g) => {
              const ge = games.find((x) => x.id === g.game);
              const label = (r: string) => ge?.labels[r] ?? r;
              return (
                <li key={g.token}>
                  <a style={LINK} href={playLink(g.token)} data-testid="lobby-game">
                    {ge?.title ?? g.game} · game {g.gameId} · you play {label(g.role)} · {g.version} actions
                  </a>{' '}
                  {g.status === 'finished' ? (
                    <small>finished</small>
                  ) : g.yourTurn ? (
                    <b>your turn</b>
                  ) : (
                    <small>waiting for {g.turnRole ? label(g.turnRole) : 'the server'}</small>
                  )}
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </section>
  );
}
