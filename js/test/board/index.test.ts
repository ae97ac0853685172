import assert from "node:assert/strict";
import { test } from "node:test";
import widget from "../../src/board/index.js";
import type { Model } from "../../src/shared/sync.js";

test("the progress echo belongs to the model (initialize), once however many views it has", () => {
  const values: Record<string, unknown> = { progress: 1 };
  const handlers = new Map<string, Set<() => void>>();
  let saved = 0;
  const model: Model = {
    get: (key) => values[key],
    set: (key, value) => {
      values[key] = value;
      handlers.get(`change:${key}`)?.forEach((cb) => cb());
    },
    save_changes: () => { saved++; },
    on: (event, cb) => { handlers.set(event, (handlers.get(event) ?? new Set()).add(cb as () => void)); },
    off: (event, cb) => { handlers.get(event)?.delete(cb as () => void); },
    send: () => {},
  };
  const cleanup = widget.initialize({ model });
  model.set("progress", 2);
  assert.equal(saved, 1, "one echo for one new value");
  cleanup();
  model.set("progress", 3);
  assert.equal(saved, 1, "none once the model is gone");
});
