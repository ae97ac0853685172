// Pure cell arithmetic for the puzzle widget: which placement covers a cell,
// the outline of the placed pieces, and where a hinted piece lies in hand.
// Cells are [x, y] with y down, as in blokus_nb.puzzles; a cell's key is "x,y"
// (also its data-cell attribute).

import { type Cell, type Shape, handle, normalize, orientations, shapeKey } from "./geometry.js";

export function cellKey([x, y]: Cell): string {
  return `${x},${y}`;
}

/** Cell key -> index of the placement covering it. */
export function owners(placements: readonly { cells: readonly Cell[] }[]): Map<string, number> {
  const out = new Map<string, number>();
  placements.forEach((placement, index) => {
    for (const cell of placement.cells) out.set(cellKey(cell), index);
  });
  return out;
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

/** The first cell of the region not yet covered, row by row from the top; null when all are. */
export function firstFree(region: readonly Cell[], covered: ReadonlyMap<string, unknown>): Cell | null {
  const free = region.filter((c) => !covered.has(cellKey(c)));
  if (free.length === 0) return null;
  return free.reduce((a, b) => (b[1] < a[1] || (b[1] === a[1] && b[0] < a[0]) ? b : a));
}

export function clampToBox([x, y]: Cell, width: number, height: number): Cell {
  return [Math.min(width - 1, Math.max(0, x)), Math.min(height - 1, Math.max(0, y))];
}
