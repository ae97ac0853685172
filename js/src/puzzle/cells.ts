// Cell arithmetic of the puzzle widget: which placement covers a cell and where
// the keyboard cursor starts. Cells are [x, y] with y down, as in
// blokus_nb.puzzles; a cell's key "x,y" is also its data-cell attribute.

import { type Cell, cellKey } from "../shared/shapes.js";

/** Cell key -> index of the placement covering it. */
export function owners(placements: readonly { cells: readonly Cell[] }[]): Map<string, number> {
  const out = new Map<string, number>();
  placements.forEach((placement, index) => {
    for (const cell of placement.cells) out.set(cellKey(cell), index);
  });
  return out;
}

/** The first cell of the region not yet covered, row by row from the top; null when all are. */
export function firstFree(region: readonly Cell[], covered: ReadonlyMap<string, unknown>): Cell | null {
  const free = region.filter((c) => !covered.has(cellKey(c)));
  if (free.length === 0) return null;
  return free.reduce((a, b) => (b[1] < a[1] || (b[1] === a[1] && b[0] < a[0]) ? b : a));
}
