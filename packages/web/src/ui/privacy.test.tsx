// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { defineGame } from '@sandtable/engine';
import { afterEach, describe, expect, it } from 'vitest';
import { pigRules } from '@sandtable/engine/testing/pig';
import { genericAdapter } from '@sandtable/map';
import { App } from './App.tsx';

const pig = defineGame(pigRules);
afterEach(cleanup);

describe('hotseat with hidden information', () => {
  it('hides the board behind a privacy screen at each hand-over, and each side sees only its secret', () => {
    render(<App entries={[{ game: pig, adapter: genericAdapter(pig) }]} aiDelayMs={0} />);
    fireEvent.click(screen.getByTestId('start-hotseat'));
    expect(screen.getByTestId('privacy').textContent).toMatch(/A to play/);
    expect(screen.queryAllByTestId('action')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('reveal'));
    expect(screen.queryByTestId('privacy')).toBeNull();
    const secretA = screen.getByTestId('status').textContent;
    expect(secretA).toMatch(/secret\s*\d/);
    // roll until play passes to b (a 1 ends the turn) or hold after a roll
    for (let i = 0; i < 50 && screen.getByTestId('game').dataset.role === 'a'; i++) {
      const hold = screen.getAllByTestId('action').find((b) => /hold/.test(b.textContent ?? ''));
      fireEvent.click(hold ?? screen.getAllByTestId('action')[0]!);
      if (screen.queryByTestId('confirm')) fireEvent.click(screen.getByTestId('confirm'));
    }
    expect(screen.getByTestId('game').dataset.role).toBe('b');
    expect(screen.getByTestId('privacy').textContent).toMatch(/B to play/);
    fireEvent.click(screen.getByTestId('reveal'));
    expect(screen.getByTestId('status').textContent).toMatch(/secret\s*\d/);
  });
});
