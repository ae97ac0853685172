import assert from "node:assert/strict";
import { test } from "node:test";
import fixture from "../fixtures/python.json" with { type: "json" };
import { type PuzzlePosition, evaluatePuzzlePlacement } from "../../src/puzzle/preview.js";
import { type Cell, cellKey, orientationOn, placeAt } from "../../src/shared/shapes.js";

// JSON arrays type as number[][]; the fixture holds [x, y] pairs.
const pieces = fixture.pieces as unknown as Record<string, [number, number][][]>;
const sortedKeys = (cells: readonly Cell[]) => cells.map(cellKey).sort();
const region: Cell[] = [];
for (let y = 0; y < 3; y++) for (let x = 0; x < 5; x++) region.push([x, y]);
const V: Cell[] = [[0, 0], [0, 1], [0, 2], [1, 2], [2, 2]];

function position(placed: { piece: string; cells: Cell[] }[], remaining: Record<string, number>): PuzzlePosition {
  const covered = new Map<string, string>();
  for (const p of placed) for (const c of p.cells) covered.set(cellKey(c), p.piece);
  return { region: new Set(region.map(cellKey)), covered, remaining };
}

test("the preview: in the region, on free squares, with a copy left", () => {
  const V5 = pieces.V5[0] as Cell[]; // the V as in the region's left column
  const fresh = position([], { V5: 1, L5: 1, P: 1 });
  // placeAt puts the handle (the corner of the V) on the anchor.
  const anchor: Cell = [0, 1];
  const at = evaluatePuzzlePlacement(fresh, "V5", V5, anchor);
  assert.equal(at.state, "legal", at.reason);
  assert.equal(at.reason, "");
  assert.deepEqual(sortedKeys(at.cells), sortedKeys(placeAt(V5, anchor)));

  const off = evaluatePuzzlePlacement(fresh, "V5", V5, [4, 2]);
  assert.equal(off.state, "illegal");
  assert.equal(off.reason, "part of the piece is outside the region");

  const withV = position([{ piece: "V5", cells: V }], { V5: 0, L5: 1, P: 1 });
  const onV = evaluatePuzzlePlacement(withV, "P", pieces.P[0] as Cell[], [1, 1]);
  assert.equal(onV.reason, "covers a square of the V5");
  const free = orientationOn(V5, [[2, 0], [3, 0], [4, 0], [4, 1], [4, 2]])!;
  const again = evaluatePuzzlePlacement(withV, "V5", free.shape, free.anchor);
  assert.equal(again.reason, "every V5 is already placed");
  assert.equal(evaluatePuzzlePlacement(fresh, "V5", free.shape, free.anchor).state, "legal");
});
