// One displayed view of the puzzle widget: puts the board, the tray, the
// controls and the panel together, keeps what is local to this view (the piece
// in hand, its orientation, the cursor) and turns input into requests to Python.

import type { Cell } from "./geometry.js";
import { HeldPiece } from "./held_piece.js";
import { type InputTarget, attachInput, keyboardRoot } from "./input.js";
import { PuzzleBoard } from "./puzzle_board.js";
import { type PuzzleAction, PuzzleControls } from "./puzzle_controls.js";
import { cellKey, clampToBox, firstFree, orientationOn, owners } from "./puzzle_geometry.js";
import { type PuzzleCommand, puzzleKeyCommand } from "./puzzle_input.js";
import { PuzzlePanel } from "./puzzle_panel.js";
import { type PuzzlePosition, evaluatePuzzlePlacement } from "./puzzle_preview.js";
import type { PuzzleMessage, PuzzleState, XY } from "./puzzle_types.js";
import { html, setFlag } from "./svg.js";
import type { ModelSync } from "./sync.js";
import { TrayView, cyclePiece } from "./tray.js";

export type PuzzleSync = ModelSync<PuzzleState, PuzzleMessage>;

export class PuzzleView implements InputTarget<PuzzleCommand> {
  readonly root: HTMLDivElement;
  private readonly boardWrap: HTMLDivElement;
  private readonly trayBox: HTMLDivElement;
  private readonly panel = new PuzzlePanel();
  private readonly controls: PuzzleControls;
  private board: PuzzleBoard | null = null;
  private tray: TrayView | null = null;
  private detachInput: () => void = () => {};
  private readonly unsubscribe: (() => void)[] = [];
  private layoutKey = "";
  private state: PuzzleState;
  private colors = new Map<string, string>();
  private region = new Set<string>();
  /** Cell key -> index of the placement covering it. */
  private covered = new Map<string, number>();

  private readonly held = new HeldPiece();
  /** A piece clicked on the board: it comes into the hand, as it lay, once Python has taken it away. */
  private pickup: { piece: string; shape: Cell[]; anchor: Cell; version: number } | null = null;
  private appliedHint = "";

  constructor(private readonly sync: PuzzleSync, host: HTMLElement) {
    this.state = sync.state;
    this.root = keyboardRoot(host, "bk-root pz-root", "Tiling puzzle");
    this.controls = new PuzzleControls((action) => this.action(action));
    this.root.append(this.panel.header);
    const main = html("div", { class: "pz-main" }, this.root);
    this.boardWrap = html("div", { class: "pz-board-wrap" }, main);
    const side = html("div", { class: "pz-side" }, main);
    this.trayBox = html("div", { class: "pz-tray" }, side);
    side.append(this.panel.element);
    this.root.append(this.controls.element);

    this.unsubscribe.push(sync.subscribe(() => this.render()));
    this.unsubscribe.push(sync.onRefusal((refusal) => {
      this.pickup = null;
      this.panel.say(`Not done: ${refusal.reason}.`);
    }));
    this.render();
  }

  destroy(): void {
    this.detachInput();
    this.unsubscribe.forEach((off) => off());
    this.root.remove();
  }

  // ---- drawing -------------------------------------------------------------

  private render(): void {
    const state = (this.state = this.sync.state);
    const layoutKey = JSON.stringify([state.width, state.height, state.region, state.pieces]);
    if (layoutKey !== this.layoutKey) this.rebuild(state, layoutKey);
    this.covered = owners(state.placements);
    this.root.setAttribute("data-version", String(state.version));
    setFlag(this.root, "data-solved", state.solved);
    setFlag(this.root, "data-thinking", state.thinking !== "");

    this.takePickup();
    this.takeHint();
    if (this.held.piece !== null && !this.canHold(this.held.piece)) this.held.drop();
    this.board!.update(state.placements, this.colors);
    const hint = this.hint();
    this.board!.showSuggestion(hint?.piece ?? "", hint ? hint.cells : null);
    const total = state.pieces.reduce((sum, p) => sum + p.count, 0);
    this.tray!.update({
      hand: this.hand(),
      playable: null,
      active: true,
      interactive: !state.solved,
      selected: this.held.piece,
      label: "Pieces",
      detail: `${state.placements.length} of ${total} placed`,
      counts: new Map(Object.entries(state.remaining)),
    });
    this.controls.update({
      holding: this.held.piece !== null, solved: state.solved, searching: state.thinking !== "",
      placed: state.placements.length,
    });
    this.panel.update(state);
    this.drawPreview();
  }

