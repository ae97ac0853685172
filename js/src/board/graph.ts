// The review's win-chance graph: one line per player over the positions of the
// game (in Duo one per side; on the classic boards each player's chance of
// finishing first, in its first color; classic_2's two players one line each),
// a dotted line at the fair share, a dot for each inaccuracy, mistake and
// blunder, and a cursor at the position shown; its axes are labelled and a
// legend names each line by its player and colors, as HTML beside the drawing
// (the drawing is stretched to its width, text in it would be too). A click
// or a drag on it asks for that position.

import { html, setFlag, svg } from "../shared/dom.js";
import { type ReviewMove, type ReviewSide, type ReviewState, percent } from "./review_protocol.js";

/** The graph's drawing box (viewBox units; it is stretched to the width it is given). */
export const WIDTH = 600;
export const HEIGHT = 140;
const PAD = 6;

/** The x of position `index` of `count` positions (0 to count - 1). */
export function xOf(index: number, count: number): number {
  return count <= 1 ? PAD : PAD + (index * (WIDTH - 2 * PAD)) / (count - 1);
}

/** The y of a win chance (1 at the top). */
export function yOf(chance: number): number {
  return PAD + (1 - chance) * (HEIGHT - 2 * PAD);
}

/** The position nearest to a fraction `at` (0 = left edge, 1 = right edge) of the graph's width. */
export function indexAt(at: number, count: number): number {
  if (count <= 1) return 0;
  const x = at * WIDTH;
  const index = Math.round(((x - PAD) * (count - 1)) / (WIDTH - 2 * PAD));
  return Math.max(0, Math.min(count - 1, index));
}

/** An SVG path through the known points of `curve`; a gap where a value is not known yet. */
export function curvePath(curve: readonly (number | null)[]): string {
  let path = "";
  let drawing = false;
  curve.forEach((value, index) => {
    if (value === null) {
      drawing = false;
      return;
    }
    const point = `${xOf(index, curve.length).toFixed(1)} ${yOf(value).toFixed(1)}`;
    path += drawing ? `L${point}` : `M${point}`;
    drawing = true;
  });
  return path;
}

/** The fair share of first place: 1/2 with two sides, 1/3 or 1/4 with three or four players. */
export function fairShare(players: number): number {
  return players > 0 ? 1 / players : 0.5;
}

/** What a player's line is called: "Ann (blue + red): 42%" at the position shown. */
export function lineTitle(side: ReviewSide | undefined, player: number, value: number | null | undefined): string {
  const name = side ? `${side.name || `Player ${player}`} (${side.colors.join(" + ")})` : `Player ${player}`;
  return `${name}: ${percent(value)} chance to finish first`;
}

/** A player with a swatch per color and the colors named: "■■ Ann (blue + red)". */
export function playerLabel(parent: HTMLElement, name: string, colors: readonly string[]): HTMLElement {
  const label = html("span", { class: "bk-player-label" }, parent);
  for (const color of colors) html("span", { class: "bk-swatch", "data-color": color, "aria-hidden": "true" }, label);
  html("span", { class: "bk-player-name" }, label, name);
  if (colors.length) html("span", { class: "bk-player-colors" }, label, `(${colors.join(" + ")})`);
  return label;
}

/** The y-axis labels: the top, the fair share and the bottom, as percents. */
export function axisTicks(players: number): string[] {
  return ["100%", percent(fairShare(players)), "0%"];
}

/** The moves the graph marks: the inaccuracies, mistakes and blunders. */
export function markedMoves(moves: readonly ReviewMove[]): ReviewMove[] {
  return moves.filter((m) => m.class === "inaccuracy" || m.class === "mistake" || m.class === "blunder");
}

export class WinGraph {
  /** The drawing with its axes and legend. */
  readonly frame: HTMLDivElement;
  readonly element: SVGSVGElement;
  private readonly ticks: HTMLSpanElement[];
  private readonly last: HTMLSpanElement;
  private readonly legend: HTMLDivElement;
  private readonly lines: SVGGElement;
  private readonly marks: SVGGElement;
  private readonly cursor: SVGLineElement;
  private readonly even: SVGLineElement;
  private key = "";
  private count = 0;

