// The puzzle widget's keys: the shared piece keys plus Delete to take a piece
// back. Undo, redo and corner points mean nothing in a puzzle.

import { type KeyLike, type PieceCommand, pieceKeyCommand } from "../shared/input.js";

export type PuzzleCommand = PieceCommand | { kind: "remove" };

export const PUZZLE_KEY_HELP =
  "Keys: [ ] choose a piece, arrows move, R rotate (Shift+R back), F flip, Enter place or pick up, " +
  "Delete take back, Esc drop, H hint";

export function puzzleKeyCommand(event: KeyLike): PuzzleCommand | null {
  const plain = !event.ctrlKey && !event.metaKey && !event.altKey;
  if (plain && (event.key === "Delete" || event.key === "Backspace")) return { kind: "remove" };
  return pieceKeyCommand(event);
}
