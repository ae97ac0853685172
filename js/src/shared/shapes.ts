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
export function handle(cells: Shape): Cell {
  const width = Math.max(...cells.map((c) => c[0]));
  const height = Math.max(...cells.map((c) => c[1]));
  let best = cells[0];
  let bestDistance = Infinity;
  for (const cell of normalize(cells)) {
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
