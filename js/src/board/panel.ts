// The board widget's side panel: the game-over summary, a hint's reasons, a
// record's comment, the score table and the key help. Names and other text
// from Python are set as text, never HTML.

import { html, setFlag } from "../shared/dom.js";
import { KEY_HELP } from "./keys.js";
import { type PlayerScore, type ScoreSet, type Scoring, type WidgetState, currentHint } from "./protocol.js";

const SCORINGS: [Scoring, string, string][] = [
  ["points", "Points",
    "Points as Pentobi counts them: a point a square on the board, +15 with all 21 pieces placed, +5 more if the last was the monomino."],
  ["basic", "Squares left",
    "The rulebook's basic scoring: the squares still in hand; the fewest wins."],
  ["advanced", "Advanced",
    "The rulebook's advanced scoring: minus a point a square still in hand, +15 with all pieces placed, +5 more if the last was the monomino."],
];

export class Panel {
  readonly element: HTMLDivElement;
  private readonly scores: HTMLTableSectionElement;
  private readonly scoreTitle: HTMLTableCellElement;
  private readonly scoringSelect: HTMLSelectElement;
  private readonly scoringHelp: HTMLDivElement;
  private readonly summary: HTMLDivElement;
  private readonly comment: HTMLDivElement;
  private readonly advice: HTMLDivElement;
  private scoresKey = "";
  /** The scoring shown: this view's choice, Pentobi's points unless the person picks another. */
  private scoring: Scoring = "points";
  private last: { state: WidgetState; playerName: (player: number) => string } | null = null;

  constructor() {
    this.element = html("div", { class: "bk-panel" });
    this.summary = html("div", { class: "bk-banner bk-summary", "data-role": "summary", hidden: "", role: "status" },
      this.element);
    this.advice = html("div", { class: "bk-note bk-advice", "data-role": "hint-text", hidden: "", "aria-live": "polite" },
      this.element);
    this.comment = html("div", { class: "bk-note bk-comment", "data-role": "comment", hidden: "" }, this.element);
    const head = html("div", { class: "bk-score-head" }, this.element);
    html("strong", {}, head, "Score");
    this.scoringSelect = html("select", { "data-role": "scoring", "aria-label": "How the score is counted" }, head);
    for (const [value, label] of SCORINGS) html("option", { value }, this.scoringSelect, label);
    this.scoringSelect.addEventListener("change", () => {
      this.scoring = this.scoringSelect.value as Scoring;
      this.scoresKey = "";
      if (this.last) this.update(this.last.state, this.last.playerName);
    });
    const table = html("table", { class: "bk-scores", "data-role": "scores" }, this.element);
    const headRow = html("tr", {}, html("thead", {}, table));
    for (const title of ["Color", "Player", "Squares"]) html("th", { scope: "col", "data-column": title.toLowerCase() }, headRow, title);
    this.scoreTitle = html("th", { scope: "col" }, headRow, "Points");
    this.scores = html("tbody", {}, table);
    this.scoringHelp = html("div", { class: "bk-help bk-scoring-help", "data-role": "scoring-help" }, this.element);
    html("div", { class: "bk-help bk-key-help" }, this.element, KEY_HELP);
  }

  update(state: WidgetState, playerName: (player: number) => string): void {
    this.last = { state, playerName };
    const hint = currentHint(state);
    this.advice.textContent = hint
      ? `Hint (${hint.source}): ${hint.piece} at ${hint.move}: ${hint.reasons.join("; ")}.`
      : "";
    this.advice.toggleAttribute("hidden", hint === null);
    this.comment.textContent = state.comment; // record text: shown as text, never parsed as HTML
    this.comment.toggleAttribute("hidden", state.comment === "");

    const key = JSON.stringify([state.scores, state.to_play, state.colors, state.seats]);
    if (key !== this.scoresKey) {
      this.scoresKey = key;
      const scoring = this.scoring;
      const [, title, help] = SCORINGS.find(([s]) => s === scoring)!;
      this.scoreTitle.textContent = title;
      this.scoringHelp.textContent = help;
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
        html("td", { "data-role": "squares", "data-column": "squares" }, row, String(score.squares));
        html("td", { "data-role": "score" }, row, score.player > 0 ? String(scoreOf(score, scoring)) : "");
        rows.push(row);
      }
      if (state.scores.players.length !== state.colors.length) {
        for (const player of state.scores.players) {
          const row = html("tr", { class: "bk-player-row", "data-player": player.number });
          html("td", {}, row, player.colors.join(" + "));
          html("td", {}, row, playerName(player.number));
          html("td", { "data-column": "squares" }, row, "");
          html("td", { "data-role": "score" }, row, String(scoreOf(player, scoring)));
          rows.push(row);
        }
      }
      this.scores.replaceChildren(...rows);
    }

    if (state.game_over) {
      this.summary.textContent = summaryText(state, this.scoring);
      this.summary.removeAttribute("hidden");
    } else {
      this.summary.textContent = "";
      this.summary.setAttribute("hidden", "");
    }
  }
}

/** A score under `scoring`; the advanced score when an older state has only that. */
export function scoreOf(entry: ScoreSet, scoring: Scoring): number {
  return entry[scoring] ?? entry.score;
}

/** "Orange", or "Ann (orange)", or "Player 1 (blue and red)": who a player is, said once. */
export function playerLabel(player: Pick<PlayerScore, "number" | "name" | "colors">): string {
  const colors = player.colors.length > 1
    ? `${player.colors.slice(0, -1).join(", ")} and ${player.colors[player.colors.length - 1]}`
    : player.colors[0] ?? "";
  const named = player.name !== "" && player.name !== `Player ${player.number}`;
  if (player.colors.length === 1 && !named) return capitalize(colors);
  return `${named ? player.name : `Player ${player.number}`} (${colors})`;
}

/**
 * The result in plain words under `scoring`: "Orange wins, 65 points to 63."
 * The fewest squares left wins the basic scoring; the most points the others.
 */
export function summaryText(state: Pick<WidgetState, "scores">, scoring: Scoring): string {
  const fewestWins = scoring === "basic";
  const players = state.scores.players
    .map((p) => ({ label: playerLabel(p), score: scoreOf(p, scoring) }))
    .sort((a, b) => (fewestWins ? a.score - b.score : b.score - a.score));
  if (players.length === 0) return "";
  const best = players[0].score;
  const winners = players.filter((p) => p.score === best);
  const others = players.filter((p) => p.score !== best).map((p) => p.score);
  const unit = (n: number) => (fewestWins ? `square${n === 1 ? "" : "s"} left` : `point${n === 1 ? "" : "s"}`);
  const rest = others.length === 0 ? "" : others.length === 1 ? String(others[0])
    : `${others.slice(0, -1).join(", ")} and ${others[others.length - 1]}`;
  if (winners.length > 1) {
    const names = `${winners.slice(0, -1).map((w) => w.label).join(", ")} and ${winners[winners.length - 1].label}`;
    return `A draw: ${names}, ${best} ${unit(best)} each${rest ? `, ahead of ${rest}` : ""}.`;
  }
  return `${winners[0].label} wins, ${best} ${unit(best)}${rest ? ` to ${rest}` : ""}.`;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
