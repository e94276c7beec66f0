/**
 * Canvas2D map renderer: sea, coastline backdrop, areas or hexes, links, highlights, stacks of
 * counters, path arrow, labels. Culling: stacks and areas live in grid spatial indexes; hexes are
 * culled by arithmetic in HexLayer. Hit tests use the same indexes.
 */
import { type Camera, visibleWorld } from './camera.ts';
import { CounterSprites } from './counter.ts';
import { HexLayer } from './hexlayer.ts';
import {
  type AreaShape,
  type Bounds,
  type ChitMark,
  type HighlightKind,
  type MapModel,
  type Overlays,
  type Piece,
  type Pt,
  boundsOf,
  pointInArea,
  pointInRings,
  ringsOf,
} from './model.ts';
import { GridIndex } from './spatial.ts';

export interface Stack {
  key: string;
  place: string;
  x: number;
  y: number;
  pieces: Piece[];
}

export const HIGHLIGHT_COLORS: Record<HighlightKind, string> = {
  legal: '#ffd84a',
  selected: '#ffffff',
  target: '#4cff7a',
  danger: '#ff4a4a',
  last: '#7fd0ff',
};

const HIGHLIGHT_FILLS: Record<HighlightKind, string> = {
  legal: 'rgba(255,216,74,0.16)',
  selected: 'rgba(255,255,255,0.18)',
  target: 'rgba(76,255,122,0.2)',
  danger: 'rgba(255,74,74,0.22)',
  last: 'transparent',
};

const STACK_DEPTH_PX = 3;
/** Land that no area covers (the coastline backdrop). */
const LAND_FILL = '#cdc6ad';

export class MapRenderer {
  stacks: Stack[] = [];
  private stackIndex!: GridIndex;
  private areaIndex!: GridIndex;
  private hexLayer: HexLayer | null = null;
  private readonly sprites = new CounterSprites();
  private readonly scratch: number[] = [];
  private patterns = new Map<string, CanvasPattern | null>();
  /** The model's land as a path (made on the first draw; hit tests use the rings and their boxes). */
  private landPath: Path2D | null = null;
  private waterPath: Path2D | null = null;
  private landBoxes: Bounds[] = [];
  private coastChunks: { box: Bounds; path: Path2D }[] = [];
  private landRings: Pt[][] | undefined;
  /** The coastal layer drawn for one zoom and one set of area colours. */
  private layer: { k: number; fills: string; land: Pt[][] | undefined; canvas: HTMLCanvasElement } | null = null;
  private settleTimer: ReturnType<typeof setTimeout> | null = null;
  private settled = false;
  /**
   * Set by the owner of the canvas: called once a zoom has rested after frames that showed the
   * coastal layer scaled from the previous zoom, so it draws again (sharp). Without it every
   * zoom is drawn sharp at once.
   */
  onStale: (() => void) | null = null;
  /** The box around every area (the map's extent). */
  private areasBox!: Bounds;
  /** Counters drawn in the last frame (culling check). */
  drawnStacks = 0;

  constructor(public model: MapModel) {
    this.setModel(model);
  }

  setModel(model: MapModel): void {
    const sameHex = this.hexLayer && model.hex && this.hexLayer.board.grid === model.hex.grid;
    this.model = model;
    if (!sameHex) this.hexLayer = model.hex ? new HexLayer(model.hex) : null;
    this.areaIndex = new GridIndex(model.bounds, Math.max((model.bounds.maxX - model.bounds.minX) / 32, 1e-6));
    model.areas.forEach((a, i) => {
      this.areaIndex.insert(i, boundsOf(ringsOf(a).flat()));
    });
    this.areasBox = boundsOf(model.areas.flatMap((a) => ringsOf(a).flat()));
    if (this.landRings !== model.land) {
      this.landRings = model.land;
      this.landPath = this.waterPath = null;
      this.landBoxes = (model.land ?? []).map((r) => boundsOf(r));
    }
    this.layoutStacks();
  }

  /** Groups pieces into stacks by place (and anchor); several stacks in one place sit side by side. */
  private layoutStacks(): void {
    const m = this.model;
    const groups = new Map<string, Stack>();
    for (const p of m.pieces) {
      const center = m.placeCenter(p.place);
      // an anchor too close to the place's centre would cover the stacks there: join the row
      const at =
        p.at && (!center || Math.hypot(p.at[0] - center[0], p.at[1] - center[1]) > m.pieceSize * 1.6) ? p.at : null;
      const key = at
        ? `${p.place}@${at[0]},${at[1]}`
        : `${p.place}|${p.side}|${p.symbol === 'cube' ? 'cube' : p.symbol === 'air' ? 'air' : 'unit'}`;
      let st = groups.get(key);
      if (!st) {
        const c = at ?? center;
        if (!c) continue;
        st = { key, place: p.place, x: c[0], y: c[1], pieces: [] };
        groups.set(key, st);
      }
      st.pieces.push(p);
    }
    this.stacks = [...groups.values()];
    const byPlace = new Map<string, Stack[]>();
    for (const s of this.stacks) if (!s.key.includes('@')) byPlace.set(s.place, [...(byPlace.get(s.place) ?? []), s]);
    const gap = m.pieceSize * 1.15;
    for (const list of byPlace.values())
      list.forEach((s, i) => {
        s.x += (i - (list.length - 1) / 2) * gap;
      });
    this.stackIndex = new GridIndex(m.bounds, Math.max(m.pieceSize * 4, 1e-6));
    this.stacks.forEach((s, i) => {
      this.stackIndex.insert(i, this.stackBox(s));
    });
  }

