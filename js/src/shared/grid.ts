// What both boards share: finding the cell under the pointer, drawing a piece
// as one shape, and the layers over the board: the piece in hand and a hint.

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
 * an outline round it. The colour comes from CSS: --bk-color.
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
 * A piece drawn over the board, not on it (the piece in hand, a hinted move):
 * one shape in a group whose data-* attributes say what it shows. CSS draws it
 * see-through with a dashed outline, never like a placed piece.
 */
class OverlayLayer {
  readonly element: SVGGElement;
  private readonly shape: PieceShape;
  private readonly keys = new Set<string>();

  /** `className` carries the shared class and a widget's own (`"bk-preview pz-preview"`); `keys` start as "". */
  constructor(parent: SVGElement, className: string, shapeClass: string, keys: readonly string[] = []) {
    this.element = svg("g", { class: className, "aria-hidden": "true", display: "none" }, parent);
    this.shape = new PieceShape(this.element, { class: shapeClass });
    this.mark(Object.fromEntries(keys.map((key) => [key, ""])));
  }

  /** Set data-* attributes (they go back to "" when the layer hides). */
  mark(data: Record<string, string>): void {
    for (const [key, value] of Object.entries(data)) {
      this.keys.add(key);
      this.element.setAttribute(`data-${key}`, value);
    }
  }

  protected draw(cells: readonly Cell[], data: Record<string, string>): void {
    this.shape.draw(cells);
    this.element.removeAttribute("display");
    this.mark(data);
  }

  protected clear(): void {
    this.element.setAttribute("display", "none");
    this.shape.draw([]);
    for (const key of this.keys) this.element.setAttribute(`data-${key}`, "");
  }
}

/** The piece in hand: its data-state is "legal", "illegal", "pending" or "none" (hidden). */
export class PreviewLayer extends OverlayLayer {
  constructor(parent: SVGElement, className = "bk-preview") {
    super(parent, className, "bk-preview-shape");
    this.element.setAttribute("data-state", "none");
  }

  show(cells: readonly Cell[], state: string, data: Record<string, string>): void {
    this.draw(cells, data);
    this.element.setAttribute("data-state", state);
  }

  hide(): void {
    if (this.element.getAttribute("data-state") === "none") return;
    this.element.setAttribute("data-state", "none");
    this.clear();
  }
}

/** A hinted move, where it goes: redrawn only when its cells or data change. */
export class SuggestionLayer extends OverlayLayer {
  private shown = "";

  constructor(parent: SVGElement, className = "bk-suggestion", keys: readonly string[] = []) {
    super(parent, className, "bk-suggestion-shape", keys);
  }

  /** Show the hint on `cells`, or hide it when `cells` is null. */
  show(cells: readonly Cell[] | null, data: Record<string, string>): void {
    const key = cells === null ? "" : JSON.stringify([cells, data]);
    if (key === this.shown) return;
    this.shown = key;
    if (cells === null) this.clear();
    else this.draw(cells, data);
  }
}
