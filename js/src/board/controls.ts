// The buttons: piece handling, undo/redo, hints, new game, palette, and the
// replay bar. Every control carries data-action so tests and scripts find it.
// Place shows only in the touch layout, where a mouse's click is a finger's second tap.

import { Buttons } from "../shared/buttons.js";
import { html } from "../shared/dom.js";
import type { WidgetState } from "./protocol.js";

export type Action =
  | "rotate" | "flip" | "place" | "undo" | "redo" | "hint" | "hints" | "pass" | "new" | "palette"
  | "first" | "prev" | "play" | "next" | "last" | "review";

/** What the view knows beyond the state that decides the buttons. */
export interface ControlFacts {
  holding: boolean;
  humanToPlay: boolean;
  playing: boolean;
  canPass: boolean;
}

/**
 * Which actions may be done now: the buttons enabled, and so the keys that act
 * (Z with nothing to undo sends nothing).
 */
export function available(
  state: Pick<WidgetState, "mode" | "can_undo" | "can_redo" | "replay_index" | "replay_length" | "game_over">,
  view: ControlFacts,
): Record<Action, boolean> {
  const play = state.mode === "play";
  const back = state.replay_index > 0;
  const on = state.replay_index < state.replay_length;
  return {
    rotate: play && view.holding, flip: play && view.holding, place: play && view.holding,
    undo: play && state.can_undo, redo: play && state.can_redo,
    hint: play && view.humanToPlay, pass: play && view.canPass,
    hints: true, new: true, palette: true,
    first: back, prev: back, play: true, next: on, last: on,
    review: play && state.game_over,
  };
}

export interface ControlsCallbacks {
  action(action: Action): void;
  newGame(variant: string): void;
  seek(index: number): void;
}

const VARIANT_LABELS: Record<string, string> = {
  classic: "Classic (4 colors)",
  classic_2: "Classic, 2 players",
  classic_3: "Classic, 3 players",
  duo: "Duo (14x14)",
};

export class Controls {
  readonly element: HTMLDivElement;
  readonly replay: HTMLDivElement;
  private readonly buttons: Buttons<Action>;
  private readonly variantSelect: HTMLSelectElement;
  private readonly slider: HTMLInputElement;
  private readonly position: HTMLSpanElement;
  private variantsKey = "";

  constructor(callbacks: ControlsCallbacks) {
    this.buttons = new Buttons((action) => callbacks.action(action));
    this.element = html("div", { class: "bk-controls", role: "toolbar", "aria-label": "Game controls" });
    const pieceGroup = html("div", { class: "bk-group" }, this.element);
    this.button(pieceGroup, "rotate", "⟳ Rotate", "Rotate the piece a quarter turn (R)");
    this.button(pieceGroup, "flip", "⇋ Flip", "Flip the piece (F)");
    this.button(pieceGroup, "place", "✓ Place", "Place the piece shown on the board (or tap it again)");
    const historyGroup = html("div", { class: "bk-group" }, this.element);
    this.button(historyGroup, "undo", "↶ Undo", "Undo (Z)");
    this.button(historyGroup, "redo", "↷ Redo", "Redo (Y)");
    this.button(historyGroup, "pass", "Pass", "Pass (only when no piece fits)");
    const hintGroup = html("div", { class: "bk-group" }, this.element);
    this.button(hintGroup, "hint", "Hint", "Show a good move (H)");
    this.button(hintGroup, "hints", "Corners", "Show where a piece may attach and where it may not go (C)")
      .setAttribute("aria-pressed", "false");
    const gameGroup = html("div", { class: "bk-group" }, this.element);
    this.variantSelect = html("select", { "data-role": "variant", "aria-label": "Variant for a new game" }, gameGroup);
    this.button(gameGroup, "new", "New game", "Start a new game of the chosen variant",
      () => callbacks.newGame(this.variantSelect.value));
    this.button(gameGroup, "review", "Review", "Review the finished game: the engine searches every position");
    this.button(gameGroup, "palette", "Color-blind colors", "Use a palette that is safe for color-blind players")
      .setAttribute("aria-pressed", "false");

    this.replay = html("div", { class: "bk-replay", role: "toolbar", "aria-label": "Replay controls" });
    this.button(this.replay, "first", "|◀", "First position");
    this.button(this.replay, "prev", "◀", "Previous move");
    this.button(this.replay, "play", "Play", "Play through the game");
    this.button(this.replay, "next", "▶", "Next move");
    this.button(this.replay, "last", "▶|", "Last position");
    this.slider = html("input", {
      type: "range", min: 0, max: 0, value: 0, step: 1, "data-action": "seek", "aria-label": "Move number",
    }, this.replay);
    this.slider.addEventListener("input", () => callbacks.seek(Number(this.slider.value)));
    // The slider's keys, done here: in JupyterLab the page stops their default action
    // (the notebook's own arrow keys), so the slider would never move.
    this.slider.addEventListener("keydown", (event) => {
      const to = sliderKey(event.key, Number(this.slider.value), Number(this.slider.max));
      if (to === null || event.altKey || event.ctrlKey || event.metaKey) return;
      event.preventDefault();
      event.stopPropagation();
      this.slider.value = String(to);
      callbacks.seek(to);
    });
    this.position = html("span", { class: "bk-replay-position", "data-role": "replay-position" }, this.replay);
  }