  private stackBox(s: Stack): Bounds {
    const h = this.model.pieceSize / 2;
    const extra = this.model.pieceSize * 0.2;
    return { minX: s.x - h, minY: s.y - h - extra, maxX: s.x + h + extra, maxY: s.y + h };
  }

  /** Moves stack `i` to (x, y) (animation, benchmark). */
  moveStack(i: number, x: number, y: number): void {
    const s = this.stacks[i]!;
    s.x = x;
    s.y = y;
    this.stackIndex.update(i, this.stackBox(s));
  }

  draw(ctx: CanvasRenderingContext2D, cam: Camera, w: number, h: number, ov: Overlays, dpr = 1): void {
    const m = this.model;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.fillStyle = m.seaColor;
    ctx.fillRect(0, 0, w, h);
    const view = visibleWorld(cam, w, h);
    const areas = this.areaIndex.query(view, []).map((i) => m.areas[i]!);
    if (m.land && m.areas.some((a) => a.on)) {
      if (!this.drawCoastalCached(ctx, cam, dpr)) {
        ctx.setTransform(cam.scale * dpr, 0, 0, cam.scale * dpr, cam.ox * dpr, cam.oy * dpr);
        this.drawCoastal(ctx, areas, cam);
      }
      ctx.setTransform(cam.scale * dpr, 0, 0, cam.scale * dpr, cam.ox * dpr, cam.oy * dpr);
    } else {
      if (m.land) this.drawLand(ctx, cam, dpr);
      if (this.hexLayer) this.hexLayer.draw(ctx, cam, w, h, dpr);
      ctx.setTransform(cam.scale * dpr, 0, 0, cam.scale * dpr, cam.ox * dpr, cam.oy * dpr);
      this.drawAreas(ctx, areas, cam);
    }
    this.drawStrokes(ctx, cam);
    this.drawLinks(ctx, cam);
    this.drawBoxes(ctx, cam);
    this.drawHighlights(ctx, cam, ov, view);
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    this.drawAreaLabels(ctx, areas, cam);
    this.drawMarks(ctx, cam, view);
    if (ov.showHexNumbers) this.drawHexNumbers(ctx, cam, view);
    this.drawStacks(ctx, cam, view, dpr, ov);
    if (ov.path) this.drawPath(ctx, cam, ov.path.points, ov.path.label, ov.path.color);
  }

  private drawLand(ctx: CanvasRenderingContext2D, cam: Camera, dpr: number): void {
    ctx.setTransform(cam.scale * dpr, 0, 0, cam.scale * dpr, cam.ox * dpr, cam.oy * dpr);
    ctx.beginPath();
    for (const ring of this.model.land!) polyPath(ctx, ring);
    ctx.fillStyle = LAND_FILL;
    ctx.fill('evenodd');
    ctx.strokeStyle = 'rgba(60,80,100,0.6)';
    ctx.lineWidth = 1.2 / cam.scale;
    ctx.stroke();
  }

  private paths(): { land: Path2D; water: Path2D } {
    if (!this.landPath || !this.waterPath) {
      const land = new Path2D(),
        water = new Path2D();
      const b = this.model.bounds,
        pad = (b.maxX - b.minX) * 4; // far past any view
      water.rect(b.minX - pad, b.minY - pad, b.maxX - b.minX + 2 * pad, b.maxY - b.minY + 2 * pad);
      for (const r of this.model.land ?? []) {
        polyPath(land, r);
        polyPath(water, r);
      }
      // the coast in pieces of 64 points, so a highlight strokes only the coast near it
      this.coastChunks = [];
      for (const r of this.model.land ?? [])
        for (let i = 0; i < r.length; i += 64) {
          const pts = [...r.slice(i, i + 65), ...(i + 65 > r.length ? [r[0]!] : [])];
          const path = new Path2D();
          pts.forEach(([x, y], k) => {
            if (k) path.lineTo(x, y);
            else path.moveTo(x, y);
          });
          this.coastChunks.push({ box: boundsOf(pts), path });
        }
      this.landPath = land;
      this.waterPath = water;
    }
    return { land: this.landPath, water: this.waterPath };
  }

  /**
   * The coastal map layer is the same frame after frame while the camera pans: it is drawn once
   * per zoom (and whenever an area's colour changes) into a canvas over the whole map, then copied.
   * False when that canvas would be too big (deep zoom): then the layer is drawn directly.
   */
  private drawCoastalCached(ctx: CanvasRenderingContext2D, cam: Camera, dpr: number): boolean {
    const e = this.areasBox,
      k = cam.scale * dpr,
      pad = 4;
    const w = Math.ceil((e.maxX - e.minX) * k) + 2 * pad,
      h = Math.ceil((e.maxY - e.minY) * k) + 2 * pad;
    if (w * h > 4096 * 4096 || typeof document === 'undefined') return false;
    const fills = this.model.areas.map((a) => a.fill).join();
    const L = this.layer;
    if (L && L.fills === fills && L.land === this.model.land && L.k !== k && this.onStale && !this.settled) {
      // zooming: the layer of the last zoom, scaled, until the zoom rests for 200 ms
      const f = k / L.k;
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.drawImage(
        L.canvas,
        (e.minX * cam.scale + cam.ox) * dpr - pad * f,
        (e.minY * cam.scale + cam.oy) * dpr - pad * f,
        L.canvas.width * f,
        L.canvas.height * f,
      );
      if (this.settleTimer) clearTimeout(this.settleTimer);
      this.settleTimer = setTimeout(() => {
        this.settled = true;
        this.onStale?.();
      }, 200);
      return true;
    }
    this.settled = false;
    if (!L || L.k !== k || L.fills !== fills || L.land !== this.model.land) {
      const c = this.layer?.canvas ?? document.createElement('canvas');
      c.width = w;
      c.height = h;
      const g = c.getContext('2d');
      if (!g) return false;
      g.setTransform(k, 0, 0, k, pad - e.minX * k, pad - e.minY * k);
      this.drawCoastal(g, this.model.areas, { scale: cam.scale, ox: 0, oy: 0 });
      this.layer = { k, fills, land: this.model.land, canvas: c };
    }
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.drawImage(
      this.layer!.canvas,
      Math.round((e.minX * cam.scale + cam.ox) * dpr - pad),
      Math.round((e.minY * cam.scale + cam.oy) * dpr - pad),
    );
    return true;
  }

