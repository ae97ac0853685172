import assert from "node:assert/strict";
import { test } from "node:test";
import { ModelSync, type Model } from "../../src/shared/sync.js";

interface State {
  board: string;
  to_play: string;
  show_hints: boolean;
  progress?: number;
}
type Message = { type: "place"; move: string; piece: string; color: string; version: number };
const KEYS = ["board", "to_play", "show_hints"] as const;

class FakeModel implements Model {
  values: Record<string, unknown> = { board: "00", to_play: "blue", show_hints: false };
  handlers = new Map<string, Set<(...args: unknown[]) => void>>();
  sent: unknown[] = [];
  saved = 0;
  get(key: string) { return this.values[key]; }
  set(key: string, value: unknown) {
    this.values[key] = value;
    this.emit(`change:${key}`);
  }
  save_changes() { this.saved++; }
  on(event: string, cb: (...args: unknown[]) => void) {
    if (!this.handlers.has(event)) this.handlers.set(event, new Set());
    this.handlers.get(event)!.add(cb);
  }
  off(event: string, cb: (...args: unknown[]) => void) { this.handlers.get(event)?.delete(cb); }
  send(content: unknown) { this.sent.push(content); }
  emit(event: string, ...args: unknown[]) { this.handlers.get(event)?.forEach((cb) => cb(...args)); }
}

test("a batch of trait changes reaches the view once", async () => {
  const model = new FakeModel();
  const sync = new ModelSync<State, Message>(model, KEYS);
  const calls: string[][] = [];
  const off = sync.subscribe((changed) => calls.push([...changed].sort()));
  model.set("board", "10");
  model.set("to_play", "yellow");
  await Promise.resolve();
  assert.deepEqual(calls, [["board", "to_play"]]);
  assert.equal(sync.state.to_play, "yellow");
  off();
  model.set("board", "11");
  await Promise.resolve();
  assert.equal(calls.length, 1, "no calls after unsubscribing");
});

test("requests go out as custom messages; a preference is written as a trait", () => {
  const model = new FakeModel();
  const sync = new ModelSync<State, Message, "show_hints">(model, KEYS);
  sync.send({ type: "place", move: "a20", piece: "1", color: "blue", version: 4 });
  assert.deepEqual(model.sent, [{ type: "place", move: "a20", piece: "1", color: "blue", version: 4 }]);
  sync.write("show_hints", true);
  // A view writes only its preferences: writing the game's state does not type-check (npm test runs tsc).
  const neverCalled = () => {
    // @ts-expect-error "board" is not one of the preferences
    sync.write("board", "11");
  };
  void neverCalled;
  assert.equal(model.values.show_hints, true);
  assert.equal(model.saved, 1);
});

test("refusals from Python reach the view; other messages do not", () => {
  const model = new FakeModel();
  const sync = new ModelSync<State, Message>(model, KEYS);
  const got: string[] = [];
  sync.onRefusal((r) => got.push(r.rule ?? ""));
  model.emit("msg:custom", { type: "refused", reason: "no", rule: "overlap", cells: [] });
  model.emit("msg:custom", { type: "something-else" });
  model.emit("msg:custom", null);
  assert.deepEqual(got, ["overlap"]);
});

test("echo writes each new value of a trait back once, and not the value it started with", () => {
  const model = new FakeModel();
  model.values.progress = 1;
  const sync = new ModelSync<State, Message>(model, KEYS);
  const off = sync.echo("progress");
  model.set("progress", 1); // the same value again (marimo announces it): no echo
  assert.equal(model.saved, 0);
  model.set("progress", 2); // echoing sets it again, which must not echo once more
  assert.equal(model.saved, 1);
  assert.equal(model.values.progress, 2);
  off();
  model.set("progress", 3);
  assert.equal(model.saved, 1);
});

test("a change queued just before unsubscribing does not reach the view", async () => {
  const model = new FakeModel();
  const sync = new ModelSync<State, Message>(model, KEYS);
  let calls = 0;
  const off = sync.subscribe(() => calls++);
  model.set("board", "10"); // queues the microtask
  off(); // the view is destroyed before it runs
  await Promise.resolve();
  assert.equal(calls, 0);
});
