// What both boards share: finding the cell under the pointer, drawing a piece
// as one shape, and the layer that previews the piece in hand.

import { svg } from "./dom.js";
import { type Cell, pieceLines, squaresPath } from "./shapes.js";

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
 * A piece drawn as one shape, as the physical pieces look: its squares filled
 * together, a faint line between them, a lit and a shaded edge for relief and
 * an outline round it. The colour comes from CSS (--bk-color, or --pz-fill).
 */
export class PieceShape {
  readonly element: SVGGElement;
  private readonly paths: Record<"fill" | "inner" | "light" | "shade" | "outline", SVGPathElement>;

  constructor(parent: SVGElement, attributes: Record<string, string | number>, cells: readonly Cell[] = []) {
    this.element = svg("g", { ...attributes, class: `bk-shape ${attributes.class ?? ""}`.trim() }, parent);
    const path = (name: string) => svg("path", { class: `bk-shape-${name}`, d: "" }, this.element);
    this.paths = {
      fill: path("fill"), inner: path("inner"), light: path("light"), shade: path("shade"), outline: path("outline"),
    };
    if (cells.length) this.draw(cells);
  }

  draw(cells: readonly Cell[]): void {
    const lines = pieceLines(cells);
    this.paths.fill.setAttribute("d", squaresPath(cells));
    this.paths.inner.setAttribute("d", lines.inner);
    this.paths.light.setAttribute("d", lines.light);
    this.paths.shade.setAttribute("d", lines.shade);
    this.paths.outline.setAttribute("d", lines.outline);
  }
}

/**
 * The piece in hand drawn over the board, as one shape. Its data-state
 * ("legal", "illegal", "pending" or "none") and the data-* attributes a widget
 * adds say what it shows.
 */
export class PreviewLayer {
  readonly element: SVGGElement;
  private readonly shape: PieceShape;
  private readonly keys = new Set<string>();

  constructor(parent: SVGElement, className: string) {
    this.element = svg("g", { class: className, "data-state": "none", "aria-hidden": "true" }, parent);
    this.shape = new PieceShape(this.element, { class: "bk-preview-shape" });
    this.element.setAttribute("display", "none");
  }

  show(cells: readonly Cell[], state: string, data: Record<string, string>): void {
    this.shape.draw(cells);
    this.element.removeAttribute("display");
    this.element.setAttribute("data-state", state);
    for (const [key, value] of Object.entries(data)) {
      this.keys.add(key);
      this.element.setAttribute(`data-${key}`, value);
    }
  }

  hide(): void {
    if (this.element.getAttribute("data-state") === "none") return;
    this.element.setAttribute("data-state", "none");
    this.element.setAttribute("display", "none");
    for (const key of this.keys) this.element.setAttribute(`data-${key}`, "");
  }
}
