// The puzzle widget's pure logic: cells and outlines, the hover preview, hints
// taken into the hand, keys, and model sync with the puzzle's traits.
import assert from "node:assert/strict";
import { test } from "node:test";
import fixture from "./fixtures/python.json" with { type: "json" };
import { type Cell, placeAt, shapeKey } from "../src/geometry.js";
import { cellKey, clampToBox, firstFree, orientationOn, outlinePath, owners } from "../src/puzzle_geometry.js";
import { puzzleKeyCommand } from "../src/puzzle_input.js";
import { evaluatePuzzlePlacement, type PuzzlePosition } from "../src/puzzle_preview.js";
import { PUZZLE_KEYS, type PuzzleMessage, type PuzzleState } from "../src/puzzle_types.js";
import { type Model, ModelSync } from "../src/sync.js";

const pieces = fixture.pieces as Record<string, [number, number][][]>;
const sortedKeys = (cells: readonly Cell[]) => cells.map(cellKey).sort();

/** The number of unit edges in an outline path ("M0 0h1" is one). */
const edges = (path: string) => (path.match(/M/g) ?? []).length;

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

test("outlines: round a piece, and each edge between two pieces drawn once", () => {
  assert.equal(edges(outlinePath(new Map([["0,0", 0], ["1,0", 0]]))), 6);
  assert.equal(edges(outlinePath(new Map([["0,0", 0], ["1,0", 1]]))), 7);
  assert.equal(edges(outlinePath(new Map(region.map((c) => [cellKey(c), 0])))), 16); // the 5x3 box
  // A square with a hole: the hole has its own four edges.
  const ring = new Map(region.filter(([x, y]) => x < 3).filter(([x, y]) => !(x === 1 && y === 1)).map((c) => [cellKey(c), 0]));
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

test("the keyboard cursor starts on the first free cell and stays in the box", () => {
  assert.deepEqual(firstFree(region, owners([{ cells: V }])), [1, 0]);
  assert.deepEqual(firstFree(region, new Map()), [0, 0]);
  assert.equal(firstFree(region, new Map(region.map((c) => [cellKey(c), 0]))), null);
  assert.deepEqual(clampToBox([-1, 7], 5, 3), [0, 2]);
  assert.deepEqual(clampToBox([2, 1], 5, 3), [2, 1]);
});

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

test("keys: Delete takes back, H asks for a hint; undo, redo and corners do nothing in a puzzle", () => {
  assert.deepEqual(puzzleKeyCommand({ key: "Delete" }), { kind: "remove" });
  assert.deepEqual(puzzleKeyCommand({ key: "Backspace" }), { kind: "remove" });
  assert.equal(puzzleKeyCommand({ key: "Delete", ctrlKey: true }), null);
  assert.deepEqual(puzzleKeyCommand({ key: "h" }), { kind: "action", action: "hint" });
  assert.deepEqual(puzzleKeyCommand({ key: "R", shiftKey: true }), { kind: "rotate", dir: -1 });
  assert.deepEqual(puzzleKeyCommand({ key: "f" }), { kind: "flip" });
  assert.deepEqual(puzzleKeyCommand({ key: "Enter" }), { kind: "place" });
  assert.deepEqual(puzzleKeyCommand({ key: "]" }), { kind: "cycle", dir: 1 });
  for (const key of ["z", "y", "c"]) assert.equal(puzzleKeyCommand({ key }), null, key);
  assert.equal(puzzleKeyCommand({ key: "z", ctrlKey: true }), null);
});

test("model sync reads the puzzle's traits and sends its requests", async () => {
  const values: Record<string, unknown> = { version: 3, solved: false, board: "not a puzzle trait" };
  const handlers = new Map<string, () => void>();
  const sent: unknown[] = [];
  const model: Model = {
    get: (key) => values[key],
    set: (key, value) => { values[key] = value; },
    save_changes: () => {},
    on: (event, cb) => { handlers.set(event, cb as () => void); },
    off: (event) => { handlers.delete(event); },
    send: (content) => { sent.push(content); },
  };
  const sync = new ModelSync<PuzzleState, PuzzleMessage>(model, PUZZLE_KEYS);
  assert.equal(sync.state.version, 3);
  assert.equal("board" in sync.state, false);
  const changes: string[][] = [];
  sync.subscribe((changed) => changes.push([...changed]));
  assert.ok(handlers.has("change:placements") && !handlers.has("change:board"));
  handlers.get("change:placements")!();
  handlers.get("change:version")!();
  await Promise.resolve();
  assert.deepEqual(changes, [["placements", "version"]]);
  sync.send({ type: "remove", cell: [1, 2], version: 3 });
  assert.deepEqual(sent, [{ type: "remove", cell: [1, 2], version: 3 }]);
});
