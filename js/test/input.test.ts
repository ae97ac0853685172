import assert from "node:assert/strict";
import { test } from "node:test";
import { keyCommand } from "../src/input.js";

test("R rotates, Shift+R rotates back, F flips", () => {
  assert.deepEqual(keyCommand({ key: "r" }), { kind: "rotate", dir: 1 });
  assert.deepEqual(keyCommand({ key: "R", shiftKey: true }), { kind: "rotate", dir: -1 });
  assert.deepEqual(keyCommand({ key: "f" }), { kind: "flip" });
});

test("arrows move the cursor, Enter places, Escape drops", () => {
  assert.deepEqual(keyCommand({ key: "ArrowUp" }), { kind: "move", dx: 0, dy: -1 });
  assert.deepEqual(keyCommand({ key: "ArrowRight" }), { kind: "move", dx: 1, dy: 0 });
  assert.deepEqual(keyCommand({ key: "Enter" }), { kind: "place" });
  assert.deepEqual(keyCommand({ key: "Escape" }), { kind: "drop" });
});

test("brackets choose pieces; undo, redo and hints have keys", () => {
  assert.deepEqual(keyCommand({ key: "]" }), { kind: "cycle", dir: 1 });
  assert.deepEqual(keyCommand({ key: "[" }), { kind: "cycle", dir: -1 });
  assert.deepEqual(keyCommand({ key: "z", ctrlKey: true }), { kind: "action", action: "undo" });
  assert.deepEqual(keyCommand({ key: "z", ctrlKey: true, shiftKey: true }), { kind: "action", action: "redo" });
  assert.deepEqual(keyCommand({ key: "h" }), { kind: "action", action: "hint" });
  assert.deepEqual(keyCommand({ key: "c" }), { kind: "action", action: "hints" });
});

test("other keys and Alt combinations are left to the page", () => {
  assert.equal(keyCommand({ key: "q" }), null);
  assert.equal(keyCommand({ key: "Tab" }), null);
  assert.equal(keyCommand({ key: "r", altKey: true }), null);
  assert.equal(keyCommand({ key: "c", ctrlKey: true }), null); // copy stays copy
});
