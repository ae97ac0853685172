// The header above a widget's board: the status line (with the color to play,
// if any), a thinking indicator, what Python refused and why, and a line about
// the piece in hand. Text from Python is set as text, never as HTML.

import { html, setFlag } from "./dom.js";

export class StatusHeader {
  readonly element: HTMLDivElement;
  private readonly turn: HTMLSpanElement;
  private readonly status: HTMLSpanElement;
  private readonly thinking: HTMLSpanElement;
  private readonly error: HTMLDivElement;
  private readonly detail: HTMLDivElement;

  constructor(parent: HTMLElement) {
    this.element = html("div", { class: "bk-header" }, parent);
    const line = html("div", { class: "bk-status-line" }, this.element);
    this.turn = html("span", { class: "bk-turn-swatch", "aria-hidden": "true" }, line);
    this.status = html("span", { class: "bk-status", "data-role": "status", "aria-live": "polite" }, line);
    this.thinking = html("span", { class: "bk-thinking", "data-role": "thinking", hidden: "" }, line);
    this.error = html("div", { class: "bk-error", "data-role": "error", role: "alert" }, this.element);
    this.detail = html("div", { class: "bk-detail", "data-role": "detail", "aria-live": "polite" }, this.element);
  }

  /** `thinking` is the indicator's text ("" hides it); `color` colours the swatch and the spinner. */
  update(status: { text: string; turn: string; thinking: string; thinkingColor: string; error: string }): void {
    this.status.textContent = status.text;
    this.turn.setAttribute("data-color", status.turn);
    this.thinking.textContent = status.thinking;
    this.thinking.setAttribute("data-color", status.thinkingColor);
    this.thinking.toggleAttribute("hidden", status.thinking === "");
    this.error.textContent = status.error;
    setFlag(this.error, "data-shown", status.error !== "");
  }

  /** A line about the piece in hand and the square under the cursor. */
  say(text: string): void {
    if (this.detail.textContent !== text) this.detail.textContent = text;
  }
}
