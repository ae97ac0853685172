import assert from "node:assert/strict";
import { test } from "node:test";
import {
  type PieceCommand, type PointerSurface, attachInput, keyEchoFate, keyName, keydownFate, pieceKeyCommand, repeats,
  typedIntoControl,
} from "../../src/shared/input.js";
import { keyCommand } from "../../src/board/keys.js";

test("R rotates, Shift+R rotates back, F flips", () => {
  assert.deepEqual(pieceKeyCommand({ key: "r" }), { kind: "rotate", dir: 1 });
  assert.deepEqual(pieceKeyCommand({ key: "R", shiftKey: true }), { kind: "rotate", dir: -1 });
  assert.deepEqual(pieceKeyCommand({ key: "f" }), { kind: "flip" });
});

test("arrows move the cursor, Enter places, Escape drops, brackets choose, H hints", () => {
  assert.deepEqual(pieceKeyCommand({ key: "ArrowUp" }), { kind: "move", dx: 0, dy: -1 });
  assert.deepEqual(pieceKeyCommand({ key: "ArrowRight" }), { kind: "move", dx: 1, dy: 0 });
  assert.deepEqual(pieceKeyCommand({ key: "Enter" }), { kind: "place" });
  assert.deepEqual(pieceKeyCommand({ key: "Escape" }), { kind: "drop" });
  assert.deepEqual(pieceKeyCommand({ key: "." }), { kind: "cycle", dir: 1 });
  assert.deepEqual(pieceKeyCommand({ key: "," }), { kind: "cycle", dir: -1 });
  assert.deepEqual(pieceKeyCommand({ key: "H" }), { kind: "action", action: "hint" });
});

test("keys with Ctrl, Cmd or Alt are not piece keys", () => {
  for (const modifier of ["ctrlKey", "metaKey", "altKey"]) {
    assert.equal(pieceKeyCommand({ key: "r", [modifier]: true }), null, modifier);
  }
  assert.equal(pieceKeyCommand({ key: "z" }), null);
});

test("on a non-Latin layout a letter key is known by where it is (its code)", () => {
  // Russian: the R key types "к", Shift+R "К", the [ key "х"; Greek: the F key types "φ".
  assert.equal(keyName({ key: "к", code: "KeyR" }), "r");
  assert.deepEqual(pieceKeyCommand({ key: "к", code: "KeyR" }), { kind: "rotate", dir: 1 });
  assert.deepEqual(pieceKeyCommand({ key: "К", code: "KeyR", shiftKey: true }), { kind: "rotate", dir: -1 });
  assert.deepEqual(pieceKeyCommand({ key: "φ", code: "KeyF" }), { kind: "flip" });
  assert.deepEqual(pieceKeyCommand({ key: "х", code: "BracketLeft" }), { kind: "cycle", dir: -1 });
  assert.deepEqual(pieceKeyCommand({ key: "ъ", code: "BracketRight" }), { kind: "cycle", dir: 1 });
  assert.deepEqual(pieceKeyCommand({ key: "б", code: "Comma" }), { kind: "cycle", dir: -1 });
  assert.deepEqual(pieceKeyCommand({ key: "ю", code: "Period" }), { kind: "cycle", dir: 1 });
  // A Latin letter is taken as typed (AZERTY's Z is where QWERTY has W), and so is a key with no code.
  assert.equal(keyName({ key: "z", code: "KeyW" }), "z");
  assert.equal(keyName({ key: "R" }), "r");
  assert.equal(keyName({ key: "é" }), "é");
  assert.equal(keyName({ key: "ArrowLeft", code: "ArrowLeft" }), "ArrowLeft");
});

/** A target's finger methods, for tests of keys. */
const fingerless = { show() {}, tap() {}, touched() {}, shownAt: () => null, covers: () => false };

/** Something with addEventListener: records the handlers attachInput adds. */
function listener() {
  const handlers = new Map<string, (event: unknown) => void>();
  return {
    handlers,
    addEventListener: (type: string, handler: (event: unknown) => void) => handlers.set(type, handler),
    removeEventListener: (type: string) => handlers.delete(type),
  };
}

