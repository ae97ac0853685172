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
    this.get(action).disabled = !on;
  }
}
