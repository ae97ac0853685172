// What both boards share: finding the cell under the pointer, and the layer
// that previews the piece in hand.

import { svg } from "./dom.js";
import type { Cell } from "./shapes.js";

/** A board's viewBox in cell units: the cells start at (0, 0), with `left`/`top` of margin before them. */
export interface GridBox {
  left: number;
  top: number;
  width: number;
  height: number;
  columns: number;
  rows: number;
}

/** The cell under a pointer position on `picture`, or null outside the cells. */
export function cellAt(picture: SVGSVGElement, grid: GridBox, clientX: number, clientY: number): Cell | null {
  const box = picture.getBoundingClientRect();
  if (box.width === 0) return null;
  // The viewBox keeps its aspect ratio, centred: one scale fits both axes.
  const scale = Math.min(box.width / grid.width, box.height / grid.height);
  const left = box.left + (box.width - grid.width * scale) / 2;
  const top = box.top + (box.height - grid.height * scale) / 2;
  const x = Math.floor((clientX - left) / scale + grid.left);
  const y = Math.floor((clientY - top) / scale + grid.top);
  return x >= 0 && y >= 0 && x < grid.columns && y < grid.rows ? [x, y] : null;
}

/**
 * The piece in hand drawn over the board. Its data-state ("legal", "illegal",
 * "pending" or "none") and the data-* attributes a widget adds say what it shows.
 */
export class PreviewLayer {
  readonly element: SVGGElement;
  private readonly cells: SVGRectElement[] = [];
  private readonly keys = new Set<string>();

  constructor(parent: SVGElement, className: string, private readonly inset: number) {
    this.element = svg("g", { class: className, "data-state": "none", "aria-hidden": "true" }, parent);
  }

  show(cells: readonly Cell[], state: string, data: Record<string, string>): void {
    while (this.cells.length < cells.length) {
      this.cells.push(svg("rect", {
        class: "bk-preview-cell", width: 1 - 2 * this.inset, height: 1 - 2 * this.inset, rx: this.inset ? 0.08 : 0,
      }, this.element));
    }
    this.cells.forEach((rect, k) => {
      const cell = cells[k];
      if (!cell) {
        rect.setAttribute("display", "none");
        return;
      }
      rect.setAttribute("x", String(cell[0] + this.inset));
      rect.setAttribute("y", String(cell[1] + this.inset));
      rect.removeAttribute("display");
    });
    this.element.setAttribute("data-state", state);
    for (const [key, value] of Object.entries(data)) {
      this.keys.add(key);
      this.element.setAttribute(`data-${key}`, value);
    }
  }

  hide(): void {
    if (this.element.getAttribute("data-state") === "none") return;
    this.element.setAttribute("data-state", "none");
    for (const key of this.keys) this.element.setAttribute(`data-${key}`, "");
    for (const rect of this.cells) rect.setAttribute("display", "none");
  }
}
