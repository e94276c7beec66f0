// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { skirmishAdapter, skirmish } from '@sandtable/map/testing';
import { App } from './App.tsx';

const entries = [
  {
    game: skirmish,
    adapter: skirmishAdapter,
    rules: { en: async () => '# Skirmish\n## 2. Turn {#§2}\nRed moves first, then Blue.\n' },
  },
];
afterEach(cleanup);

function buttonNamed(re: RegExp): HTMLButtonElement {
  const b = screen.getAllByTestId('action').find((x) => re.test(x.textContent ?? ''));
  if (!b)
    throw new Error(
      `no action button ${re}; have: ${screen
        .getAllByTestId('action')
        .map((x) => x.textContent)
        .join(' | ')}`,
    );
  return b as HTMLButtonElement;
}

describe('App (component)', () => {
  it('hotseat: lists legal actions in words, applies them, logs, undoes, refuses undo with the reason', async () => {
    render(<App entries={entries} aiDelayMs={0} />);
    fireEvent.click(screen.getByTestId('start-hotseat'));
    expect(screen.getByTestId('prompt').textContent).toMatch(/red moves or attacks/);
    expect(screen.getAllByTestId('action').map((b) => b.textContent)).toEqual([
      'Move 1 unit Alpha → Bravo',
      'Move 1 unit Alpha → Delta',
      'Pass',
    ]);
    fireEvent.click(buttonNamed(/Alpha → Bravo/));
    expect(screen.getByTestId('game').dataset.seq).toBe('1');
    expect(screen.getByTestId('log').textContent).toMatch(/red moves one unit A → B/);
    fireEvent.click(screen.getByTestId('undo'));
    expect(screen.getByTestId('game').dataset.seq).toBe('0');
    expect(screen.getByTestId('message').textContent).toBe('Undone.');
    // passing hands play to blue: asked first (item 3), and the answer applies it
    fireEvent.click(buttonNamed(/Pass/));
    expect(screen.getByTestId('game').dataset.seq).toBe('0');
    expect(screen.getByTestId('pending').textContent).toMatch(/Then it is blue's turn/i);
    fireEvent.click(screen.getByTestId('confirm'));
    expect(screen.getByTestId('game').dataset.role).toBe('blue');
    expect(screen.getByTestId('undo-why').textContent).toMatch(/last action was red's/);
  });

  it('asks before rolling dice, shows the odds, then the dice and the log line', async () => {
    render(<App entries={entries} aiDelayMs={0} />);
    fireEvent.click(screen.getByTestId('start-hotseat'));
    const yes = () => fireEvent.click(screen.getByTestId('confirm'));
    fireEvent.click(buttonNamed(/Alpha → Bravo/));
    fireEvent.click(buttonNamed(/Pass/));
    yes();
    fireEvent.click(buttonNamed(/Foxtrot → Charlie/));
    fireEvent.click(buttonNamed(/Pass/));
    yes();
    fireEvent.click(buttonNamed(/Attack Charlie from Bravo/));
    expect(screen.getByTestId('odds').textContent).toMatch(/defender loses 1.*50%/);
    expect(screen.getByTestId('pending').textContent).toMatch(/Rolls the dice: this cannot be taken back/);
    expect(screen.getByTestId('confirm').textContent).toBe('Roll the dice');
    fireEvent.click(screen.getByTestId('confirm'));
    expect(screen.getByTestId('dice').querySelectorAll('svg')).toHaveLength(1);
    expect(screen.getByTestId('log').textContent).toMatch(/red attacks C: rolled \d/);
  });

  it('plays against the computer to the end and steps back through the replay', async () => {
    render(<App entries={entries} aiDelayMs={0} />);
    fireEvent.click(screen.getByTestId('start'));
    for (let i = 0; i < 3; i++) {
      await waitFor(() => expect(screen.getByTestId('game').dataset.role).toBe('red'));
      await waitFor(() => expect(screen.queryAllByTestId('action').length).toBeGreaterThan(0));
      fireEvent.click(buttonNamed(/Pass/));
      const ask = screen.queryByTestId('confirm');
      if (ask) fireEvent.click(ask);
    }
    await waitFor(() => expect(screen.getByTestId('outcome').textContent).toMatch(/red 5, blue 5 units/));
    const n = Number(screen.getByTestId('game').dataset.seq);
    expect(n).toBeGreaterThanOrEqual(6);
    fireEvent.click(screen.getByTestId('replay-back'));
    expect(screen.getByTestId('replay-pos').textContent).toBe(`${n - 1} / ${n}`);
    fireEvent.click(screen.getByTestId('replay-fwd'));
    expect(screen.getByTestId('replay-pos').textContent).toBe(`${n} / ${n}`);
  });

  it('opens the rule text a prompt cites, labelled by its heading', async () => {
    render(<App entries={entries} aiDelayMs={0} />);
    fireEvent.click(screen.getByTestId('start-hotseat'));
    await waitFor(() => expect(screen.getByText('2. Turn')).toBeTruthy());
    fireEvent.click(screen.getByText('2. Turn'));
    expect(screen.getByTestId('rule-dialog').textContent).toMatch(/Red moves first, then Blue/);
  });
});
