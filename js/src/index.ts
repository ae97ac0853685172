// anywidget entry point: one BlokusView per displayed view of the model.

import "./widget.css"; // bundled by esbuild into widget.css, loaded by the widget's _css
import { ModelSync, type Model } from "./sync.js";
import { BlokusView } from "./view.js";

export default {
  render({ model, el }: { model: Model; el: HTMLElement }) {
    const view = new BlokusView(new ModelSync(model), el);
    return () => view.destroy();
  },
};
