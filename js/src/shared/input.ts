// Input handling shared by both widgets: pointer and keyboard events become
// commands for the view. Key bindings are pure functions (here and in each
// widget's keys.ts) so they can be tested without a browser. A mouse previews by
// hovering and places by clicking; a finger goes through the tap gesture
// (gesture.ts), which never places on one touch.

import type { Cell } from "./shapes.js";
import { html } from "./dom.js";
import { type GestureAction, type GestureView, TapGesture } from "./gesture.js";

/** How long after a finger lifts the click the browser makes of it is ignored (ms). */
const TOUCH_CLICK_MS = 800;

/** The commands of a piece in hand, the same in both widgets. */
export type PieceCommand =
  | { kind: "rotate"; dir: 1 | -1 }
  | { kind: "flip" }
  | { kind: "move"; dx: number; dy: number }
  | { kind: "place" }
  | { kind: "drop" }
  | { kind: "cycle"; dir: 1 | -1 }
  | { kind: "action"; action: "hint" };

export interface KeyLike {
  key: string;
  /** The physical key ("KeyR"), whatever the layout types on it. */
  code?: string;
  /** A key held down, repeating. */
  repeat?: boolean;
  shiftKey?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
}

/** The keys bound by `code` on layouts that type no Latin letter there (QWERTY's characters). */
const CODE_CHARACTERS: Record<string, string> = {
  BracketLeft: "[", BracketRight: "]", Comma: ",", Period: ".",
};

/**
 * The key a binding names: a character in lower case, or a name like "ArrowLeft".
 * On a non-Latin layout (Cyrillic, Greek…) the R key types "к": a key that types
 * one non-ASCII character is known by where it is, as QWERTY would type it.
 */
export function keyName(event: KeyLike): string {
  const key = event.key;
  if (key.length !== 1) return key;
  if (key.charCodeAt(0) > 0x7f && event.code) {
    const letter = /^Key([A-Z])$/.exec(event.code);
    const typed = letter ? letter[1] : CODE_CHARACTERS[event.code];
    if (typed) return typed.toLowerCase();
  }
  return key.toLowerCase();
}

/** The keys both widgets share; a widget's own keys.ts adds its own. Keys with Ctrl, Cmd or Alt are not among them. */
export function pieceKeyCommand(event: KeyLike): PieceCommand | null {
  if (event.altKey || event.ctrlKey || event.metaKey) return null;
  switch (keyName(event)) {
    case "r": return { kind: "rotate", dir: event.shiftKey ? -1 : 1 };
    case "f": return { kind: "flip" };
    case "ArrowLeft": return { kind: "move", dx: -1, dy: 0 };
    case "ArrowRight": return { kind: "move", dx: 1, dy: 0 };
    case "ArrowUp": return { kind: "move", dx: 0, dy: -1 };
    case "ArrowDown": return { kind: "move", dx: 0, dy: 1 };
    case "Enter": return { kind: "place" };
    case "Escape": return { kind: "drop" };
    case "]": case ".": return { kind: "cycle", dir: 1 };
    case "[": case ",": return { kind: "cycle", dir: -1 };
    case "h": return { kind: "action", action: "hint" };
    default: return null;
  }
}

/**
 * Whether a key held down repeats `command`: moving, turning and choosing do;
 * what asks Python (place, take back, undo, a hint…) is done once per press.
 */
export function repeats(command: { kind: string }): boolean {
  return ["move", "rotate", "flip", "cycle", "drop"].includes(command.kind);
}

/** What becomes of a key event beyond the widget: its default action, and whether the page around sees it. */
export interface KeyFate {
  preventDefault: boolean;
  stopPropagation: boolean;
}

const TO_THE_PAGE: KeyFate = { preventDefault: false, stopPropagation: false };
const KEPT: KeyFate = { preventDefault: true, stopPropagation: true };
/** Kept from the host's shortcuts, but the browser still does its default (an arrow scrolls). */
const KEPT_FROM_THE_HOST: KeyFate = { preventDefault: false, stopPropagation: true };

/**
 * Whether a key belongs to the element it was typed on, not to the widget: a text
 * field or list of the widget's own (the variant chooser), or Enter and Space on a button.
 */
export function typedIntoControl(tag: string | undefined, key: string): boolean {
  if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return true;
  return tag === "BUTTON" && (key === "Enter" || key === " ");
}

