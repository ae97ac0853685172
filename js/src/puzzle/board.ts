// Drawing the puzzle: one SVG <rect data-cell="x,y"> per cell of the region
// (holes are simply not drawn), each placed piece over them as one shape in its
// colour, a hinted placement, the preview of the piece in hand and the keyboard
// cursor. Colours of empty cells and lines come from CSS.

import { setFlag, svg } from "../shared/dom.js";
import { type GridBox, PieceShape, PreviewLayer, SuggestionLayer, cellAt } from "../shared/grid.js";
import { type Cell, cellKey, outlinePath } from "../shared/shapes.js";
import { owners } from "./cells.js";
import type { PlacedPiece, XY } from "./protocol.js";

const PAD = 0.15; // room for the outline's stroke, in cells
const CELL_PIXELS = 56; // the largest a cell is drawn; a narrower cell output shrinks the board

export class PuzzleBoard {
  readonly svg: SVGSVGElement;
  private readonly cells = new Map<string, SVGRectElement>();
  private readonly pieces: SVGGElement;
  private shapes: PieceShape[] = [];
  private readonly suggestion: SuggestionLayer;
  private readonly preview: PreviewLayer;
  private readonly grid: GridBox;
  private readonly cursor: SVGRectElement;
  private placements: readonly PlacedPiece[] = [];
  private placementsKey = "";
  private hovered: number | null = null;

  constructor(readonly width: number, readonly height: number, region: readonly XY[]) {
    this.grid = { left: -PAD, top: -PAD, width: width + 2 * PAD, height: height + 2 * PAD, columns: width, rows: height };
    this.svg = svg("svg", {
      class: "pz-board",
      viewBox: `${-PAD} ${-PAD} ${width + 2 * PAD} ${height + 2 * PAD}`,
      role: "img",
      "aria-label": `Puzzle region of ${region.length} squares, ${width} wide and ${height} high`,
      "data-width": width,
      "data-height": height,
      // Right-click flips the piece in hand; JupyterLab's own context menu stays away.
      "data-jp-suppress-context-menu": "true",
      style: `width: ${(width + 2 * PAD) * CELL_PIXELS}px`,
    });
    const grid = svg("g", { class: "pz-cells" }, this.svg);
    for (const [x, y] of region) {
      const key = cellKey([x, y]);
      this.cells.set(key, svg("rect", { class: "pz-cell", "data-cell": key, x, y, width: 1, height: 1 }, grid));
    }
    this.pieces = svg("g", { class: "pz-pieces", "aria-hidden": "true" }, this.svg);
    svg("path", {
      class: "pz-region-edge", "aria-hidden": "true", d: outlinePath(new Map(region.map((c) => [cellKey(c), 0]))),
    }, this.svg);
    this.suggestion = new SuggestionLayer(this.svg, "bk-suggestion pz-suggestion", ["hint-piece", "cells"]);
    this.preview = new PreviewLayer(this.svg, "bk-preview pz-preview");
    this.cursor = svg("rect", {
      class: "pz-cursor", width: 1, height: 1, display: "none", "aria-hidden": "true", "data-at": "",
    }, this.svg);
  }

  /** The cell of the region's box under a pointer position, or null outside it. */
  cellAt(clientX: number, clientY: number): Cell | null {
    return cellAt(this.svg, this.grid, clientX, clientY);
  }

  /** Mark the cells of the pieces placed (data-owner, data-placement) and draw each piece as one shape in its colour. */
  update(placements: readonly PlacedPiece[], colors: ReadonlyMap<string, string>): void {
    const key = JSON.stringify(placements);
    if (key === this.placementsKey) return;
    this.placementsKey = key;
    this.placements = placements;
    this.hovered = null;
    const owner = owners(placements);
    for (const [name, rect] of this.cells) {
      const index = owner.get(name);
      rect.removeAttribute("data-hover");
      if (index === undefined) {
        rect.removeAttribute("data-owner");
        rect.removeAttribute("data-placement");
      } else {
        rect.setAttribute("data-owner", placements[index].piece);
        rect.setAttribute("data-placement", String(index));
      }
    }
    this.pieces.replaceChildren();
    this.shapes = placements.map((placement, index) => {
      const shape = new PieceShape(this.pieces, {
        class: "pz-placed", "data-placed-piece": placement.piece, "data-placement": index,
      }, placement.cells);
      shape.element.style.setProperty("--bk-color", colors.get(placement.piece) ?? "");
      return shape;
    });
  }

  /** Mark the placement the pointer is on (a click takes it back), or none. */
  highlight(index: number | null): void {
    if (index === this.hovered) return;
    for (const k of [this.hovered, index]) {
      if (k === null || !this.placements[k]) continue;
      for (const cell of this.placements[k].cells) setFlag(this.cells.get(cellKey(cell))!, "data-hover", k === index);
      if (this.shapes[k]) setFlag(this.shapes[k].element, "data-hover", k === index);
    }
    this.hovered = index;
  }

  showPreview(cells: readonly Cell[], state: string, reason: string, color: string): void {
    this.preview.show(cells, state, { cells: cells.map(cellKey).join(" "), reason });
    this.preview.element.style.setProperty("--bk-color", color);
  }

  hidePreview(): void {
    this.preview.hide();
  }

  /** The piece a hint places, dashed, where it goes; null removes it. */
  showSuggestion(piece: string, cells: readonly Cell[] | null): void {
    this.suggestion.show(cells, cells ? { "hint-piece": piece, cells: cells.map(cellKey).join(" ") } : {});
  }

  showCursor(cell: Cell | null): void {
    if (cell === null) {
      this.cursor.setAttribute("display", "none");
      this.cursor.setAttribute("data-at", "");
      return;
    }
    this.cursor.setAttribute("x", String(cell[0]));
    this.cursor.setAttribute("y", String(cell[1]));
    this.cursor.setAttribute("data-at", cellKey(cell));
    this.cursor.removeAttribute("display");
  }
}
