// The review board's panels: the progress of the searches with Stop and
// Resume, the win-chance graph (under the board), each player's summary, the
// best and played moves of the position shown, the move list and the opening
// explorer. All of it is drawn from the `review` trait; a view only asks.

import { Buttons } from "../shared/buttons.js";
import { html } from "../shared/dom.js";
import { ExplorerPanel } from "./explorer.js";
import { WinGraph, playerLabel } from "./graph.js";
import { MoveList } from "./movelist.js";
import {
  type ExplorerState, type ReviewLine, type ReviewMessage, type ReviewState, type ReviewSummary, percent,
} from "./review_protocol.js";

/** What the progress line says. */
export function progressText(review: Pick<ReviewState, "status" | "done" | "total" | "level" | "message">): string {
  const counted = `${review.done} of ${review.total} positions`;
  switch (review.status) {
    case "running": return `Reviewing: ${counted} searched (${review.level}).`;
    case "queued": return `Review waiting: ${review.message} (${counted} searched).`;
    case "stopped": return `Review stopped: ${counted} searched. Resume goes on from there.`;
    case "done": return `Review done: ${review.total} positions (${review.level}).`;
    case "failed": return `Review failed: ${review.message}`;
    default: return `Review not started: ${counted} searched.`;
  }
}

/** One player's summary as the cells of its row after the player (drawn by `playerLabel`). */
export function summaryCells(entry: ReviewSummary): string[] {
  return [
    entry.accuracy === null ? "–" : String(Math.round(entry.accuracy)),
    String(entry.inaccuracies), String(entry.mistakes), String(entry.blunders),
    entry.average_loss === null ? "–" : percent(entry.average_loss),
  ];
}

/** A summary's colors as a list: "blue + red" is ["blue", "red"]. */
export function summaryColors(entry: Pick<ReviewSummary, "colors">): string[] {
  return entry.colors ? entry.colors.split(" + ") : [];
}

/** The line about the position shown: the move the game played next, and the engine's choice. */
export function positionText(review: ReviewState): string {
  const { best, played, index } = review.position;
  if (!("move" in played)) return "The end of the game.";
  const lost = played.loss !== null && played.loss >= 0.005 ? `, −${percent(played.loss)}` : "";
  // The controls say how many moves are on the board ("Move 16 of 62"); this is the one after.
  const game = `Next, move ${index + 1}, ${played.color}: ${played.piece} at ${played.move}` +
    `${played.mark ? ` ${played.mark}` : ""}${played.class ? ` (${played.class}${lost})` : ""}`;
  if (!("move" in best)) return `${game}. Not searched yet.`;
  return best.move === played.move ? `${game}, the engine's choice too (${percent(best.win)}).`
    : `${game}. The engine: ${best.piece} at ${best.move} (${percent(best.win)}).`;
}

export type ReviewAction = "resume-review" | "stop-review" | "main-line" | "promote" | "delete-variation" | "engine-line";

/** The engine's line in words: "1. W at i5,j5,h6,i6,h7 (62%)  2. …", or what is happening. */
export function engineLineText(position: Pick<ReviewState["position"], "engine_line">): string {
  const line = position.engine_line;
  if (line === "searching") return "The engine is looking a few moves ahead…";
  if (line.length === 0) return "";
  return "Engine line: " + line.map((step, k) => `${k + 1}. ${step.color} ${step.piece} at ${step.move} (${percent(step.win)})`).join("  ");
}

/** What the variation bar says: where the variation shown leaves the main line, and its moves. */
export function variationText(line: ReviewLine): string {
  if (line.main || line.branch === null) return "";
  const moves = line.moves.map((m) => `${m.number}. ${m.move}`).join("  ");
  return `A variation from move ${line.branch + 1}: ${moves}`;
}

export interface ReviewCallbacks {
  seek(index: number): void;
  ask(message: ReviewMessage): void;
  version(): number;
}

export class ReviewPanel {
  /** Under the board: the progress and the graph. */
  readonly graphBox: HTMLDivElement;
  /** Beside it: the summary, the position's moves, the move list and the explorer. */
  readonly element: HTMLDivElement;
  private readonly progress: HTMLProgressElement;
  private readonly progressLine: HTMLSpanElement;
  private readonly buttons: Buttons<ReviewAction>;
  private readonly graph: WinGraph;
  private readonly summary: HTMLTableSectionElement;
  private readonly position: HTMLDivElement;
  private readonly moves: MoveList;
  private readonly explorer: ExplorerPanel;
  private readonly variation: HTMLDivElement;
  private readonly engineLine: HTMLSpanElement;
  private readonly variationText: HTMLDivElement;

