import assert from "node:assert/strict";
import { test } from "node:test";
import { puzzleKeyCommand } from "../../src/puzzle/keys.js";

test("keys: Delete takes back, H asks for a hint; undo, redo and corners do nothing in a puzzle", () => {
  assert.deepEqual(puzzleKeyCommand({ key: "Delete" }), { kind: "remove" });
  assert.deepEqual(puzzleKeyCommand({ key: "Backspace" }), { kind: "remove" });
  assert.equal(puzzleKeyCommand({ key: "Delete", ctrlKey: true }), null);
  assert.deepEqual(puzzleKeyCommand({ key: "h" }), { kind: "action", action: "hint" });
  assert.deepEqual(puzzleKeyCommand({ key: "R", shiftKey: true }), { kind: "rotate", dir: -1 });
  assert.deepEqual(puzzleKeyCommand({ key: "f" }), { kind: "flip" });
  assert.deepEqual(puzzleKeyCommand({ key: "Enter" }), { kind: "place" });
  assert.deepEqual(puzzleKeyCommand({ key: "]" }), { kind: "cycle", dir: 1 });
  assert.deepEqual(puzzleKeyCommand({ key: "p" }), { kind: "check" });
  assert.deepEqual(puzzleKeyCommand({ key: "з", code: "KeyP" }), { kind: "check" });
  assert.equal(puzzleKeyCommand({ key: "p", ctrlKey: true }), null);
  for (const key of ["z", "y", "c"]) assert.equal(puzzleKeyCommand({ key }), null, key);
  assert.equal(puzzleKeyCommand({ key: "z", ctrlKey: true }), null);
});

test("piece keys work on a non-Latin layout in a puzzle", () => {
  assert.deepEqual(puzzleKeyCommand({ key: "р", code: "KeyH" }), { kind: "action", action: "hint" });
  assert.deepEqual(puzzleKeyCommand({ key: "к", code: "KeyR" }), { kind: "rotate", dir: 1 });
  assert.equal(puzzleKeyCommand({ key: "я", code: "KeyZ" }), null);
});