  /**
   * Areas over real coastlines: sea areas on the water, the land, the land areas' colours and
   * borders clipped to it (each kind reaching `reach` into what no area of its kind holds), the
   * coast drawn crisp on top, then areas drawn whole (off-map boxes) with a frame.
   */
  private drawCoastal(ctx: CanvasRenderingContext2D, areas: AreaShape[], cam: Camera): void {
    const { land } = this.paths();
    const water = areas.filter((a) => a.on === 'water'),
      onLand = areas.filter((a) => a.on === 'land');
    ctx.lineJoin = 'round';
    this.drawReach(ctx, water);
    for (const a of water) {
      ctx.beginPath();
      areaPath(ctx, a);
      ctx.fillStyle = a.fill;
      ctx.fill('evenodd');
    }
    ctx.fillStyle = LAND_FILL;
    ctx.fill(land, 'evenodd');
    ctx.save();
    ctx.clip(land, 'evenodd');
    this.drawReach(ctx, onLand);
    this.drawAreas(ctx, onLand, cam);
    ctx.restore();
    ctx.strokeStyle = 'rgba(30,50,75,0.85)';
    ctx.lineWidth = 1.2 / cam.scale;
    ctx.stroke(land);
    const whole = areas.filter((a) => !a.on);
    this.drawAreas(ctx, whole, cam);
    for (const a of whole) {
      if (!a.frame) continue;
      ctx.beginPath();
      areaPath(ctx, a);
      ctx.strokeStyle = 'rgba(20,20,20,0.85)';
      ctx.lineWidth = 3 / cam.scale;
      ctx.stroke();
      ctx.strokeStyle = '#fff';
      ctx.lineWidth = 1.2 / cam.scale;
      ctx.stroke();
    }
  }

  /** Each area's colour spread `reach` beyond its outline (inside the map's extent); the areas' own fills go over it. */
  private drawReach(ctx: CanvasRenderingContext2D, areas: AreaShape[]): void {
    const reach = this.model.reach ?? 0;
    if (reach <= 0) return;
    ctx.save();
    const e = this.areasBox;
    ctx.beginPath();
    ctx.rect(e.minX, e.minY, e.maxX - e.minX, e.maxY - e.minY);
    ctx.clip();
    ctx.lineWidth = 2 * reach;
    ctx.lineJoin = 'round';
    for (const a of areas) {
      ctx.beginPath();
      areaPath(ctx, a);
      ctx.strokeStyle = a.fill;
      ctx.stroke();
    }
    ctx.restore();
  }

  private pattern(ctx: CanvasRenderingContext2D, kind: string): CanvasPattern | null {
    if (this.patterns.has(kind)) return this.patterns.get(kind)!;
    const c = document.createElement('canvas');
    c.width = c.height = 12;
    const p = c.getContext('2d')!;
    p.strokeStyle = kind === 'mountain' ? 'rgba(90,60,30,0.35)' : 'rgba(0,0,0,0.25)';
    p.lineWidth = 1.2;
    if (kind === 'mountain') {
      p.beginPath();
      p.moveTo(1, 9);
      p.lineTo(4, 4);
      p.lineTo(7, 9);
      p.stroke();
    } else {
      p.beginPath();
      p.moveTo(0, 12);
      p.lineTo(12, 0);
      p.stroke();
    }
    const pat = ctx.createPattern(c, 'repeat');
    this.patterns.set(kind, pat);
    return pat;
  }

  private drawAreas(ctx: CanvasRenderingContext2D, areas: AreaShape[], cam: Camera): void {
    for (const a of areas) {
      ctx.beginPath();
      areaPath(ctx, a);
      ctx.fillStyle = a.fill;
      ctx.fill('evenodd');
      if (a.pattern) {
        const pat = this.pattern(ctx, a.pattern);
        if (pat) {
          pat.setTransform(new DOMMatrix().scale(1 / cam.scale));
          ctx.fillStyle = pat;
          ctx.fill('evenodd');
        }
      }
    }
    ctx.lineJoin = 'round';
    ctx.beginPath();
    for (const a of areas) areaPath(ctx, a);
    ctx.strokeStyle = 'rgba(255,255,255,0.9)';
    ctx.lineWidth = 2.2 / cam.scale;
    ctx.stroke();
    ctx.strokeStyle = 'rgba(50,40,30,0.5)';
    ctx.lineWidth = 0.8 / cam.scale;
    ctx.stroke();
  }

