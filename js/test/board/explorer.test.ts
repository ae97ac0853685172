import assert from "node:assert/strict";
import { test } from "node:test";
import { explorerCaption, scoreText } from "../../src/board/explorer.js";

const explorer = { name: "140 duo games, 8 placements deep", games: 140, depth: 8, ply: 1, color: "orange", reached: 95,
  merged: "transpositions and mirror images", moves: [] };

test("a corpus move's score reads with its interval", () => {
  assert.equal(scoreText({ score: 0.625, low: 0.48, high: 0.741 }), "63% (48–74)");
  assert.equal(scoreText({ score: null, low: null, high: null }), "–");
});

test("the caption says how many games got here and what was merged, or that none did", () => {
  assert.equal(explorerCaption(explorer),
    "95 of 140 games reached this position (transpositions and mirror images merged).");
  assert.equal(explorerCaption({ ...explorer, reached: 0 }),
    "No game of the corpus (140 duo games, 8 placements deep) reached this position.");
  assert.equal(explorerCaption({ ...explorer, ply: 8, reached: 0 }),
    "The corpus (140 duo games, 8 placements deep) is indexed to move 8; this position is deeper.");
});
