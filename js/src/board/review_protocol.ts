// The review board's side of its Python–JS contract, paired with
// blokus_nb/widgets/review_protocol.py: the `review` trait Python sends and the
// review requests a view may make. Python searches and classes; a view draws.

/** One placement of the game, with what the review found of it ("" and null until searched). */
export interface ReviewMove {
  number: number;
  color: string;
  player: number;
  move: string;
  /** "best", "good", "inaccuracy", "mistake", "blunder", or "" until searched. */
  class: string;
  /** The class's one mark, used in the graph, the move list and on the board ("??", "?", "?!", "★", ""). */
  mark: string;
  before: number | null;
  after: number | null;
  loss: number | null;
  best: string;
}

export interface ReviewSide {
  player: number;
  name: string;
  colors: string[];
}

export interface ReviewSummary {
  player: number;
  name: string;
  colors: string;
  moves: number;
  best: number;
  good: number;
  inaccuracies: number;
  mistakes: number;
  blunders: number;
  average_loss: number | null;
  accuracy: number | null;
}

export interface ShownMove {
  move: string;
  cells: string[];
  piece: string;
  color: string;
}

export interface ReviewPosition {
  /** Placements shown: the best and played moves are those from this position. */
  index: number;
  best: (ShownMove & { win: number | null }) | Record<string, never>;
  played: (ShownMove & { class: string; mark: string; loss: number | null }) | Record<string, never>;
  /** The engine's next few moves from here, once asked for ("searching" meanwhile). */
  engine_line: (ShownMove & { win: number })[] | "searching";
}

export interface ExplorerMove {
  move: string;
  cells: string[];
  games: number;
  share: number | null;
  /** The mover's score after it, with its 95% interval. */
  score: number | null;
  low: number | null;
  high: number | null;
}

export interface ExplorerState {
  name: string;
  games: number;
  /** Placements indexed per game, and the placements of the position shown. */
  depth: number;
  ply: number;
  color: string;
  reached: number;
  merged: string;
  moves: ExplorerMove[];
}

/** The line the board shows in the game's tree (review_line.py). */
export interface ReviewLine {
  /** On the game's main line (the one reviewed), or in a variation. */
  main: boolean;
  ply: number;
  length: number;
  /** Placements before the variation shown branches off (null on the main line). */
  branch: number | null;
  /** The variation's moves, from where it branches. */
  moves: { number: number; color: string; move: string }[];
  /** Whether a move may be tried here (the line is not over). */
  open: boolean;
}

export interface ReviewState {
  /** "queued": Review was asked for while the engine's line searched; it runs once the line is found. */
  status: "idle" | "running" | "queued" | "stopped" | "done" | "failed";
  message: string;
  level: string;
  done: number;
  total: number;
  moves: ReviewMove[];
  sides: ReviewSide[];
  /** Per player, its chance of finishing first at each position 0..total (null where not known yet):
   *  in Duo and classic_2 the two sides' complements; on the classic boards every player's share of
   *  one search (they add up to 1). */
  curves: (number | null)[][];
  summary: ReviewSummary[];
  position: ReviewPosition;
  line: ReviewLine;
  explorer: ExplorerState | Record<string, never>;
}

/** The review requests: start or go on, stop, play a corpus move. */
export type ReviewMessage =
  | { type: "review"; version: number }
  | { type: "stop-review" }
  | { type: "explore"; move: string; version: number }
  | { type: "main-line" | "promote" | "delete-variation" | "engine-line"; version: number };

/** The review, or null outside review mode (the trait is {} then). */
export function reviewOf(state: { review: ReviewState | Record<string, never> }): ReviewState | null {
  return "moves" in state.review ? (state.review as ReviewState) : null;
}

/** A win chance as a person reads it: "62%", or "–" when unknown. */
export function percent(value: number | null | undefined): string {
  return value === null || value === undefined ? "–" : `${Math.round(value * 100)}%`;
}