test("every key of the widget stops at its root; one it used loses its default too", () => {
  const root = listener();
  const svg = listener();
  const used: string[] = [];
  // The view: nothing in hand, so an arrow, R, Enter and Esc do nothing; ] takes a piece.
  const target = {
    hover() {}, click() {}, holding: () => false, ...fingerless,
    command: (command: PieceCommand) => {
      used.push(command.kind);
      return command.kind === "cycle";
    },
  };
  const off = attachInput(root as unknown as HTMLElement, { svg, cellAt: () => null } as unknown as PointerSurface,
    target, keyCommand);
  const fire = (type: string, key: string, more: Record<string, unknown> = {}) => {
    const event = { type, key, target: null, prevented: false, stopped: false, ...more,
      preventDefault() { this.prevented = true; }, stopPropagation() { this.stopped = true; } };
    root.handlers.get(type)!(event);
    return [event.prevented, event.stopped];
  };
  const press = (key: string, more: Record<string, unknown> = {}) => fire("keydown", key, more);
  // Kept from the host (VS Code's or Colab's shortcuts), but the page still scrolls on an arrow.
  for (const key of ["ArrowDown", "r", "f", "z", "y", "h", "c", "Enter"]) {
    assert.deepEqual(press(key), [false, true], key);
    assert.deepEqual(fire("keyup", key), [false, true], `${key} up`);
  }
  assert.deepEqual(fire("keypress", "r"), [false, true]);
  assert.deepEqual(press("]"), [true, true]); // used: the widget's alone
  // Esc with nothing in hand lets the keyboard go: the host hears it, as its way back.
  assert.deepEqual(press("Escape"), [false, false]);
  assert.deepEqual(fire("keyup", "Escape"), [false, false]);
  // Not the widget's keys: Tab, browser shortcuts, a letter it does not use.
  for (const [key, more] of [["Tab", {}], ["Tab", { shiftKey: true }], ["c", { ctrlKey: true }],
    ["l", { metaKey: true }], ["r", { altKey: true }], ["q", {}]] as const) {
    assert.deepEqual(press(key, more), [false, false], `${key} ${JSON.stringify(more)}`);
    assert.deepEqual(fire("keyup", key, more), [false, false], `${key} up`);
  }
  assert.deepEqual(used, ["move", "rotate", "flip", "action", "action", "action", "action", "place", "cycle", "drop"]);
  off();
  assert.equal(root.handlers.size, 0);
});

test("keys typed into the widget's own list, field or button are theirs", () => {
  const root = listener();
  const used: string[] = [];
  const target = {
    hover() {}, click() {}, holding: () => true, ...fingerless,
    command: (command: PieceCommand) => used.push(command.kind) > 0,
  };
  attachInput(root as unknown as HTMLElement, { svg: listener(), cellAt: () => null } as unknown as PointerSurface,
    target, keyCommand);
  const press = (tagName: string, key: string) => {
    const event = { key, target: { tagName }, prevented: false, stopped: false,
      preventDefault() { this.prevented = true; }, stopPropagation() { this.stopped = true; } };
    root.handlers.get("keydown")!(event);
    return [event.prevented, event.stopped];
  };
  assert.deepEqual(press("SELECT", "ArrowDown"), [false, false]);
  assert.deepEqual(press("INPUT", "r"), [false, false]);
  assert.deepEqual(press("BUTTON", "Enter"), [false, false]);
  assert.deepEqual(press("BUTTON", "r"), [true, true]); // a button has no R of its own
  assert.deepEqual(used, ["rotate"]);
  assert.equal(typedIntoControl("TEXTAREA", "z"), true);
  assert.equal(typedIntoControl("BUTTON", " "), true);
  assert.equal(typedIntoControl("DIV", "Enter"), false);
  assert.equal(typedIntoControl(undefined, "r"), false);
});

