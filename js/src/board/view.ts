// One displayed view of the board widget: the board, one tray per color, the
// controls and the score panel in the shared layout (shared/view.ts), the
// replay timer, and what the game's state means for the piece in hand.

import { setFlag } from "../shared/dom.js";
import type { PointerSurface } from "../shared/input.js";
import type { Cell } from "../shared/shapes.js";
import type { Refusal } from "../shared/sync.js";
import { TrayView } from "../shared/tray.js";
import { PieceView } from "../shared/view.js";
import { BoardView } from "./board.js";
import { cellName, clampToBoard, parseCell } from "./cells.js";
import { type Action, type ControlFacts, Controls, SeekTarget, available } from "./controls.js";
import { type Command, keyCommand } from "./keys.js";
import { Panel } from "./panel.js";
import { ReviewMarks } from "./ghost.js";
import { type PreviewPosition, evaluatePlacement } from "./preview.js";
import { ReviewPanel } from "./review.js";
import { reviewOf } from "./review_protocol.js";
import { type BoardSync, type LegalMoves, type Message, type Preference, type WidgetState, currentHint } from "./protocol.js";

const REPLAY_STEP_MS = 700;

/** How a refusal of each request begins ("Not placed: …"); Python's reason follows. */
const REFUSED: Record<string, string> = {
  place: "Not placed", undo: "Nothing undone", redo: "Nothing redone", pass: "Not passed",
  hint: "No hint", new: "No new game", seek: "Not moved",
  review: "Not reviewed", "stop-review": "Not stopped", explore: "Not played",
  "main-line": "Not moved", promote: "Not promoted", "delete-variation": "Not deleted",
};

/** Modes that show a recorded game position by position (the replay bar, the arrow keys). */
function replays(mode: string): boolean {
  return mode === "replay" || mode === "review";
}

interface LegalIndex {
  source: LegalMoves;
  moves: Set<string>;
  pieces: Set<string>;
}

export class BlokusView extends PieceView<WidgetState, Message, Command, Preference> {
  protected readonly cursorWithoutPiece = false;
  private readonly controls: Controls;
  private readonly panel = new Panel();
  private readonly reviewPanel: ReviewPanel;
  private reviewMarks: ReviewMarks | null = null;
  private board: BoardView | null = null;
  private trays: TrayView[] = [];
  /** The position the piece was picked up in: any move (or undo) puts it back. */
  private selectedAt = "";
  private legalIndex: LegalIndex | null = null;
  private readonly seekTarget = new SeekTarget();
  private replayTimer: ReturnType<typeof setInterval> | null = null;

  constructor(sync: BoardSync, host: HTMLElement) {
    super(sync, host, "bk-root bk-game", "Blokus board game", keyCommand);
    this.controls = new Controls({
      action: (action) => this.action(action),
      newGame: (variant) => this.ask({ type: "new", variant, version: this.state.version }),
      seek: (index) => this.seek(index),
    });
    this.reviewPanel = new ReviewPanel({
      seek: (index) => this.seek(index),
      ask: (message) => this.ask(message),
      version: () => this.state.version,
    });
    this.side.append(this.reviewPanel.element, this.trayBox, this.panel.element);
    this.boardColumn.append(this.controls.element, this.controls.replay, this.reviewPanel.graphBox);
    this.start();
  }

  destroy(): void {
    this.stopReplay();
    super.destroy();
  }

  // ---- drawing -------------------------------------------------------------

  protected layoutKeyOf(state: WidgetState): string {
    return `${state.size}|${state.colors.join()}|${state.pieces.map((p) => p.name).join()}`;
  }

  protected rebuild(state: WidgetState): PointerSurface {
    this.held.keyboardMode = false;
    this.board = new BoardView(state.size, state.colors, state.start_cells);
    this.reviewMarks = new ReviewMarks(this.board.svg, state.size);
    this.trays = state.colors.map((color) => new TrayView(color, state.pieces, (piece) => this.pickFrom(color, piece)));
    this.trayBox.replaceChildren(...this.trays.map((t) => t.element));
    return this.board;
  }