  private drawStrokes(ctx: CanvasRenderingContext2D, cam: Camera): void {
    const k = Math.sqrt(cam.scale); // widths grow and shrink a little with the zoom
    for (const st of this.model.strokes ?? []) {
      if (st.points.length < 2) continue;
      ctx.beginPath();
      st.points.forEach(([x, y], i) => {
        if (i) ctx.lineTo(x, y);
        else ctx.moveTo(x, y);
      });
      if (st.closed) ctx.closePath();
      ctx.strokeStyle = st.color;
      ctx.lineWidth = (st.width * k) / cam.scale;
      ctx.lineCap = 'butt';
      ctx.lineJoin = 'round';
      if (st.dash) ctx.setLineDash(st.dash.map((d) => (d * k) / cam.scale));
      ctx.stroke();
      ctx.setLineDash([]);
    }
  }

  /** Symbols (fixed-size glyphs with a caption) and lettering (names, once hexes are big enough). */
  private drawMarks(ctx: CanvasRenderingContext2D, cam: Camera, view: Bounds): void {
    const m = this.model;
    const inView = ([x, y]: Pt) =>
      x >= view.minX - 60 && x <= view.maxX + 60 && y >= view.minY - 60 && y <= view.maxY + 60;
    const k = Math.min(1.6, Math.max(0.7, Math.sqrt(cam.scale)));
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    for (const mk of m.marks ?? []) {
      if (!inView(mk.at)) continue;
      const sx = mk.at[0] * cam.scale + cam.ox,
        sy = mk.at[1] * cam.scale + cam.oy;
      const px = Math.round((mk.px ?? 14) * k);
      ctx.font = `bold ${px}px system-ui, sans-serif`;
      ctx.lineWidth = 3;
      ctx.strokeStyle = 'rgba(0,0,0,0.65)';
      ctx.strokeText(mk.glyph, sx, sy);
      ctx.fillStyle = mk.color;
      ctx.fillText(mk.glyph, sx, sy);
      if (mk.text && cam.scale * m.pieceSize >= 20) {
        ctx.font = `600 ${Math.round(9 * k)}px system-ui, sans-serif`;
        ctx.lineWidth = 3;
        ctx.strokeStyle = 'rgba(255,255,255,0.85)';
        ctx.strokeText(mk.text, sx, sy + px * 0.85);
        ctx.fillStyle = '#1b1b1b';
        ctx.fillText(mk.text, sx, sy + px * 0.85);
      }
    }
    if (cam.scale * m.pieceSize < 18) return;
    for (const l of m.labels ?? []) {
      if (!inView(l.at)) continue;
      const sx = l.at[0] * cam.scale + cam.ox,
        sy = l.at[1] * cam.scale + cam.oy;
      ctx.font = `italic ${l.bold ? 700 : 600} ${Math.round((l.bold ? 12 : 10.5) * k)}px Georgia, serif`;
      ctx.lineWidth = 3;
      ctx.strokeStyle = 'rgba(250,246,232,0.9)';
      ctx.strokeText(l.text, sx, sy);
      ctx.fillStyle = '#2b2418';
      ctx.fillText(l.text, sx, sy);
    }
  }

  private drawLinks(ctx: CanvasRenderingContext2D, cam: Camera): void {
    const points = this.model.links.filter((l) => l.kind === 'point');
    for (const l of points) {
      // a point contact (no connection): a small dark ring with a bar across
      const r = 7 / cam.scale;
      ctx.beginPath();
      ctx.arc(l.a[0], l.a[1], r, 0, Math.PI * 2);
      ctx.fillStyle = 'rgba(255,255,255,0.9)';
      ctx.fill();
      ctx.strokeStyle = '#8a1c1c';
      ctx.lineWidth = 2 / cam.scale;
      ctx.stroke();
      ctx.beginPath();
      ctx.moveTo(l.a[0] - r * 0.7, l.a[1] + r * 0.7);
      ctx.lineTo(l.a[0] + r * 0.7, l.a[1] - r * 0.7);
      ctx.stroke();
    }
    const sea = this.model.links.filter((l) => l.kind === 'sea');
    if (!sea.length) return;
    ctx.beginPath();
    for (const l of sea) {
      ctx.moveTo(l.a[0], l.a[1]);
      ctx.lineTo(l.b[0], l.b[1]);
    }
    ctx.setLineDash([6 / cam.scale, 5 / cam.scale]);
    ctx.strokeStyle = 'rgba(20,50,110,0.8)';
    ctx.lineWidth = 2 / cam.scale;
    ctx.stroke();
    ctx.setLineDash([]);
  }

  private drawBoxes(ctx: CanvasRenderingContext2D, cam: Camera): void {
    for (const b of this.model.boxes ?? []) {
      const [x, y, w, h] = b.rect;
      ctx.fillStyle = 'rgba(255,255,255,0.18)';
      ctx.fillRect(x, y, w, h);
      ctx.strokeStyle = 'rgba(255,255,255,0.8)';
      ctx.lineWidth = 1.5 / cam.scale;
      ctx.strokeRect(x, y, w, h);
      ctx.fillStyle = '#fff';
      ctx.font = `bold ${13 / cam.scale}px system-ui, sans-serif`;
      ctx.textAlign = 'left';
      ctx.textBaseline = 'top';
      ctx.fillText(b.label, x + 6 / cam.scale, y + 5 / cam.scale);
    }
  }

