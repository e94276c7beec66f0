/**
 * Uniform-grid spatial index over boxes (counters, stacks, areas): culling and hit tests in
 * O(cells touched). Items may move (`update`), which the "10 counters moving" case needs.
 */
import type { Bounds } from './model.ts';

export class GridIndex {
  private readonly cells: number[][];
  private readonly boxes: Float64Array[] = [];
  private stamp: Uint32Array = new Uint32Array(0);
  private tick = 0;
  private readonly cols: number;
  private readonly rows: number;

  constructor(
    private readonly b: Bounds,
    private readonly cell: number,
  ) {
    this.cols = Math.max(1, Math.ceil((b.maxX - b.minX) / cell));
    this.rows = Math.max(1, Math.ceil((b.maxY - b.minY) / cell));
    this.cells = Array.from({ length: this.cols * this.rows }, () => []);
  }

  get size(): number {
    return this.boxes.length;
  }

  insert(id: number, box: Bounds): void {
    this.boxes[id] = Float64Array.of(box.minX, box.minY, box.maxX, box.maxY);
    if (this.stamp.length <= id) {
      const s = new Uint32Array(Math.max(16, (id + 1) * 2));
      s.set(this.stamp);
      this.stamp = s;
    }
    this.forCells(box, (c) => this.cells[c]!.push(id));
  }

  update(id: number, box: Bounds): void {
    const old = this.boxes[id];
    if (old) {
      this.forCells({ minX: old[0]!, minY: old[1]!, maxX: old[2]!, maxY: old[3]! }, (c) => {
        const list = this.cells[c]!;
        const k = list.indexOf(id);
        if (k >= 0) {
          list[k] = list[list.length - 1]!;
          list.pop();
        }
      });
    }
    this.insert(id, box);
  }

  /** Ids whose boxes intersect `q`, each once, into `out` (cleared first). */
  query(q: Bounds, out: number[] = []): number[] {
    out.length = 0;
    const t = ++this.tick;
    this.forCells(q, (c) => {
      for (const id of this.cells[c]!) {
        if (this.stamp[id] === t) continue;
        this.stamp[id] = t;
        const bx = this.boxes[id]!;
        if (bx[0]! <= q.maxX && bx[2]! >= q.minX && bx[1]! <= q.maxY && bx[3]! >= q.minY) out.push(id);
      }
    });
    return out;
  }

  private forCells(box: Bounds, f: (cell: number) => void): void {
    const c0 = this.clamp(Math.floor((box.minX - this.b.minX) / this.cell), this.cols);
    const c1 = this.clamp(Math.floor((box.maxX - this.b.minX) / this.cell), this.cols);
    const r0 = this.clamp(Math.floor((box.minY - this.b.minY) / this.cell), this.rows);
    const r1 = this.clamp(Math.floor((box.maxY - this.b.minY) / this.cell), this.rows);
    for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) f(r * this.cols + c);
  }

  private clamp(v: number, n: number): number {
    return v < 0 ? 0 : v >= n ? n - 1 : v;
  }
}
