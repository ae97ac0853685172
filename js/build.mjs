// Bundles the front-end for the Python package: blokus_nb/static/widget.{js,css}
// (the board widget) and blokus_nb/static/puzzle.{js,css} (the puzzle widget).
//   node build.mjs           production bundle
//   node build.mjs --watch   rebuild on change
//   node build.mjs --tests   bundle test/**/*.test.ts into .test-build/ for `node --test`
import { readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import * as esbuild from "esbuild";

const args = new Set(process.argv.slice(2));

if (args.has("--tests")) {
  rmSync(".test-build", { recursive: true, force: true });
  await esbuild.build({
    // test/ mirrors src/: test/board/view.test.ts tests src/board/view.ts.
    entryPoints: readdirSync("test", { recursive: true })
      .map(String)
      .filter((f) => f.endsWith(".test.ts"))
      .map((f) => join("test", f)),
    outdir: ".test-build",
    outbase: "test",
    outExtension: { ".js": ".mjs" },
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    sourcemap: "inline",
    logLevel: "warning",
  });
} else {
  const options = {
    // Each entry's CSS imports become [name].css.
    entryPoints: { widget: "src/board/index.ts", puzzle: "src/puzzle/index.ts" },
    outdir: "../blokus_nb/static",
    entryNames: "[name]",
    bundle: true,
    format: "esm",
    target: "es2020",
    minify: !args.has("--watch"),
    sourcemap: args.has("--watch") ? "inline" : false,
    logLevel: "info",
  };
  if (args.has("--watch")) {
    const context = await esbuild.context(options);
    await context.watch();
  } else {
    await esbuild.build(options);
  }
}
