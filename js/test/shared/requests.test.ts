import assert from "node:assert/strict";
import { test } from "node:test";
import { Requests } from "../../src/shared/requests.js";

type Message = { type: "undo" | "redo"; version: number } | { type: "seek"; index: number };

function requests(viewId: string) {
  const sent: unknown[] = [];
  return { sent, requests: new Requests<Message>((m) => sent.push(m), viewId) };
}

test("each request carries the view's tag", () => {
  const { sent, requests: view } = requests("va");
  assert.equal(view.ask({ type: "undo", version: 3 }), "va:1");
  view.answered();
  assert.equal(view.ask({ type: "undo", version: 4 }), "va:2");
  assert.deepEqual(sent, [{ type: "undo", version: 3, request: "va:1" }, { type: "undo", version: 4, request: "va:2" }]);
});

test("a second request about the same version waits for Python's answer; one without a version does not", () => {
  const { sent, requests: view } = requests("va");
  view.ask({ type: "undo", version: 3 });
  assert.equal(view.ask({ type: "undo", version: 3 }), null); // Z pressed again before the kernel answered
  assert.equal(view.ask({ type: "redo", version: 3 }), null);
  view.ask({ type: "seek", index: 4 });
  view.ask({ type: "seek", index: 5 });
  assert.equal(sent.length, 3);
  view.answered(); // a new state came
  assert.ok(view.ask({ type: "undo", version: 4 }));
  const refused = view.ask({ type: "redo", version: 5 })!;
  view.refused({ type: "refused", reason: "there is no move to redo", request: refused });
  assert.ok(view.ask({ type: "redo", version: 5 }), "a refused request is answered too");
});

test("a view answers only the refusals of its own requests", () => {
  const a = requests("va").requests;
  const b = requests("vb").requests;
  const tag = a.ask({ type: "undo", version: 3 })!;
  const refusal = { type: "refused" as const, reason: "stale", request: tag };
  assert.equal(b.refused(refusal), null);
  assert.equal(b.refused({ type: "refused", reason: "malformed" }), null); // untagged: nobody's
  assert.equal(a.refused({ type: "refused", reason: "x", request: "va0:1" }), null); // another id with our prefix
  a.answered(); // the error trait may come before the refusal itself
  assert.deepEqual(a.refused(refusal), { tag, message: { type: "undo", version: 3 } });
});
