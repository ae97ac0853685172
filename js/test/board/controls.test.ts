import assert from "node:assert/strict";
import { test } from "node:test";
import { SeekTarget, available, sliderKey } from "../../src/board/controls.js";

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

test("an action is available exactly when its button is enabled: Z, Y and H ask nothing of Python otherwise", () => {
  const start = { mode: "play", can_undo: false, can_redo: false, replay_index: 0, replay_length: 0, game_over: false };
  const idle = { holding: false, humanToPlay: true, playing: false, canPass: false };
  const now = available(start, idle);
  assert.equal(now.undo, false, "no move to undo");
  assert.equal(now.redo, false, "no move to redo");
  assert.equal(now.hint, true);
  assert.equal(now.rotate, false, "nothing in hand");
  assert.equal(now.pass, false);
  assert.equal(available(start, { ...idle, humanToPlay: false }).hint, false, "the computer's turn, or a hint on its way");
  const later = available({ ...start, can_undo: true, can_redo: true }, { ...idle, holding: true, canPass: true });
  assert.deepEqual([later.undo, later.redo, later.rotate, later.flip, later.pass], [true, true, true, true, true]);
  const replay = available({ mode: "replay", can_undo: true, can_redo: true, replay_index: 3, replay_length: 3, game_over: true }, idle);
  assert.deepEqual([replay.undo, replay.hint, replay.prev, replay.next, replay.play], [false, false, true, false, true]);
});

test("replay steps pressed before the kernel answers add up, within the game", () => {
  const target = new SeekTarget();
  const at = (replay_index: number) => ({ mode: "replay", replay_index, replay_length: 6 });
  assert.equal(target.step(at(3), 1), 4);
  assert.equal(target.step(at(3), 1), 5); // Next twice before the replay moved: two moves on
  target.update(at(4)); // on its way
  assert.equal(target.step(at(4), 1), 6);
  assert.equal(target.step(at(4), 1), 6); // not past the end
  target.update(at(6)); // there: steps go from the replay's own position again
  assert.equal(target.step(at(6), -1), 5);
  target.forget(); // that seek was refused
  assert.equal(target.step(at(6), -1), 5);
  target.update({ mode: "play", replay_index: 0 });
  assert.equal(target.to(at(0), -3), 0);
});