  constructor(private readonly seek: (index: number) => void) {
    this.frame = html("div", { class: "bk-graph-frame" });
    const axis = html("div", { class: "bk-graph-axis-y", "aria-hidden": "true" }, this.frame);
    html("span", { class: "bk-graph-axis-title" }, axis, "win chance");
    this.ticks = axisTicks(2).map((tick) => html("span", { class: "bk-graph-tick" }, axis, tick));
    this.element = svg("svg", {
      class: "bk-graph", viewBox: `0 0 ${WIDTH} ${HEIGHT}`, preserveAspectRatio: "none", role: "slider",
      "aria-label": "Win chance of each side; click or drag to go to a position", "data-role": "graph",
      "aria-valuemin": 0, "aria-valuemax": 0, "aria-valuenow": 0,
    });
    svg("rect", { class: "bk-graph-bg", x: 0, y: 0, width: WIDTH, height: HEIGHT }, this.element);
    this.even = svg("line", { class: "bk-graph-even", x1: 0, x2: WIDTH, y1: yOf(0.5), y2: yOf(0.5) }, this.element);
    this.lines = svg("g", { class: "bk-graph-lines" }, this.element);
    this.cursor = svg("line", { class: "bk-graph-cursor", y1: 0, y2: HEIGHT, x1: 0, x2: 0 }, this.element);
    this.marks = svg("g", { class: "bk-graph-marks" }, this.element);
    this.frame.append(this.element);
    const below = html("div", { class: "bk-graph-axis-x", "aria-hidden": "true" }, this.frame);
    html("span", {}, below, "start");
    html("span", { class: "bk-graph-axis-title" }, below, "placements played");
    this.last = html("span", {}, below, "0");
    this.legend = html("div", { class: "bk-graph-legend", "data-role": "graph-legend" }, this.frame);
    let dragging = false;
    const go = (event: PointerEvent) => {
      const box = this.element.getBoundingClientRect();
      if (box.width === 0 || this.count === 0) return;
      this.seek(indexAt((event.clientX - box.left) / box.width, this.count));
    };
    this.element.addEventListener("pointerdown", (event) => {
      if (event.button !== 0) return;
      dragging = true;
      this.element.setPointerCapture?.(event.pointerId);
      go(event);
    });
    this.element.addEventListener("pointermove", (event) => {
      if (dragging) go(event);
    });
    const end = () => {
      dragging = false;
    };
    this.element.addEventListener("pointerup", end);
    this.element.addEventListener("pointercancel", end);
  }

  update(review: ReviewState, index: number, colorOf: (player: number) => string): void {
    const count = review.total + 1;
    this.count = count;
    const key = JSON.stringify([review.curves, review.moves.map((m) => m.class)]);
    if (key !== this.key) {
      this.key = key;
      this.lines.replaceChildren();
      const fair = yOf(fairShare(review.curves.length));
      this.even.setAttribute("y1", String(fair));
      this.even.setAttribute("y2", String(fair));
      axisTicks(review.curves.length).forEach((tick, k) => {
        this.ticks[k].textContent = tick;
      });
      this.ticks[1].style.top = `${(100 * fair) / HEIGHT}%`;
      this.last.textContent = String(review.total);
      this.legend.replaceChildren();
      review.curves.forEach((curve, k) => {
        const side = review.sides.find((s) => s.player === k + 1);
        const line = svg("path", {
          class: "bk-graph-line", d: curvePath(curve), "data-color": side?.colors[0] ?? colorOf(k + 1),
          "data-player": k + 1, "vector-effect": "non-scaling-stroke",
        }, this.lines);
        const last = [...curve].reverse().find((v) => v !== null);
        svg("title", {}, line).textContent = lineTitle(side, k + 1, last);
        const entry = html("span", { class: "bk-graph-legend-entry", "data-player": k + 1 }, this.legend);
        html("span", { class: "bk-graph-legend-line", "data-color": side?.colors[0] ?? colorOf(k + 1),
          "aria-hidden": "true" }, entry);
        playerLabel(entry, side?.name || `Player ${k + 1}`, side?.colors ?? []);
      });
      this.marks.replaceChildren();
      for (const move of markedMoves(review.moves)) {
        const side = review.curves[move.player - 1];
        const value = side?.[move.number] ?? move.after;
        if (value === null || value === undefined) continue;
        const dot = svg("circle", {
          class: "bk-graph-mark", cx: xOf(move.number, count), cy: yOf(value), r: 4,
          "data-class": move.class, "data-number": move.number, "vector-effect": "non-scaling-stroke",
        }, this.marks);
        svg("title", {}, dot).textContent =
          `${move.number}. ${move.color} ${move.mark} ${move.class}, ${percent(-(move.loss ?? 0))} win chance`;
      }
    }
    const x = xOf(Math.min(index, count - 1), count);
    this.cursor.setAttribute("x1", String(x));
    this.cursor.setAttribute("x2", String(x));
    this.element.setAttribute("aria-valuemax", String(count - 1));
    this.element.setAttribute("aria-valuenow", String(index));
    this.element.setAttribute("data-index", String(index));
    setFlag(this.element, "data-complete", review.status === "done");
  }
}
