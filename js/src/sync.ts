// Model sync: typed access to the traits Python sends, change notification
// coalesced to one callback per kernel message, and the messages a view sends.

import type { Message, Refusal, WidgetState } from "./types.js";

/** The part of anywidget's model interface this widget uses. */
export interface Model {
  get(key: string): any;
  set(key: string, value: unknown): void;
  save_changes(): void;
  on(event: string, callback: (...args: any[]) => void): void;
  off(event: string, callback: (...args: any[]) => void): void;
  send(content: unknown): void;
}

export const STATE_KEYS: readonly (keyof WidgetState)[] = [
  "variant", "variants", "size", "colors", "start_cells", "pieces", "board", "hands", "to_play",
  "seats", "legal", "corner_points", "forbidden", "last_move", "scores", "game_over", "winners",
  "status", "error", "thinking", "version", "can_undo", "can_redo", "move_number", "hint", "comment",
  "show_hints", "palette", "mode", "replay_index", "replay_length",
];

/** `S` is the state read from the traits `keys`, `M` the messages sent: the board game's unless given. */
export class ModelSync<S = WidgetState, M = Message> {
  constructor(private readonly model: Model, private readonly keys: readonly string[] = STATE_KEYS) {}

  get state(): S {
    const out: Record<string, unknown> = {};
    for (const key of this.keys) out[key] = this.model.get(key);
    return out as unknown as S;
  }

  /** Call `onChange` once (in a microtask) after any batch of trait changes. Returns an unsubscribe. */
  subscribe(onChange: (changed: ReadonlySet<string>) => void): () => void {
    let pending: Set<string> | null = null;
    const handlers = this.keys.map((key) => {
      const handler = () => {
        if (pending === null) {
          pending = new Set();
          queueMicrotask(() => {
            const changed = pending!;
            pending = null;
            onChange(changed);
          });
        }
        pending.add(key);
      };
      this.model.on(`change:${key}`, handler);
      return [key, handler] as const;
    });
    return () => handlers.forEach(([key, handler]) => this.model.off(`change:${key}`, handler));
  }

  /** Messages Python sends to the views (refusals). Returns an unsubscribe. */
  onRefusal(callback: (refusal: Refusal) => void): () => void {
    const handler = (content: unknown) => {
      if (content && typeof content === "object" && (content as Refusal).type === "refused") {
        callback(content as Refusal);
      }
    };
    this.model.on("msg:custom", handler);
    return () => this.model.off("msg:custom", handler);
  }

  send(message: M): void {
    this.model.send(message);
  }

  /** View preferences (hints overlay, palette) are the only traits a view writes. */
  setPreference(key: "show_hints" | "palette", value: boolean | string): void {
    this.model.set(key, value);
    this.model.save_changes();
  }
}
