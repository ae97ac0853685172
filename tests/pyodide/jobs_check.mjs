// The widgets' background jobs in real Pyodide (Node.js, the npm package: no numpy, so only the
// modules they need are loaded): `node jobs_check.mjs REPO` prints what happened as JSON for
// tests/test_pyodide_jobs.py. Python is called from JavaScript as the kernel calls a comm's handler.
import { loadPyodide } from "pyodide";
import { readFileSync } from "node:fs";

const repo = process.argv[2];
const pyodide = await loadPyodide();
pyodide.FS.mkdirTree("/check/blokus_nb/widgets");
const modules = { "__init__.py": "", "errors.py": null, "runtime.py": null, "widgets/__init__.py": "",
                  "widgets/_jobs.py": null };
for (const [name, text] of Object.entries(modules)) {
  pyodide.FS.writeFile(`/check/blokus_nb/${name}`, text ?? readFileSync(`${repo}/blokus_nb/${name}`, "utf8"));
}

pyodide.runPython(`
import json, sys, threading, time
sys.path.insert(0, "/check")
from blokus_nb import runtime
from blokus_nb.errors import UnavailableError
from blokus_nb.widgets._jobs import Job, Jobs, how_jobs_run

facts = {"platform": sys.platform}
try:
    threading.Thread(target=lambda: None).start()
    facts["thread_start"] = "started"
except RuntimeError as error:
    facts["thread_start"] = f"RuntimeError: {error}"
facts["threads_can_start"] = runtime.threads_can_start()
try:
    runtime.require_threads("worker processes", "use n_jobs=1")
except UnavailableError as error:
    facts["refusal"] = str(error)

delivered, computed, dropped, chain = [], [], [], []
jobs = Jobs(lambda job, result, error: delivered.append([job.kind, result, repr(error) if error else None]))
chained = Jobs(lambda job, result, error: chain.append(result) or (
    result < 50 and chained.start(Job("move", lambda: result + 1, asked=result + 1))))

def handler():  # a comm message: the move asked for, then a hint that makes it stale
    facts["how"] = how_jobs_run()
    started = time.perf_counter()
    jobs.start(Job("move", lambda: computed.append("move") or 42, asked=1, on_cancel=lambda: dropped.append("move")))
    jobs.start(Job("hint", lambda: computed.append("hint") or 1 / 0, asked=2, pause=0.2))
    facts["computed_before_the_handler_returned"] = list(computed)
    chained.start(Job("move", lambda: 0, asked=0))
`);
pyodide.runPython(`
stepped = Jobs(lambda job, result, error: facts.setdefault("stepped", []).append([job.kind, result]))
steps_run, steps_closed = [], []

def slices(kind, count):  # a long job in steps, as a search is: busy for 5 ms, then the loop's turn
    try:
        for k in range(count):
            end = time.perf_counter() + 0.005
            while time.perf_counter() < end:
                pass
            steps_run.append(kind)
            yield
        return f"{kind} done"
    finally:
        steps_closed.append(kind)

def long_job():  # a Stop arrives from the browser while it runs (see the timer below)
    stepped.start(Job("review", lambda: slices("review", 400), asked=0))

def stop():
    facts["steps_before_stop"] = steps_run.count("review")
    stepped.cancel()
    stepped.start(Job("short", lambda: slices("short", 3), asked=1))
`);
pyodide.runPython("handler()");
pyodide.runPython("long_job()");
setTimeout(() => pyodide.runPython("stop()"), 300);  // a request the loop handles between two steps
await new Promise((resolve) => setTimeout(resolve, 2500));  // the browser's event loop turns
console.log(pyodide.runPython(`json.dumps({**facts, "computed": computed, "delivered": delivered,
                                           "dropped": dropped, "chain": chain, "steps_run": len(steps_run),
                                           "steps_closed": steps_closed})`));
