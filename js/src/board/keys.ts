// The board game's keys: the shared piece keys plus undo, redo and the
// corner-point overlay.

import { type KeyLike, type PieceCommand, keyName, pieceKeyCommand } from "../shared/input.js";

export type Command = PieceCommand | { kind: "action"; action: "undo" | "redo" | "hints" };

export const KEY_HELP =
  "Keys: [ ] choose a piece, arrows move, R rotate (Shift+R back), F flip, Enter place, Esc drop, Z undo, Y redo, H hint, C corners";

export function keyCommand(event: KeyLike): Command | null {
  if (event.altKey) return null;
  const key = keyName(event);
  if (event.ctrlKey || event.metaKey) {
    if (key === "z") return { kind: "action", action: event.shiftKey ? "redo" : "undo" };
    if (key === "y") return { kind: "action", action: "redo" };
    return null;
  }
  switch (key) {
    case "z": return { kind: "action", action: "undo" };
    case "y": return { kind: "action", action: "redo" };
    case "c": return { kind: "action", action: "hints" };
    default: return pieceKeyCommand(event);
  }
}
