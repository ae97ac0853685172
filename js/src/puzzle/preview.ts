// Whether a piece held over the puzzle could go there, decided locally so hover
// feedback needs no round trip. It only explains; Python still judges the
// placement when the view asks for it, with the same three rules (in the region,
// on free squares, a copy of the piece left).

import { type Cell, type Shape, cellKey, placeAt } from "../shared/shapes.js";

export interface PuzzlePosition {
  /** Keys ("x,y") of the region's cells. */
  region: ReadonlySet<string>;
  /** Cell key -> name of the piece covering it. */
  covered: ReadonlyMap<string, string>;
  /** Piece name -> copies still to place. */
  remaining: Readonly<Record<string, number>>;
}

export interface PuzzlePreview {
  cells: Cell[];
  state: "legal" | "illegal";
  reason: string;
}

export function evaluatePuzzlePlacement(position: PuzzlePosition, piece: string, shape: Shape, anchor: Cell): PuzzlePreview {
  const cells = placeAt(shape, anchor);
  const keys = cells.map(cellKey);
  let reason = "";
  const taken = keys.find((k) => position.covered.has(k));
  if (keys.some((k) => !position.region.has(k))) reason = "part of the piece is outside the region";
  else if (taken !== undefined) reason = `covers a square of the ${position.covered.get(taken)}`;
  else if ((position.remaining[piece] ?? 0) < 1) reason = `every ${piece} is already placed`;
  return { cells, state: reason ? "illegal" : "legal", reason };
}
