// A row of buttons, each with data-action so tests and scripts find it.

import { html } from "./dom.js";

export class Buttons<A extends string> {
  private readonly buttons = new Map<A, HTMLButtonElement>();

  /** `onClick` runs for every button made with `add` unless the button has its own handler. */
  constructor(private readonly onClick: (action: A) => void) {}

  add(parent: HTMLElement, action: A, text: string, label: string, own?: () => void): HTMLButtonElement {
    const button = html("button", {
      type: "button", class: "bk-button", "data-action": action, title: label, "aria-label": label,
    }, parent, text);
    button.addEventListener("click", own ?? (() => this.onClick(action)));
    this.buttons.set(action, button);
    return button;
  }

  get(action: A): HTMLButtonElement {
    return this.buttons.get(action)!;
  }

  enable(action: A, on: boolean): void {
    const button = this.get(action);
    if (button.disabled === !on) return;
    if (!on) keepFocus(button);
    button.disabled = !on;
  }

  /** Show or hide a button (a hidden one is disabled too). */
  show(action: A, on: boolean): void {
    const button = this.get(action);
    if (!on) keepFocus(button);
    button.hidden = !on;
    this.enable(action, on);
  }
}

/**
 * A button about to be disabled or hidden hands the focus to its widget's root
 * if it has it, so a keyboard user keeps the widget's keys (the page would give
 * the focus to <body>).
 */
function keepFocus(button: HTMLButtonElement): void {
  if (button.ownerDocument.activeElement !== button) return;
  button.closest<HTMLElement>('[tabindex="0"]')?.focus({ preventScroll: true });
}
