import assert from "node:assert/strict";
import { test } from "node:test";
import { type PieceCommand, type PointerSurface, attachInput, keyName, pieceKeyCommand, repeats } from "../../src/shared/input.js";

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

test("a key the widget did nothing with goes on to the page; one it used does not", () => {
  const root = listener();
  const svg = listener();
  const used: string[] = [];
  // The view: an arrow does nothing (no piece in hand); R turns the piece.
  const target = {
    hover() {}, click() {}, holding: () => false, ...fingerless,
    command: (command: PieceCommand) => {
      used.push(command.kind);
      return command.kind === "rotate";
    },
  };
  const off = attachInput(root as unknown as HTMLElement, { svg, cellAt: () => null } as unknown as PointerSurface,
    target, pieceKeyCommand);
  const press = (key: string) => {
    const event = { key, target: null, prevented: false, stopped: false,
      preventDefault() { this.prevented = true; }, stopPropagation() { this.stopped = true; } };
    root.handlers.get("keydown")!(event);
    return [event.prevented, event.stopped];
  };
  assert.deepEqual(press("ArrowDown"), [false, false]);
  assert.deepEqual(press("Escape"), [false, false]);
  assert.deepEqual(press("r"), [true, true]);
  assert.deepEqual(press("q"), [false, false]); // no command at all
  assert.deepEqual(used, ["move", "drop", "rotate"]);
  off();
  assert.equal(root.handlers.size, 0);
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
