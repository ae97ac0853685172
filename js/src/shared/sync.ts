// Model sync: typed access to the traits Python sends, change notification
// coalesced to one callback per kernel message, and the messages a view sends.
// Each widget names its state, its trait keys and its messages in its protocol.ts.

/** The part of anywidget's model interface the widgets use. */
export interface Model {
  get(key: string): any;
  set(key: string, value: unknown): void;
  save_changes(): void;
  on(event: string, callback: (...args: any[]) => void): void;
  off(event: string, callback: (...args: any[]) => void): void;
  send(content: unknown): void;
}

/** What Python sends a view when it does not do what the view asked. */
export interface Refusal {
  type: "refused";
  reason: string;
  rule?: string;
  cells?: unknown[];
  /** The tag of the request refused, as the view that sent it wrote it (shared/requests.ts). */
  request?: string;
}

/**
 * `S` is the state read from the traits `keys`, `M` the messages a view sends,
 * `W` the traits a view may write (its preferences; none unless the protocol names them).
 */
export class ModelSync<S, M, W extends keyof S & string = never> {
  constructor(private readonly model: Model, private readonly keys: readonly (keyof S & string)[]) {}

  get state(): S {
    const out: Record<string, unknown> = {};
    for (const key of this.keys) out[key] = this.model.get(key);
    return out as S;
  }

  /** Call `onChange` once (in a microtask) after any batch of trait changes. Returns an unsubscribe. */
  subscribe(onChange: (changed: ReadonlySet<string>) => void): () => void {
    let pending: Set<string> | null = null;
    // Unsubscribing cannot take back a microtask already queued: it checks this instead
    // (a change that arrives just before a view is destroyed must not draw it).
    let live = true;
    const handlers = this.keys.map((key) => {
      const handler = () => {
        if (pending === null) {
          pending = new Set();
          queueMicrotask(() => {
            const changed = pending!;
            pending = null;
            if (live) onChange(changed);
          });
        }
        pending.add(key);
      };
      this.model.on(`change:${key}`, handler);
      return [key, handler] as const;
    });
    return () => {
      live = false;
      handlers.forEach(([key, handler]) => this.model.off(`change:${key}`, handler));
    };
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

  /**
   * Write back each new value of trait `key`, once per value. marimo re-runs the cells that use
   * a widget only when a view writes a trait, and its model.set announces a change even for the
   * same value (hence once per value); Jupyter sends nothing for an unchanged value.
   * Returns an unsubscribe.
   */
  echo(key: keyof S & string): () => void {
    let echoed: unknown = this.model.get(key);
    const handler = () => {
      const value = this.model.get(key);
      if (value === echoed) return;
      echoed = value;
      this.model.set(key, value);
      this.model.save_changes();
    };
    this.model.on(`change:${key}`, handler);
    return () => this.model.off(`change:${key}`, handler);
  }

  /** Write one trait: a view preference, one of `W`. */
  write<K extends W>(key: K, value: S[K]): void {
    this.model.set(key, value);
    this.model.save_changes();
  }
}
