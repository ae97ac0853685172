// The touch layout: on a device with no fine pointer (a tablet, a phone), or
// once a finger has touched the board, the buttons a finger needs (rotate, flip,
// place, and the widget's own, such as undo) move beside the board, big enough
// for a finger. They are the same button elements, moved, so every control
// keeps one data-action; with a mouse they stay in the row under the board.

import { html } from "./dom.js";

const COARSE = "(pointer: coarse)";

export class TouchPad {
  /** The column beside the board that holds the buttons in the touch layout. */
  readonly element: HTMLDivElement;
  private buttons: { button: HTMLElement; parent: Node | null; next: Node | null }[] = [];
  private readonly media: MediaQueryList | null;
  private touchSeen = false;
  private on = false;
  private readonly onMediaChange = () => this.apply();

  constructor(private readonly root: HTMLElement, parent: HTMLElement) {
    this.element = html("div", { class: "bk-pad", role: "toolbar", "aria-label": "Piece controls", hidden: "" }, parent);
    this.media = typeof window !== "undefined" && window.matchMedia ? window.matchMedia(COARSE) : null;
    this.media?.addEventListener?.("change", this.onMediaChange);
  }

  /** The buttons that go beside the board in the touch layout, in order. */
  dock(buttons: readonly HTMLElement[]): void {
    this.buttons = buttons.map((button) => ({ button, parent: button.parentNode, next: button.nextSibling }));
    this.on = false;
    this.apply();
  }

  /** A finger touched the board: the touch layout stays for this view, whatever the device says. */
  touched(): void {
    if (this.touchSeen) return;
    this.touchSeen = true;
    this.apply();
  }

  /** Whether the view is in its touch layout (the wording of its help says "tap" then). */
  active(): boolean {
    return this.on;
  }

  destroy(): void {
    this.media?.removeEventListener?.("change", this.onMediaChange);
  }

  private apply(): void {
    const on = this.touchSeen || (this.media?.matches ?? false);
    if (on === this.on) return;
    this.on = on;
    if (on) this.root.setAttribute("data-touch", "true");
    else this.root.removeAttribute("data-touch");
    this.element.toggleAttribute("hidden", !on);
    if (on) {
      for (const { button } of this.buttons) this.element.append(button);
    } else {
      // Back where each came from, in its row under the board: the last first, so a
      // button that was followed by another docked one finds it back in place.
      for (const { button, parent, next } of [...this.buttons].reverse()) {
        parent?.insertBefore(button, next && next.parentNode === parent ? next : null);
      }
    }
  }
}
