import assert from "node:assert/strict";
import { test } from "node:test";
import { PUZZLE_KEYS, type PuzzleMessage, type PuzzleState, currentExplanation, currentHint } from "../../src/puzzle/protocol.js";
import { type Model, ModelSync } from "../../src/shared/sync.js";

test("model sync reads the puzzle's traits and sends its requests", async () => {
  const values: Record<string, unknown> = { version: 3, solved: false, board: "not a puzzle trait" };
  const handlers = new Map<string, () => void>();
  const sent: unknown[] = [];
  const model: Model = {
    get: (key) => values[key],
    set: (key, value) => { values[key] = value; },
    save_changes: () => {},
    on: (event, cb) => { handlers.set(event, cb as () => void); },
    off: (event) => { handlers.delete(event); },
    send: (content) => { sent.push(content); },
  };
  const sync = new ModelSync<PuzzleState, PuzzleMessage>(model, PUZZLE_KEYS);
  assert.equal(sync.state.version, 3);
  assert.equal("board" in sync.state, false);
  const changes: string[][] = [];
  sync.subscribe((changed) => changes.push([...changed]));
  assert.ok(handlers.has("change:placements") && !handlers.has("change:board"));
  handlers.get("change:placements")!();
  handlers.get("change:version")!();
  await Promise.resolve();
  assert.deepEqual(changes, [["placements", "version"]]);
  sync.send({ type: "remove", cell: [1, 2], version: 3 });
  assert.deepEqual(sent, [{ type: "remove", cell: [1, 2], version: 3 }]);
});

test("a hint is current only for the version it was found for", () => {
  assert.equal(currentHint({ hint: {}, version: 2 }), null);
  assert.equal(currentHint({ hint: { version: 1, found: true, piece: "L5", cells: [[0, 0]] }, version: 2 }), null);
  assert.deepEqual(currentHint({ hint: { version: 2, found: false }, version: 2 }), { version: 2, found: false });
});

test("an explanation belongs to the version it was found for", () => {
  const explanation = { version: 4, possible: false, kind: "colouring", text: "Colour it", svg: "<svg/>" };
  assert.equal(currentExplanation({ explanation, version: 4 })?.kind, "colouring");
  assert.equal(currentExplanation({ explanation, version: 5 }), null);
  assert.equal(currentExplanation({ explanation: {}, version: 4 }), null);
});
