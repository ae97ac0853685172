// One displayed view of the widget: puts the board, trays, controls and panel
// together, keeps what is local to this view (the piece in hand, its
// orientation, the cursor) and turns input into requests to Python.

import { BoardView } from "./board.js";
import { type Action, Controls } from "./controls.js";
import { type Cell, cellName, clampToBoard, handle, orientations, parseCell, shapeKey } from "./geometry.js";
import { HeldPiece } from "./held_piece.js";
import { type Command, type InputTarget, attachInput, keyboardRoot } from "./input.js";
import { Panel } from "./panel.js";
import { type Preview, type PreviewPosition, evaluatePlacement } from "./preview.js";
import { html, setFlag } from "./svg.js";
import type { ModelSync } from "./sync.js";
import { TrayView, cyclePiece } from "./tray.js";
import type { Hint, LegalMoves, WidgetState } from "./types.js";

const REPLAY_STEP_MS = 700;

interface LegalIndex {
  source: LegalMoves;
  moves: Set<string>;
  pieces: Set<string>;
}

export class BlokusView implements InputTarget {
  readonly root: HTMLDivElement;
  private readonly boardWrap: HTMLDivElement;
  private readonly trayBox: HTMLDivElement;
  private readonly controls: Controls;
  private readonly panel: Panel;
  private board: BoardView | null = null;
  private trays: TrayView[] = [];
  private detachInput: () => void = () => {};
  private layoutKey = "";
  private state: WidgetState;

  private readonly held = new HeldPiece();
  /** The position the piece was picked up in: any move (or undo) puts it back. */
  private selectedAt = "";
  private legalIndex: LegalIndex | null = null;
  private appliedHint = "";
  private lastPreview: Preview | null = null;
  private replayTimer: ReturnType<typeof setInterval> | null = null;
  private readonly unsubscribe: (() => void)[] = [];

  constructor(private readonly sync: ModelSync, host: HTMLElement) {
    this.state = sync.state;
    this.root = keyboardRoot(host, "bk-root", "Blokus board game");
    this.panel = new Panel();
    this.controls = new Controls({
      action: (action) => this.action(action),
      newGame: (variant) => this.sync.send({ type: "new", variant, version: this.state.version }),
      seek: (index) => this.seek(index),
    });
    const header = html("div", { class: "bk-header" }, this.root);
    header.append(this.panel.status, this.panel.errorElement, this.panel.detailElement);
    const main = html("div", { class: "bk-main" }, this.root);
    this.boardWrap = html("div", { class: "bk-board-wrap" }, main);
    const side = html("div", { class: "bk-side" }, main);
    side.append(this.panel.element);
    this.trayBox = html("div", { class: "bk-trays" }, side);
    this.root.append(this.controls.element, this.controls.replay);

    this.unsubscribe.push(sync.subscribe(() => this.render()));
    this.unsubscribe.push(sync.onRefusal((refusal) => this.panel.say(`Not placed: ${refusal.reason}`)));
    this.render();
  }

  destroy(): void {
    this.stopReplay();
    this.detachInput();
    this.unsubscribe.forEach((off) => off());
    this.root.remove();
  }

  // ---- drawing -------------------------------------------------------------

  private render(): void {
    const state = (this.state = this.sync.state);
    const layoutKey = `${state.size}|${state.colors.join()}|${state.pieces.map((p) => p.name).join()}`;
    if (layoutKey !== this.layoutKey) this.rebuild(state, layoutKey);
    const root = this.root;
    root.setAttribute("data-palette", state.palette);
    root.setAttribute("data-mode", state.mode);
    root.setAttribute("data-variant", state.variant);
    root.setAttribute("data-to-play", state.to_play);
    root.setAttribute("data-version", String(state.version));
    setFlag(root, "data-game-over", state.game_over);
    setFlag(root, "data-thinking", state.thinking !== "");

    if (this.held.piece !== null && (!this.canHold(this.held.piece) || this.moved())) this.drop();
    if (state.mode !== "replay") this.stopReplay();

    this.board!.update(state);
    const playable = this.legal()?.pieces ?? null;
    for (const tray of this.trays) {
      const color = tray.color;
      const score = state.scores.colors[color];
      const seat = state.seats[color] ?? "human";
      tray.update({
        hand: state.hands[color] ?? [],
        playable,
        active: color === state.to_play && state.mode === "play",
        interactive: this.humanToPlay() && color === state.to_play,
        selected: this.held.piece,
        label: seat === "human" ? color : `${color} (${seat})`,
        detail: score ? `${score.squares} squares` : "",
      });
    }
    this.controls.update(state, {
      holding: this.held.piece !== null,
      humanToPlay: this.humanToPlay(),
      playing: this.replayTimer !== null,
      canPass: this.humanToPlay() && this.legal() !== null && this.legal()!.moves.size === 0,
    });
    this.panel.update(state, (player) => this.playerName(player));
    this.applyHint();
    this.drawPreview();
  }

