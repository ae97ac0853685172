// Pure shape and cell arithmetic shared by both widgets. Screen coordinates: x
// grows to the right, y grows downwards, (0, 0) is the top-left cell. A cell's
// key is "x,y"; each widget names its cells its own way (the board in Pentobi's
// notation, the puzzle by its key).

export type Cell = readonly [number, number];
export type Shape = readonly Cell[];

/** A piece as both widgets receive it: its name and one orientation. */
export interface NamedShape {
  name: string;
  cells: Shape;
}

/** Shift so the smallest x and y are 0, and sort by (y, x), as blokus_nb.pieces does. */
export function normalize(cells: Shape): Cell[] {
  const minX = Math.min(...cells.map((c) => c[0]));
  const minY = Math.min(...cells.map((c) => c[1]));
  return cells
    .map(([x, y]) => [x - minX, y - minY] as Cell)
    .sort((a, b) => a[1] - b[1] || a[0] - b[0]);
}

/** A quarter turn clockwise (on screen, y pointing down). */
export function rotateClockwise(cells: Shape): Cell[] {
  return normalize(cells.map(([x, y]) => [-y, x] as Cell));
}

export function rotateCounterclockwise(cells: Shape): Cell[] {
  return normalize(cells.map(([x, y]) => [y, -x] as Cell));
}

/** Mirror left-right. */
export function flip(cells: Shape): Cell[] {
  return normalize(cells.map(([x, y]) => [-x, y] as Cell));
}

/** Symmetry `t` of the square: `t % 4` quarter turns clockwise, then a mirror when t >= 4. */
export function transform(cells: Shape, t: number): Cell[] {
  let out = normalize(cells);
  for (let k = 0; k < t % 4; k++) out = rotateClockwise(out);
  return t >= 4 ? flip(out) : out;
}

export function shapeKey(cells: Shape): string {
  return normalize(cells).map(([x, y]) => `${x}.${y}`).join(" ");
}

/** The distinct orientations of a shape, in the order transforms 0..7 first give them. */
export function orientations(cells: Shape): Cell[][] {
  const seen = new Map<string, Cell[]>();
  for (let t = 0; t < 8; t++) {
    const shape = transform(cells, t);
    const key = shapeKey(shape);
    if (!seen.has(key)) seen.set(key, shape);
  }
  return [...seen.values()];
}

/** The cell of a shape that follows the pointer: the one nearest the middle of its bounding box. */
export function handle(shape: Shape): Cell {
  const cells = normalize(shape);
  const width = Math.max(...cells.map((c) => c[0]));
  const height = Math.max(...cells.map((c) => c[1]));
  let best = cells[0];
  let bestDistance = Infinity;
  for (const cell of cells) {
    const d = (cell[0] - width / 2) ** 2 + (cell[1] - height / 2) ** 2;
    if (d < bestDistance - 1e-9) {
      best = cell;
      bestDistance = d;
    }
  }
  return best;
}

/** Board cells covered when the shape's handle sits on `anchor`. */
export function placeAt(cells: Shape, anchor: Cell): Cell[] {
  const [hx, hy] = handle(cells);
  return normalize(cells).map(([x, y]) => [x - hx + anchor[0], y - hy + anchor[1]] as Cell);
}

export function cellKey([x, y]: Cell): string {
  return `${x},${y}`;
}

export function clampToBox([x, y]: Cell, width: number, height: number): Cell {
  return [Math.min(width - 1, Math.max(0, x)), Math.min(height - 1, Math.max(0, y))];
}

/**
 * The orientation of `piece` that covers exactly `cells`, and the anchor that
 * puts it there with `placeAt`; null when the cells are not that piece.
 */
export function orientationOn(piece: Shape, cells: readonly Cell[]): { shape: Cell[]; anchor: Cell } | null {
  if (cells.length === 0) return null;
  const target = shapeKey(cells);
  const shape = orientations(piece).find((o) => shapeKey(o) === target);
  if (!shape) return null;
  const minX = Math.min(...cells.map((c) => c[0]));
  const minY = Math.min(...cells.map((c) => c[1]));
  const [hx, hy] = handle(shape);
  return { shape: normalize(shape), anchor: [minX + hx, minY + hy] };
}

