import assert from "node:assert/strict";
import { test } from "node:test";
import { firstFree, owners } from "../../src/puzzle/cells.js";
import { type Cell, cellKey } from "../../src/shared/shapes.js";

// A 5x3 rectangle, as in tests/test_puzzle_widget.py:  VLLLL / VLPPP / VVVPP
const region: Cell[] = [];
for (let y = 0; y < 3; y++) for (let x = 0; x < 5; x++) region.push([x, y]);
const V: Cell[] = [[0, 0], [0, 1], [0, 2], [1, 2], [2, 2]];

test("owners says which placement covers each cell", () => {
  const map = owners([{ cells: V }, { cells: [[1, 0], [2, 0]] }]);
  assert.equal(map.get("0,2"), 0);
  assert.equal(map.get("2,0"), 1);
  assert.equal(map.has("4,4"), false);
});

test("the keyboard cursor starts on the first free cell and stays in the box", () => {
  assert.deepEqual(firstFree(region, owners([{ cells: V }])), [1, 0]);
  assert.deepEqual(firstFree(region, new Map()), [0, 0]);
  assert.equal(firstFree(region, new Map(region.map((c) => [cellKey(c), 0]))), null);
});