  protected update(state: WidgetState): void {
    const root = this.root;
    root.setAttribute("data-palette", state.palette);
    root.setAttribute("data-mode", state.mode);
    root.setAttribute("data-variant", state.variant);
    root.setAttribute("data-to-play", state.to_play);
    root.setAttribute("data-version", String(state.version));
    setFlag(root, "data-game-over", state.game_over);
    setFlag(root, "data-thinking", state.thinking !== "");

    if (this.held.piece !== null && (!this.canHold(this.held.piece) || this.moved())) {
      // A move was played: the piece goes back and the cursor starts again at the new corner points.
      this.held.drop();
      this.held.keyboardMode = false;
    }
    if (!replays(state.mode)) this.stopReplay();
    this.seekTarget.update(state);

    this.board!.update(state);
    const playable = this.legal()?.pieces ?? null;
    for (const tray of this.trays) {
      const color = tray.color;
      const score = state.scores.colors[color];
      const seat = state.seats[color] ?? "human";
      tray.update({
        hand: state.hands[color] ?? [],
        playable,
        active: color === state.to_play && (state.mode === "play" || state.mode === "review"),
        interactive: this.humanToPlay() && color === state.to_play,
        selected: this.held.piece,
        label: seat === "human" ? color : `${color} (${seat})`,
        detail: score ? `${score.squares} squares` : "",
      });
    }
    this.controls.update(state, this.facts());
    const seat = state.seats[state.thinking] ?? "human";
    this.header.update({
      text: state.status,
      turn: state.to_play,
      thinking: !state.thinking ? "" : seat === "human"
        ? `finding a good move for ${state.thinking}…` : `${state.thinking} (${seat}) is thinking…`,
      thinkingColor: state.thinking,
      error: state.error,
    });
    this.panel.update(state, (player) => this.playerName(player));
    const review = reviewOf(state);
    this.reviewPanel.update(review, state.replay_index,
      (player) => state.scores.players.find((p) => p.number === player)?.colors[0] ?? "");
    this.reviewMarks!.update(review?.position ?? null);
    this.applyHint();
    this.drawPreview();
  }

  protected refused(refusal: Refusal, request: Message | undefined): void {
    if (request?.type === "seek") this.seekTarget.forget();
    this.header.say(`${REFUSED[request?.type ?? ""] ?? "Not done"}: ${refusal.reason}.`);
  }

  private ask(message: Message): void {
    this.requests.ask(message);
  }

  private playerName(player: number): string {
    const entry = this.state.scores.players.find((p) => p.number === player);
    const name = entry?.name || `Player ${player}`;
    const seats = [...new Set((entry?.colors ?? []).map((c) => this.state.seats[c] ?? "human"))];
    return seats.length === 1 && seats[0] !== "human" ? `${name} (${seats[0]})` : name;
  }

  protected drawPreview(): void {
    const board = this.board!;
    const held = this.held;
    const anchor = held.shown() ? held.anchor : null;
    if (held.piece === null || anchor === null) {
      board.hidePreview();
      if (this.humanToPlay() && held.piece === null) {
        this.header.say(`Pick a piece from the ${this.state.to_play} tray.`);
      } else if (held.piece !== null) {
        this.header.say(this.touchLayout()
          ? `${held.piece} in hand: tap the board to see it there.`
          : `${held.piece} in hand: move over the board to place it.`);
      } else {
        this.header.say("");
      }
      return;
    }
    const preview = evaluatePlacement(this.position(), held.shape, anchor);
    board.showPreview(preview.cells, preview.state, preview.move, preview.reason, this.state.to_play);
    const where = cellName(anchor, this.state.size);
    const verdict = preview.state === "legal"
      ? this.touchLayout() ? "fits here, tap it again or press Place" : "fits here, click or press Enter to place"
      : preview.state === "pending" ? "checking" : `cannot go here: ${preview.reason}`;
    this.header.say(`${held.piece} at ${where}: ${verdict}.`);
  }

