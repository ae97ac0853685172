// A finger on the board, as a state machine with no DOM in it: a tap shows the
// piece in hand there, a second tap on what is shown places it, a drag moves it.
// A finger has no hover, so what the mouse previews by moving over the board a
// finger previews by touching; nothing is placed by one touch alone.

import type { Cell } from "./shapes.js";

/** How far (CSS pixels) a finger may wander and still tap: fingers shake. */
export const TAP_SLOP = 10;

/** What the gesture asks of the board's view. */
export interface GestureView {
  /** Whether a piece is in hand. */
  holding(): boolean;
  /** Where the piece in hand is shown now (its anchor), or null when it is not shown. */
  shownAt(): Cell | null;
  /** Whether the piece shown covers `cell`. */
  covers(cell: Cell): boolean;
}

/** What a finger did: show the piece at an anchor, place what is shown, or tap with nothing in hand. */
export type GestureAction =
  | { kind: "show"; anchor: Cell }
  | { kind: "place" }
  | { kind: "tap"; cell: Cell };

interface Press {
  id: number;
  x: number;
  y: number;
  cell: Cell | null;
  /** A piece was in hand when the finger came down: only then can the finger show or place it. */
  holding: boolean;
  /** The press began on the piece shown: a tap there places it. */
  onShown: boolean;
  /** Anchor minus the finger's cell: a drag keeps the piece where the finger holds it. */
  grip: Cell | null;
  dragging: boolean;
}

export class TapGesture {
  private press: Press | null = null;

  constructor(private readonly view: GestureView, private readonly slop = TAP_SLOP) {}

  /** Whether a finger is down (one the gesture follows). */
  active(): boolean {
    return this.press !== null;
  }

  /**
   * A finger touches at (x, y), over `cell` (null off the cells). A second
   * finger ends the gesture: two fingers are a pinch or a palm, not a tap.
   */
  down(id: number, x: number, y: number, cell: Cell | null): GestureAction[] {
    if (this.press !== null) {
      this.cancel();
      return [];
    }
    const holding = this.view.holding();
    const onShown = holding && cell !== null && this.view.covers(cell);
    const shown = this.view.shownAt();
    const press: Press = { id, x, y, cell, holding, onShown, grip: null, dragging: false };
    this.press = press;
    if (!holding || cell === null) return [];
    if (onShown && shown) {
      press.grip = [shown[0] - cell[0], shown[1] - cell[1]];
      return [];
    }
    // Touching beside the piece brings it under the finger at once: that is the preview.
    press.grip = [0, 0];
    return [{ kind: "show", anchor: cell }];
  }

  /** The finger moved to (x, y), over `cell`. Past the slop it is a drag: the piece follows. */
  move(id: number, x: number, y: number, cell: Cell | null): GestureAction[] {
    const press = this.press;
    if (press === null || press.id !== id) return [];
    if (!press.dragging && Math.hypot(x - press.x, y - press.y) <= this.slop) return [];
    press.dragging = true;
    if (press.grip === null || cell === null) return [];
    const anchor: Cell = [cell[0] + press.grip[0], cell[1] + press.grip[1]];
    const shown = this.view.shownAt();
    if (shown && shown[0] === anchor[0] && shown[1] === anchor[1]) return [];
    return [{ kind: "show", anchor }];
  }

  /** The finger lifted. A tap on the piece shown places it; a drag never does. */
  up(id: number): GestureAction[] {
    const press = this.press;
    if (press === null || press.id !== id) return [];
    this.press = null;
    if (press.dragging || press.cell === null) return [];
    if (!press.holding) return [{ kind: "tap", cell: press.cell }];
    return press.onShown ? [{ kind: "place" }] : [];
  }

  /** The browser took the touch (a scroll, a second finger): the piece stays where it is shown. */
  cancel(): void {
    this.press = null;
  }
}
