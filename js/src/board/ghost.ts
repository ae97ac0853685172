// The review's marks on the board: the engine's best move from the position
// shown, as a see-through piece with its win chance, and the move the game
// played there as a dotted outline beside it. Never placed: only drawn.

import { svg } from "../shared/dom.js";
import { PieceShape } from "../shared/grid.js";
import type { Cell } from "../shared/shapes.js";
import { parseCell } from "./cells.js";
import { type ReviewPosition, percent } from "./review_protocol.js";

/** The middle of some cells, where a label goes. */
export function middle(cells: readonly Cell[]): [number, number] {
  const x = cells.reduce((sum, c) => sum + c[0], 0) / cells.length;
  const y = cells.reduce((sum, c) => sum + c[1], 0) / cells.length;
  return [x + 0.5, y + 0.5];
}

export class ReviewMarks {
  private readonly element: SVGGElement;
  private key = "";

  constructor(board: SVGSVGElement, private readonly size: number) {
    this.element = svg("g", { class: "bk-review-marks", "aria-hidden": "true" }, board);
  }

  update(position: ReviewPosition | null): void {
    const key = JSON.stringify(position ? [position.best, position.played, position.engine_line] : null);
    if (key === this.key) return;
    this.key = key;
    this.element.replaceChildren();
    if (position === null) return;
    const cells = (names: readonly string[]) =>
      names.map((n) => parseCell(n, this.size)).filter((c): c is Cell => c !== null);
    const played = "move" in position.played ? position.played : null;
    const best = "move" in position.best ? position.best : null;
    if (played && played.move !== best?.move) {
      new PieceShape(this.element, {
        class: "bk-played-ghost", "data-color": played.color, "data-move": played.move, "data-class": played.class,
      }, cells(played.cells));
    }
    const line = Array.isArray(position.engine_line) ? position.engine_line : [];
    // The engine's line asked for: each move see-through, numbered (its first move is the best one).
    line.forEach((step, k) => {
      const own = cells(step.cells);
      new PieceShape(this.element, { class: "bk-line-ghost", "data-color": step.color, "data-step": k + 1 }, own);
      const [x, y] = middle(own);
      svg("text", { class: "bk-best-label", x, y, "data-role": "line-label" }, this.element).textContent = String(k + 1);
    });
    if (best && line.length === 0) {
      const own = cells(best.cells);
      new PieceShape(this.element, { class: "bk-best-ghost", "data-color": best.color, "data-move": best.move }, own);
      const [x, y] = middle(own);
      const label = svg("text", { class: "bk-best-label", x, y, "data-role": "best-label" }, this.element);
      label.textContent = percent(best.win);
    }
  }
}
