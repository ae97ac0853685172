// Board drawing: one SVG <rect data-cell="e10"> per cell (data-owner on the
// covered ones), each placed piece drawn over them as one shape, and layers for
// the start squares, the last move's mark, the learner hints, a suggested move
// and the preview of the piece in hand. Colors come from CSS (see board.css).

import { setFlag, svg } from "../shared/dom.js";
import { type GridBox, PieceShape, PreviewLayer, SuggestionLayer, cellAt } from "../shared/grid.js";
import { type Cell, cellKey, connectedPieces } from "../shared/shapes.js";
import { cellName, onBoard, parseCell } from "./cells.js";
import type { PreviewState } from "./preview.js";
import { type WidgetState, currentHint } from "./protocol.js";

const MARGIN = 0.8; // room for the coordinates, in cells
const INSET = 0.05;

export class BoardView {
  readonly svg: SVGSVGElement;
  private readonly cells: SVGRectElement[] = [];
  private readonly starts: Map<string, SVGCircleElement> = new Map();
  private readonly pieces: SVGGElement;
  private readonly lastMark: SVGCircleElement;
  private readonly hintLayer: SVGGElement;
  private readonly suggestion: SuggestionLayer;
  private readonly preview: PreviewLayer;
  private readonly grid: GridBox;
  private owners = "";
  private lastCells: string[] = [];
  private hintsKey = "";

  constructor(readonly size: number, private readonly colors: readonly string[], startCells: Record<string, string>) {
    const extent = size + MARGIN;
    this.grid = { left: -MARGIN, top: 0, width: extent, height: extent, columns: size, rows: size };
    this.svg = svg("svg", {
      class: "bk-board",
      viewBox: `${-MARGIN} 0 ${extent} ${extent}`,
      role: "img",
      "aria-label": `Blokus board, ${size} by ${size}`,
      "data-size": size,
      // Right-click flips the piece in hand; JupyterLab's own context menu stays away.
      "data-jp-suppress-context-menu": "true",
    });
    svg("rect", { class: "bk-board-bg", x: 0, y: 0, width: size, height: size }, this.svg);
    const grid = svg("g", { class: "bk-cells" }, this.svg);
    for (let y = 0; y < size; y++) {
      for (let x = 0; x < size; x++) {
        this.cells.push(svg("rect", {
          class: "bk-cell", "data-cell": cellName([x, y], size),
          x: x + INSET, y: y + INSET, width: 1 - 2 * INSET, height: 1 - 2 * INSET, rx: 0.08,
        }, grid));
      }
    }
    this.pieces = svg("g", { class: "bk-pieces", "aria-hidden": "true" }, this.svg);
    const labels = svg("g", { class: "bk-coords", "aria-hidden": "true" }, this.svg);
    for (let i = 0; i < size; i++) {
      svg("text", { x: i + 0.5, y: size + MARGIN / 2 + 0.05 }, labels).textContent = "abcdefghijklmnopqrstuvwxyz"[i];
      svg("text", { x: -MARGIN / 2, y: i + 0.55 }, labels).textContent = String(size - i);
    }
    const startLayer = svg("g", { class: "bk-starts", "aria-hidden": "true" }, this.svg);
    for (const [color, name] of Object.entries(startCells)) {
      const cell = parseCell(name, size);
      if (!cell) continue;
      this.starts.set(name, svg("circle", {
        cx: cell[0] + 0.5, cy: cell[1] + 0.5, r: 0.3, "data-start": color, "data-color": color,
      }, startLayer));
    }
    this.lastMark = svg("circle", { class: "bk-last-mark", r: 0.17, display: "none", "aria-hidden": "true" }, this.svg);
    this.hintLayer = svg("g", { class: "bk-hints", "aria-hidden": "true" }, this.svg);
    this.suggestion = new SuggestionLayer(this.svg, "bk-suggestion", ["move", "piece", "anchor"]);
    this.preview = new PreviewLayer(this.svg, "bk-preview");
  }

  /** The board cell under a pointer position, or null when outside the board. */
  cellAt(clientX: number, clientY: number): Cell | null {
    return cellAt(this.svg, this.grid, clientX, clientY);
  }