  private drawHighlights(ctx: CanvasRenderingContext2D, cam: Camera, ov: Overlays, view: Bounds): void {
    const m = this.model;
    const byId = new Map(m.areas.map((a) => [a.id, a]));
    const order: HighlightKind[] = ['last', 'legal', 'target', 'danger', 'selected'];
    for (const kind of order) {
      const places = [...ov.highlights].filter(([, k]) => k === kind).map(([p]) => p);
      if (ov.hoverPlace && kind === 'selected') places.push(ov.hoverPlace);
      const clipped = m.land ? places.filter((p) => byId.get(p)?.on) : [];
      for (const on of ['land', 'water'] as const) {
        const list = clipped.map((p) => byId.get(p)!).filter((a) => a.on === on);
        if (list.length) this.clippedHighlight(ctx, cam, kind, on, list, view);
      }
      ctx.beginPath();
      let any = false;
      for (const place of places) if (!clipped.includes(place)) any = this.placePath(ctx, place, byId, view) || any;
      if (!any) continue;
      const color = HIGHLIGHT_COLORS[kind];
      if (kind !== 'last') {
        ctx.fillStyle = HIGHLIGHT_FILLS[kind];
        ctx.fill('evenodd');
      }
      ctx.strokeStyle = 'rgba(0,0,0,0.55)';
      ctx.lineWidth = 6 / cam.scale;
      ctx.stroke();
      ctx.strokeStyle = color;
      ctx.lineWidth = 3.2 / cam.scale;
      if (kind === 'last') ctx.setLineDash([5 / cam.scale, 4 / cam.scale]);
      ctx.stroke();
      ctx.setLineDash([]);
    }
  }

  /** Highlights of areas drawn only on land (or water), all at once: their outlines there and their stretches of coast. */
  private clippedHighlight(
    ctx: CanvasRenderingContext2D,
    cam: Camera,
    kind: HighlightKind,
    on: 'land' | 'water',
    areas: AreaShape[],
    view: Bounds,
  ): void {
    const { land, water } = this.paths();
    const all = boundsOf(areas.flatMap((a) => ringsOf(a).flat()));
    const box = {
      minX: Math.max(all.minX, view.minX),
      minY: Math.max(all.minY, view.minY),
      maxX: Math.min(all.maxX, view.maxX),
      maxY: Math.min(all.maxY, view.maxY),
    };
    ctx.save();
    ctx.beginPath();
    for (const a of areas) areaPath(ctx, a);
    ctx.clip('evenodd'); // the areas do not overlap
    ctx.clip(on === 'land' ? land : water, 'evenodd');
    if (kind !== 'last') {
      ctx.fillStyle = HIGHLIGHT_FILLS[kind];
      ctx.fillRect(view.minX, view.minY, view.maxX - view.minX, view.maxY - view.minY);
    }
    for (const [style, width] of [
      ['rgba(0,0,0,0.55)', 12],
      [HIGHLIGHT_COLORS[kind], 6.4],
    ] as const) {
      ctx.strokeStyle = style;
      ctx.lineWidth = width / cam.scale; // half of it lies outside the clip
      if (kind === 'last') ctx.setLineDash([5 / cam.scale, 4 / cam.scale]);
      ctx.beginPath();
      for (const a of areas) areaPath(ctx, a);
      ctx.stroke();
      for (const c of this.coastChunks) if (overlaps(c.box, box)) ctx.stroke(c.path);
      ctx.setLineDash([]);
    }
    ctx.restore();
  }

  private placePath(ctx: CanvasRenderingContext2D, place: string, byId: Map<string, AreaShape>, view: Bounds): boolean {
    const a = byId.get(place);
    if (a) {
      areaPath(ctx, a);
      return true;
    }
    const box = this.model.boxes?.find((b) => b.id === place);
    if (box) {
      ctx.rect(...box.rect);
      return true;
    }
    if (this.hexLayer) {
      const i = this.hexLayer.board.grid.indexOfLabel(place);
      if (i < 0) return false;
      const x = this.hexLayer.cx(i),
        y = this.hexLayer.cy(i);
      if (x < view.minX - 100 || x > view.maxX + 100 || y < view.minY - 100 || y > view.maxY + 100) return false;
      this.hexLayer.hexPath(ctx, i);
      return true;
    }
    return false;
  }

