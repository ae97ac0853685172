import assert from "node:assert/strict";
import { test } from "node:test";
import fixture from "../fixtures/python.json" with { type: "json" };
import type { Shape } from "../../src/shared/shapes.js";
import { cyclePiece, layoutTray } from "../../src/shared/tray.js";

const pieces = Object.entries(fixture.pieces).map(([name, o]) => [name, o[0] as unknown as Shape] as [string, Shape]);
const order = pieces.map(([name]) => name);

test("the tray layout keeps every piece inside its width, without overlaps, in order", () => {
  const { slots, height } = layoutTray(pieces, 17);
  assert.equal(slots.length, 21);
  assert.deepEqual(slots.map((s) => s.name), order);
  const covered = new Set<string>();
  for (const slot of slots) {
    assert.ok(slot.x >= 0 && slot.x + slot.width <= 17, slot.name);
    assert.ok(slot.y + slot.height <= height);
    // Boxes grown by the one-cell gap must not meet any other box.
    for (let x = slot.x; x < slot.x + slot.width; x++) {
      for (let y = slot.y; y < slot.y + slot.height; y++) {
        assert.ok(!covered.has(`${x},${y}`), `${slot.name} overlaps at ${x},${y}`);
        covered.add(`${x},${y}`);
      }
    }
  }
  assert.ok(height < 20);
});

test("cycling goes through the pieces in hand only, and wraps", () => {
  const hand = ["2", "F", "X"];
  assert.equal(cyclePiece(order, hand, null, 1), "2");
  assert.equal(cyclePiece(order, hand, null, -1), "X");
  assert.equal(cyclePiece(order, hand, "2", 1), "F");
  assert.equal(cyclePiece(order, hand, "X", 1), "2");
  assert.equal(cyclePiece(order, hand, "2", -1), "X");
  assert.equal(cyclePiece(order, hand, "I3", 1), "F"); // from a piece no longer in hand
  assert.equal(cyclePiece(order, [], null, 1), null);
});
