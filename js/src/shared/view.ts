// What both widgets' views share: the layout shell (header, board, side column,
// the touch layout's buttons beside the board), the subscription to the model,
// and the piece in hand: hover, click, a finger's show and tap, the
// rotate/flip/move/place/drop/choose commands and taking a piece into the hand.
// Each widget's view.ts says what its state means: which pieces may be taken,
// where the cursor starts, what placing sends to Python.

import { html, setFlag } from "./dom.js";
import { StatusHeader } from "./header.js";
import { HeldPiece } from "./held_piece.js";
import { type InputTarget, type KeyLike, type PieceCommand, type PointerSurface, attachInput, keyboardRoot } from "./input.js";
import { type Cell, type NamedShape, orientationOn, placeAt } from "./shapes.js";
import { TouchPad } from "./touch_pad.js";
import { Requests } from "./requests.js";
import type { ModelSync, Refusal } from "./sync.js";
import { type TrayView, cyclePiece } from "./tray.js";

/** The part of a widget's state the shared view reads. */
export interface PieceState {
  pieces: readonly NamedShape[];
}

/** `S`, `M`: the widget's state and messages; `C` its own key commands; `W` the traits a view may write. */
export abstract class PieceView<
  S extends PieceState, M extends { type: string }, C extends { kind: string }, W extends keyof S & string = never,