  // ---- what this view knows ------------------------------------------------

  /** What the controls need beyond the state: the same facts decide the buttons and the keys. */
  private facts(): ControlFacts {
    const legal = this.legal();
    return {
      holding: this.held.piece !== null,
      humanToPlay: this.humanToPlay(),
      playing: this.replayTimer !== null,
      canPass: this.humanToPlay() && legal !== null && legal.moves.size === 0,
    };
  }

  private humanToPlay(): boolean {
    const s = this.state;
    // On the review board anyone may try a move for the color to play: it becomes a variation.
    const seat = s.mode === "review" ? "human" : s.seats[s.to_play] ?? "human";
    return (s.mode === "play" || s.mode === "review") && s.to_play !== "" && seat === "human" && s.thinking === "";
  }

  private canHold(piece: string): boolean {
    return this.humanToPlay() && (this.state.hands[this.state.to_play] ?? []).includes(piece);
  }

  /** The legal moves for the current version, indexed; null while they are on their way. */
  private legal(): LegalIndex | null {
    const legal = this.state.legal;
    if (!legal || legal.version !== this.state.version || legal.color !== this.state.to_play) return null;
    if (this.legalIndex?.source !== legal) {
      const moves = new Set<string>();
      const pieces = new Set<string>();
      for (const [piece, list] of Object.entries(legal.moves)) {
        if (list.length) pieces.add(piece);
        for (const move of list) moves.add(move);
      }
      this.legalIndex = { source: legal, moves, pieces };
    }
    return this.legalIndex;
  }

  private position(): PreviewPosition {
    const s = this.state;
    const own = String(s.colors.indexOf(s.to_play) + 1);
    const start = s.start_cells[s.to_play];
    return {
      size: s.size,
      board: s.board,
      legal: this.legal()?.moves ?? null,
      forbidden: new Set(s.forbidden),
      corners: new Set(s.corner_points),
      startCell: start && !s.board.includes(own) ? start : null,
    };
  }

  private positionKey(): string {
    const last = this.state.last_move;
    return `${this.state.move_number}|${"move" in last ? last.move : ""}|${this.state.to_play}`;
  }

  /** Whether a move was played (or undone) since the piece was picked up. */
  private moved(): boolean {
    return this.positionKey() !== this.selectedAt;
  }

  // ---- input ---------------------------------------------------------------

  command(command: Command): boolean {
    // A replay answers only left and right (and Esc leaves it); its other keys do nothing
    // (still kept from the host's shortcuts: input.ts, keydownFate).
    // The review board is a replay too, until a piece is in hand: then the keys move the piece.
    const mode = this.state.mode;
    if (mode === "replay" || (mode === "review" && this.held.piece === null)) {
      if (command.kind === "move" && command.dx !== 0) {
        this.seekBy(command.dx);
        return true;
      }
      if (mode === "replay" && command.kind !== "drop") return false;
    }
    return super.command(command);
  }

  protected otherCommand(command: Command): boolean {
    return command.kind === "action" && this.action(command.action);
  }

  protected padButtons(): HTMLElement[] {
    return this.controls.padButtons();
  }

  protected defaultAnchor(): Cell {
    const s = this.state;
    const first = s.corner_points[0] ?? s.start_cells[s.to_play];
    return (first && parseCell(first, s.size)) || [Math.floor(s.size / 2), Math.floor(s.size / 2)];
  }

  protected clamp(cell: Cell): Cell {
    return clampToBoard(cell, this.state.size);
  }

  protected choosable(): { tray: TrayView; hand: readonly string[] } | null {
    const tray = this.trays.find((t) => t.color === this.state.to_play);
    return this.humanToPlay() && tray ? { tray, hand: this.state.hands[this.state.to_play] ?? [] } : null;
  }

  private pickFrom(color: string, piece: string): void {
    if (this.state.mode === "play" && (color !== this.state.to_play || !this.humanToPlay())) {
      this.root.focus({ preventScroll: true });
      this.header.say(notYourTurn(this.state, color));
      return;
    }
    this.pick(piece);
  }

