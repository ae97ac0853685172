// The puzzle widget's keys: the shared piece keys plus Delete to take a piece
// back and P to ask whether the puzzle can still be done. Undo, redo and corner points mean nothing in a puzzle.

import { type KeyLike, type PieceCommand, pieceKeyCommand } from "../shared/input.js";

export type PuzzleCommand = PieceCommand | { kind: "remove" } | { kind: "check" };

export const PUZZLE_KEY_HELP =
  "Keys: [ ] choose a piece, arrows move, R rotate (Shift+R back), F flip, Enter place or pick up, " +
  "Delete take back, Esc drop, H hint, P possible?";

export function puzzleKeyCommand(event: KeyLike): PuzzleCommand | null {
  const plain = !event.ctrlKey && !event.metaKey && !event.altKey;
  if (plain && (event.key === "Delete" || event.key === "Backspace")) return { kind: "remove" };
  // P: "is this possible from here?" (by the key's place too, for non-Latin layouts).
  if (plain && !event.shiftKey && (event.key === "p" || event.code === "KeyP")) return { kind: "check" };
  return pieceKeyCommand(event);
}
