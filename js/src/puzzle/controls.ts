// The puzzle widget's buttons. Every control carries data-action so tests and
// scripts find it. Place shows only in the touch layout (shared/touch_pad.ts).

import { Buttons } from "../shared/buttons.js";
import { html } from "../shared/dom.js";

export type PuzzleAction = "rotate" | "flip" | "place" | "hint" | "check" | "solution" | "reset";

const BUTTONS: [PuzzleAction, string, string][] = [
  ["rotate", "⟳ Rotate", "Rotate the piece a quarter turn (R)"],
  ["flip", "⇋ Flip", "Flip the piece (F)"],
  ["place", "✓ Place", "Place the piece shown in the region (or tap it again)"],
  ["hint", "Hint", "Show where one more piece goes in a full tiling (H)"],
  ["check", "Possible?", "Is this possible from here? Why not, if not (P)"],
  ["solution", "Show a solution", "Fill the region with a solution"],
  ["reset", "Start again", "Take every piece off the board"],
];

/** What decides the puzzle's buttons. */
export interface PuzzleFacts {
  holding: boolean;
  solved: boolean;
  searching: boolean;
  placed: number;
}

/** Which actions may be done now: the buttons enabled, and so the keys that act (H once solved sends nothing). */
export function puzzleAvailable(view: PuzzleFacts): Record<PuzzleAction, boolean> {
  const open = !view.solved && !view.searching;
  return { rotate: view.holding, flip: view.holding, place: view.holding, hint: open, check: open, solution: open, reset: view.placed > 0 };
}

export class PuzzleControls {
  readonly element: HTMLDivElement;
  private readonly buttons: Buttons<PuzzleAction>;

  constructor(onAction: (action: PuzzleAction) => void) {
    this.buttons = new Buttons(onAction);
    this.element = html("div", { class: "bk-controls", role: "toolbar", "aria-label": "Puzzle controls" });
    let group = html("div", { class: "bk-group" }, this.element);
    for (const [action, text, label] of BUTTONS) {
      if (action === "hint") group = html("div", { class: "bk-group" }, this.element);
      this.buttons.add(group, action, text, label);
    }
  }

  /** The buttons a finger needs beside the region: rotate, flip, place. */
  padButtons(): HTMLElement[] {
    return (["rotate", "flip", "place"] as const).map((action) => this.buttons.get(action));
  }

  update(view: PuzzleFacts): void {
    for (const [action, on] of Object.entries(puzzleAvailable(view))) this.buttons.enable(action as PuzzleAction, on);
  }
}
