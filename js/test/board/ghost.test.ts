import assert from "node:assert/strict";
import { test } from "node:test";
import { middle } from "../../src/board/ghost.js";

test("the best move's win chance is written in the middle of its cells", () => {
  assert.deepEqual(middle([[0, 0], [2, 0]]), [1.5, 0.5]);
  assert.deepEqual(middle([[3, 4]]), [3.5, 4.5]);
});
