// The puzzle widget's buttons. Every control carries data-action so tests and
// scripts find it.

import { Buttons } from "../shared/buttons.js";
import { html } from "../shared/dom.js";

export type PuzzleAction = "rotate" | "flip" | "hint" | "solution" | "reset";

const BUTTONS: [PuzzleAction, string, string][] = [
  ["rotate", "⟳ Rotate", "Rotate the piece a quarter turn (R)"],
  ["flip", "⇋ Flip", "Flip the piece (F)"],
  ["hint", "Hint", "Show where one more piece goes in a full tiling (H)"],
  ["solution", "Show a solution", "Fill the region with a solution"],
  ["reset", "Start again", "Take every piece off the board"],
];

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

  update(view: { holding: boolean; solved: boolean; searching: boolean; placed: number }): void {
    this.enable("rotate", view.holding);
    this.enable("flip", view.holding);
    this.enable("hint", !view.solved && !view.searching);
    this.enable("solution", !view.solved && !view.searching);
    this.enable("reset", view.placed > 0);
  }

  private enable(action: PuzzleAction, on: boolean): void {
    this.buttons.enable(action, on);
  }
}
