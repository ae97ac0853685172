// anywidget entry point: one BlokusView per displayed view of the model.

import "./widget.css"; // bundled by esbuild into widget.css, loaded by the widget's _css
import { ModelSync, type Model } from "./sync.js";
import { BlokusView } from "./view.js";

export default {
  render({ model, el }: { model: Model; el: HTMLElement }) {
    const view = new BlokusView(new ModelSync(model), el);
    // marimo re-runs the cells that use a widget only when a view writes a trait: write back each new
    // `progress` (the game moved on) so they follow every move. Once per value: marimo's model.set
    // announces a change even for the same value. Jupyter sends nothing for an unchanged value.
    let echoed: unknown = model.get("progress");
    const echoProgress = () => {
      const progress = model.get("progress");
      if (progress === echoed) return;
      echoed = progress;
      model.set("progress", progress);
      model.save_changes();
    };
    model.on("change:progress", echoProgress);
    return () => {
      model.off("change:progress", echoProgress);
      view.destroy();
    };
  },
};
