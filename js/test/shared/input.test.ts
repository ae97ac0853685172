import assert from "node:assert/strict";
import { test } from "node:test";
import { pieceKeyCommand } from "../../src/shared/input.js";

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
