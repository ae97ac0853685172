// anywidget entry point of the puzzle widget: one PuzzleView per displayed view of the model.

import "./widget.css"; // the shared look (buttons, tray, status line), bundled into puzzle.css
import "./puzzle_widget.css";
import { PUZZLE_KEYS, type PuzzleMessage, type PuzzleState } from "./puzzle_types.js";
import { PuzzleView } from "./puzzle_view.js";
import { ModelSync, type Model } from "./sync.js";

export default {
  render({ model, el }: { model: Model; el: HTMLElement }) {
    const view = new PuzzleView(new ModelSync<PuzzleState, PuzzleMessage>(model, PUZZLE_KEYS), el);
    return () => view.destroy();
  },
};