/**
 * What becomes of a keydown the widget's keys turned into `command` (`null`: not one
 * of its keys), once the view has done it (`used`: whether it did anything; a held
 * key's repeat that is done once per press counts as used).
 *
 * Hosts act on keys that reach them: JupyterLab's command mode (it skips keys inside
 * `data-lm-suppress-shortcuts`), VS Code's notebook (single keys are its shortcuts: Y
 * makes a code cell, arrows move between cells; a key stopped in an output does not
 * reach it), Colab. So every
 * key of the widget's stops at its root, even one with nothing to do now (R with
 * nothing in hand): the host would act on it. Its default stays when it did nothing
 * (an arrow still scrolls the page). Not the widget's, and so the page's as before:
 * Tab, Ctrl or Cmd shortcuts it does not bind, and Esc with nothing in hand, the way
 * out of the widget (the host's command mode has the keys again).
 */
export function keydownFate(command: { kind: string } | null, used: boolean): KeyFate {
  if (command === null) return TO_THE_PAGE;
  if (used) return KEPT;
  return command.kind === "drop" ? TO_THE_PAGE : KEPT_FROM_THE_HOST;
}

/**
 * What becomes of a keyup or keypress: a host may act on those too, so one of the
 * widget's keys stops at its root (Esc excepted, as on keydown). Nothing is done on them.
 */
export function keyEchoFate(command: { kind: string } | null): KeyFate {
  return command === null || command.kind === "drop" ? TO_THE_PAGE : KEPT_FROM_THE_HOST;
}

/** What input drives: a widget's view. `C` are the commands of that widget's own keys. */
export interface InputTarget<C> extends GestureView {
  hover(cell: Cell | null): void;
  click(cell: Cell): void;
  /** A finger showed the piece in hand with its anchor on `anchor` (a tap or a drag). */
  show(anchor: Cell): void;
  /** A finger tapped `cell` with nothing in hand. */
  tap(cell: Cell): void;
  /** A finger touched the board: the view takes its touch layout. */
  touched(): void;
  /** Whether the command did anything: only then is the key's default action stopped (keydownFate). */
  command(command: PieceCommand | C): boolean;
  /** Whether a piece is in hand (wheel and right-click only act then). */
  holding(): boolean;
}

/** The board picture input listens on. */
export interface PointerSurface {
  svg: SVGSVGElement;
  cellAt(clientX: number, clientY: number): Cell | null;
}

/** A widget's root element in `host`: it takes the focus, and with it the keys a host (JupyterLab, VS Code) would act on. */
export function keyboardRoot(host: HTMLElement, className: string, label: string): HTMLDivElement {
  return html("div", {
    class: className, tabindex: 0, role: "application", "aria-label": label,
    // JupyterLab skips its keyboard shortcuts for keys typed inside this element.
    "data-lm-suppress-shortcuts": "true",
  }, host);
}

/**
 * Wire pointer events on the board and keys on the widget root. Returns a function that unwires them.
 * `keys` turns a key into a command (the widget's keys.ts).
 */
