// The puzzle widget's side panel: the solved banner, what a hint or a solution
// found, and the key help; and its status line's words. Everything is set as
// text, never as HTML.

import { html } from "../shared/dom.js";
import type { StatusHeader } from "../shared/header.js";
import { PUZZLE_KEY_HELP } from "./keys.js";
import { type PuzzleState, currentExplanation, currentHint } from "./protocol.js";

const SEARCHING: Record<string, string> = {
  hint: "looking for a hint…",
  solution: "looking for a solution…",
  check: "checking whether it can still be done…",
};

const SOLVED: Record<string, string> = {
  you: "Solved! Every square is covered.",
  solution: "A solution is shown: the widget placed the pieces.",
};

export class PuzzlePanel {
  readonly element: HTMLDivElement;
  private readonly solved: HTMLDivElement;
  private readonly message: HTMLDivElement;
  private readonly difficulty: HTMLDivElement;
  private readonly picture: HTMLImageElement;
  private pictureSource = "";

  constructor() {
    this.element = html("div", { class: "pz-panel" });
    this.difficulty = html("div", { class: "bk-note pz-difficulty", "data-role": "difficulty", hidden: "" }, this.element);
    this.solved = html("div", { class: "bk-banner pz-solved", "data-role": "solved", role: "status", hidden: "" }, this.element);
    this.message = html("div", { class: "bk-note pz-message", "data-role": "message", "aria-live": "polite", hidden: "" },
      this.element);
    this.picture = html("img", { class: "pz-explanation", "data-role": "explanation", alt: "", hidden: "" },
      this.element) as HTMLImageElement;
    html("div", { class: "bk-help" }, this.element, PUZZLE_KEY_HELP);
  }

  update(state: PuzzleState, header: StatusHeader): void {
    header.update({
      text: state.status, turn: "", thinking: SEARCHING[state.thinking] ?? "", thinkingColor: "", error: state.error,
    });
    this.solved.textContent = state.solved ? SOLVED[state.solved_by] ?? SOLVED.you : "";
    this.solved.toggleAttribute("hidden", !state.solved);
    this.solved.setAttribute("data-by", state.solved_by);
    this.difficulty.textContent = state.difficulty;
    this.difficulty.toggleAttribute("hidden", state.difficulty === "");
    this.message.textContent = state.message;
    this.message.toggleAttribute("hidden", state.message === "");
    const hint = currentHint(state);
    const explanation = currentExplanation(state);
    this.message.setAttribute("data-found", hint ? String(hint.found) : explanation ? String(explanation.possible) : "");
    // The argument's picture: an SVG Python drew, shown as an image (never inserted as markup).
    const svg = explanation && !explanation.possible ? explanation.svg : "";
    if (svg !== this.pictureSource) {
      this.pictureSource = svg;
      this.picture.src = svg ? `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` : "";
    }
    this.picture.alt = explanation && !explanation.possible ? `Why not: ${explanation.kind}` : "";
    this.picture.toggleAttribute("hidden", svg === "");
    this.picture.setAttribute("data-kind", explanation?.kind ?? "");
  }
}
