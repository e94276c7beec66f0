/** The map canvas: draws a MapModel with overlays; pan/zoom by mouse, touch (pinch) and keyboard. */
import { useEffect, useRef, useState } from 'preact/hooks';
import {
  type Camera,
  fitCamera,
  legibleCamera,
  numberPx,
  keyCamera,
  pan,
  zoomAt,
  type MapModel,
  type Overlays,
  type Pt,
  MapRenderer,
  type Stack,
} from '@sandtable/map';
import { S } from './strings.ts';

export interface MapCanvasProps {
  model: MapModel;
  overlays: Overlays;
  onPlaceClick(place: string, stack: Stack | null): void;
  onHover(place: string | null, stack: Stack | null, at: [number, number] | null): void;
  /** 8: the highlighted places the keyboard walks (Tab, the arrow keys); Enter picks the one in focus. */
  walk?: readonly string[];
  /** A place's name, for the screen reader's announcement of the place in focus. */
  placeName?(place: string): string;
}

export function MapCanvas({ model, overlays, onPlaceClick, onHover, walk = [], placeName }: MapCanvasProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const renderer = useRef<MapRenderer | null>(null);
  const cam = useRef<Camera | null>(null);
  const size = useRef({ w: 800, h: 600, dpr: 1 });
  const frame = useRef(0);
  const props = useRef({ model, overlays, onPlaceClick, onHover, walk, placeName });
  props.current = { model, overlays, onPlaceClick, onHover, walk, placeName };
  const focusAt = useRef(-1);
  const moved = useRef(false);
  const [focusName, setFocusName] = useState('');
  const [, setTick] = useState(0);

  const redraw = () => {
    if (frame.current) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = 0;
      const c = canvas.current,
        r = renderer.current;
      if (!c || !r || !cam.current) return;
      const ctx = c.getContext('2d');
      if (!ctx) return;
      r.draw(ctx, cam.current, size.current.w, size.current.h, props.current.overlays, size.current.dpr);
    });
  };

  const fit = () => fitCamera(props.current.model.bounds, size.current.w, size.current.h);

  useEffect(() => {
    if (!renderer.current) {
      renderer.current = new MapRenderer(model);
      renderer.current.onStale = redraw; // a zoom at rest: draw the coastal layer sharp
    } else renderer.current.setModel(model);
    redraw();
  }, [model]);
  useEffect(redraw, [overlays]);

  useEffect(() => {
    const c = canvas.current!;
    const resize = () => {
      const rect = c.getBoundingClientRect();
      const dpr = window.devicePixelRatio || 1;
      const first = !cam.current;
      size.current = { w: Math.max(1, rect.width), h: Math.max(1, rect.height), dpr };
      c.width = Math.round(size.current.w * dpr);
      c.height = Math.round(size.current.h * dpr);
      // until the player moves the map, it fits the screen (zoomed in about the middle where numbers would not read)
      if (first || !moved.current) cam.current = legibleCamera(props.current.model, size.current.w, size.current.h);
      setTick((t) => t + 1);
      redraw();
    };
    const ro = new ResizeObserver(resize);
    ro.observe(c);
    resize();
    return () => ro.disconnect();
  }, []);

  // For automation (the browser test) and accessibility tools: where a place is on screen.
  useEffect(() => {
    (canvas.current as unknown as { sandtable: unknown }).sandtable = {
      screenOf(place: string): [number, number] | null {
        const p = props.current.model.placeCenter(place);
        const c = cam.current;
        return p && c ? [p[0] * c.scale + c.ox, p[1] * c.scale + c.oy] : null;
      },
      /** A counter's side in CSS pixels, and whether stacks are drawn as badges at this zoom. */
      counters(): { px: number; numberPx: number } {
        const m = props.current.model;
        const px = m.pieceSize * (cam.current?.scale ?? 0);
        return { px, numberPx: numberPx(m, px) };
      },
    };
  }, []);

  useEffect(
    () =>
      attachInput(canvas.current!, {
        get: () => cam.current!,
        set: (c2) => {
          cam.current = c2;
          moved.current = true;
          redraw();
        },
        size: () => size.current,
        fit,
        click: (x, y) => {
          const hit = renderer.current?.hitTest(cam.current!, x, y);
          if (hit?.place) props.current.onPlaceClick(hit.place, hit.stack);
        },
        hover: (x, y) => {
          if (x < 0) return props.current.onHover(null, null, null);
          const hit = renderer.current?.hitTest(cam.current!, x, y);
          props.current.onHover(hit?.place ?? null, hit?.stack ?? null, [x, y]);
        },
        walk: (step) => {
          const places = orderedWalk(props.current.walk, props.current.model);
          if (!places.length) return false;
          const cur = places.indexOf(places[focusAt.current] ?? '');
          const next = cur < 0 ? (step > 0 ? 0 : places.length - 1) : cur + step;
          if (next < 0 || next >= places.length) {
            focusAt.current = -1;
            return false; // Tab leaves the map after the last place
          }
          focusAt.current = next;
          const place = places[next]!;
          const p = centerOf(props.current.model, place);
          const c = cam.current!;
          const { w, h } = size.current;
          if (p) {
            const [sx, sy] = [p[0] * c.scale + c.ox, p[1] * c.scale + c.oy];
            if (sx < 40 || sy < 40 || sx > w - 40 || sy > h - 40) cam.current = pan(c, w / 2 - sx, h / 2 - sy);
            const c2 = cam.current!;
            const at: [number, number] = [p[0] * c2.scale + c2.ox, p[1] * c2.scale + c2.oy];
            const hit = renderer.current?.hitTest(c2, at[0], at[1]);
            props.current.onHover(place, hit?.place === place ? hit.stack : null, at);
          }
          setFocusName(S.focusPlace(props.current.placeName?.(place) ?? place, next + 1, places.length));
          redraw();
          return true;
        },
        pick: () => {
          const places = orderedWalk(props.current.walk, props.current.model);
          const place = places[focusAt.current];
          if (!place) return false;
          const p = props.current.model.placeCenter(place);
          const c = cam.current!;
          // a place: as a click there (its stack too); a piece: that piece alone
          const hit = p ? renderer.current?.hitTest(c, p[0] * c.scale + c.ox, p[1] * c.scale + c.oy) : null;
          props.current.onPlaceClick(place, hit?.place === place ? hit.stack : null);
          return true;
        },
      }),
    [],
  );
  useEffect(() => {
    focusAt.current = -1;
  }, [walk.join(',')]);

  return (
    <>
      <canvas
        ref={canvas}
        class="map-canvas"
        tabIndex={0}
        aria-label={S.mapLabel}
        aria-describedby="map-focus"
        data-testid="map"
        data-walk={orderedWalk(walk, model).length}
        onBlur={() => setFocusName('')}
      />
      <span id="map-focus" class="sr-only" aria-live="polite" data-testid="map-focus">
        {focusName}
      </span>
    </>
  );
}

