// The opening explorer panel: the moves a corpus played from the position
// shown, with how often and how they scored for the mover; a click plays one
// (Python checks that the corpus has it, and adds it as a variation).

import { html } from "../shared/dom.js";
import { type ExplorerMove, type ExplorerState, percent } from "./review_protocol.js";

/** A score with its 95% interval, in points: "62% (48–74)". */
export function scoreText(move: Pick<ExplorerMove, "score" | "low" | "high">): string {
  if (move.score === null || move.low === null || move.high === null) return "–";
  return `${percent(move.score)} (${Math.round(move.low * 100)}–${Math.round(move.high * 100)})`;
}

/** What the panel says above its table. */
export function explorerCaption(explorer: ExplorerState): string {
  if (explorer.ply >= explorer.depth) {
    return `The corpus (${explorer.name}) is indexed to move ${explorer.depth}; this position is deeper.`;
  }
  if (explorer.reached === 0) {
    return `No game of the corpus (${explorer.name}) reached this position.`;
  }
  return `${explorer.reached} of ${explorer.games} games reached this position (${explorer.merged} merged).`;
}

export class ExplorerPanel {
  readonly element: HTMLDivElement;
  private readonly caption: HTMLDivElement;
  private readonly rows: HTMLTableSectionElement;
  private readonly table: HTMLTableElement;
  private key = "";

  constructor(private readonly play: (move: string) => void) {
    this.element = html("div", { class: "bk-explorer", "data-role": "explorer", hidden: "" });
    html("strong", {}, this.element, "Opening explorer");
    this.caption = html("div", { class: "bk-help", "data-role": "explorer-caption" }, this.element);
    this.table = html("table", { class: "bk-explorer-table" }, this.element);
    const table = this.table;
    const head = html("tr", {}, html("thead", {}, table));
    for (const [title, help] of [["Move", ""], ["Games", ""], ["Score", "the mover's score after it (95% interval)"]]) {
      html("th", { scope: "col", title: help }, head, title);
    }
    this.rows = html("tbody", {}, table);
  }

  update(explorer: ExplorerState | null): void {
    this.element.toggleAttribute("hidden", explorer === null);
    if (explorer === null) return;
    const key = JSON.stringify(explorer);
    if (key === this.key) return;
    this.key = key;
    this.caption.textContent = explorerCaption(explorer);
    this.table.toggleAttribute("hidden", explorer.moves.length === 0);
    this.rows.replaceChildren(...explorer.moves.map((move) => {
      const row = html("tr", { "data-move": move.move, "data-color": explorer.color, tabindex: -1,
        title: `Play ${move.move} as a variation` });
      row.addEventListener("click", () => this.play(move.move));
      const name = html("td", {}, row);
      html("span", { class: "bk-swatch", "data-color": explorer.color, "aria-hidden": "true" }, name);
      name.append(move.move);
      html("td", { "data-role": "games" }, row, `${move.games} (${percent(move.share)})`);
      html("td", { "data-role": "score" }, row, scoreText(move));
      return row;
    }));
  }
}
