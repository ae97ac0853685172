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
    }
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
