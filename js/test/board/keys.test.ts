import assert from "node:assert/strict";
import { test } from "node:test";
import { keyCommand } from "../../src/board/keys.js";

test("the shared piece keys work on the board", () => {
  assert.deepEqual(keyCommand({ key: "R", shiftKey: true }), { kind: "rotate", dir: -1 });
  assert.deepEqual(keyCommand({ key: "Enter" }), { kind: "place" });
});

test("brackets choose pieces; undo, redo and hints have keys", () => {
  assert.deepEqual(keyCommand({ key: "]" }), { kind: "cycle", dir: 1 });
  assert.deepEqual(keyCommand({ key: "[" }), { kind: "cycle", dir: -1 });
  assert.deepEqual(keyCommand({ key: "z", ctrlKey: true }), { kind: "action", action: "undo" });
  assert.deepEqual(keyCommand({ key: "z", ctrlKey: true, shiftKey: true }), { kind: "action", action: "redo" });
  assert.deepEqual(keyCommand({ key: "h" }), { kind: "action", action: "hint" });
  assert.deepEqual(keyCommand({ key: "c" }), { kind: "action", action: "hints" });
});

test("undo, redo and corners work on a non-Latin layout too", () => {
  assert.deepEqual(keyCommand({ key: "я", code: "KeyZ" }), { kind: "action", action: "undo" });
  assert.deepEqual(keyCommand({ key: "я", code: "KeyZ", ctrlKey: true }), { kind: "action", action: "undo" });
  assert.deepEqual(keyCommand({ key: "н", code: "KeyY" }), { kind: "action", action: "redo" });
  assert.deepEqual(keyCommand({ key: "с", code: "KeyC" }), { kind: "action", action: "hints" });
  assert.equal(keyCommand({ key: "с", code: "KeyC", ctrlKey: true }), null); // copy stays copy
});

test("other keys and Alt combinations are left to the page", () => {
  assert.equal(keyCommand({ key: "q" }), null);
  assert.equal(keyCommand({ key: "Tab" }), null);
  assert.equal(keyCommand({ key: "r", altKey: true }), null);
  assert.equal(keyCommand({ key: "c", ctrlKey: true }), null); // copy stays copy
});
