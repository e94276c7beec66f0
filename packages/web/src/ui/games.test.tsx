// @vitest-environment happy-dom
/**
 * Every listed game in the page (the web client names no game): a hot-seat game starts, the
 * decision's prompt and legal actions show, and where the opening decision names cards in a side
 * panel, clicking one selects what it names: the action list narrows to the actions naming it,
 * or its only action is played.
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { catalog } from '@sandtable/catalog';
import { App } from './App.tsx';

afterEach(cleanup);

describe('every listed game in the page', () => {
  for (const [id, { game, web }] of Object.entries(catalog))
    it(`${id}: a hot-seat game starts; a click on a card the actions name selects them`, async () => {
      const adapter = await web!();
      render(<App entries={[{ game, adapter }]} aiDelayMs={0} />);
      fireEvent.click(screen.getByTestId('start-hotseat'));
      const reveal = screen.queryByTestId('reveal');
      if (reveal) fireEvent.click(reveal);
      expect(screen.getByTestId('prompt').textContent).not.toBe('');
      expect(screen.getAllByTestId('action').length).toBeGreaterThan(0);
      const cards = [...document.querySelectorAll<HTMLButtonElement>('[data-testid=card]')].filter(
        (b) => !b.disabled && /hl-legal/.test(b.className),
      );
      if (!cards.length) return;
      const card = cards[0]!.dataset.card!;
      const seq = screen.getByTestId('game').dataset.seq;
      const before = screen.getByTestId('actions').textContent;
      const count = Number(screen.getByTestId('actions').dataset.total); // every legal action, listed or grouped by piece
      fireEvent.click(cards[0]!);
      if (screen.getByTestId('game').dataset.seq !== seq) return; // its only action was played
      // narrowed to the actions naming the card (the adapter's tests check which those are)
      const listed = screen.getAllByTestId('action');
      expect(listed.length, `${id}: actions after clicking ${card}`).toBeGreaterThan(0);
      expect(listed.length).toBeLessThanOrEqual(count);
      expect(screen.getByTestId('actions').textContent).not.toBe(before);
    });
});
