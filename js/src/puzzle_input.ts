// The puzzle widget's keys: the board game's (choose, move, turn, flip, place,
// drop, hint) plus Delete to take a piece back. Undo, redo and corner points
// mean nothing in a puzzle, so those keys are left alone.

import { type Command, type KeyLike, keyCommand } from "./input.js";

export type PuzzleCommand = Command | { kind: "remove" };

export const PUZZLE_KEY_HELP =
  "Keys: [ ] choose a piece, arrows move, R rotate (Shift+R back), F flip, Enter place or pick up, " +
  "Delete take back, Esc drop, H hint";

export function puzzleKeyCommand(event: KeyLike): PuzzleCommand | null {
  const plain = !event.ctrlKey && !event.metaKey && !event.altKey;
  if (plain && (event.key === "Delete" || event.key === "Backspace")) return { kind: "remove" };
  const command = keyCommand(event);
  if (command?.kind === "action" && command.action !== "hint") return null;
  return command;
}
