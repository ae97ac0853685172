import assert from "node:assert/strict";
import { test } from "node:test";
import fixture from "../fixtures/python.json" with { type: "json" };
import type { Cell } from "../../src/shared/shapes.js";
import { cellName, moveText, parseCell } from "../../src/board/cells.js";

test("cell names are Pentobi's: a at the left, row 1 at the bottom", () => {
  assert.equal(cellName([0, 0], 20), "a20");
  assert.equal(cellName([19, 19], 20), "t1");
  assert.equal(cellName([4, 4], 14), "e10");
  assert.deepEqual(parseCell("j5", 14), [9, 9]);
  assert.equal(parseCell("o1", 14), null);
  assert.equal(parseCell("a15", 14), null);
  assert.equal(parseCell("<b>", 14), null);
  for (let x = 0; x < 14; x++) for (let y = 0; y < 14; y++) assert.deepEqual(parseCell(cellName([x, y], 14), 14), [x, y]);
});

test("move text is the same as Python's str(move) on both board sizes", () => {
  let checked = 0;
  for (const { size, list } of Object.values(fixture.moves)) {
    for (const { coords, text } of list) {
      const cells = (coords as [number, number][]).map((c) => [c[0], c[1]] as Cell);
      assert.equal(moveText(cells.reverse(), size), text); // order of the input does not matter
      checked++;
    }
  }
  assert.ok(checked > 20);
});

test("move text is null when a cell is off the board", () => {
  assert.equal(moveText([[0, 0], [-1, 0]], 14), null);
  assert.equal(moveText([[13, 14]], 14), null);
});
