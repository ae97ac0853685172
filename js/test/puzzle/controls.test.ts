import assert from "node:assert/strict";
import { test } from "node:test";
import { puzzleAvailable } from "../../src/puzzle/controls.js";

test("H asks for a hint only when the Hint button is enabled: not once solved, not while searching", () => {
  const open = { holding: false, solved: false, searching: false, placed: 0 };
  assert.deepEqual(puzzleAvailable(open), { rotate: false, flip: false, place: false, hint: true, check: true, solution: true, reset: false });
  assert.equal(puzzleAvailable({ ...open, solved: true, placed: 3 }).hint, false);
  assert.equal(puzzleAvailable({ ...open, searching: true }).solution, false);
  assert.deepEqual(puzzleAvailable({ ...open, holding: true, placed: 1 }),
    { rotate: true, flip: true, place: true, hint: true, check: true, solution: true, reset: true });
});