  private drawAreaLabels(ctx: CanvasRenderingContext2D, areas: AreaShape[], cam: Camera): void {
    const ps = this.model.pieceSize * cam.scale;
    // names once counters are big enough to read (from about scale 0.45 on an area map), or as the model says
    const badges = ps < (this.model.badgeBelow ?? 0);
    const lettered = !badges && ps > (this.model.namesFrom ?? 24);
    ctx.textBaseline = 'middle';
    for (const a of areas) {
      const sx = a.center[0] * cam.scale + cam.ox,
        sy = a.center[1] * cam.scale + cam.oy;
      const ly = sy - ps * 0.5 - 13;
      ctx.textAlign = 'center';
      if (a.inert) {
        ctx.font = 'italic 600 12px Georgia, serif';
        ctx.fillStyle = 'rgba(60,55,45,0.85)';
        ctx.fillText(a.name, sx, sy);
      } else if (badges) {
        // zoomed out (stacks as badges): the area's name above its badge, in two lines if long
        ctx.font = '600 10px system-ui, sans-serif';
        ctx.lineWidth = 3;
        ctx.strokeStyle = 'rgba(250,246,235,0.85)';
        ctx.fillStyle = '#2e2616';
        const lines = nameLines(a.name);
        lines.forEach((t, k) => {
          const y = sy - 14 - (lines.length - 1 - k) * 10;
          ctx.strokeText(t, sx, y);
          ctx.fillText(t, sx, y);
        });
      } else if (a.label) {
        ctx.font = 'bold 12px system-ui, sans-serif';
        const w = Math.max(22, ctx.measureText(a.label).width + 12);
        ctx.fillStyle = 'rgba(28,28,28,0.85)';
        ctx.beginPath();
        ctx.roundRect(sx - w / 2, ly - 9, w, 18, 9);
        ctx.fill();
        ctx.fillStyle = '#fff';
        ctx.fillText(a.label, sx, ly + 1);
      }
      if (lettered && !a.inert) {
        // map lettering: the area's name in small italic capitals under its symbols
        ctx.font = `italic 600 ${cam.scale > 1 ? 13 : 11}px Georgia, serif`;
        const ny = sy + ps * 0.5 + (a.icons?.length ? 28 : 12);
        ctx.lineWidth = 3;
        ctx.strokeStyle = 'rgba(245,240,225,0.8)';
        ctx.strokeText(a.name.toUpperCase(), sx, ny);
        ctx.fillStyle = '#4a3f2c';
        ctx.fillText(a.name.toUpperCase(), sx, ny);
      }
      if (a.icons?.length) {
        ctx.font = '14px system-ui, sans-serif';
        ctx.textAlign = 'center';
        const total = a.icons.length * 16;
        a.icons.forEach((ic, k) => {
          const x = sx - total / 2 + 8 + k * 16,
            y = badges ? sy + 16 : sy + ps * 0.5 + 12;
          ctx.lineWidth = 3;
          ctx.strokeStyle = 'rgba(0,0,0,0.6)';
          ctx.strokeText(ic.glyph, x, y);
          ctx.fillStyle = ic.color;
          ctx.fillText(ic.glyph, x, y);
        });
      }
    }
  }

  private drawHexNumbers(ctx: CanvasRenderingContext2D, cam: Camera, view: Bounds): void {
    const L = this.hexLayer;
    if (!L || L.board.layout.size * cam.scale < 18) return;
    const g = L.board.grid;
    const [c0, c1, r0, r1] = L.range(view);
    const size = L.board.layout.size * cam.scale;
    ctx.font = `${Math.round(Math.min(11, size * 0.3))}px system-ui, sans-serif`;
    ctx.fillStyle = 'rgba(30,30,30,0.75)';
    ctx.textAlign = 'center';
    ctx.textBaseline = 'top';
    for (let r = r0; r <= r1; r++)
      for (let c = c0; c <= c1; c++) {
        const i = r * g.cols + c;
        ctx.fillText(
          g.label(i),
          L.cx(i) * cam.scale + cam.ox,
          (L.cy(i) - (L.board.layout.sizeY ?? L.board.layout.size) * 0.8) * cam.scale + cam.oy,
        );
      }
  }

  private drawStacks(ctx: CanvasRenderingContext2D, cam: Camera, view: Bounds, dpr: number, ov: Overlays): void {
    const ids = this.stackIndex.query(view, this.scratch);
    ids.sort((a, b) => a - b);
    const s = this.model.pieceSize * cam.scale;
    this.drawnStacks = ids.length;
    if (s < (this.model.badgeBelow ?? 0)) return this.drawBadges(ctx, cam, ids, ov);
    for (const i of ids) {
      const st = this.stacks[i]!;
      const x = st.x * cam.scale + cam.ox - s / 2,
        y = st.y * cam.scale + cam.oy - s / 2;
      const n = st.pieces.length;
      if (s < 7) {
        ctx.fillStyle = st.pieces[n - 1]!.fill;
        ctx.fillRect(x, y, Math.max(2, s), Math.max(2, s));
        continue;
      }
      const depth = Math.min(n - 1, 3);
      for (let k = depth; k >= 1; k--) {
        const p = st.pieces[n - 1 - k]!;
        ctx.drawImage(
          this.sprites.get(p, s, dpr),
          x + k * STACK_DEPTH_PX - 1,
          y - k * STACK_DEPTH_PX - 1,
          s + (2 / dpr) * dpr,
          s + 2,
        );
      }
      const top = st.pieces[n - 1]!;
      if (s >= 10 && top.symbol !== 'cube') {
        ctx.fillStyle = 'rgba(0,0,0,0.35)';
        ctx.fillRect(x + 2, y + 3, s, s);
      }
      if (top.chits?.length && s >= 14) drawChits(ctx, top.chits, x, y + s, s);
      ctx.drawImage(this.sprites.get(top, s, dpr), x - 1, y - 1, s + 2, s + 2);
      if (n > 1 && s >= 16)
        this.badge(ctx, String(n), x + s + depth * STACK_DEPTH_PX - 2, y - depth * STACK_DEPTH_PX + 2);
      if (ov.highlights.size) {
        let kind: HighlightKind | undefined;
        for (const p of st.pieces) kind = ov.highlights.get(p.id) ?? kind;
        if (kind) {
          const d = depth * STACK_DEPTH_PX;
          ctx.lineWidth = 5;
          ctx.strokeStyle = 'rgba(0,0,0,0.6)';
          ctx.strokeRect(x - 3, y - 3 - d, s + 6 + d, s + 6 + d);
          ctx.lineWidth = 3;
          ctx.strokeStyle = HIGHLIGHT_COLORS[kind];
          ctx.strokeRect(x - 3, y - 3 - d, s + 6 + d, s + 6 + d);
        }
      }
    }
  }