  /** The buttons a finger needs beside the board: rotate, flip, place, undo. */
  padButtons(): HTMLElement[] {
    return (["rotate", "flip", "place", "undo"] as const).map((action) => this.buttons.get(action));
  }

  private button(parent: HTMLElement, action: Action, text: string, label: string, own?: () => void): HTMLButtonElement {
    return this.buttons.add(parent, action, text, label, own);
  }

  update(state: WidgetState, view: ControlFacts): void {
    const key = state.variants.join();
    if (key !== this.variantsKey) {
      this.variantsKey = key;
      this.variantSelect.replaceChildren(...state.variants.map((v) => {
        const option = html("option", { value: v }, undefined, VARIANT_LABELS[v] ?? v);
        return option;
      }));
    }
    if (document.activeElement !== this.variantSelect) this.variantSelect.value = state.variant;
    const play = state.mode === "play";
    this.element.toggleAttribute("hidden", !play);
    this.replay.toggleAttribute("hidden", play);
    const enabled = available(state, view);
    for (const [action, on] of Object.entries(enabled)) this.buttons.enable(action as Action, on);
    // Colors that cannot move pass automatically; the button only shows if a position still needs one.
    this.buttons.show("pass", enabled.pass);
    this.buttons.show("review", enabled.review);
    this.buttons.get("hints").setAttribute("aria-pressed", String(state.show_hints));
    this.buttons.get("palette").setAttribute("aria-pressed", String(state.palette === "colorblind"));

    this.slider.max = String(state.replay_length);
    if (document.activeElement !== this.slider) this.slider.value = String(state.replay_index);
    this.position.textContent = `Move ${state.replay_index} of ${state.replay_length}`;
    const playButton = this.buttons.get("play");
    playButton.textContent = view.playing ? "Pause" : "Play";
    playButton.setAttribute("aria-pressed", String(view.playing));
  }
}

/** Where a key moves the replay slider from `at` (0 to `max`), or null for keys it leaves alone. */
export function sliderKey(key: string, at: number, max: number): number | null {
  const step = Math.max(1, Math.round(max / 10));
  const to: Record<string, number> = {
    ArrowLeft: at - 1, ArrowDown: at - 1, ArrowRight: at + 1, ArrowUp: at + 1,
    PageDown: at - step, PageUp: at + step, Home: 0, End: max,
  };
  return key in to ? Math.max(0, Math.min(max, to[key])) : null;
}

/**
 * Where the replay's steps go from: the position the last seek asked for until
 * the replay gets there, so steps pressed before the kernel answers add up
 * (two presses of Next move two moves on, not one).
 */
export class SeekTarget {
  private target: number | null = null;

  /** The index to ask for, `step` moves on from where the replay is or is going. */
  step(state: Pick<WidgetState, "replay_index" | "replay_length">, step: number): number {
    return this.to(state, (this.target ?? state.replay_index) + step);
  }

  /** The index to ask for to go to `index` (kept within the game). */
  to(state: Pick<WidgetState, "replay_length">, index: number): number {
    this.target = Math.max(0, Math.min(state.replay_length, index));
    return this.target;
  }

  /** A new state: the target is forgotten once the replay is there, or is no longer a replay. */
  update(state: Pick<WidgetState, "mode" | "replay_index">): void {
    if ((state.mode !== "replay" && state.mode !== "review") || state.replay_index === this.target) this.target = null;
  }

  /** A seek was refused: the replay stays where it is. */
  forget(): void {
    this.target = null;
  }
}