> implements InputTarget<C> {
  readonly root: HTMLDivElement;
  protected readonly header: StatusHeader;
  /** The board with the controls under it: they stay in view beside a long side column. */
  protected readonly boardColumn: HTMLDivElement;
  protected readonly side: HTMLDivElement;
  protected readonly trayBox: HTMLDivElement;
  protected readonly held = new HeldPiece();
  /** What this view asks Python: tagged as this view's, and once per version until answered. */
  protected readonly requests: Requests<M>;
  protected state: S;
  private readonly boardWrap: HTMLDivElement;
  /** Rotate, flip, place (and the widget's own) beside the board on a touch device. */
  private readonly pad: TouchPad;
  private readonly unsubscribe: (() => void)[] = [];
  private detachInput: () => void = () => {};
  private layoutKey = "";
  /** The hint last taken into the hand: each is taken once, and may then be put back. */
  private hintTaken = "";

  /** Whether the arrow keys move a cursor with no piece in hand (the puzzle picks pieces up with it). */
  protected abstract readonly cursorWithoutPiece: boolean;

  constructor(
    protected readonly sync: ModelSync<S, M, W>,
    host: HTMLElement,
    className: string,
    label: string,
    private readonly keys: (event: KeyLike) => PieceCommand | C | null,
  ) {
    this.state = sync.state;
    this.requests = new Requests<M>((message) => sync.send(message));
    this.root = keyboardRoot(host, className, label);
    this.header = new StatusHeader(this.root);
    const main = html("div", { class: "bk-main" }, this.root);
    this.boardColumn = html("div", { class: "bk-board-column" }, main);
    const boardRow = html("div", { class: "bk-board-row" }, this.boardColumn);
    this.boardWrap = html("div", { class: "bk-board-wrap" }, boardRow);
    this.pad = new TouchPad(this.root, boardRow);
    this.side = html("div", { class: "bk-side" }, main);
    this.trayBox = html("div", { class: "bk-trays" });
  }

  /** Subscribe to the model and draw; a subclass calls it once its own parts exist. */
  protected start(): void {
    this.pad.dock(this.padButtons());
    this.unsubscribe.push(this.sync.subscribe(() => {
      this.requests.answered();
      this.render();
    }));
    // Every view gets every refusal; a view answers only those of its own requests.
    this.unsubscribe.push(this.sync.onRefusal((refusal) => {
      const own = this.requests.refused(refusal);
      if (own) this.refused(refusal, own.message, own.tag);
    }));
    this.render();
  }

  destroy(): void {
    this.detachInput();
    this.pad.destroy();
    this.unsubscribe.forEach((off) => off());
    this.root.remove();
  }

  // ---- what a widget's view says -------------------------------------------

  /** A key of what fixes the board's layout: a new key rebuilds the board and the trays. */
  protected abstract layoutKeyOf(state: S): string;
  /** Build the board (and trays) for a new layout. */
  protected abstract rebuild(state: S): PointerSurface;
  /** Bring the board, trays, controls and panel up to `state` (already in `this.state`). */
  protected abstract update(state: S): void;
  /** Python refused `request` (undefined if long forgotten), which this view sent with `tag`. */
  protected abstract refused(refusal: Refusal, request: M | undefined, tag: string): void;
  /** Draw the piece in hand at the cursor, or the help line when there is none. */
  protected abstract drawPreview(): void;
  /** Ask Python to put the piece in hand down at the anchor. */
  protected abstract place(): void;
  /** Enter on a cell with no piece in hand; whether it did anything. */
  protected abstract placeNothing(cell: Cell): boolean;
  /** Where the keyboard cursor starts. */
  protected abstract defaultAnchor(): Cell;
  protected abstract clamp(cell: Cell): Cell;
  /** The tray to choose from now, and the pieces in it that may be taken; null when none may be. */
  protected abstract choosable(): { tray: TrayView; hand: readonly string[] } | null;
  /** Null when `piece` may be taken now, else why not ("" to say nothing). */
  protected abstract whyNotTake(piece: string): string | null;
  /** A command of the widget's own keys; whether it did anything. */
  protected abstract otherCommand(command: C | PieceCommand): boolean;
  /** The buttons that go beside the board in the touch layout (rotate, flip, place…), in order. */
  protected abstract padButtons(): HTMLElement[];

  // ---- drawing -------------------------------------------------------------

  protected render(): void {
    const state = (this.state = this.sync.state);
    const layoutKey = this.layoutKeyOf(state);
    if (layoutKey !== this.layoutKey) {
      this.layoutKey = layoutKey;
      this.detachInput();
      this.held.drop();
      this.held.anchor = null;
      const board = this.rebuild(state);
      this.boardWrap.replaceChildren(board.svg);
      this.detachInput = attachInput(this.root, board, this, this.keys);
    }
    this.update(state);
    // With a piece in hand a finger on the board moves the piece; with none it may scroll the page.
    setFlag(this.root, "data-holding", this.held.piece !== null);
  }

  // ---- the piece in hand ---------------------------------------------------

  protected pieceCells(name: string): readonly Cell[] | undefined {
    return this.state.pieces.find((p) => p.name === name)?.cells;
  }

  protected select(piece: string): void {
    this.held.take(piece, this.pieceCells(piece)!);
  }

  /** Take `piece` into the hand turned and placed to cover `cells`; false if they are not that piece. */
  protected takeOnto(piece: string, cells: readonly Cell[], keyboard: boolean): boolean {
    const base = this.pieceCells(piece);
    const on = base ? orientationOn(base, cells) : null;
    if (!on) return false;
    this.select(piece);
    this.held.shape = on.shape;
    this.held.anchor = on.anchor;
    if (keyboard) this.held.keyboardMode = true;
    return true;
  }

  /**
   * Take a hint's piece into the hand, turned and placed as the hint says, so one
   * click or Enter puts it down. `key` names the hint: each is taken once (a
   * piece put back stays back). Returns whether it was taken now.
   */
  protected takeHint(key: string, piece: string, cells: readonly Cell[]): boolean {
    if (key === this.hintTaken) return false;
    this.hintTaken = key;
    return this.takeOnto(piece, cells, true);
  }

  /** A piece clicked in a tray: take it, or put it back if it is the one in hand. */
  protected pick(piece: string): void {
    this.root.focus({ preventScroll: true });
    const why = this.whyNotTake(piece);
    if (why !== null) {
      if (why) this.header.say(why);
      return;
    }
    if (this.held.piece === piece) this.held.drop();
    else this.select(piece);
    // A piece from the tray waits for a tap to show it: a finger's last place is not kept.
    this.held.touchShown = false;
    this.render();
  }

  // ---- input ---------------------------------------------------------------

  holding(): boolean {
    return this.held.holding();
  }

  /** Whether the view is in its touch layout: its help then speaks of taps. */
  protected touchLayout(): boolean {
    return this.pad.active();
  }

  shownAt(): Cell | null {
    const held = this.held;
    return held.piece !== null && held.shown() ? held.anchor : null;
  }

  covers(cell: Cell): boolean {
    const at = this.shownAt();
    return at !== null && placeAt(this.held.shape, at).some(([x, y]) => x === cell[0] && y === cell[1]);
  }

  touched(): void {
    this.pad.touched();
  }

  /** A finger showed the piece in hand at `anchor`: it stays there until a tap, a drag or a key moves it. */
  show(anchor: Cell): void {
    this.held.touch(anchor);
    this.drawPreview();
  }

  /**
   * A finger tapped with nothing in hand: as a click then (the puzzle picks a
   * placed piece up, and shows it where it lay, for a tap to put it back).
   */
  tap(cell: Cell): void {
    if (this.held.piece !== null) return;
    this.held.touch(cell);
    if (!this.placeNothing(cell)) this.drawPreview();
  }

  /**
   * The Place button: places the piece shown; a piece in hand not yet shown is
   * shown first, where the keyboard cursor would start, so no press places
   * what the player has not seen.
   */
  protected placeShown(): boolean {
    if (this.held.piece === null) return false;
    if (this.shownAt() === null) {
      this.show(this.defaultAnchor());
      return true;
    }
    return this.command({ kind: "place" });
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
    else this.placeNothing(cell);
  }

  /**
   * Esc with nothing in hand: the widget lets the keyboard go, to the page
   * around it (in JupyterLab the cell or notebook, whose command mode then has
   * the keys again), or to nothing in particular.
   */
  private leave(): void {
    const outer = this.root.parentElement?.closest<HTMLElement>("[tabindex]");
    if (outer) outer.focus({ preventScroll: true });
    const active = document.activeElement as HTMLElement | null;
    if (active && this.root.contains(active)) active.blur();
  }

  /** Do a command; whether it did anything (a key that did nothing keeps its default action: input.ts, keydownFate). */
  command(command: PieceCommand | C): boolean {
    const held = this.held;
    const piece = command as PieceCommand;
    switch (piece.kind) {
      case "rotate":
        if (!held.rotate(piece.dir)) return false;
        this.render();
        return true;
      case "flip":
        if (!held.flip()) return false;
        this.render();
        return true;
      case "move": {
        if (held.piece === null && !this.cursorWithoutPiece) return false;
        // The cursor goes on from where keys or the pointer left it, else from its start.
        const from = held.shown() ? held.anchor : null;
        held.keyboardMode = true;
        held.anchor = from ? this.clamp([from[0] + piece.dx, from[1] + piece.dy]) : this.defaultAnchor();
        this.drawPreview();
        return true;
      }
      case "place":
        if (held.anchor === null) held.anchor = this.defaultAnchor();
        held.keyboardMode = held.keyboardMode || !(held.pointerOnBoard || held.touchShown);
        if (held.piece === null) return this.placeNothing(held.anchor);
        this.place();
        return true;
      case "drop":
        if (held.piece === null) {
          this.leave();
          return false;
        }
        // The cursor stays where it is: the next piece chosen starts there.
        held.drop();
        this.render();
        return true;
      case "cycle": {
        const choice = this.choosable();
        const next = choice ? cyclePiece(choice.tray.order, choice.hand, held.piece, piece.dir) : null;
        if (next === null) return false;
        // Coming from the mouse, the keyboard cursor starts where the widget says.
        if (held.anchor === null || !held.keyboardMode) held.anchor = this.defaultAnchor();
        held.keyboardMode = true;
        this.select(next);
        this.render();
        return true;
      }
      default:
        return this.otherCommand(command);
    }
  }
}
