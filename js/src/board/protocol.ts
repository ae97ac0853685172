// The board widget's side of its Python–JS contract, paired with
// blokus_nb/widgets/board_protocol.py: the state Python sends (traits of
// BlokusWidget), the messages a view sends back and the traits a view may write.
// Python is the only authority: a view only asks.

import type { ModelSync } from "../shared/sync.js";
import type { ReviewMessage, ReviewState } from "./review_protocol.js";

export interface LegalMoves {
  /** The widget version these moves belong to; stale when it differs from `version`. */
  version: number;
  color: string;
  /** Piece name -> move texts in Pentobi notation. */
  moves: Record<string, string[]>;
}

export interface PieceShape {
  name: string;
  cells: [number, number][];
}

export interface LastMove {
  color: string;
  move: string;
  cells: string[];
  piece: string;
}

/** The scorings a view can show (Game.scores): Pentobi's points, and the rulebook's basic and advanced. */
export type Scoring = "points" | "basic" | "advanced";

/** A score under each scoring; `score` is the advanced score (kept for older saved states). */
export interface ScoreSet {
  score: number;
  points?: number;
  basic?: number;
  advanced?: number;
}

export interface ColorScore extends ScoreSet {
  squares: number;
  player: number;
}

export interface PlayerScore extends ScoreSet {
  number: number;
  name: string;
  colors: string[];
}

export interface Scores {
  colors: Record<string, ColorScore>;
  players: PlayerScore[];
}

export interface Hint {
  version: number;
  move: string;
  piece: string;
  cells: string[];
  reasons: string[];
  source: string;
}

export interface WidgetState {
  variant: string;
  variants: string[];
  size: number;
  colors: string[];
  start_cells: Record<string, string>;
  /** In catalogue order (a list: saved widget state may sort an object's keys). */
  pieces: PieceShape[];
  board: string;
  hands: Record<string, string[]>;
  to_play: string;
  seats: Record<string, string>;
  legal: LegalMoves;
  corner_points: string[];
  forbidden: string[];
  last_move: LastMove | Record<string, never>;
  scores: Scores;
  game_over: boolean;
  status: string;
  error: string;
  thinking: string;
  version: number;
  can_undo: boolean;
  can_redo: boolean;
  move_number: number;
  hint: Hint | Record<string, never>;
  comment: string;
  show_hints: boolean;
  palette: string;
  mode: string;
  replay_index: number;
  replay_length: number;
  /** Moves on with every change of the game; the view writes each new value back (see index.ts). */
  progress: number;
  /** The review board's state (review_protocol.ts), {} outside review mode. */
  review: ReviewState | Record<string, never>;
}

/** Sent with a tag, `request`, naming the view (shared/requests.ts): Python puts it on its refusal. */
export type Message =
  | { type: "place"; move: string; piece: string; color: string; version: number }
  | { type: "undo" | "redo" | "hint" | "pass"; version: number }
  | { type: "new"; variant: string; version: number }
  | { type: "seek"; index: number }
  | ReviewMessage;

export const STATE_KEYS: readonly (keyof WidgetState)[] = [
  "variant", "variants", "size", "colors", "start_cells", "pieces", "board", "hands", "to_play",
  "seats", "legal", "corner_points", "forbidden", "last_move", "scores", "game_over", "status",
  "error", "thinking", "version", "can_undo", "can_redo", "move_number", "hint", "comment",
  "show_hints", "palette", "mode", "replay_index", "replay_length", "review",
];

/** The only traits a view writes: its preferences (and the `progress` echo, index.ts). */
export type Preference = "show_hints" | "palette";

export type BoardSync = ModelSync<WidgetState, Message, Preference>;

/** The hint for the position shown, or null (none asked for, or one for an earlier position). */
export function currentHint(state: Pick<WidgetState, "hint" | "version">): Hint | null {
  const hint = state.hint;
  return "move" in hint && hint.version === state.version ? (hint as Hint) : null;
}
