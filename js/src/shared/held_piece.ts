// The piece a view holds (picked from the tray, turned, flipped) and the cell
// it would go down at: local to one view, never sent to Python. Both widgets'
// views keep one; what a click or a key then does with it is the view's own.

import { type Cell, flip, normalize, rotateClockwise, rotateCounterclockwise } from "./shapes.js";

export class HeldPiece {
  /** The piece held, null when none is. */
  piece: string | null = null;
  /** Its cells, turned and flipped as the player chose. */
  shape: Cell[] = [];
  /** Where it would go down: the cell under the pointer, or the keyboard cursor. */
  anchor: Cell | null = null;
  pointerOnBoard = false;
  /** The keys, not the pointer, moved the anchor last. */
  keyboardMode = false;
  /** A finger put the anchor where it is: with no hover, it stays there until a finger, the mouse or the keys move it. */
  touchShown = false;

  holding(): boolean {
    return this.piece !== null;
  }

  /** Take `piece` as it is drawn in the tray. */
  take(piece: string, cells: readonly Cell[]): void {
    this.piece = piece;
    this.shape = normalize(cells);
  }

  drop(): void {
    this.piece = null;
    this.shape = [];
  }

  /** The pointer is over `cell`, or off the board (null). */
  hover(cell: Cell | null): void {
    this.pointerOnBoard = cell !== null;
    if (cell) {
      this.anchor = cell;
      this.keyboardMode = false;
      this.touchShown = false;
    }
  }

  /** A finger put the anchor on `cell` (a tap or a drag). */
  touch(cell: Cell): void {
    this.anchor = cell;
    this.touchShown = true;
    this.keyboardMode = false;
  }

  /** Whether the anchor is on the board, shown: under the mouse, the keyboard's cursor, or where a finger left it. */
  shown(): boolean {
    return this.anchor !== null && (this.pointerOnBoard || this.keyboardMode || this.touchShown);
  }

  /** Turn the piece held a quarter (1: clockwise); false if none is held. */
  rotate(dir: 1 | -1): boolean {
    return this.turn(dir === 1 ? rotateClockwise : rotateCounterclockwise);
  }

  /** Flip the piece held; false if none is held. */
  flip(): boolean {
    return this.turn(flip);
  }

  private turn(change: (cells: readonly Cell[]) => Cell[]): boolean {
    if (this.piece === null) return false;
    this.shape = change(this.shape);
    return true;
  }
}
