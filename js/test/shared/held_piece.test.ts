import assert from "node:assert/strict";
import { test } from "node:test";
import { type Cell, flip, normalize, rotateClockwise, rotateCounterclockwise } from "../../src/shared/shapes.js";
import { HeldPiece } from "../../src/shared/held_piece.js";

const L: Cell[] = [[1, 1], [1, 2], [1, 3], [2, 3]];

test("a piece is taken as the tray draws it, turned and flipped, and dropped", () => {
  const held = new HeldPiece();
  assert.equal(held.holding(), false);
  assert.equal(held.rotate(1), false, "nothing to turn");
  held.take("L4", L);
  assert.equal(held.holding(), true);
  assert.deepEqual(held.shape, normalize(L));
  assert.equal(held.rotate(1), true);
  assert.deepEqual(held.shape, rotateClockwise(L));
  held.rotate(-1);
  assert.deepEqual(held.shape, normalize(L));
  held.flip();
  assert.deepEqual(held.shape, flip(L));
  held.rotate(-1);
  assert.deepEqual(held.shape, rotateCounterclockwise(flip(L)));
  held.drop();
  assert.equal(held.piece, null);
  assert.deepEqual(held.shape, []);
});

test("the pointer moves the anchor and ends keyboard mode; leaving the board keeps the anchor", () => {
  const held = new HeldPiece();
  held.keyboardMode = true;
  held.hover([3, 4]);
  assert.deepEqual(held.anchor, [3, 4]);
  assert.equal(held.pointerOnBoard, true);
  assert.equal(held.keyboardMode, false);
  held.keyboardMode = true;
  held.hover(null);
  assert.deepEqual(held.anchor, [3, 4]);
  assert.equal(held.pointerOnBoard, false);
  assert.equal(held.keyboardMode, true);
});

test("a finger's place is kept (a finger has no hover) until the mouse takes over", () => {
  const held = new HeldPiece();
  held.take("L4", L);
  assert.equal(held.shown(), false, "taken, not yet shown");
  held.touch([3, 3]);
  assert.equal(held.shown(), true);
  held.hover(null); // a finger's lift is no mouse leaving
  assert.equal(held.shown(), true);
  held.hover([5, 5]);
  assert.deepEqual([held.anchor, held.touchShown], [[5, 5], false]);
  held.hover(null);
  assert.equal(held.shown(), false, "the mouse left the board");
});