export function attachInput<C extends { kind: string }>(
  root: HTMLElement,
  board: PointerSurface,
  target: InputTarget<C>,
  keys: (event: KeyLike) => PieceCommand | C | null,
): () => void {
  let lastCell = "";
  const gesture = new TapGesture(target);
  /** Until when a click is the browser's echo of a finger's tap (already handled). */
  let touchClickUntil = 0;
  const byFinger = (event: Event) => (event as PointerEvent).pointerType === "touch";
  const run = (actions: GestureAction[]) => {
    for (const action of actions) {
      if (action.kind === "show") target.show(action.anchor);
      else if (action.kind === "place") target.command({ kind: "place" });
      else target.tap(action.cell);
    }
  };
  const onDown = (event: PointerEvent) => {
    if (!byFinger(event)) return;
    target.touched();
    run(gesture.down(event.pointerId, event.clientX, event.clientY, board.cellAt(event.clientX, event.clientY)));
  };
  const onUp = (event: PointerEvent) => {
    if (!byFinger(event)) return;
    touchClickUntil = performance.now() + TOUCH_CLICK_MS;
    run(gesture.up(event.pointerId));
  };
  const onCancel = (event: PointerEvent) => {
    if (byFinger(event)) gesture.cancel();
  };
  const onMove = (event: PointerEvent) => {
    if (byFinger(event)) {
      run(gesture.move(event.pointerId, event.clientX, event.clientY, board.cellAt(event.clientX, event.clientY)));
      return;
    }
    const cell = board.cellAt(event.clientX, event.clientY);
    const key = cell ? `${cell[0]},${cell[1]}` : "";
    if (key === lastCell) return; // same cell: nothing to redraw
    lastCell = key;
    target.hover(cell);
  };
  const onLeave = (event: PointerEvent) => {
    // A finger leaves when it lifts: what it showed stays shown.
    if (byFinger(event)) return;
    lastCell = "";
    target.hover(null);
  };
  const onClick = (event: MouseEvent) => {
    if (event.button !== 0) return;
    // A finger's tap was the gesture's: its click must not place.
    if (byFinger(event) || performance.now() < touchClickUntil) return;
    const cell = board.cellAt(event.clientX, event.clientY);
    if (cell) target.click(cell);
  };
  const onWheel = (event: WheelEvent) => {
    if (!target.holding() || event.deltaY === 0) return;
    event.preventDefault();
    target.command({ kind: "rotate", dir: event.deltaY > 0 ? 1 : -1 });
  };
  const onContextMenu = (event: MouseEvent) => {
    if (!target.holding()) return;
    event.preventDefault();
    // A long press is a finger resting, not a right-click: it does not flip.
    if (byFinger(event) || gesture.active() || performance.now() < touchClickUntil) return;
    target.command({ kind: "flip" });
  };
  const apply = (event: KeyboardEvent, fate: KeyFate) => {
    if (fate.preventDefault) event.preventDefault();
    if (fate.stopPropagation) event.stopPropagation();
  };
  const ownKeys = (event: KeyboardEvent) => {
    const element = event.target as HTMLElement | null;
    return typedIntoControl(element?.tagName, event.key) ? null : keys(event);
  };
  const onKey = (event: KeyboardEvent) => {
    const command = ownKeys(event);
    if (command === null) return;
    // Held down: done once, on the press; the repeats are the widget's still.
    const used = event.repeat && !repeats(command) ? true : target.command(command);
    apply(event, keydownFate(command, used));
  };
  const onKeyEcho = (event: KeyboardEvent) => apply(event, keyEchoFate(ownKeys(event)));
  // The notebook may move focus to itself on mousedown; take it back after the click
  // so the keys reach the widget. A button clicked with the mouse hands the focus to
  // the root too: Enter then places the piece in hand instead of pressing the button
  // again, and the focus is not lost when the button turns disabled (Hint while it thinks).
  const onRootClick = (event: MouseEvent) => {
    const element = event.target as HTMLElement | null;
    if (element && ["INPUT", "SELECT", "TEXTAREA"].includes(element.tagName)) {
      // A control clicked keeps the focus, so its own keys reach it (the replay slider's arrows).
      if (document.activeElement !== element) element.focus({ preventScroll: true });
      return;
    }
    if (element?.tagName === "OPTION") return;
    const byMouse = event.detail > 0;
    if (!root.contains(document.activeElement) || (byMouse && element?.closest("button"))) {
      root.focus({ preventScroll: true });
    }
  };
  const svgElement = board.svg;
  svgElement.addEventListener("pointerdown", onDown);
  svgElement.addEventListener("pointerup", onUp);
  svgElement.addEventListener("pointercancel", onCancel);
  svgElement.addEventListener("pointermove", onMove);
  svgElement.addEventListener("pointerleave", onLeave);
  svgElement.addEventListener("click", onClick);
  svgElement.addEventListener("wheel", onWheel, { passive: false });
  svgElement.addEventListener("contextmenu", onContextMenu);
  // On the root, bubbling: the widget's own controls (tray pieces, the replay slider) have
  // their keys first, and the root still comes before every element of the host around it.
  // (A listener in the capture phase on the root would keep nothing more from the host: an
  // ancestor's capturing listener runs before it, a bubbling one after it either way.)
  root.addEventListener("keydown", onKey);
  root.addEventListener("keyup", onKeyEcho);
  root.addEventListener("keypress", onKeyEcho);
  root.addEventListener("click", onRootClick);
  return () => {
    svgElement.removeEventListener("pointerdown", onDown);
    svgElement.removeEventListener("pointerup", onUp);
    svgElement.removeEventListener("pointercancel", onCancel);
    svgElement.removeEventListener("pointermove", onMove);
    svgElement.removeEventListener("pointerleave", onLeave);
    svgElement.removeEventListener("click", onClick);
    svgElement.removeEventListener("wheel", onWheel);
    svgElement.removeEventListener("contextmenu", onContextMenu);
    root.removeEventListener("keydown", onKey);
    root.removeEventListener("keyup", onKeyEcho);
    root.removeEventListener("keypress", onKeyEcho);
    root.removeEventListener("click", onRootClick);
  };
}