  private rebuild(state: PuzzleState, layoutKey: string): void {
    this.layoutKey = layoutKey;
    this.detachInput();
    this.held.drop();
    this.held.anchor = null;
    this.pickup = null;
    this.colors = new Map(state.pieces.map((p) => [p.name, p.color]));
    this.region = new Set(state.region.map(cellKey));
    this.board = new PuzzleBoard(state.width, state.height, state.region);
    this.boardWrap.replaceChildren(this.board.svg);
    this.tray = new TrayView("puzzle", state.pieces, (piece) => this.pick(piece), Object.fromEntries(this.colors));
    this.trayBox.replaceChildren(this.tray.element);
    this.detachInput = attachInput<PuzzleCommand>(this.root, this.board, this, puzzleKeyCommand);
  }

  private drawPreview(): void {
    const board = this.board!;
    const held = this.held;
    // The keyboard cursor: shown while keys move it, gone once the puzzle is solved.
    const cursor = held.keyboardMode && !this.state.solved;
    const onBoard = held.anchor !== null && (held.pointerOnBoard || cursor);
    board.showCursor(cursor && held.piece === null ? held.anchor : null);
    if (held.piece === null || !onBoard) {
      board.hidePreview();
      const under = onBoard && held.piece === null ? this.covered.get(cellKey(held.anchor!)) : undefined;
      board.highlight(under ?? null);
      if (under !== undefined) {
        this.panel.say(`The ${this.state.placements[under].piece}: click it (or press Enter) to pick it up, `
          + "Delete to put it back in the tray.");
      } else if (this.state.solved) this.panel.say("");
      else if (held.piece !== null) this.panel.say(`${held.piece} in hand: move over the region to place it.`);
      else this.panel.say("Pick a piece from the tray.");
      return;
    }
    board.highlight(null);
    const preview = evaluatePuzzlePlacement(this.position(), held.piece, held.shape, held.anchor!);
    board.showPreview(preview.cells, preview.state, preview.reason, this.colors.get(held.piece) ?? "");
    const [x, y] = held.anchor!;
    this.panel.say(`${held.piece} at (${x}, ${y}): ${preview.state === "legal"
      ? "fits here, click or press Enter to place it" : `cannot go here: ${preview.reason}`}.`);
  }

  /** A hint takes its piece into the hand, turned and placed as the hint says: one click puts it down. */
  private takeHint(): void {
    const hint = this.hint();
    if (hint === null) return;
    const key = `${this.state.version}|${hint.piece}`;
    const base = this.pieceCells(hint.piece);
    if (key === this.appliedHint || !base || !this.canHold(hint.piece)) return;
    this.appliedHint = key;
    const on = orientationOn(base, hint.cells);
    if (!on) return;
    this.held.piece = hint.piece;
    this.held.shape = on.shape;
    this.held.anchor = on.anchor;
    this.held.keyboardMode = true;
  }

  // ---- what this view knows ------------------------------------------------

  /** The hint for the puzzle shown, if Python found one. */
  private hint(): { piece: string; cells: Cell[] } | null {
    const h = this.state.hint;
    if (!("found" in h) || h.version !== this.state.version || !h.found || !h.piece || !h.cells) return null;
    return { piece: h.piece, cells: h.cells };
  }

  /** The pieces with a copy left to place. */
  private hand(): string[] {
    return this.state.pieces.filter((p) => this.canHold(p.name)).map((p) => p.name);
  }

  private canHold(piece: string): boolean {
    return !this.state.solved && (this.state.remaining[piece] ?? 0) > 0;
  }

  private pieceCells(name: string): Cell[] | undefined {
    return this.state.pieces.find((p) => p.name === name)?.cells;
  }

  private position(): PuzzlePosition {
    const names = new Map<string, string>();
    for (const [key, index] of this.covered) names.set(key, this.state.placements[index].piece);
    return { region: this.region, covered: names, remaining: this.state.remaining };
  }

  private defaultAnchor(): Cell {
    const region = this.state.region as Cell[];
    return firstFree(region, this.covered) ?? region[0];
  }