  protected whyNotTake(piece: string): string | null {
    if (this.state.mode === "replay") return "";
    return this.canHold(piece) ? null : "";
  }

  protected select(piece: string): void {
    super.select(piece);
    this.selectedAt = this.positionKey();
  }

  protected place(): void {
    const preview = evaluatePlacement(this.position(), this.held.shape, this.held.anchor!);
    this.drawPreview();
    if (preview.move === null) {
      this.header.say(`${REFUSED.place}: ${preview.reason}.`);
      return;
    }
    // Illegal-looking placements are sent too: Python decides and says why.
    this.ask({
      type: "place", move: preview.move, piece: this.held.piece!, color: this.state.to_play, version: this.state.version,
    });
  }

  protected placeNothing(): boolean {
    return false;
  }

  /** A hint selects its piece in the right orientation and moves the cursor onto it. */
  private applyHint(): void {
    const s = this.state;
    const hint = currentHint(s);
    if (hint === null || !this.humanToPlay()) return;
    const cells = hint.cells.map((n) => parseCell(n, s.size)).filter((c): c is Cell => c !== null);
    if (!this.takeHint(`${s.version}|${hint.move}`, hint.piece, cells)) return;
    this.board!.markSuggestionAnchor(cellName(this.held.anchor!, s.size));
    this.render();
  }

  /** A button or a key: done only when its button is enabled. Returns whether it was. */
  private action(action: Action): boolean {
    const s = this.state;
    if (!available(s, this.facts())[action]) return false;
    switch (action) {
      case "rotate": return this.command({ kind: "rotate", dir: 1 });
      case "flip": return this.command({ kind: "flip" });
      case "place": return this.placeShown();
      case "undo": case "redo": case "hint": case "pass": case "review":
        this.ask({ type: action, version: s.version });
        break;
      case "hints": this.sync.write("show_hints", !s.show_hints); break;
      case "palette": this.sync.write("palette", s.palette === "colorblind" ? "standard" : "colorblind"); break;
      case "first": this.seek(0); break;
      case "prev": this.seekBy(-1); break;
      case "next": this.seekBy(1); break;
      case "last": this.seek(s.replay_length); break;
      case "play": this.toggleReplay(); break;
    }
    return true;
  }

  private seek(index: number): void {
    this.ask({ type: "seek", index: this.seekTarget.to(this.state, index) });
  }

  /** `step` moves on from where the replay is, or is going: presses before the kernel answers add up. */
  private seekBy(step: number): void {
    this.ask({ type: "seek", index: this.seekTarget.step(this.state, step) });
  }

  private toggleReplay(): void {
    if (this.replayTimer !== null) {
      this.stopReplay();
    } else {
      if (this.state.replay_index >= this.state.replay_length) this.seek(0);
      this.replayTimer = setInterval(() => {
        if (this.state.replay_index < this.state.replay_length) {
          this.seekBy(1);
          return;
        }
        // At the end: the button goes back to Play (a click then replays from the start).
        this.stopReplay();
        this.render();
      }, REPLAY_STEP_MS);
    }
    this.render();
  }

  private stopReplay(): void {
    if (this.replayTimer !== null) {
      clearInterval(this.replayTimer);
      this.replayTimer = null;
    }
  }
}

/** Why `color`'s tray gives no piece now: the game is over, it is another color's turn, or a move is being found. */
export function notYourTurn(state: Pick<WidgetState, "to_play" | "seats" | "thinking">, color: string): string {
  const who = state.to_play;
  if (!who) return "The game is over.";
  const seat = state.seats[who] ?? "human";
  if (seat !== "human") return `It is ${who}'s turn (computer).`;
  // A person's turn, but the Hint button's move is being found for them.
  if (state.thinking !== "" && color === who) return `Wait a moment: a hint for ${who} is being found.`;
  return `It is ${who}'s turn.`;
}
