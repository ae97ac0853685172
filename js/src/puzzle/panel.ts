// The puzzle widget's side panel: the solved banner, what a hint or a solution
// found, and the key help; and its status line's words. Everything is set as
// text, never as HTML.

import { html } from "../shared/dom.js";
import type { StatusHeader } from "../shared/header.js";
import { PUZZLE_KEY_HELP } from "./keys.js";
import { type PuzzleState, currentHint } from "./protocol.js";

const SEARCHING: Record<string, string> = {
  hint: "looking for a hint…",
  solution: "looking for a solution…",
};

export class PuzzlePanel {
  readonly element: HTMLDivElement;
  private readonly solved: HTMLDivElement;
  private readonly message: HTMLDivElement;

  constructor() {
    this.element = html("div", { class: "pz-panel" });
    this.solved = html("div", { class: "bk-banner pz-solved", "data-role": "solved", role: "status", hidden: "" }, this.element);
    this.message = html("div", { class: "bk-note pz-message", "data-role": "message", "aria-live": "polite", hidden: "" },
      this.element);
    html("div", { class: "bk-help" }, this.element, PUZZLE_KEY_HELP);
  }

  update(state: PuzzleState, header: StatusHeader): void {
    header.update({
      text: state.status, turn: "", thinking: SEARCHING[state.thinking] ?? "", thinkingColor: "", error: state.error,
    });
    this.solved.textContent = state.solved ? "Solved! Every square is covered." : "";
    this.solved.toggleAttribute("hidden", !state.solved);
    this.message.textContent = state.message;
    this.message.toggleAttribute("hidden", state.message === "");
    const hint = currentHint(state);
    this.message.setAttribute("data-found", hint ? String(hint.found) : "");
  }
}
