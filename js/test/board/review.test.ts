import assert from "node:assert/strict";
import { test } from "node:test";
import { engineLineText, positionText, progressText, summaryCells, summaryColors, variationText } from "../../src/board/review.js";
import type { ReviewState } from "../../src/board/review_protocol.js";
import { percent, reviewOf } from "../../src/board/review_protocol.js";

const base = { done: 12, total: 32, level: "hard, 400 simulations a position", message: "" };

test("the progress line says what the review is doing", () => {
  assert.equal(progressText({ ...base, status: "running" }),
    "Reviewing: 12 of 32 positions searched (hard, 400 simulations a position).");
  assert.equal(progressText({ ...base, status: "queued", message: "the review goes on once the engine's line is found" }),
    "Review waiting: the review goes on once the engine's line is found (12 of 32 positions searched).");
  assert.equal(progressText({ ...base, status: "stopped" }),
    "Review stopped: 12 of 32 positions searched. Resume goes on from there.");
  assert.equal(progressText({ ...base, status: "done", done: 32 }), "Review done: 32 positions (hard, 400 simulations a position).");
  assert.equal(progressText({ ...base, status: "failed", message: "the review stopped: boom" }),
    "Review failed: the review stopped: boom");
});

test("a summary row: accuracy rounded, counts, average loss in points", () => {
  assert.deepEqual(summaryCells({ player: 1, name: "Ann", colors: "purple", moves: 16, best: 3, good: 8,
    inaccuracies: 3, mistakes: 1, blunders: 1, average_loss: 0.042, accuracy: 83.77 }),
  ["84", "3", "1", "1", "4%"]);
});

test("a summary names its player's colors, so two seats of one engine are told apart", () => {
  assert.deepEqual(summaryColors({ colors: "blue + red" }), ["blue", "red"]);
  assert.deepEqual(summaryColors({ colors: "purple" }), ["purple"]);
  assert.deepEqual(summaryColors({ colors: "" }), []);
});

function review(shown: Omit<ReviewState["position"], "engine_line">): ReviewState {
  const position = { ...shown, engine_line: [] };
  return { status: "done", message: "", level: "", done: 2, total: 2, moves: [], sides: [], curves: [], summary: [],
    position, explorer: {}, line: { main: true, ply: position.index, length: 2, branch: null, moves: [], open: true } };
}

test("the position line names the move played and the engine's, with its win chance", () => {
  const played = { move: "j5", cells: ["j5"], piece: "1", color: "orange", class: "blunder", mark: "??", loss: 0.21 };
  const best = { move: "i5,j5", cells: ["i5", "j5"], piece: "2", color: "orange", win: 0.4 };
  assert.equal(positionText(review({ index: 1, best, played })),
    "Next, move 2, orange: 1 at j5 ?? (blunder, −21%). The engine: 2 at i5,j5 (40%).");
  assert.equal(positionText(review({ index: 1, best: { ...best, move: "j5" }, played: { ...played, class: "best", mark: "★", loss: 0.001 } })),
    "Next, move 2, orange: 1 at j5 ★ (best), the engine's choice too (40%).");
  assert.equal(positionText(review({ index: 1, best: {}, played })),
    "Next, move 2, orange: 1 at j5 ?? (blunder, −21%). Not searched yet.");
  assert.equal(positionText(review({ index: 2, best: {}, played: {} })), "The end of the game.");
});

test("outside review mode there is no review; chances read as whole percents", () => {
  assert.equal(reviewOf({ review: {} }), null);
  assert.equal(percent(0.626), "63%");
  assert.equal(percent(null), "–");
});

test("the variation bar says where the variation leaves the main line and lists its moves", () => {
  const line = { main: false, ply: 5, length: 5, branch: 3, open: true,
    moves: [{ number: 4, color: "orange", move: "k8" }, { number: 5, color: "purple", move: "d12" }] };
  assert.equal(variationText(line), "A variation from move 4: 4. k8  5. d12");
  assert.equal(variationText({ ...line, main: true, branch: null, moves: [] }), "");
});

test("the engine's line reads move by move, with each mover's win chance", () => {
  const step = (move: string, color: string, win: number) => ({ move, cells: [], piece: "1", color, win });
  assert.equal(engineLineText({ engine_line: [step("e10", "purple", 0.62), step("j5", "orange", 0.4)] }),
    "Engine line: 1. purple 1 at e10 (62%)  2. orange 1 at j5 (40%)");
  assert.equal(engineLineText({ engine_line: "searching" }), "The engine is looking a few moves ahead…");
  assert.equal(engineLineText({ engine_line: [] }), "");
});
