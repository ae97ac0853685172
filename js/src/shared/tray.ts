// A piece tray: the pieces still in hand (used pieces stay in place, greyed,
// so the layout never jumps). The board game shows one per color, the puzzle one.

import { html, setFlag, svg } from "./dom.js";
import { PieceShape } from "./grid.js";
import { type NamedShape, type Shape, normalize } from "./shapes.js";

export interface Slot {
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Shelf layout of pieces in the given order, `width` cells wide, one free cell between pieces. */
export function layoutTray(pieces: readonly [string, Shape][], width: number): { slots: Slot[]; height: number } {
  const slots: Slot[] = [];
  let x = 0;
  let y = 0;
  let rowHeight = 0;
  for (const [name, shape] of pieces) {
    const cells = normalize(shape);
    const w = 1 + Math.max(...cells.map((c) => c[0]));
    const h = 1 + Math.max(...cells.map((c) => c[1]));
    if (x > 0 && x + w > width) {
      x = 0;
      y += rowHeight + 1;
      rowHeight = 0;
    }
    slots.push({ name, x, y, width: w, height: h });
    x += w + 1;
    rowHeight = Math.max(rowHeight, h);
  }
  return { slots, height: y + rowHeight };
}

/** The next piece in hand after (dir 1) or before (dir -1) `current`, in tray order, wrapping. */
export function cyclePiece(order: readonly string[], hand: readonly string[], current: string | null, dir: 1 | -1): string | null {
  const inHand = order.filter((name) => hand.includes(name));
  if (inHand.length === 0) return null;
  const at = current === null ? -1 : order.indexOf(current);
  if (at < 0) return dir === 1 ? inHand[0] : inHand[inHand.length - 1];
  for (let k = 1; k <= order.length; k++) {
    const name = order[(at + dir * k + order.length * 2) % order.length];
    if (inHand.includes(name)) return name;
  }
  return null;
}

const TRAY_WIDTH = 17;

export interface TrayState {
  hand: readonly string[];
  playable: ReadonlySet<string> | null;
  active: boolean;
  interactive: boolean;
  selected: string | null;
  label: string;
  detail: string;
}

export class TrayView {
  readonly element: HTMLDivElement;
  private readonly title: HTMLSpanElement;
  private readonly detail: HTMLSpanElement;
  protected readonly groups = new Map<string, SVGGElement>();
  protected readonly slots = new Map<string, Slot>();
  readonly order: string[];

  constructor(readonly color: string, pieces: readonly NamedShape[], onPick: (piece: string) => void) {
    this.order = pieces.map((p) => p.name);
    const shapes = new Map(pieces.map((p) => [p.name, p.cells] as const));
    this.element = html("div", { class: "bk-tray", "data-tray": color, "data-color": color });
    const header = html("div", { class: "bk-tray-header" }, this.element);
    html("span", { class: "bk-swatch", "data-color": color, "aria-hidden": "true" }, header);
    this.title = html("span", { class: "bk-tray-title" }, header, color);
    this.detail = html("span", { class: "bk-tray-detail" }, header);
    const { slots, height } = layoutTray(pieces.map((p) => [p.name, p.cells] as [string, Shape]), TRAY_WIDTH);
    const picture = svg("svg", {
      class: "bk-tray-pieces", viewBox: `-0.5 -0.5 ${TRAY_WIDTH + 1} ${height + 1}`,
      role: "group", "aria-label": `${color} pieces`,
    }, this.element);
    for (const slot of slots) {
      const cells = normalize(shapes.get(slot.name)!);
      const group = svg("g", {
        class: "bk-piece", "data-piece": slot.name, "data-color": color, role: "button",
        "aria-label": `${color} piece ${slot.name}, ${cells.length} square${cells.length > 1 ? "s" : ""}`,
        transform: `translate(${slot.x} ${slot.y})`,
      }, picture);
      // A transparent box so the gaps inside a piece are clickable too.
      svg("rect", { class: "bk-piece-hit", x: -0.4, y: -0.4, width: slot.width + 0.8, height: slot.height + 0.8 }, group);
      new PieceShape(group, { class: "bk-piece-shape" }, cells);
      group.addEventListener("click", (event) => {
        event.stopPropagation();
        onPick(slot.name);
      });
      group.addEventListener("keydown", (event) => {
        if (event.key === "Enter" || event.key === " ") {
          event.preventDefault();
          event.stopPropagation();
          onPick(slot.name);
        }
      });
      this.groups.set(slot.name, group);
      this.slots.set(slot.name, slot);
    }
  }

  update(options: TrayState): void {
    const inHand = new Set(options.hand);
    setFlag(this.element, "data-active", options.active);
    this.title.textContent = options.label;
    this.detail.textContent = options.detail;
    for (const [name, group] of this.groups) {
      const used = !inHand.has(name);
      setFlag(group, "data-used", used);
      setFlag(group, "data-selected", options.selected === name && options.active);
      // A piece in hand with no legal placement is dimmed but still selectable.
      setFlag(group, "data-blocked", !used && options.active && options.playable !== null && !options.playable.has(name));
      const usable = options.interactive && !used;
      group.setAttribute("tabindex", usable ? "0" : "-1");
      group.setAttribute("aria-disabled", usable ? "false" : "true");
      group.setAttribute("aria-pressed", options.selected === name && options.active ? "true" : "false");
    }
  }

  focus(piece: string): void {
    this.groups.get(piece)?.focus({ preventScroll: true });
  }
}
