// anywidget entry point of the board widget: one BlokusView per displayed view of the model.

import "../shared/base.css"; // bundled by esbuild into widget.css, loaded by the widget's _css
import "./board.css";
import { type Model, ModelSync } from "../shared/sync.js";
import { STATE_KEYS, type Message, type WidgetState } from "./protocol.js";
import { BlokusView } from "./view.js";

export default {
  render({ model, el }: { model: Model; el: HTMLElement }) {
    const sync = new ModelSync<WidgetState, Message>(model, STATE_KEYS);
    const view = new BlokusView(sync, el);
    // marimo re-runs the cells that use the board when a view writes a trait: echo each new progress.
    const stopEcho = sync.echo("progress");
    return () => {
      stopEcho();
      view.destroy();
    };
  },
};
