// The puzzle widget's side of its Python–JS contract, paired with
// blokus_nb/widgets/puzzle_protocol.py: the state Python sends (traits of
// PuzzleWidget) and the messages a view sends back. Cells are [x, y] in the puzzle's own
// coordinates: x to the right, y down, (0, 0) at the top left of the region's box.
// Python is the only authority: a view only asks.

import type { ModelSync } from "../shared/sync.js";

export type XY = [number, number];

export interface PuzzlePiece {
  name: string;
  /** One orientation of the piece. */
  cells: XY[];
  /** Copies in the puzzle. */
  count: number;
  /** The piece's colour in the puzzle's pictures. */
  color: string;
}

export interface PlacedPiece {
  piece: string;
  cells: XY[];
}

export interface PuzzleHint {
  /** The widget version the hint belongs to; stale when it differs from `version`. */
  version: number;
  /** False: no full tiling keeps the pieces placed ("no solution from here"). */
  found: boolean;
  piece?: string;
  cells?: XY[];
}

/** What "is this possible from here?" found for one version of the puzzle. */
export interface PuzzleExplanation {
  version: number;
  /** True: the pieces left can still cover the squares left. */
  possible: boolean;
  /** The kind of argument when not: "colouring", "unreachable", "parts", "no-room", "area" or "search". */
  kind: string;
  /** The argument, for a student. */
  text: string;
  /** The squares left with the argument drawn on them (an SVG document Python made). */
  svg: string;
}

export interface PuzzleState {
  width: number;
  height: number;
  region: XY[];
  pieces: PuzzlePiece[];
  placements: PlacedPiece[];
  remaining: Record<string, number>;
  solved: boolean;
  /** "you", "solution" (Show a solution filled it) or "" while unsolved. */
  solved_by: string;
  status: string;
  /** The puzzle's difficulty in words, or "" when not known. */
  difficulty: string;
  explanation: PuzzleExplanation | Record<string, never>;
  message: string;
  error: string;
  hint: PuzzleHint | Record<string, never>;
  /** "hint", "solution" or "check" while Python searches, else "". */
  thinking: string;
  version: number;
}

export const PUZZLE_KEYS: readonly (keyof PuzzleState)[] = [
  "width", "height", "region", "pieces", "placements", "remaining", "solved", "solved_by", "status",
  "difficulty", "explanation", "message", "error", "hint", "thinking", "version",
];

/** Sent with a tag, `request`, naming the view (shared/requests.ts): Python puts it on its refusal. */
export type PuzzleMessage =
  | { type: "place"; piece: string; cells: XY[]; version: number }
  | { type: "remove"; cell: XY; version: number }
  | { type: "hint" | "solution" | "check" | "reset"; version: number };

export type PuzzleSync = ModelSync<PuzzleState, PuzzleMessage>;

/** The hint for the puzzle shown (found or not), or null (none asked for, or one for an earlier position). */
export function currentHint(state: Pick<PuzzleState, "hint" | "version">): PuzzleHint | null {
  const hint = state.hint;
  return "found" in hint && hint.version === state.version ? (hint as PuzzleHint) : null;
}

/** The answer to "is this possible from here?" for the puzzle shown, or null. */
export function currentExplanation(state: Pick<PuzzleState, "explanation" | "version">): PuzzleExplanation | null {
  const found = state.explanation;
  return "possible" in found && found.version === state.version ? (found as PuzzleExplanation) : null;
}
