// anywidget entry point of the board widget: the model's one `progress` echo,
// and one BlokusView per displayed view of the model.

import "../shared/base.css"; // bundled by esbuild into widget.css, loaded by the widget's _css
import "./board.css";
import { type Model, ModelSync } from "../shared/sync.js";
import { type BoardSync, STATE_KEYS, type Message, type WidgetState } from "./protocol.js";
import { BlokusView } from "./view.js";

export default {
  initialize({ model }: { model: Model }) {
    // marimo re-runs the cells that use the board when a view writes a trait: echo each new
    // progress, once per model however many views it has (so once per move, not once per view).
    return new ModelSync<WidgetState, Message>(model, STATE_KEYS).echo("progress");
  },
  render({ model, el }: { model: Model; el: HTMLElement }) {
    const sync: BoardSync = new ModelSync(model, STATE_KEYS);
    const view = new BlokusView(sync, el);
    return () => view.destroy();
  },
};