  update(state: WidgetState): void {
    if (state.board !== this.owners) {
      for (let i = 0; i < this.cells.length; i++) {
        const owner = state.board[i] ?? "0";
        if (owner === (this.owners[i] ?? "0")) continue;
        if (owner === "0") this.cells[i].removeAttribute("data-owner");
        else this.cells[i].setAttribute("data-owner", this.colors[Number(owner) - 1] ?? "unknown");
      }
      this.owners = state.board;
      this.drawPieces();
      for (const [name, circle] of this.starts) {
        const cell = parseCell(name, this.size)!;
        setFlag(circle, "data-covered", state.board[cell[1] * this.size + cell[0]] !== "0");
      }
    }
    const last = "cells" in state.last_move ? state.last_move.cells : [];
    if (last.join() !== this.lastCells.join()) {
      for (const name of this.lastCells) this.cell(name)?.removeAttribute("data-last");
      for (const name of last) this.cell(name)?.setAttribute("data-last", "true");
      this.lastCells = [...last];
      this.markLast(last);
    }
    this.drawHints(state);
    this.drawSuggestion(state);
  }

  cell(name: string): SVGRectElement | null {
    const cell = parseCell(name, this.size);
    return cell ? this.cells[cell[1] * this.size + cell[0]] : null;
  }

  showPreview(cells: Cell[], state: PreviewState, move: string | null, reason: string, color: string): void {
    const visible = cells.filter((c) => onBoard(c, this.size));
    this.preview.show(visible, state, {
      color, cells: visible.map((c) => cellName(c, this.size)).join(","), move: move ?? "", reason,
    });
  }

  hidePreview(): void {
    this.preview.hide();
  }

  /** The view took the hint up: its anchor is where the piece in hand now is. */
  markSuggestionAnchor(name: string): void {
    this.suggestion.mark({ anchor: name });
  }

  private drawHints(state: WidgetState): void {
    const on = state.show_hints && state.mode === "play" && state.to_play !== "";
    const key = on ? `${state.to_play}|${state.corner_points.join()}|${state.forbidden.join()}` : "";
    if (key === this.hintsKey) return;
    this.hintsKey = key;
    this.hintLayer.replaceChildren();
    this.hintLayer.setAttribute("data-color", state.to_play);
    if (!on) return;
    for (const name of state.forbidden) {
      const cell = parseCell(name, this.size);
      if (!cell) continue;
      const [x, y] = cell;
      svg("path", {
        class: "bk-forbidden", "data-hint-cell": name, "data-hint-kind": "forbidden",
        d: `M${x + 0.3} ${y + 0.3}L${x + 0.7} ${y + 0.7}M${x + 0.7} ${y + 0.3}L${x + 0.3} ${y + 0.7}`,
      }, this.hintLayer);
    }
    for (const name of state.corner_points) {
      const cell = parseCell(name, this.size);
      if (!cell) continue;
      svg("circle", {
        class: "bk-corner", "data-hint-cell": name, "data-hint-kind": "corner",
        cx: cell[0] + 0.5, cy: cell[1] + 0.5, r: 0.2,
      }, this.hintLayer);
    }
  }

  /** Each placed piece as one shape: the cells of one color joined by a side are one piece (the rules keep two apart). */
  private drawPieces(): void {
    const owner = new Map<string, string>();
    this.cells.forEach((rect, i) => {
      const color = rect.getAttribute("data-owner");
      if (color) owner.set(cellKey([i % this.size, Math.floor(i / this.size)]), color);
    });
    this.pieces.replaceChildren();
    for (const piece of connectedPieces(owner)) {
      new PieceShape(this.pieces, {
        class: "bk-placed", "data-color": piece.owner,
        "data-cells": piece.cells.map((c) => cellName(c, this.size)).join(","),
      }, piece.cells);
    }
  }

  /** A dot on the last move's piece, on the square nearest its middle. */
  private markLast(names: readonly string[]): void {
    const cells = names.map((n) => parseCell(n, this.size)).filter((c): c is Cell => c !== null);
    if (cells.length === 0) {
      this.lastMark.setAttribute("display", "none");
      return;
    }
    const mx = cells.reduce((sum, c) => sum + c[0], 0) / cells.length;
    const my = cells.reduce((sum, c) => sum + c[1], 0) / cells.length;
    const [x, y] = cells.reduce((a, b) => ((b[0] - mx) ** 2 + (b[1] - my) ** 2 < (a[0] - mx) ** 2 + (a[1] - my) ** 2 ? b : a));
    this.lastMark.setAttribute("cx", String(x + 0.5));
    this.lastMark.setAttribute("cy", String(y + 0.5));
    this.lastMark.setAttribute("data-at", cellName([x, y], this.size));
    this.lastMark.removeAttribute("display");
  }

  private drawSuggestion(state: WidgetState): void {
    const hint = currentHint(state);
    if (hint === null) {
      this.suggestion.show(null, {});
      return;
    }
    const cells = hint.cells.map((n) => parseCell(n, this.size)).filter((c): c is Cell => c !== null);
    // The anchor is set by the view when it takes the hint up (markSuggestionAnchor).
    this.suggestion.show(cells, { move: hint.move, piece: hint.piece, anchor: "" });
  }
}