/** Where a place is, or a piece (by the place it stands in). */
function centerOf(model: MapModel, id: string): Pt | null {
  const c = model.placeCenter(id);
  if (c) return c;
  const piece = model.pieces.find((x) => x.id === id);
  return piece ? model.placeCenter(piece.place) : null;
}

/** The places to walk, top to bottom and left to right on the map (so the arrow keys go the way the eye does). */
function orderedWalk(places: readonly string[], model: MapModel): string[] {
  const at = places.map((p) => ({ p, c: centerOf(model, p) })).filter((x): x is { p: string; c: Pt } => !!x.c);
  const row = Math.max(1, (model.bounds.maxY - model.bounds.minY) / 40);
  at.sort((a, b) => Math.round(a.c[1] / row) - Math.round(b.c[1] / row) || a.c[0] - b.c[0]);
  return at.map((x) => x.p);
}

interface InputHost {
  get(): Camera;
  set(c: Camera): void;
  size(): { w: number; h: number };
  fit(): Camera;
  click(x: number, y: number): void;
  hover(x: number, y: number): void;
  /** Moves the keyboard's focus among the highlighted places (+1 / -1); false when there is nowhere to go. */
  walk?(step: 1 | -1): boolean;
  /** Picks the place in keyboard focus (Enter); false when none. */
  pick?(): boolean;
}

