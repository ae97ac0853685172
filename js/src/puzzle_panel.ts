// The puzzle widget's words: the status line, what Python refused and why,
// the piece in hand, what a hint or solution found, and the solved banner.
// Everything is set as text, never as HTML.

import { PUZZLE_KEY_HELP } from "./puzzle_input.js";
import type { PuzzleState } from "./puzzle_types.js";
import { html, setFlag } from "./svg.js";

const SEARCHING: Record<string, string> = {
  hint: "looking for a hint…",
  solution: "looking for a solution…",
};

export class PuzzlePanel {
  /** Status, thinking indicator, error and detail: the header above the board. */
  readonly header: HTMLDivElement;
  /** Solved banner, search result and key help: beside the board. */
  readonly element: HTMLDivElement;
  private readonly status: HTMLSpanElement;
  private readonly thinking: HTMLSpanElement;
  private readonly error: HTMLDivElement;
  private readonly detail: HTMLDivElement;
  private readonly solved: HTMLDivElement;
  private readonly message: HTMLDivElement;

  constructor() {
    this.header = html("div", { class: "bk-header" });
    const line = html("div", { class: "bk-status-line" }, this.header);
    this.status = html("span", { class: "bk-status", "data-role": "status", "aria-live": "polite" }, line);
    this.thinking = html("span", { class: "bk-thinking pz-thinking", "data-role": "thinking", hidden: "" }, line);
    this.error = html("div", { class: "bk-error", "data-role": "error", role: "alert" }, this.header);
    this.detail = html("div", { class: "bk-detail", "data-role": "detail", "aria-live": "polite" }, this.header);
    this.element = html("div", { class: "pz-panel" });
    this.solved = html("div", { class: "pz-solved", "data-role": "solved", role: "status", hidden: "" }, this.element);
    this.message = html("div", { class: "pz-message", "data-role": "message", "aria-live": "polite", hidden: "" },
      this.element);
    html("div", { class: "bk-help" }, this.element, PUZZLE_KEY_HELP);
  }

  update(state: PuzzleState): void {
    this.status.textContent = state.status;
    this.thinking.textContent = SEARCHING[state.thinking] ?? "";
    this.thinking.toggleAttribute("hidden", state.thinking === "");
    this.error.textContent = state.error;
    setFlag(this.error, "data-shown", state.error !== "");
    this.solved.textContent = state.solved ? "Solved! Every square is covered." : "";
    this.solved.toggleAttribute("hidden", !state.solved);
    this.message.textContent = state.message;
    this.message.toggleAttribute("hidden", state.message === "");
    const hint = "found" in state.hint && state.hint.version === state.version ? state.hint : null;
    this.message.setAttribute("data-found", hint ? String(hint.found) : "");
  }

  /** A line about the piece in hand and the square under the cursor. */
  say(text: string): void {
    if (this.detail.textContent !== text) this.detail.textContent = text;
  }
}