test("a key's fate: used, bound but idle, Esc, or not the widget's", () => {
  const both = { preventDefault: true, stopPropagation: true };
  const host = { preventDefault: false, stopPropagation: true };
  const page = { preventDefault: false, stopPropagation: false };
  assert.deepEqual(keydownFate({ kind: "rotate" }, true), both);
  assert.deepEqual(keydownFate({ kind: "rotate" }, false), host);
  assert.deepEqual(keydownFate({ kind: "drop" }, true), both);
  assert.deepEqual(keydownFate({ kind: "drop" }, false), page);
  assert.deepEqual(keydownFate(null, false), page);
  assert.deepEqual(keyEchoFate({ kind: "move" }), host);
  assert.deepEqual(keyEchoFate({ kind: "drop" }), page);
  assert.deepEqual(keyEchoFate(null), page);
});

test("a key held down repeats moving and turning, not what asks Python", () => {
  const root = listener();
  const used: string[] = [];
  const target = {
    hover() {}, click() {}, holding: () => true, ...fingerless,
    command: (command: PieceCommand) => used.push(command.kind) > 0,
  };
  attachInput(root as unknown as HTMLElement, { svg: listener(), cellAt: () => null } as unknown as PointerSurface,
    target, pieceKeyCommand);
  const press = (key: string, repeat: boolean) => {
    const event = { key, repeat, target: null, prevented: false,
      preventDefault() { this.prevented = true; }, stopPropagation() {} };
    root.handlers.get("keydown")!(event);
    return event.prevented;
  };
  assert.equal(press("Enter", false), true);
  assert.equal(press("Enter", true), true); // kept from the page, but not placed again
  assert.equal(press("h", true), true);
  press("r", true);
  press("ArrowLeft", true);
  press("]", true);
  assert.deepEqual(used, ["place", "rotate", "move", "cycle"]);
  assert.equal(repeats({ kind: "place" }), false);
  assert.equal(repeats({ kind: "remove" }), false);
  assert.equal(repeats({ kind: "action" }), false);
});

test("a finger goes through the tap gesture: its click is not a click, a mouse's still is", () => {
  const root = listener();
  const svg = listener();
  const calls: string[] = [];
  let anchor: readonly [number, number] | null = null;
  const target = {
    holding: () => true,
    shownAt: () => anchor,
    covers: (cell: readonly [number, number]) => anchor !== null && cell[0] === anchor[0] && cell[1] === anchor[1],
    hover: (cell: unknown) => calls.push(`hover ${cell}`),
    click: (cell: unknown) => calls.push(`click ${cell}`),
    show: (cell: readonly [number, number]) => { anchor = cell; calls.push(`show ${cell}`); },
    tap: (cell: unknown) => calls.push(`tap ${cell}`),
    touched: () => calls.push("touched"),
    command: (command: PieceCommand) => calls.push(command.kind) > 0,
  };
  attachInput(root as unknown as HTMLElement, { svg, cellAt: (x: number) => [Math.floor(x / 10), 0] } as unknown as PointerSurface,
    target, pieceKeyCommand);
  const fire = (type: string, pointerType: string, x = 25) =>
    svg.handlers.get(type)!({ type, pointerType, pointerId: 1, clientX: x, clientY: 5, button: 0 });
  fire("pointerdown", "touch");
  fire("pointerup", "touch");
  fire("pointerleave", "touch");
  fire("click", "touch");
  assert.deepEqual(calls, ["touched", "show 2,0"], "shown, not placed, and still shown when the finger leaves");
  fire("pointerdown", "touch");
  fire("pointerup", "touch");
  assert.deepEqual(calls.slice(2), ["touched", "place"], "the second tap on it places it");
  calls.length = 0;
  fire("pointermove", "mouse", 45);
  fire("click", "", 45); // a click with no pointer type: within the finger's echo time, so ignored
  assert.deepEqual(calls, ["hover 4,0"]);

  // A mouse alone: hover previews, a click is a click.
  const mouse = listener();
  const clicks: string[] = [];
  attachInput(listener() as unknown as HTMLElement,
    { svg: mouse, cellAt: (x: number) => [Math.floor(x / 10), 0] } as unknown as PointerSurface,
    { ...target, click: (cell: unknown) => clicks.push(`click ${cell}`) }, pieceKeyCommand);
  mouse.handlers.get("click")!({ type: "click", pointerType: "mouse", clientX: 35, clientY: 5, button: 0 });
  assert.deepEqual(clicks, ["click 3,0"]);
});
