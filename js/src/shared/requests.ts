// A view's requests to Python. Every view of a widget receives every refusal,
// so each request carries a tag with the view's id, which Python puts on its
// refusal: a view answers only the refusals of its own requests. And a request
// about a version is sent once until Python answers: a second press before the
// kernel answers (a double click, Z pressed twice) would carry the same version
// and be refused as stale.

import type { Refusal } from "./sync.js";

/** A view's id: "v" and a random part (views of one widget may be in different pages). */
export function newViewId(): string {
  return `v${Math.random().toString(36).slice(2, 10)}`;
}

/** How many requests are remembered to word their refusals. */
const REMEMBERED = 32;

export class Requests<M extends { type: string }> {
  private count = 0;
  /** Tag -> request, of those sent since the last state from Python. */
  private readonly unanswered = new Map<string, M>();
  /** Tag -> request, of the last few sent: a refusal may come after a new state. */
  private readonly recent = new Map<string, M>();

  constructor(private readonly send: (message: M & { request: string }) => void, readonly viewId = newViewId()) {}

  /**
   * Send `message` with a new tag and return the tag; null, and nothing sent,
   * while a request this view sent about the same version is unanswered.
   */
  ask(message: M): string | null {
    const version = versionOf(message);
    if (version !== undefined && [...this.unanswered.values()].some((m) => versionOf(m) === version)) return null;
    const tag = `${this.viewId}:${++this.count}`;
    this.unanswered.set(tag, message);
    this.recent.set(tag, message);
    if (this.recent.size > REMEMBERED) this.recent.delete(this.recent.keys().next().value!);
    this.send({ ...message, request: tag });
    return tag;
  }

  /**
   * Whether `refusal` answers a request of this view: its tag, and the request
   * (undefined if long forgotten); null for another view's (or an untagged) refusal.
   */
  refused(refusal: Refusal): { tag: string; message: M | undefined } | null {
    const tag = refusal.request;
    if (typeof tag !== "string" || !tag.startsWith(`${this.viewId}:`)) return null;
    const message = this.recent.get(tag);
    this.unanswered.delete(tag);
    this.recent.delete(tag);
    return { tag, message };
  }

  /**
   * A new state from Python: what was asked has been answered (Python answers
   * in order, with a new state or a refusal) or is about a state that is gone.
   */
  answered(): void {
    this.unanswered.clear();
  }
}

function versionOf(message: object): number | undefined {
  const version = (message as { version?: unknown }).version;
  return typeof version === "number" ? version : undefined;
}
