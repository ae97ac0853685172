import assert from "node:assert/strict";
import { test } from "node:test";
import { sliderKey } from "../../src/board/controls.js";

test("the replay slider's keys step through the moves and stop at both ends", () => {
  assert.equal(sliderKey("ArrowLeft", 5, 30), 4);
  assert.equal(sliderKey("ArrowDown", 5, 30), 4);
  assert.equal(sliderKey("ArrowRight", 5, 30), 6);
  assert.equal(sliderKey("ArrowUp", 30, 30), 30);
  assert.equal(sliderKey("ArrowLeft", 0, 30), 0);
  assert.equal(sliderKey("PageUp", 5, 30), 8);
  assert.equal(sliderKey("Home", 5, 30), 0);
  assert.equal(sliderKey("End", 5, 30), 30);
  assert.equal(sliderKey("r", 5, 30), null);
});