/**
 * The unit edges between cells of different owners and around the outside, as
 * one SVG path. `owner` maps each drawn cell's key to whatever it belongs to.
 */
export function outlinePath(owner: ReadonlyMap<string, unknown>): string {
  const parts: string[] = [];
  for (const [key, who] of owner) {
    const [x, y] = key.split(",").map(Number);
    const sides: [string, string][] = [
      [`${x},${y - 1}`, `M${x} ${y}h1`],
      [`${x},${y + 1}`, `M${x} ${y + 1}h1`],
      [`${x - 1},${y}`, `M${x} ${y}v1`],
      [`${x + 1},${y}`, `M${x + 1} ${y}v1`],
    ];
    for (const [neighbour, edge] of sides) {
      // An inner edge is seen from both of its cells: draw it from the one whose key is smaller.
      if (!owner.has(neighbour) || (owner.get(neighbour) !== who && neighbour > key)) parts.push(edge);
    }
  }
  return parts.join("");
}

/** The squares of `cells` as one SVG path: filled, they read as one shape with no seam between squares. */
export function squaresPath(cells: readonly Cell[]): string {
  return cells.map(([x, y]) => `M${x} ${y}h1v1h-1z`).join("");
}

/** The lines that draw a shape of squares as one piece, as SVG paths. */
export interface PieceLines {
  /** Round the piece, once. */
  outline: string;
  /** Between two squares of the piece (faint, to count them by). */
  inner: string;
  /** Just inside the top and left of the outline: the lit side of the relief. */
  light: string;
  /** Just inside the bottom and right of the outline: the shaded side. */
  shade: string;
}

/** `relief` is how far inside the outline the light and shade lines run, in cells. */
export function pieceLines(cells: readonly Cell[], relief = 0.07): PieceLines {
  const inside = new Set(cells.map(cellKey));
  const has = (x: number, y: number) => inside.has(`${x},${y}`);
  const outline: string[] = [];
  const inner: string[] = [];
  const light: string[] = [];
  const shade: string[] = [];
  for (const [x, y] of cells) {
    if (!has(x, y - 1)) {
      outline.push(`M${x} ${y}h1`);
      light.push(`M${x} ${y + relief}h1`);
    }
    if (!has(x - 1, y)) {
      outline.push(`M${x} ${y}v1`);
      light.push(`M${x + relief} ${y}v1`);
    }
    if (has(x, y + 1)) inner.push(`M${x} ${y + 1}h1`);
    else {
      outline.push(`M${x} ${y + 1}h1`);
      shade.push(`M${x} ${y + 1 - relief}h1`);
    }
    if (has(x + 1, y)) inner.push(`M${x + 1} ${y}v1`);
    else {
      outline.push(`M${x + 1} ${y}v1`);
      shade.push(`M${x + 1 - relief} ${y}v1`);
    }
  }
  return { outline: outline.join(""), inner: inner.join(""), light: light.join(""), shade: shade.join("") };
}

/** The pieces in a picture of owners: the sets of cells joined by sides that have the same owner. */
export function connectedPieces(owner: ReadonlyMap<string, string>): { owner: string; cells: Cell[] }[] {
  const seen = new Set<string>();
  const out: { owner: string; cells: Cell[] }[] = [];
  for (const [start, who] of owner) {
    if (seen.has(start)) continue;
    seen.add(start);
    const cells: Cell[] = [];
    const queue = [start];
    while (queue.length) {
      const key = queue.pop()!;
      const [x, y] = key.split(",").map(Number);
      cells.push([x, y]);
      for (const next of [`${x + 1},${y}`, `${x - 1},${y}`, `${x},${y + 1}`, `${x},${y - 1}`]) {
        if (!seen.has(next) && owner.get(next) === who) {
          seen.add(next);
          queue.push(next);
        }
      }
    }
    out.push({ owner: who, cells: cells.sort((a, b) => a[1] - b[1] || a[0] - b[0]) });
  }
  return out;
}
