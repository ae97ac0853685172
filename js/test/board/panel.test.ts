import assert from "node:assert/strict";
import { test } from "node:test";
import { summaryText } from "../../src/board/panel.js";

const name = (p: number) => ["Ann", "Bob", "Cy"][p - 1];

test("the game-over summary names the winner and the margin", () => {
  const text = summaryText({
    winners: [1],
    scores: { colors: {}, players: [
      { number: 2, name: "Bob", colors: ["orange"], score: -34 },
      { number: 1, name: "Ann", colors: ["purple"], score: -16 },
    ] },
  }, name);
  assert.equal(text, "Game over. Ann (purple) wins by 18 points: -16 to -34.");
});

test("a draw names everyone who shares the best score", () => {
  const text = summaryText({
    winners: [1, 2],
    scores: { colors: {}, players: [
      { number: 1, name: "Ann", colors: ["blue", "red"], score: -5 },
      { number: 2, name: "Bob", colors: ["yellow", "green"], score: -5 },
    ] },
  }, name);
  assert.equal(text, "Game over. A draw between Ann (blue, red) and Bob (yellow, green): -5 to -5.");
});
