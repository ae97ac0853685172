// node pyodide_run.mjs PYODIDE SOURCE SCRIPT ARGS: runs the Python file SCRIPT, then `await main(ARGS)`, in the
// Pyodide distribution in the folder PYODIDE (with numpy), the checkout SOURCE (its blokus_nb) first on
// sys.path; for benchmarks/bench_pyodide.py. The module `nodecpu` gives Python this process's CPU seconds.
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [pyodideDir, source, script, args] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(`${pyodideDir}/pyodide.mjs`).href);
const pyodide = await loadPyodide({ indexURL: `${pyodideDir}/` });
await pyodide.loadPackage(["numpy"], { messageCallback: () => {} });
pyodide.registerJsModule("nodecpu", {
  seconds: () => {
    const used = process.cpuUsage();
    return (used.user + used.system) / 1e6;
  },
});
pyodide.FS.mkdirTree("/source");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: source }, "/source");
pyodide.runPython(`import sys; sys.path.insert(0, "/source")`);
pyodide.setStdout({ batched: (text) => console.log(text) });
try {
  pyodide.runPython(readFileSync(script, "utf8"));
  pyodide.globals.set("ARGS", args);
  await pyodide.runPythonAsync("await main(ARGS)");
} catch (error) {
  console.error(String(error.message).slice(-4000));  // the Python traceback, not the minified bundle
  process.exit(1);
}
