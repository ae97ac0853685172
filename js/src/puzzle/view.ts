// One displayed view of the puzzle widget: the region, the tray, the controls
// and the panel in the shared layout (shared/view.ts), and what the puzzle's
// state means for the piece in hand: pieces on the board can be picked up again.

import { setFlag } from "../shared/dom.js";
import type { PointerSurface } from "../shared/input.js";
import { type Cell, cellKey, clampToBox } from "../shared/shapes.js";
import type { Refusal } from "../shared/sync.js";
import type { TrayView } from "../shared/tray.js";
import { PieceView } from "../shared/view.js";
import { PuzzleBoard } from "./board.js";
import { firstFree, owners } from "./cells.js";
import { type PuzzleAction, PuzzleControls, type PuzzleFacts, puzzleAvailable } from "./controls.js";
import { type PuzzleCommand, puzzleKeyCommand } from "./keys.js";
import { PuzzlePanel } from "./panel.js";
import { type PuzzlePosition, evaluatePuzzlePlacement } from "./preview.js";
import { type PuzzleMessage, type PuzzleState, type PuzzleSync, type XY, currentHint } from "./protocol.js";
import { PuzzleTray } from "./tray.js";

export class PuzzleView extends PieceView<PuzzleState, PuzzleMessage, PuzzleCommand> {
  protected readonly cursorWithoutPiece = true;
  private readonly panel = new PuzzlePanel();
  private readonly controls: PuzzleControls;
  private board: PuzzleBoard | null = null;
  private tray: PuzzleTray | null = null;
  private colors = new Map<string, string>();
  private region = new Set<string>();
  /** Cell key -> index of the placement covering it. */
  private covered = new Map<string, number>();
  /** A piece clicked on the board: it comes into the hand, as it lay, once Python has taken it away. */
  private pickup: { piece: string; cells: Cell[]; version: number; request: string } | null = null;

  constructor(sync: PuzzleSync, host: HTMLElement) {
    super(sync, host, "bk-root pz-root", "Tiling puzzle", puzzleKeyCommand);
    this.controls = new PuzzleControls((action) => this.action(action));
    this.side.append(this.trayBox, this.panel.element);
    this.boardColumn.append(this.controls.element);
    this.start();
  }

  // ---- drawing -------------------------------------------------------------

  protected layoutKeyOf(state: PuzzleState): string {
    return JSON.stringify([state.width, state.height, state.region, state.pieces]);
  }

  protected rebuild(state: PuzzleState): PointerSurface {
    this.pickup = null;
    this.colors = new Map(state.pieces.map((p) => [p.name, p.color]));
    this.region = new Set(state.region.map(cellKey));
    this.board = new PuzzleBoard(state.width, state.height, state.region);
    this.tray = new PuzzleTray(state.pieces, (piece) => this.pick(piece));
    this.trayBox.replaceChildren(this.tray.element);
    return this.board;
  }

  protected update(state: PuzzleState): void {
    this.covered = owners(state.placements);
    this.root.setAttribute("data-version", String(state.version));
    setFlag(this.root, "data-solved", state.solved);
    setFlag(this.root, "data-thinking", state.thinking !== "");

    this.takePickup();
    this.applyHint();
    if (this.held.piece !== null && !this.canHold(this.held.piece)) this.held.drop();
    this.board!.update(state.placements, this.colors);
    const hint = this.hint();
    this.board!.showSuggestion(hint?.piece ?? "", hint ? hint.cells : null);
    const total = state.pieces.reduce((sum, p) => sum + p.count, 0);
    this.tray!.updateWithCounts({
      hand: this.hand(),
      playable: null,
      active: true,
      interactive: !state.solved,
      selected: this.held.piece,
      label: "Pieces",
      detail: `${state.placements.length} of ${total} placed`,
    }, state.remaining);
    this.controls.update(this.facts());
    this.panel.update(state, this.header);
    this.drawPreview();
  }

  protected refused(refusal: Refusal, _request: PuzzleMessage | undefined, tag: string): void {
    if (this.pickup?.request === tag) this.pickup = null;
    this.header.say(`Not done: ${refusal.reason}.`);
  }

  protected drawPreview(): void {
    const board = this.board!;
    const held = this.held;
    // The keyboard cursor: shown while keys move it, gone once the puzzle is solved.
    const cursor = held.keyboardMode && !this.state.solved;
    const onBoard = held.anchor !== null && (held.pointerOnBoard || held.touchShown || cursor);
    board.showCursor(cursor && held.piece === null ? held.anchor : null);
    if (held.piece === null || !onBoard) {
      board.hidePreview();
      const under = onBoard && held.piece === null ? this.covered.get(cellKey(held.anchor!)) : undefined;
      board.highlight(under ?? null);
      if (under !== undefined) {
        this.header.say(this.touchLayout()
          ? `The ${this.state.placements[under].piece}: tap it to pick it up.`
          : `The ${this.state.placements[under].piece}: click it (or press Enter) to pick it up, `
            + "Delete to put it back in the tray.");
      } else if (this.state.solved) this.header.say("");
      else if (held.piece !== null) {
        this.header.say(this.touchLayout()
          ? `${held.piece} in hand: tap the region to see it there.`
          : `${held.piece} in hand: move over the region to place it.`);
      }
      else this.header.say("Pick a piece from the tray.");
      return;
    }
    board.highlight(null);
    const preview = evaluatePuzzlePlacement(this.position(), held.piece, held.shape, held.anchor!);
    board.showPreview(preview.cells, preview.state, preview.reason, this.colors.get(held.piece) ?? "");
    const [x, y] = held.anchor!;
    const fits = this.touchLayout() ? "fits here, tap it again or press Place" : "fits here, click or press Enter to place it";
    this.header.say(`${held.piece} at (${x}, ${y}): ${preview.state === "legal" ? fits : `cannot go here: ${preview.reason}`}.`);
  }