  // ---- input ---------------------------------------------------------------

  holding(): boolean {
    return this.held.holding();
  }

  hover(cell: Cell | null): void {
    this.held.hover(cell);
    this.drawPreview();
  }

  click(cell: Cell): void {
    this.held.anchor = cell;
    this.held.pointerOnBoard = true;
    this.held.keyboardMode = false;
    if (this.held.piece !== null) this.place();
    else this.pickUp(cell);
  }

  command(command: PuzzleCommand): void {
    switch (command.kind) {
      case "rotate":
        if (this.held.rotate(command.dir)) this.render();
        break;
      case "flip":
        if (this.held.flip()) this.render();
        break;
      case "move": {
        const held = this.held;
        const from = held.anchor && (held.keyboardMode || held.pointerOnBoard) ? held.anchor : null;
        held.keyboardMode = true;
        held.anchor = from ? clampToBox([from[0] + command.dx, from[1] + command.dy], this.state.width, this.state.height)
          : this.defaultAnchor();
        this.drawPreview();
        break;
      }
      case "place":
        if (this.held.anchor === null) this.held.anchor = this.defaultAnchor();
        this.held.keyboardMode = this.held.keyboardMode || !this.held.pointerOnBoard;
        if (this.held.piece !== null) this.place();
        else this.pickUp(this.held.anchor);
        break;
      case "drop":
        this.held.drop();
        this.render();
        break;
      case "cycle": {
        if (this.state.solved) return;
        const next = cyclePiece(this.tray!.order, this.hand(), this.held.piece, command.dir);
        if (next === null) return;
        if (this.held.anchor === null || !this.held.keyboardMode) this.held.anchor = this.defaultAnchor();
        this.held.keyboardMode = true;
        this.select(next);
        this.render();
        break;
      }
      case "remove": {
        const at = this.held.anchor;
        const under = at === null ? undefined : this.covered.get(cellKey(at));
        if (under !== undefined) this.sync.send({ type: "remove", cell: xy(at!), version: this.state.version });
        break;
      }
      case "action":
        if (command.action === "hint") this.action("hint");
        break;
    }
  }

  private pick(piece: string): void {
    this.root.focus({ preventScroll: true });
    if (this.state.solved) {
      this.panel.say("The puzzle is solved: press Start again to play it once more.");
      return;
    }
    if (!this.canHold(piece)) {
      this.panel.say(`Every ${piece} is placed: click one on the board to pick it up.`);
      return;
    }
    if (this.held.piece === piece) this.held.drop();
    else this.select(piece);
    this.render();
  }

  private select(piece: string): void {
    this.held.take(piece, this.pieceCells(piece)!);
  }

  private place(): void {
    const preview = evaluatePuzzlePlacement(this.position(), this.held.piece!, this.held.shape, this.held.anchor!);
    this.drawPreview();
    // Placements that look wrong are sent too: Python decides, and says why.
    this.sync.send({ type: "place", piece: this.held.piece!, cells: preview.cells.map(xy), version: this.state.version });
  }

  /** Ask Python to take away the piece on `cell`; it comes into the hand when that is done. */
  private pickUp(cell: Cell): void {
    const index = this.covered.get(cellKey(cell));
    if (index === undefined) return;
    const placement = this.state.placements[index];
    const on = orientationOn(placement.cells, placement.cells)!;
    this.pickup = { piece: placement.piece, shape: on.shape, anchor: on.anchor, version: this.state.version };
    this.sync.send({ type: "remove", cell: xy(cell), version: this.state.version });
  }

  private takePickup(): void {
    const pickup = this.pickup;
    if (pickup === null || this.state.version <= pickup.version) return;
    this.pickup = null;
    if (!this.canHold(pickup.piece)) return;
    this.held.piece = pickup.piece;
    this.held.shape = pickup.shape;
    this.held.anchor = pickup.anchor;
  }

  private action(action: PuzzleAction): void {
    switch (action) {
      case "rotate": this.command({ kind: "rotate", dir: 1 }); break;
      case "flip": this.command({ kind: "flip" }); break;
      default: this.sync.send({ type: action, version: this.state.version });
    }
  }
}

function xy(cell: Cell): XY {
  return [cell[0], cell[1]];
}