  private rebuild(state: WidgetState, layoutKey: string): void {
    this.layoutKey = layoutKey;
    this.detachInput();
    this.drop();
    this.held.anchor = null;
    this.board = new BoardView(state.size, state.colors, state.start_cells);
    this.boardWrap.replaceChildren(this.board.svg);
    this.trays = state.colors.map((color) => new TrayView(color, state.pieces, (piece) => this.pick(color, piece)));
    this.trayBox.replaceChildren(...this.trays.map((t) => t.element));
    this.detachInput = attachInput(this.root, this.board, this);
  }

  private playerName(player: number): string {
    const entry = this.state.scores.players.find((p) => p.number === player);
    const name = entry?.name || `Player ${player}`;
    const seats = [...new Set((entry?.colors ?? []).map((c) => this.state.seats[c] ?? "human"))];
    return seats.length === 1 && seats[0] !== "human" ? `${name} (${seats[0]})` : name;
  }

  private drawPreview(): void {
    const board = this.board!;
    const held = this.held;
    if (held.piece === null || held.anchor === null || !(held.pointerOnBoard || held.keyboardMode)) {
      board.hidePreview();
      this.lastPreview = null;
      if (this.humanToPlay() && held.piece === null) {
        this.panel.say(`Pick a ${this.state.to_play} piece from the tray.`);
      } else if (held.piece !== null) {
        this.panel.say(`${held.piece} in hand: move over the board to place it.`);
      } else {
        this.panel.say("");
      }
      return;
    }
    const preview = evaluatePlacement(this.position(), held.shape, held.anchor);
    this.lastPreview = preview;
    board.showPreview(preview.cells, preview.state, preview.move, preview.reason, this.state.to_play);
    const where = cellName(held.anchor, this.state.size);
    const verdict = preview.state === "legal" ? "fits here, click or press Enter to place"
      : preview.state === "pending" ? "checking" : `cannot go here: ${preview.reason}`;
    this.panel.say(`${held.piece} at ${where}: ${verdict}.`);
  }

  // ---- what this view knows ------------------------------------------------

  private humanToPlay(): boolean {
    const s = this.state;
    return s.mode === "play" && s.to_play !== "" && (s.seats[s.to_play] ?? "human") === "human" && s.thinking === "";
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
    if (this.held.piece !== null) this.place();
  }

  command(command: Command): void {
    if (this.state.mode === "replay") {
      if (command.kind === "move" && command.dx !== 0) this.seek(this.state.replay_index + command.dx);
      return;
    }
    switch (command.kind) {
      case "rotate":
        if (this.held.rotate(command.dir)) this.render();
        break;
      case "flip":
        if (this.held.flip()) this.render();
        break;
      case "move": {
        if (this.held.piece === null) return;
        this.held.keyboardMode = true;
        const from = this.held.anchor;
        this.held.anchor = clampToBoard(from ? [from[0] + command.dx, from[1] + command.dy]
          : this.defaultAnchor(), this.state.size);
        this.drawPreview();
        break;
      }
      case "place":
        if (this.held.piece !== null) {
          this.held.keyboardMode = this.held.keyboardMode || !this.held.pointerOnBoard;
          if (this.held.anchor === null) this.held.anchor = this.defaultAnchor();
          this.place();
        }
        break;
      case "drop":
        this.drop();
        this.render();
        break;
      case "cycle": {
        if (!this.humanToPlay()) return;
        const tray = this.trays.find((t) => t.color === this.state.to_play);
        const next = tray ? cyclePiece(tray.order, this.state.hands[this.state.to_play] ?? [], this.held.piece, command.dir) : null;
        if (next !== null) {
          // Coming from the mouse, the keyboard cursor starts on a corner point of the color.
          if (this.held.anchor === null || !this.held.keyboardMode) this.held.anchor = this.defaultAnchor();
          this.held.keyboardMode = true;
          this.select(next);
          this.render();
        }
        break;
      }
      case "action":
        this.action(command.action);
        break;
    }
  }

