// The review's move list: every placement with its class mark; a click goes to
// the position after it. The move shown last is highlighted and kept in view
// inside the list (never by scrolling the page).

import { html, setFlag } from "../shared/dom.js";
import { type ReviewMove, percent } from "./review_protocol.js";

/** How a move's loss reads in the list: "−12%" for a loss, "" for none or before it is searched. */
export function lossText(move: Pick<ReviewMove, "loss" | "class">): string {
  if (move.loss === null || move.class === "" || move.class === "best" || move.class === "good") return "";
  return `−${percent(move.loss)}`;
}

export class MoveList {
  readonly element: HTMLOListElement;
  private key = "";
  private items: HTMLLIElement[] = [];
  private current = -1;

  constructor(private readonly seek: (index: number) => void) {
    this.element = html("ol", { class: "bk-move-list", "data-role": "move-list", "aria-label": "Moves" });
  }

  update(moves: readonly ReviewMove[], index: number): void {
    const key = JSON.stringify(moves.map((m) => [m.move, m.class, m.loss]));
    if (key !== this.key) {
      this.key = key;
      this.items = moves.map((move) => {
        const item = html("li", {
          class: "bk-move", "data-number": move.number, "data-color": move.color, "data-class": move.class,
          title: move.best && move.class !== "best" ? `The engine preferred ${move.best}` : "",
        });
        item.addEventListener("click", () => this.seek(move.number));
        html("span", { class: "bk-move-number" }, item, `${move.number}.`);
        html("span", { class: "bk-swatch", "data-color": move.color, "aria-hidden": "true" }, item);
        html("span", { class: "bk-move-text" }, item, move.move);
        html("span", { class: "bk-move-mark", "data-class": move.class }, item, move.mark);
        html("span", { class: "bk-move-loss" }, item, lossText(move));
        return item;
      });
      this.element.replaceChildren(...this.items);
      this.current = -1;
    }
    if (index !== this.current) {
      this.current = index;
      this.items.forEach((item, k) => setFlag(item, "data-current", k + 1 === index));
      const item = this.items[index - 1];
      if (item) {
        // Keep it in view within the list only: scrollIntoView would scroll the notebook too.
        const list = this.element;
        if (item.offsetTop < list.scrollTop) list.scrollTop = item.offsetTop;
        else if (item.offsetTop + item.offsetHeight > list.scrollTop + list.clientHeight) {
          list.scrollTop = item.offsetTop + item.offsetHeight - list.clientHeight;
        }
      }
    }
  }
}
