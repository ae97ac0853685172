// The puzzle's tray: the shared tray with each piece in its own colour and
// "×n" beside a piece with more than one copy left.

import { svg } from "../shared/dom.js";
import { TrayView, type TrayState } from "../shared/tray.js";
import type { PuzzlePiece } from "./protocol.js";

export class PuzzleTray extends TrayView {
  private readonly counts = new Map<string, SVGTextElement>();

  constructor(pieces: readonly PuzzlePiece[], onPick: (piece: string) => void) {
    super("puzzle", pieces, onPick);
    for (const piece of pieces) this.groups.get(piece.name)?.style.setProperty("--bk-color", piece.color);
  }

  /** `remaining`: copies left of each piece (the count also goes to data-count). */
  updateWithCounts(options: TrayState, remaining: Readonly<Record<string, number>>): void {
    this.update(options);
    for (const [name, group] of this.groups) {
      const left = remaining[name] ?? 0;
      group.setAttribute("data-count", String(left));
      let text = this.counts.get(name);
      if (!text && left > 1) {
        const slot = this.slots.get(name)!;
        text = svg("text", { class: "bk-piece-count", x: slot.width + 0.1, y: 0.5, "aria-hidden": "true" }, group);
        this.counts.set(name, text);
      }
      if (text) text.textContent = left > 1 ? `×${left}` : "";
    }
  }
}