  /**
   * Zoomed out: every place's stacks as one badge, the number of pieces on a dark tab and the
   * strongest piece's value on its colours, in 10 px type; ringed when a piece in it is highlighted.
   */
  private drawBadges(ctx: CanvasRenderingContext2D, cam: Camera, ids: number[], ov: Overlays): void {
    const places = new Map<string, { x: number; y: number; pieces: Piece[] }>();
    for (const i of ids) {
      const st = this.stacks[i]!;
      const key = st.key.includes('@') ? st.key : st.place;
      const c = st.key.includes('@') ? null : this.model.placeCenter(st.place);
      const g = places.get(key) ?? { x: c?.[0] ?? st.x, y: c?.[1] ?? st.y, pieces: [] };
      g.pieces.push(...st.pieces);
      places.set(key, g);
    }
    ctx.font = 'bold 10px system-ui, sans-serif';
    ctx.textBaseline = 'middle';
    ctx.textAlign = 'center';
    for (const g of places.values()) {
      const best = strongest(g.pieces);
      const n = g.pieces.reduce((k, p) => k + (p.count ?? 1), 0);
      const value = best.value !== undefined ? String(best.value) : '';
      const wn = Math.max(12, ctx.measureText(String(n)).width + 5);
      const wv = value ? Math.max(12, ctx.measureText(value).width + 6) : 0;
      const x = g.x * cam.scale + cam.ox - (wn + wv) / 2,
        y = g.y * cam.scale + cam.oy - 7;
      let kind: HighlightKind | undefined;
      for (const p of g.pieces) kind = ov.highlights.get(p.id) ?? kind;
      if (kind) {
        ctx.lineWidth = 3;
        ctx.strokeStyle = HIGHLIGHT_COLORS[kind];
        ctx.strokeRect(x - 2.5, y - 2.5, wn + wv + 5, 19);
      }
      ctx.fillStyle = '#1b1b1b';
      ctx.fillRect(x, y, wn, 14);
      ctx.fillStyle = '#fff';
      ctx.fillText(String(n), x + wn / 2, y + 7.5);
      if (wv) {
        ctx.fillStyle = best.fill;
        ctx.fillRect(x + wn, y, wv, 14);
        ctx.fillStyle = best.ink;
        ctx.fillText(value, x + wn + wv / 2, y + 7.5);
      }
      ctx.lineWidth = 1;
      ctx.strokeStyle = 'rgba(0,0,0,0.8)';
      ctx.strokeRect(x - 0.5, y - 0.5, wn + wv + 1, 15);
    }
  }

  private badge(ctx: CanvasRenderingContext2D, text: string, x: number, y: number): void {
    ctx.font = 'bold 10px system-ui, sans-serif';
    const w = Math.max(14, ctx.measureText(text).width + 6);
    ctx.fillStyle = '#1b1b1b';
    ctx.beginPath();
    ctx.roundRect(x - w / 2, y - 7, w, 14, 7);
    ctx.fill();
    ctx.strokeStyle = '#fff';
    ctx.lineWidth = 1;
    ctx.stroke();
    ctx.fillStyle = '#fff';
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(text, x, y + 0.5);
  }

  private drawPath(ctx: CanvasRenderingContext2D, cam: Camera, pts: Pt[], label?: string, color = '#ffd84a'): void {
    if (pts.length < 2) return;
    const sp = pts.map(([x, y]) => [x * cam.scale + cam.ox, y * cam.scale + cam.oy] as Pt);
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    for (const [style, width] of [
      ['rgba(0,0,0,0.6)', 9],
      [color, 5],
    ] as const) {
      ctx.beginPath();
      sp.forEach(([x, y], i) => {
        if (i) ctx.lineTo(x, y);
        else ctx.moveTo(x, y);
      });
      ctx.strokeStyle = style;
      ctx.lineWidth = width;
      ctx.stroke();
    }
    const [x1, y1] = sp[sp.length - 1]!,
      [x0, y0] = sp[sp.length - 2]!;
    const a = Math.atan2(y1 - y0, x1 - x0);
    ctx.beginPath();
    ctx.moveTo(x1 + Math.cos(a) * 8, y1 + Math.sin(a) * 8);
    ctx.lineTo(x1 + Math.cos(a + 2.5) * 16, y1 + Math.sin(a + 2.5) * 16);
    ctx.lineTo(x1 + Math.cos(a - 2.5) * 16, y1 + Math.sin(a - 2.5) * 16);
    ctx.closePath();
    ctx.fillStyle = color;
    ctx.strokeStyle = 'rgba(0,0,0,0.7)';
    ctx.lineWidth = 2;
    ctx.fill();
    ctx.stroke();
    if (label) {
      ctx.font = 'bold 13px system-ui, sans-serif';
      const w = ctx.measureText(label).width + 12;
      ctx.fillStyle = 'rgba(20,20,20,0.88)';
      ctx.beginPath();
      ctx.roundRect(x1 + 12, y1 - 26, w, 20, 5);
      ctx.fill();
      ctx.fillStyle = color;
      ctx.textAlign = 'left';
      ctx.textBaseline = 'middle';
      ctx.fillText(label, x1 + 18, y1 - 16);
    }
  }

  /** What is under screen point (sx, sy): a stack first, then a place (box, area or hex). */
  hitTest(cam: Camera, sx: number, sy: number): { stack: Stack | null; place: string | null } {
    const [wx, wy] = [(sx - cam.ox) / cam.scale, (sy - cam.oy) / cam.scale];
    const ids = this.stackIndex.query({ minX: wx, minY: wy, maxX: wx, maxY: wy }, []);
    const stack = ids.length ? this.stacks[Math.max(...ids)]! : null;
    return { stack, place: this.placeAt(wx, wy) };
  }

