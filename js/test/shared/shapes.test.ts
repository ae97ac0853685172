import assert from "node:assert/strict";
import { test } from "node:test";
import fixture from "../fixtures/python.json" with { type: "json" };
import {
  type Cell, cellKey, clampToBox, connectedPieces, flip, pieceLines, squaresPath, handle, normalize, orientationOn, orientations, outlinePath, placeAt,
  rotateClockwise, rotateCounterclockwise, shapeKey, transform,
} from "../../src/shared/shapes.js";

// JSON arrays type as number[][]; the fixture holds [x, y] pairs.
const pieces = fixture.pieces as unknown as Record<string, [number, number][][]>;
const F = pieces.F[0] as Cell[];
const sortedKeys = (cells: readonly Cell[]) => cells.map(cellKey).sort();

const box: Cell[] = [];
for (let y = 0; y < 3; y++) for (let x = 0; x < 5; x++) box.push([x, y]);
const V: Cell[] = [[0, 0], [0, 1], [0, 2], [1, 2], [2, 2]];

/** The number of unit edges in an outline path ("M0 0h1" is one). */
const edges = (path: string) => (path.match(/M/g) ?? []).length;

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

test("the handle is the cell nearest the middle, and placing puts it on the anchor", () => {
  const x = pieces.X[0] as Cell[];
  assert.deepEqual(handle(x), [1, 1]);
  const cells = placeAt(x, [4, 4]);
  assert.deepEqual(sortedKeys(cells), ["3,4", "4,3", "4,4", "4,5", "5,4"]);
  const i5 = pieces.I5[0] as Cell[];
  assert.deepEqual(handle(i5), [2, 0]);
  for (const shape of orientations(F)) {
    const placed = placeAt(shape, [7, 7]);
    assert.ok(placed.some(([cx, cy]) => cx === 7 && cy === 7), "the anchor cell is always covered");
    assert.equal(shapeKey(placed), shapeKey(shape));
  }
});

test("a shape away from (0, 0) has the handle and placement of the same shape at (0, 0)", () => {
  const x = pieces.X[0] as Cell[];
  const shifted = x.map(([cx, cy]) => [cx + 5, cy + 3] as Cell);
  assert.deepEqual(handle(shifted), [1, 1]);
  assert.deepEqual(placeAt(shifted, [4, 4]), placeAt(x, [4, 4]));
  const l4: Cell[] = [[7, 2], [7, 3], [7, 4], [8, 4]]; // an L4 at (7, 2): handle at the middle of its stem
  assert.deepEqual(handle(l4), [0, 1]);
});

test("outlines: round a piece, and each edge between two pieces drawn once", () => {
  assert.equal(edges(outlinePath(new Map([["0,0", 0], ["1,0", 0]]))), 6);
  assert.equal(edges(outlinePath(new Map([["0,0", 0], ["1,0", 1]]))), 7);
  assert.equal(edges(outlinePath(new Map(box.map((c) => [cellKey(c), 0])))), 16); // the 5x3 box
  // A square with a hole: the hole has its own four edges.
  const ring = new Map(box.filter(([x, y]) => x < 3).filter(([x, y]) => !(x === 1 && y === 1)).map((c) => [cellKey(c), 0]));
  assert.equal(edges(outlinePath(ring)), 12 + 4);
  assert.match(outlinePath(new Map([["2,3", 0]])), /^M2 3h1M2 4h1M2 3v1M3 3v1$/);
});

test("a hint's cells give back the orientation and the anchor that put the piece there, for every piece", () => {
  let checked = 0;
  for (const [name, orientationsOf] of Object.entries(pieces)) {
    for (const orientation of orientationsOf) {
      const cells = orientation.map(([x, y]) => [x + 3, y + 2] as Cell);
      const on = orientationOn(orientationsOf[0], cells);
      assert.ok(on, name);
      assert.equal(shapeKey(on.shape), shapeKey(cells), name);
      assert.deepEqual(sortedKeys(placeAt(on.shape, on.anchor)), sortedKeys(cells), name);
      checked++;
    }
  }
  assert.equal(checked, 91);
  assert.equal(orientationOn(pieces.F[0], V), null); // a V is no F
  assert.equal(orientationOn(pieces.F[0], []), null);
});

test("cells are clamped to a box", () => {
  assert.deepEqual(clampToBox([-1, 7], 5, 3), [0, 2]);
  assert.deepEqual(clampToBox([2, 1], 5, 3), [2, 1]);
});

// Written by the pieces tests in Python: one shape and its images under the
// square's eight symmetries, in Python's order.
const SYMMETRIES = new URL("../fixtures/symmetries.json", import.meta.url);

test("the eight symmetries are Python's, in Python's order", async (t) => {
  const { existsSync, readFileSync } = await import("node:fs");
  const path = SYMMETRIES.pathname.replace("/.test-build/", "/test/");
  if (!existsSync(path)) {
    t.skip(`${path} is missing: run the Python tests (tests/test_pieces.py) to write it`);
    return;
  }
  const fixture = JSON.parse(readFileSync(path, "utf8")) as { shape: [number, number][]; images: [number, number][][] };
  assert.equal(fixture.images.length, 8);
  fixture.images.forEach((image, t8) => {
    assert.deepEqual(transform(fixture.shape, t8), normalize(image), `symmetry ${t8}`);
  });
});

test("a piece is drawn as one shape: one outline round it, faint lines between its squares, relief inside", () => {
  const L: Cell[] = [[0, 0], [0, 1], [0, 2], [1, 2]];
  assert.equal(squaresPath(L), "M0 0h1v1h-1zM0 1h1v1h-1zM0 2h1v1h-1zM1 2h1v1h-1z");
  const lines = pieceLines(L, 0.1);
  assert.equal(edges(lines.outline), 10); // the perimeter of an L4, in unit edges
  assert.equal(edges(lines.inner), 3); // three squares meet the next one
  assert.equal(edges(lines.light) + edges(lines.shade), 10); // every outer edge is lit or shaded once
  assert.match(lines.light, /^M0 0\.1h1/); // the top of the top square is lit, just inside
  const single = pieceLines([[4, 5]]);
  assert.equal(edges(single.outline), 4);
  assert.equal(single.inner, "");
});

test("the pieces on a board are the sets of one owner's cells joined by sides", () => {
  // Two blue pieces meeting at a corner are two pieces; a red one beside a blue one is its own.
  const owner = new Map([["0,0", "blue"], ["1,0", "blue"], ["2,1", "blue"], ["2,2", "blue"], ["3,1", "red"]]);
  const pieces = connectedPieces(owner).map((p) => `${p.owner}:${sortedKeys(p.cells).join(" ")}`).sort();
  assert.deepEqual(pieces, ["blue:0,0 1,0", "blue:2,1 2,2", "red:3,1"]);
});