  constructor(callbacks: ReviewCallbacks) {
    this.graphBox = html("div", { class: "bk-review-graph", "data-role": "review", hidden: "" });
    const bar = html("div", { class: "bk-review-progress" }, this.graphBox);
    this.progress = html("progress", { max: 1, value: 0, "data-role": "review-progress" }, bar);
    this.progressLine = html("span", { "data-role": "review-status", "aria-live": "polite" }, bar);
    this.buttons = new Buttons((action) => {
      if (action === "stop-review") callbacks.ask({ type: "stop-review" });
      else if (action === "resume-review") callbacks.ask({ type: "review", version: callbacks.version() });
      else callbacks.ask({ type: action, version: callbacks.version() });
    });
    this.buttons.add(bar, "stop-review", "Stop", "Stop the review's searches (what was found stays)");
    this.buttons.add(bar, "resume-review", "Resume", "Go on with the review");
    this.graph = new WinGraph((index) => callbacks.seek(index));
    this.graphBox.append(this.graph.frame);

    this.element = html("div", { class: "bk-review", hidden: "" });
    const table = html("table", { class: "bk-review-summary", "data-role": "review-summary" }, this.element);
    const head = html("tr", {}, html("thead", {}, table));
    for (const [title, help] of [["Player", ""], ["Accuracy", "0-100, lichess's formula"], ["?!", "inaccuracies"],
      ["?", "mistakes"], ["??", "blunders"], ["Loss", "average win chance lost a move"]]) {
      html("th", { scope: "col", title: help }, head, title);
    }
    this.summary = html("tbody", {}, table);
    this.position = html("div", { class: "bk-note bk-review-position", "data-role": "review-position" }, this.element);
    const engine = html("div", { class: "bk-engine-line" }, this.element);
    this.buttons.add(engine, "engine-line", "Engine line", "Show the engine's next few moves from this position");
    this.engineLine = html("span", { class: "bk-help", "data-role": "engine-line" }, engine);
    this.variation = html("div", { class: "bk-note bk-variation", "data-role": "variation", hidden: "" }, this.element);
    this.variationText = html("div", { "data-role": "variation-moves" }, this.variation);
    const variationButtons = html("div", { class: "bk-group" }, this.variation);
    this.buttons.add(variationButtons, "main-line", "Main line", "Back to the main line where this variation leaves it");
    this.buttons.add(variationButtons, "promote", "Promote", "Make this line the main line (the game's moves)");
    this.buttons.add(variationButtons, "delete-variation", "Delete", "Delete this variation from the tree");
    this.moves = new MoveList((index) => callbacks.seek(index));
    this.element.append(this.moves.element);
    this.explorer = new ExplorerPanel((move) => callbacks.ask({ type: "explore", move, version: callbacks.version() }));
    this.element.append(this.explorer.element);
  }

  update(review: ReviewState | null, index: number, colorOf: (player: number) => string): void {
    this.graphBox.toggleAttribute("hidden", review === null);
    this.element.toggleAttribute("hidden", review === null);
    if (review === null) return;
    this.graphBox.setAttribute("data-status", review.status);
    this.progress.max = Math.max(1, review.total);
    this.progress.value = review.done;
    this.progressLine.textContent = progressText(review);
    const searching = review.status === "running" || review.status === "queued";
    this.buttons.show("stop-review", searching);
    this.buttons.show("resume-review", review.status === "stopped" || review.status === "failed");
    this.graph.update(review, review.line.main ? index : review.line.branch ?? index, colorOf);
    this.graphBox.toggleAttribute("data-variation", !review.line.main);
    this.summary.replaceChildren(...review.summary.map((entry) => {
      const row = html("tr", { "data-player": entry.player });
      playerLabel(html("td", {}, row), entry.name || `Player ${entry.player}`, summaryColors(entry));
      summaryCells(entry).forEach((text) => html("td", {}, row, text));
      return row;
    }));
    const main = review.line.main;
    this.position.textContent = main ? positionText(review)
      : "A variation: the review searched the main line; Engine line searches this position now " +
        "(its moves and their win chances). Try a move, or go back to the main line.";
    this.variation.toggleAttribute("hidden", main);
    this.engineLine.textContent = engineLineText(review.position);
    this.buttons.enable("engine-line", !searching && review.line.open
      && review.position.engine_line !== "searching");
    this.variationText.textContent = variationText(review.line);
    for (const action of ["main-line", "promote", "delete-variation"] as const) this.buttons.enable(action, !main);
    this.moves.update(review.moves, main ? index : -1);
    this.explorer.update("moves" in review.explorer ? (review.explorer as ExplorerState) : null);
  }
}