  private defaultAnchor(): Cell {
    const s = this.state;
    const first = s.corner_points[0] ?? s.start_cells[s.to_play];
    return (first && parseCell(first, s.size)) || [Math.floor(s.size / 2), Math.floor(s.size / 2)];
  }

  private pick(color: string, piece: string): void {
    this.root.focus({ preventScroll: true });
    if (this.state.mode !== "play") return;
    if (color !== this.state.to_play || !this.humanToPlay()) {
      const who = this.state.to_play;
      this.panel.say(who ? `It is ${who}'s turn${this.humanToPlay() ? "" : " (computer)"}.` : "The game is over.");
      return;
    }
    if (!(this.state.hands[color] ?? []).includes(piece)) return;
    if (this.held.piece === piece) this.drop();
    else this.select(piece);
    this.render();
  }

  private pieceCells(name: string): Cell[] | undefined {
    return this.state.pieces.find((p) => p.name === name)?.cells;
  }

  private positionKey(): string {
    const last = this.state.last_move;
    return `${this.state.move_number}|${"move" in last ? last.move : ""}|${this.state.to_play}`;
  }

  /** Whether a move was played (or undone) since the piece was picked up. */
  private moved(): boolean {
    return this.positionKey() !== this.selectedAt;
  }

  private select(piece: string): void {
    this.held.take(piece, this.pieceCells(piece)!);
    this.selectedAt = this.positionKey();
  }

  private drop(): void {
    this.held.drop();
    this.held.keyboardMode = false;
  }

  private place(): void {
    const preview = evaluatePlacement(this.position(), this.held.shape, this.held.anchor!);
    this.drawPreview();
    if (preview.move === null) {
      this.panel.say(`Not placed: ${preview.reason}.`);
      return;
    }
    // Illegal-looking placements are sent too: Python decides and says why.
    this.sync.send({
      type: "place", move: preview.move, piece: this.held.piece!, color: this.state.to_play, version: this.state.version,
    });
  }

  /** A hint selects its piece in the right orientation and moves the cursor onto it. */
  private applyHint(): void {
    const s = this.state;
    const hint = "move" in s.hint ? (s.hint as Hint) : null;
    if (!hint || hint.version !== s.version || !this.humanToPlay()) return;
    const key = `${s.version}|${hint.move}`;
    const base = this.pieceCells(hint.piece);
    if (key === this.appliedHint || !base) return;
    this.appliedHint = key;
    const cells = hint.cells.map((n) => parseCell(n, s.size)).filter((c): c is Cell => c !== null);
    const target = shapeKey(cells);
    const shape = orientations(base).find((o) => shapeKey(o) === target);
    if (!shape) return;
    const minX = Math.min(...cells.map((c) => c[0]));
    const minY = Math.min(...cells.map((c) => c[1]));
    const [hx, hy] = handle(shape);
    this.select(hint.piece);
    this.held.shape = shape;
    this.held.anchor = [minX + hx, minY + hy];
    this.held.keyboardMode = true;
    this.board!.svg.querySelector(".bk-suggestion")?.setAttribute("data-anchor", cellName(this.held.anchor, s.size));
    this.render();
  }

  private action(action: Action | "hints"): void {
    const s = this.state;
    switch (action) {
      case "rotate": this.command({ kind: "rotate", dir: 1 }); break;
      case "flip": this.command({ kind: "flip" }); break;
      case "undo": case "redo": case "hint": case "pass":
        this.sync.send({ type: action, version: s.version });
        break;
      case "hints": this.sync.setPreference("show_hints", !s.show_hints); break;
      case "palette": this.sync.setPreference("palette", s.palette === "colorblind" ? "standard" : "colorblind"); break;
      case "first": this.seek(0); break;
      case "prev": this.seek(s.replay_index - 1); break;
      case "next": this.seek(s.replay_index + 1); break;
      case "last": this.seek(s.replay_length); break;
      case "play": this.toggleReplay(); break;
      case "new": break; // handled by Controls with the chosen variant
    }
  }

  private seek(index: number): void {
    const clamped = Math.max(0, Math.min(this.state.replay_length, index));
    this.sync.send({ type: "seek", index: clamped });
  }

  private toggleReplay(): void {
    if (this.replayTimer !== null) {
      this.stopReplay();
    } else {
      if (this.state.replay_index >= this.state.replay_length) this.seek(0);
      this.replayTimer = setInterval(() => {
        if (this.state.replay_index >= this.state.replay_length) this.stopReplay();
        else this.seek(this.state.replay_index + 1);
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
