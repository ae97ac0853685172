import assert from "node:assert/strict";
import { test } from "node:test";
import { playerLabel, scoreOf, summaryText } from "../../src/board/panel.js";
import type { PlayerScore } from "../../src/board/protocol.js";

function player(number: number, colors: string[], points: number, basic: number, name = `Player ${number}`): PlayerScore {
  return { number, name, colors, points, basic, advanced: points - 89 * colors.length, score: points - 89 * colors.length };
}

const duo = { scores: { colors: {}, players: [player(1, ["purple"], 63, 26), player(2, ["orange"], 65, 24)] } };

test("the result says who won and by how much, in Pentobi's points by default", () => {
  assert.equal(summaryText(duo, "points"), "Orange wins, 65 points to 63.");
});

test("the rulebook's scorings are one choice away: the fewest squares left win the basic one", () => {
  assert.equal(summaryText(duo, "basic"), "Orange wins, 24 squares left to 26.");
  assert.equal(summaryText(duo, "advanced"), "Orange wins, -24 points to -26.");
});

test("no doubled parentheses: a player is a color, or a name with its colors", () => {
  assert.equal(playerLabel(player(2, ["orange"], 0, 0)), "Orange");
  assert.equal(playerLabel(player(1, ["purple"], 0, 0, "Ann")), "Ann (purple)");
  assert.equal(playerLabel(player(1, ["blue", "red"], 0, 0)), "Player 1 (blue and red)");
  const text = summaryText({ scores: { colors: {}, players: [
    player(1, ["blue", "red"], 120, 30, "Ann"), player(2, ["yellow", "green"], 98, 50),
  ] } }, "points");
  assert.equal(text, "Ann (blue and red) wins, 120 points to 98.");
  assert.ok(!text.includes(")) ") && !text.includes(") ("));
});

test("a draw names everyone who shares the best score, and the rest", () => {
  const four = { scores: { colors: {}, players: [
    player(1, ["blue"], 40, 49), player(2, ["yellow"], 65, 24), player(3, ["red"], 65, 24), player(4, ["green"], 50, 39),
  ] } };
  assert.equal(summaryText(four, "points"), "A draw: Yellow and Red, 65 points each, ahead of 50 and 40.");
});

test("an older saved state with only the advanced score still shows a score", () => {
  assert.equal(scoreOf({ score: -12 }, "points"), -12);
  assert.equal(scoreOf({ score: -12, points: 77 }, "points"), 77);
});