  /** A hint takes its piece into the hand, turned and placed as the hint says: one click puts it down. */
  private applyHint(): void {
    const hint = this.hint();
    if (hint === null || !this.canHold(hint.piece)) return;
    this.takeHint(`${this.state.version}|${hint.piece}`, hint.piece, hint.cells);
  }

  // ---- what this view knows ------------------------------------------------

  /** The hint for the puzzle shown, if Python found one. */
  private hint(): { piece: string; cells: Cell[] } | null {
    const h = currentHint(this.state);
    if (h === null || !h.found || !h.piece || !h.cells) return null;
    return { piece: h.piece, cells: h.cells };
  }

  private facts(): PuzzleFacts {
    const s = this.state;
    return { holding: this.held.piece !== null, solved: s.solved, searching: s.thinking !== "", placed: s.placements.length };
  }

  /** The pieces with a copy left to place. */
  private hand(): string[] {
    return this.state.pieces.filter((p) => this.canHold(p.name)).map((p) => p.name);
  }

  private canHold(piece: string): boolean {
    return !this.state.solved && (this.state.remaining[piece] ?? 0) > 0;
  }

  private position(): PuzzlePosition {
    const names = new Map<string, string>();
    for (const [key, index] of this.covered) names.set(key, this.state.placements[index].piece);
    return { region: this.region, covered: names, remaining: this.state.remaining };
  }

  protected defaultAnchor(): Cell {
    const region = this.state.region as Cell[];
    return firstFree(region, this.covered) ?? region[0];
  }

  protected clamp(cell: Cell): Cell {
    return clampToBox(cell, this.state.width, this.state.height);
  }

  protected choosable(): { tray: TrayView; hand: readonly string[] } | null {
    return this.state.solved || !this.tray ? null : { tray: this.tray, hand: this.hand() };
  }

  protected whyNotTake(piece: string): string | null {
    if (this.state.solved) return "The puzzle is solved: press Start again to play it once more.";
    if (!this.canHold(piece)) return `Every ${piece} is placed: click one on the board to pick it up.`;
    return null;
  }

  // ---- input ---------------------------------------------------------------

  protected padButtons(): HTMLElement[] {
    return this.controls.padButtons();
  }

  protected otherCommand(command: PuzzleCommand): boolean {
    if (command.kind === "action") return this.action(command.action);
    if (command.kind === "check") return this.action("check");
    if (command.kind !== "remove") return false;
    const at = this.held.anchor;
    const under = at === null ? undefined : this.covered.get(cellKey(at));
    if (under === undefined) return false;
    this.requests.ask({ type: "remove", cell: xy(at!), version: this.state.version });
    return true;
  }

  protected place(): void {
    const preview = evaluatePuzzlePlacement(this.position(), this.held.piece!, this.held.shape, this.held.anchor!);
    this.drawPreview();
    // Placements that look wrong are sent too: Python decides, and says why.
    this.requests.ask({ type: "place", piece: this.held.piece!, cells: preview.cells.map(xy), version: this.state.version });
  }

  /** Ask Python to take away the piece on `cell`; it comes into the hand when that is done. */
  protected placeNothing(cell: Cell): boolean {
    const index = this.covered.get(cellKey(cell));
    if (index === undefined) return false;
    const placement = this.state.placements[index];
    const request = this.requests.ask({ type: "remove", cell: xy(cell), version: this.state.version });
    // Not sent (a request for this version is on its way): a pickup already asked for stays.
    if (request !== null) {
      this.pickup = { piece: placement.piece, cells: placement.cells, version: this.state.version, request };
    }
    return true;
  }

  private takePickup(): void {
    const pickup = this.pickup;
    if (pickup === null || this.state.version <= pickup.version) return;
    this.pickup = null;
    if (this.canHold(pickup.piece)) this.takeOnto(pickup.piece, pickup.cells, false);
  }

  /** A button or a key: done only when its button is enabled. Returns whether it was. */
  private action(action: PuzzleAction): boolean {
    if (!puzzleAvailable(this.facts())[action]) return false;
    switch (action) {
      case "rotate": return this.command({ kind: "rotate", dir: 1 });
      case "flip": return this.command({ kind: "flip" });
      case "place": return this.placeShown();
      default:
        this.requests.ask({ type: action, version: this.state.version });
        return true;
    }
  }
}

function xy(cell: Cell): XY {
  return [cell[0], cell[1]];
}
