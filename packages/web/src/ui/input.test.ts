// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { Camera } from '@sandtable/map';
import { attachInput } from './MapCanvas.tsx';

function setup() {
  const el = document.createElement('div');
  document.body.appendChild(el);
  let cam: Camera = { scale: 1, ox: 0, oy: 0 };
  const clicks: [number, number][] = [];
  const detach = attachInput(el, {
    get: () => cam,
    set: (c) => {
      cam = c;
    },
    size: () => ({ w: 800, h: 600 }),
    fit: () => ({ scale: 0.5, ox: 1, oy: 2 }),
    click: (x, y) => clicks.push([x, y]),
    hover: () => {},
  });
  const pointer = (type: string, x: number, y: number, id = 1) =>
    el.dispatchEvent(new PointerEvent(type, { clientX: x, clientY: y, pointerId: id, bubbles: true }));
  return { el, cam: () => cam, clicks, detach, pointer };
}

describe('map input', () => {
  it('a short press is a click, a drag pans and is not a click', () => {
    const t = setup();
    t.pointer('pointerdown', 10, 10);
    t.pointer('pointerup', 11, 10);
    expect(t.clicks).toEqual([[11, 10]]);
    t.pointer('pointerdown', 10, 10);
    t.pointer('pointermove', 40, 30);
    t.pointer('pointermove', 60, 50);
    t.pointer('pointerup', 60, 50);
    expect(t.clicks).toHaveLength(1);
    expect(t.cam()).toMatchObject({ ox: 50, oy: 40 });
    t.detach();
  });

  it('two fingers pinch-zoom; the wheel zooms; keys pan, zoom and fit', () => {
    const t = setup();
    t.pointer('pointerdown', 100, 100, 1);
    t.pointer('pointerdown', 200, 100, 2);
    t.pointer('pointermove', 250, 100, 2);
    expect(t.cam().scale).toBeCloseTo(1.5);
    t.pointer('pointerup', 100, 100, 1);
    t.pointer('pointerup', 250, 100, 2);
    const s = t.cam().scale;
    t.el.dispatchEvent(new WheelEvent('wheel', { deltaY: -100, clientX: 0, clientY: 0, cancelable: true }));
    expect(t.cam().scale).toBeGreaterThan(s);
    const ox = t.cam().ox;
    // the map's keys act only while the map has focus: a key elsewhere on the page does nothing
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowLeft' }));
    expect(t.cam().ox).toBe(ox);
    t.el.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowLeft', bubbles: true }));
    expect(t.cam().ox).toBeGreaterThan(ox);
    t.el.dispatchEvent(new KeyboardEvent('keydown', { key: '0', bubbles: true }));
    expect(t.cam()).toEqual({ scale: 0.5, ox: 1, oy: 2 });
    t.detach();
  });
});
