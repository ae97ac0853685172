// Pure shape and cell arithmetic. Screen coordinates: x grows to the right,
// y grows downwards, (0, 0) is the top-left cell. Cell names follow Pentobi:
// column letter from "a" at the left, row number from 1 at the bottom.

export type Cell = readonly [number, number];
export type Shape = readonly Cell[];

const COLUMNS = "abcdefghijklmnopqrstuvwxyz";

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

export function onBoard([x, y]: Cell, size: number): boolean {
  return x >= 0 && y >= 0 && x < size && y < size;
}

export function cellName([x, y]: Cell, size: number): string {
  return `${COLUMNS[x]}${size - y}`;
}

/** Screen cell of a Pentobi name, or null when it is not a cell of this board. */
export function parseCell(name: string, size: number): Cell | null {
  const match = /^([a-z])([0-9]{1,2})$/.exec(name.trim().toLowerCase());
  if (!match) return null;
  const x = COLUMNS.indexOf(match[1]);
  const row = Number(match[2]);
  if (x >= size || row < 1 || row > size) return null;
  return [x, size - row];
}

/** Pentobi's text of a placement ("c18,a19,b19,c19,a20"), or null if a cell is off the board. */
export function moveText(cells: Shape, size: number): string | null {
  if (!cells.every((c) => onBoard(c, size))) return null;
  return [...cells]
    .sort((a, b) => b[1] - a[1] || a[0] - b[0]) // row number from 1 up, then column from "a"
    .map((c) => cellName(c, size))
    .join(",");
}

export function clampToBoard([x, y]: Cell, size: number): Cell {
  return [Math.min(size - 1, Math.max(0, x)), Math.min(size - 1, Math.max(0, y))];
}
