// Whether a piece held over the board could go there, decided locally from what
// Python sent (its list of legal placements), so hover feedback needs no round trip.
// The reasons only explain a refusal; the legal list alone decides.

import { type Cell, type Shape, placeAt } from "../shared/shapes.js";
import { cellName, moveText } from "./cells.js";

export interface PreviewPosition {
  size: number;
  /** size * size characters, row 0 at the top; "0" is an empty cell. */
  board: string;
  /** Move texts that are legal now, or null while Python has not sent them for this version. */
  legal: ReadonlySet<string> | null;
  /** Empty cells the color may never use (beside its own pieces). */
  forbidden: ReadonlySet<string>;
  /** Cells where a new piece may attach (the start square before the first move). */
  corners: ReadonlySet<string>;
  /** The color's start square while it has no piece on the board, else null. */
  startCell: string | null;
}

export type PreviewState = "legal" | "illegal" | "pending";

export interface Preview {
  /** Every cell of the piece, some possibly off the board. */
  cells: Cell[];
  /** The move text, or null when part of the piece is off the board. */
  move: string | null;
  state: PreviewState;
  reason: string;
}

export function evaluatePlacement(position: PreviewPosition, shape: Shape, anchor: Cell): Preview {
  const { size } = position;
  const cells = placeAt(shape, anchor);
  const move = moveText(cells, size);
  if (move === null) return { cells, move, state: "illegal", reason: "part of the piece is off the board" };
  if (position.legal === null) return { cells, move, state: "pending", reason: "" };
  if (position.legal.has(move)) return { cells, move, state: "legal", reason: "" };
  return { cells, move, state: "illegal", reason: explain(position, cells) };
}

function explain(position: PreviewPosition, cells: Cell[]): string {
  const { size, board } = position;
  if (cells.some(([x, y]) => board[y * size + x] !== "0")) return "covers a square that is already taken";
  const names = cells.map((c) => cellName(c, size));
  if (names.some((n) => position.forbidden.has(n))) return "touches your own color along a side";
  if (!names.some((n) => position.corners.has(n))) {
    return position.startCell
      ? `the first piece must cover the start square ${position.startCell}`
      : "must touch your own color at a corner";
  }
  return "not a legal placement";
}