  /** Whether a world point lies on the model's land (even-odd over its rings, as drawn). */
  onLand(wx: number, wy: number): boolean {
    return pointInRings(wx, wy, this.model.land ?? [], this.landBoxes);
  }

  /** The area drawn on `on` whose outline is nearest to (wx, wy), within `reach` (the land or water its colour reaches into). */
  private nearest(wx: number, wy: number, reach: number, on: 'land' | 'water'): string | null {
    let best: string | null = null,
      bestD = reach * reach;
    const near = this.areaIndex.query({ minX: wx - reach, minY: wy - reach, maxX: wx + reach, maxY: wy + reach }, []);
    for (const i of near) {
      const a = this.model.areas[i]!;
      if (a.on !== on || a.inert) continue;
      for (const r of ringsOf(a))
        for (let k = 0; k < r.length; k++) {
          const d = segDist2(wx, wy, r[k]!, r[(k + 1) % r.length]!);
          if (d < bestD) {
            bestD = d;
            best = a.id;
          }
        }
    }
    return best;
  }

  placeAt(wx: number, wy: number): string | null {
    for (const b of this.model.boxes ?? []) {
      const [x, y, w, h] = b.rect;
      if (wx >= x && wx <= x + w && wy >= y && wy <= y + h) return b.id;
    }
    let onLand: boolean | null = null; // computed once, when an area drawn only on land or water asks
    const landHere = () => (onLand ??= this.onLand(wx, wy));
    for (const i of this.areaIndex.query({ minX: wx, minY: wy, maxX: wx, maxY: wy }, [])) {
      const a = this.model.areas[i]!;
      if (a.inert || !pointInArea(wx, wy, a)) continue;
      if (a.on && (a.on === 'land') !== landHere()) continue;
      return a.id;
    }
    const reach = this.model.reach;
    if (reach && this.model.land) return this.nearest(wx, wy, reach, landHere() ? 'land' : 'water');
    if (this.hexLayer) {
      const g = this.hexLayer.board.grid;
      const i = g.fromPixel(wx, wy, this.hexLayer.board.layout);
      return i >= 0 ? g.label(i) : null;
    }
    return null;
  }
}

const overlaps = (a: Bounds, b: Bounds): boolean =>
  a.minX <= b.maxX && b.minX <= a.maxX && a.minY <= b.maxY && b.minY <= a.maxY;

/** Squared distance from (x, y) to the segment a-b. */
function segDist2(x: number, y: number, a: Pt, b: Pt): number {
  const dx = b[0] - a[0],
    dy = b[1] - a[1];
  const t = dx || dy ? Math.max(0, Math.min(1, ((x - a[0]) * dx + (y - a[1]) * dy) / (dx * dx + dy * dy))) : 0;
  const ex = a[0] + t * dx - x,
    ey = a[1] + t * dy - y;
  return ex * ex + ey * ey;
}

/** A name in one line, or two split at the space or hyphen nearest its middle when over 10 letters. */
export function nameLines(name: string): string[] {
  if (name.length <= 10) return [name];
  let cut = -1;
  for (let i = 1; i < name.length - 1; i++)
    if (
      (name[i] === ' ' || name[i] === '-') &&
      (cut < 0 || Math.abs(i - name.length / 2) < Math.abs(cut - name.length / 2))
    )
      cut = i;
  if (cut < 0) return [name];
  return [name.slice(0, name[cut] === '-' ? cut + 1 : cut), name.slice(cut + 1)];
}

/** The piece a badge shows: the highest `value` (unused before used), else the top piece. */
export function strongest(pieces: Piece[]): Piece {
  let best = pieces[pieces.length - 1]!;
  for (const p of pieces)
    if ((p.value ?? -1) > (best.value ?? -1) || ((p.value ?? -1) === (best.value ?? -1) && best.used && !p.used))
      best = p;
  return best;
}

/** Chits under a counter: small squares peeking out along its foot, their labels readable from ~30 px counters. */
function drawChits(
  ctx: CanvasRenderingContext2D,
  chits: readonly ChitMark[],
  x: number,
  foot: number,
  s: number,
): void {
  const c = Math.max(8, s * 0.34);
  const step = Math.min(c * 0.92, (s * 1.1 - c) / Math.max(1, chits.length - 1));
  const y = foot - c * 0.15; // mostly below the counter's foot
  chits.forEach((ch, i) => {
    const cx = x + i * step - s * 0.05;
    ctx.fillStyle = ch.fill;
    ctx.fillRect(cx, y, c, c);
    ctx.lineWidth = 1;
    ctx.strokeStyle = 'rgba(0,0,0,0.75)';
    ctx.strokeRect(cx + 0.5, y + 0.5, c - 1, c - 1);
    if (c >= 10) {
      ctx.fillStyle = ch.ink;
      ctx.font = `bold ${Math.round(c * (ch.label.length > 2 ? 0.42 : 0.55))}px system-ui, sans-serif`;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.fillText(ch.label, cx + c / 2, y + c * 0.6, c - 2);
    }
  });
}

function areaPath(ctx: CanvasRenderingContext2D, a: AreaShape): void {
  polyPath(ctx, a.polygon);
  for (const r of a.rings ?? []) polyPath(ctx, r);
}

function polyPath(ctx: CanvasRenderingContext2D | Path2D, poly: readonly Pt[]): void {
  if (!poly.length) return;
  ctx.moveTo(poly[0]![0], poly[0]![1]);
  for (let i = 1; i < poly.length; i++) ctx.lineTo(poly[i]![0], poly[i]![1]);
  ctx.closePath();
}
