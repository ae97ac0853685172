import assert from "node:assert/strict";
import { test } from "node:test";
import { currentHint } from "../../src/board/protocol.js";
import { notYourTurn } from "../../src/board/view.js";

test("a click on a tray that gives no piece says why: whose turn, the computer's, or a hint being found", () => {
  const seats = { blue: "human", yellow: "hard" };
  assert.equal(notYourTurn({ to_play: "blue", seats, thinking: "" }, "yellow"), "It is blue's turn.");
  assert.equal(notYourTurn({ to_play: "yellow", seats, thinking: "yellow" }, "blue"), "It is yellow's turn (computer).");
  // Blue's own tray while the Hint button's move is found for blue: not "the computer's turn".
  assert.equal(notYourTurn({ to_play: "blue", seats, thinking: "blue" }, "blue"),
    "Wait a moment: a hint for blue is being found.");
  assert.equal(notYourTurn({ to_play: "", seats, thinking: "" }, "blue"), "The game is over.");
});

test("a hint is current only for the version it was found for", () => {
  const hint = { version: 4, move: "e10", piece: "1", cells: ["e10"], reasons: [], source: "hard" };
  assert.equal(currentHint({ hint: {}, version: 4 }), null);
  assert.equal(currentHint({ hint, version: 5 }), null);
  assert.equal(currentHint({ hint, version: 4 }), hint);
});
