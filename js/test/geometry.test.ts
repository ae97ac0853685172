import assert from "node:assert/strict";
import { test } from "node:test";
import fixture from "./fixtures/python.json" with { type: "json" };
import {
  type Cell, cellName, flip, handle, moveText, normalize, orientations, parseCell, placeAt,
  rotateClockwise, rotateCounterclockwise, shapeKey, transform,
} from "../src/geometry.js";

const pieces = fixture.pieces as Record<string, [number, number][][]>;
const F = pieces.F[0] as Cell[];

test("orientations match blokus_nb.pieces for all 21 pieces, in the same order", () => {
  let total = 0;
  for (const [name, pythonOrientations] of Object.entries(pieces)) {
    const ours = orientations(pythonOrientations[0]);
    assert.deepEqual(ours, pythonOrientations, name);
    total += ours.length;
  }
  assert.equal(total, 91);
});

test("four quarter turns and two flips give the shape back", () => {
  let shape: Cell[] = F;
  for (let k = 0; k < 4; k++) shape = rotateClockwise(shape);
  assert.deepEqual(shape, normalize(F));
  assert.deepEqual(flip(flip(F)), normalize(F));
  assert.deepEqual(rotateCounterclockwise(rotateClockwise(F)), normalize(F));
});

test("a quarter turn clockwise on screen moves the top row to the right column", () => {
  // "##" on top of "#." (V3) turned clockwise: "##" / ".#"
  const v3: Cell[] = [[0, 0], [0, 1], [1, 1]];
  assert.deepEqual(rotateClockwise(v3), [[0, 0], [1, 0], [0, 1]]);
  assert.deepEqual(transform(v3, 1), rotateClockwise(v3));
  assert.deepEqual(transform(v3, 4), flip(v3));
});

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

test("the handle is the cell nearest the middle, and placing puts it on the anchor", () => {
  const x = pieces.X[0] as Cell[];
  assert.deepEqual(handle(x), [1, 1]);
  const cells = placeAt(x, [4, 4]);
  assert.equal(moveText(cells, 14), "e9,d10,e10,f10,e11");
  const i5 = pieces.I5[0] as Cell[];
  assert.deepEqual(handle(i5), [2, 0]);
  for (const shape of orientations(F)) {
    const placed = placeAt(shape, [7, 7]);
    assert.ok(placed.some(([cx, cy]) => cx === 7 && cy === 7), "the anchor cell is always covered");
    assert.equal(shapeKey(placed), shapeKey(shape));
  }
});
