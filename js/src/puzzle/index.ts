// anywidget entry point of the puzzle widget: one PuzzleView per displayed view of the model.

import "../shared/base.css"; // bundled by esbuild into puzzle.css, loaded by the widget's _css
import "./puzzle.css";
import { type Model, ModelSync } from "../shared/sync.js";
import { PUZZLE_KEYS, type PuzzleMessage, type PuzzleState } from "./protocol.js";
import { PuzzleView } from "./view.js";

export default {
  render({ model, el }: { model: Model; el: HTMLElement }) {
    const view = new PuzzleView(new ModelSync<PuzzleState, PuzzleMessage>(model, PUZZLE_KEYS), el);
    return () => view.destroy();
  },
};
