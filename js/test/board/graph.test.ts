import assert from "node:assert/strict";
import { test } from "node:test";
import { HEIGHT, WIDTH, axisTicks, curvePath, fairShare, indexAt, lineTitle, markedMoves, xOf, yOf } from "../../src/board/graph.js";
import type { ReviewMove } from "../../src/board/review_protocol.js";

test("a click on the graph goes to the nearest position, within the game", () => {
  assert.equal(indexAt(0, 33), 0);
  assert.equal(indexAt(1, 33), 32);
  assert.equal(indexAt(0.5, 33), 16);
  assert.equal(indexAt(-0.2, 33), 0); // dragged out on the left
  assert.equal(indexAt(1.4, 33), 32);
  assert.equal(indexAt(0.5, 1), 0);
  // Every position's own x leads back to it.
  for (let i = 0; i < 33; i++) assert.equal(indexAt(xOf(i, 33) / WIDTH, 33), i);
});

test("win chances are drawn with 1 at the top", () => {
  assert.ok(yOf(1) < yOf(0.5) && yOf(0.5) < yOf(0));
  assert.ok(yOf(0) <= HEIGHT && yOf(1) >= 0);
});

test("a curve leaves a gap where a position is not searched yet", () => {
  const path = curvePath([0.5, 0.6, null, 0.4]);
  assert.equal((path.match(/M/g) ?? []).length, 2);
  assert.equal((path.match(/L/g) ?? []).length, 1);
  assert.equal(curvePath([null, null]), "");
});

test("only inaccuracies, mistakes and blunders are marked", () => {
  const move = (n: number, kind: string): ReviewMove => ({
    number: n, color: "purple", player: 1, move: "e10", class: kind, mark: "", before: 0.5, after: 0.4, loss: 0.1, best: "",
  });
  const marked = markedMoves([move(1, "best"), move(2, "good"), move(3, "inaccuracy"), move(4, "mistake"),
    move(5, "blunder"), move(6, "")]);
  assert.deepEqual(marked.map((m) => m.number), [3, 4, 5]);
});

test("the fair share is 1/2 with two sides and 1/n with more players", () => {
  assert.equal(fairShare(2), 0.5);
  assert.equal(fairShare(4), 0.25);
  assert.equal(fairShare(3), 1 / 3);
  assert.equal(fairShare(0), 0.5);
});

test("a player's line is named by the player and all its colors", () => {
  assert.equal(lineTitle({ player: 1, name: "Ann", colors: ["blue", "red"] }, 1, 0.42),
    "Ann (blue + red): 42% chance to finish first");
  assert.equal(lineTitle({ player: 3, name: "", colors: ["red"] }, 3, null), "Player 3 (red): – chance to finish first");
  assert.equal(lineTitle(undefined, 2, 0.5), "Player 2: 50% chance to finish first");
});

test("the y axis is labelled at the top, the fair share and the bottom", () => {
  assert.deepEqual(axisTicks(2), ["100%", "50%", "0%"]);
  assert.deepEqual(axisTicks(4), ["100%", "25%", "0%"]);
});
