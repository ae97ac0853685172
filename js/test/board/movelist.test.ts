import assert from "node:assert/strict";
import { test } from "node:test";
import { lossText } from "../../src/board/movelist.js";

test("the list shows the loss of the moves that lost something worth a mark", () => {
  assert.equal(lossText({ loss: 0.213, class: "blunder" }), "−21%");
  assert.equal(lossText({ loss: 0.06, class: "inaccuracy" }), "−6%");
  assert.equal(lossText({ loss: 0.03, class: "good" }), "");
  assert.equal(lossText({ loss: 0.2, class: "best" }), "");
  assert.equal(lossText({ loss: null, class: "" }), "");
});