/** Pointer (mouse and touch, with pinch), wheel and keyboard handling. Returns a detach function. */
export function attachInput(el: HTMLElement, host: InputHost): () => void {
  const pointers = new Map<number, { x: number; y: number }>();
  let moved = 0;
  let pinch = 0;
  const local = (e: { clientX: number; clientY: number }) => {
    const r = el.getBoundingClientRect();
    return { x: (e.clientX ?? 0) - r.left, y: (e.clientY ?? 0) - r.top };
  };
  const down = (e: PointerEvent) => {
    el.setPointerCapture?.(e.pointerId);
    pointers.set(e.pointerId, local(e));
    moved = 0;
    if (pointers.size === 2) pinch = spread(pointers);
  };
  const move = (e: PointerEvent) => {
    const p = local(e);
    const prev = pointers.get(e.pointerId);
    if (!prev) return host.hover(p.x, p.y);
    if (pointers.size === 1) {
      moved += Math.abs(p.x - prev.x) + Math.abs(p.y - prev.y);
      if (moved > 4) host.set(pan(host.get(), p.x - prev.x, p.y - prev.y));
    }
    pointers.set(e.pointerId, p);
    if (pointers.size === 2) {
      const d = spread(pointers);
      const m = mid(pointers);
      if (pinch > 0) host.set(zoomAt(host.get(), d / pinch, m.x, m.y));
      pinch = d;
      moved = 99;
    }
  };
  const up = (e: PointerEvent) => {
    const p = local(e);
    const had = pointers.delete(e.pointerId);
    if (had && pointers.size === 0 && moved <= 4) host.click(p.x, p.y);
    if (pointers.size < 2) pinch = 0;
  };
  const wheel = (e: WheelEvent) => {
    e.preventDefault();
    el.focus({ preventScroll: true });
    const p = local(e);
    host.set(zoomAt(host.get(), Math.exp(-e.deltaY * 0.0015), p.x, p.y));
  };
  // 8: the map's keys act only while the map has focus
  const key = (e: KeyboardEvent) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === 'Tab' && host.walk?.(e.shiftKey ? -1 : 1)) return e.preventDefault();
    if (/^Arrow(Right|Down)$/.test(e.key) && host.walk?.(1)) return e.preventDefault();
    if (/^Arrow(Left|Up)$/.test(e.key) && host.walk?.(-1)) return e.preventDefault();
    if ((e.key === 'Enter' || e.key === ' ') && host.pick?.()) return e.preventDefault();
    const { w, h } = host.size();
    const c = keyCamera(host.get(), e.key, w, h, host.fit);
    if (c) {
      e.preventDefault();
      host.set(c);
    }
  };
  const leave = () => host.hover(-1, -1);
  el.addEventListener('pointerdown', down);
  el.addEventListener('pointermove', move);
  el.addEventListener('pointerup', up);
  el.addEventListener('pointercancel', up);
  el.addEventListener('pointerleave', leave);
  el.addEventListener('wheel', wheel, { passive: false });
  el.addEventListener('keydown', key);
  return () => {
    el.removeEventListener('pointerdown', down);
    el.removeEventListener('pointermove', move);
    el.removeEventListener('pointerup', up);
    el.removeEventListener('pointercancel', up);
    el.removeEventListener('pointerleave', leave);
    el.removeEventListener('wheel', wheel);
    el.removeEventListener('keydown', key);
  };
}

function spread(ps: Map<number, { x: number; y: number }>): number {
  const [a, b] = [...ps.values()];
  return Math.hypot(a!.x - b!.x, a!.y - b!.y);
}

function mid(ps: Map<number, { x: number; y: number }>): { x: number; y: number } {
  const [a, b] = [...ps.values()];
  return { x: (a!.x + b!.x) / 2, y: (a!.y + b!.y) / 2 };
}
