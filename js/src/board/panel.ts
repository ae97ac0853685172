// The board widget's side panel: the game-over summary, a hint's reasons, a
// record's comment, the score table and the key help. Names and other text
// from Python are set as text, never HTML.

import { html, setFlag } from "../shared/dom.js";
import { KEY_HELP } from "./keys.js";
import type { WidgetState } from "./protocol.js";

export class Panel {
  readonly element: HTMLDivElement;
  private readonly scores: HTMLTableSectionElement;
  private readonly summary: HTMLDivElement;
  private readonly comment: HTMLDivElement;
  private readonly advice: HTMLDivElement;
  private scoresKey = "";

  constructor() {
    this.element = html("div", { class: "bk-panel" });
    this.summary = html("div", { class: "bk-banner bk-summary", "data-role": "summary", hidden: "", role: "status" }, this.element);
    this.advice = html("div", { class: "bk-note bk-advice", "data-role": "hint-text", hidden: "", "aria-live": "polite" },
      this.element);
    this.comment = html("div", { class: "bk-note bk-comment", "data-role": "comment", hidden: "" }, this.element);
    const table = html("table", { class: "bk-scores", "data-role": "scores" }, this.element);
    html("caption", {}, table, "Score");
    const head = html("tr", {}, html("thead", {}, table));
    for (const title of ["Color", "Player", "Squares", "Score"]) html("th", { scope: "col" }, head, title);
    this.scores = html("tbody", {}, table);
    html("div", { class: "bk-help" }, this.element, KEY_HELP);
  }

  update(state: WidgetState, playerName: (player: number) => string): void {
    const hint = "move" in state.hint && state.hint.version === state.version ? state.hint : null;
    this.advice.textContent = hint
      ? `Hint (${hint.source}): ${hint.piece} at ${hint.move}: ${hint.reasons.join("; ")}.`
      : "";
    this.advice.toggleAttribute("hidden", hint === null);
    this.comment.textContent = state.comment; // record text: shown as text, never parsed as HTML
    this.comment.toggleAttribute("hidden", state.comment === "");

    const key = JSON.stringify([state.scores, state.to_play, state.colors]);
    if (key !== this.scoresKey) {
      this.scoresKey = key;
      const rows: HTMLTableRowElement[] = [];
      for (const color of state.colors) {
        const score = state.scores.colors[color];
        if (!score) continue;
        const row = html("tr", { "data-color": color });
        setFlag(row, "data-to-play", color === state.to_play);
        const name = html("td", {}, row);
        html("span", { class: "bk-swatch", "data-color": color, "aria-hidden": "true" }, name);
        name.append(color);
        html("td", {}, row, score.player > 0 ? playerName(score.player) : "shared");
        html("td", { "data-role": "squares" }, row, String(score.squares));
        html("td", { "data-role": "score" }, row, String(score.score));
        rows.push(row);
      }
      if (state.scores.players.length !== state.colors.length) {
        for (const player of state.scores.players) {
          const row = html("tr", { class: "bk-player-row", "data-player": player.number });
          html("td", {}, row, player.colors.join(" + "));
          html("td", {}, row, playerName(player.number));
          html("td", {}, row, "");
          html("td", { "data-role": "score" }, row, String(player.score));
          rows.push(row);
        }
      }
      this.scores.replaceChildren(...rows);
    }

    if (state.game_over && state.mode === "play") {
      this.summary.textContent = summaryText(state, playerName);
      this.summary.removeAttribute("hidden");
    } else {
      this.summary.textContent = "";
      this.summary.setAttribute("hidden", "");
    }
  }
}

/** "Game over. Ann (purple) wins by 18 points: -16 to -34." from the final scores. */
export function summaryText(state: Pick<WidgetState, "scores" | "winners">, playerName: (player: number) => string): string {
  const players = [...state.scores.players].sort((a, b) => b.score - a.score);
  const label = (p: { number: number; colors: string[] }) => `${playerName(p.number)} (${p.colors.join(", ")})`;
  const winners = players.filter((p) => state.winners.includes(p.number));
  const scores = players.map((p) => String(p.score)).join(" to ");
  if (winners.length === 0) return "Game over.";
  if (winners.length > 1) return `Game over. A draw between ${winners.map(label).join(" and ")}: ${scores}.`;
  const runnerUp = players.find((p) => !state.winners.includes(p.number));
  const margin = runnerUp ? winners[0].score - runnerUp.score : 0;
  return `Game over. ${label(winners[0])} wins by ${margin} point${margin === 1 ? "" : "s"}: ${scores}.`;
}
