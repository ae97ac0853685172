# blokus-nb developer commands. Two do all the set-up on a fresh machine:
#   make lab   - environment + front-end build, then JupyterLab on the play notebook
#   make test  - environment + everything the tests need (Chromium included), then every test
#   make check - the quick run for contributors: every test but the slow and browser ones, in parallel
#   make lite  - the JupyterLite site in build/lite: blokus-nb in a browser with nothing installed
#   make lite-e2e - that site with a Pyodide of its own in build/lite-e2e, for the offline browser test only
#   make accel - the optional compiled accelerator (blokus_nb/accel, C, loaded by ctypes; make env builds it)
#   make docs  - the documentation site in build/docs/html (the example notebooks run, kept in build/docs/executed)
#   make pages - what GitHub Pages publishes, in build/pages: the lite site at its root, the manual under docs/
#   make dist  - the release: sdist and wheel in dist/, the front-end inside, checked by twine
#   make lite PYODIDE=folder - the lite site carrying that Pyodide: a classroom with no internet
# Node.js: the system's when it is 18 or later, else one installed into the venv from PyPI (tools/node.sh).
SHELL := /bin/bash
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp
LITE_VENV := build/lite-env
LITE_STAMP := $(LITE_VENV)/.installed-stamp
DOCS_STAMP := $(VENV)/.docs-installed-stamp
JS_SOURCES := $(wildcard js/src/*/*.ts js/src/*/*.css) js/package.json js/build.mjs js/tsconfig.json
BUNDLES := blokus_nb/static/widget.js blokus_nb/static/puzzle.js
# Runs npm with a Node.js >= 18 on the PATH (installing it into the venv when the system has none).
NODE := $(CURDIR)/tools/node.sh $(abspath $(VENV))
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# Jupyter refuses to run as root (containers, CI machines) without this flag.
LAB_FLAGS := $(shell [ "$$(id -u)" = 0 ] && echo --allow-root)

.PHONY: env accel js lab lite lite-env lite-e2e docs docs-env pages dist lint-workflows check test test-python \
	test-js test-browser chromium bench clean

env: $(STAMP) accel

# The optional compiled accelerator (blokus_nb/accel): random playouts in C, the same moves as the
# Python ones, and the batched engine's moves. Built when a C compiler is here; without one the Python
# and numpy paths serve, as in a browser.
ACCEL := blokus_nb/accel/_accel.cdll
ACCEL_SOURCES := blokus_nb/accel/playout.c blokus_nb/accel/vector.c
$(ACCEL): $(ACCEL_SOURCES)
	@if command -v $(CC) >/dev/null 2>&1; then $(CC) -O2 -Wall -Wextra -shared -fPIC -o $@ $(ACCEL_SOURCES); \
	else echo "no C compiler ($(CC)): the accelerator is not built, the Python playouts serve"; fi

accel: $(ACCEL)

# The mark says make created this venv: `make clean` removes a venv only when it has one (VENV=~/my-env is left).
$(PY):
	$(PYTHON) -m venv $(VENV)
	touch $(VENV)/.made-by-blokus-nb
	$(PY) -m pip install --quiet --upgrade pip

js/node_modules/.package-lock.json: js/package.json js/package-lock.json | $(PY)
	cd js && $(NODE) npm ci --no-audit --no-fund

# One esbuild run writes both bundles (a grouped target).
$(BUNDLES) &: js/node_modules/.package-lock.json $(JS_SOURCES)
	cd js && $(NODE) npm run build

js: $(BUNDLES)

# The front-end is built first, by the rule above; hatch-jupyter-builder runs npm on every
# editable install (its skip-if-exists is for wheels and sdists only), so it is told not to.
$(STAMP): pyproject.toml $(BUNDLES) | $(PY)
	HATCH_JUPYTER_BUILDER_SKIP_NPM=1 $(PY) -m pip install --quiet -e ".[test]"
	touch $(STAMP)

# Chromium for the browser tests; poppler-utils (pdftoppm, pdfinfo) to render and check worksheet PDFs.
chromium:
	@command -v chromium >/dev/null 2>&1 || { $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq chromium; }
	@command -v pdftoppm >/dev/null 2>&1 || { $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq poppler-utils; }

# The JupyterLite site (tools/build_lite.py): static files in build/lite, served by any web server.
# It is built in a venv of its own: the Pyodide kernel's extension breaks a JupyterLab beside it.
$(LITE_STAMP): pyproject.toml $(BUNDLES)
	$(PYTHON) -m venv $(LITE_VENV)
	HATCH_JUPYTER_BUILDER_SKIP_NPM=1 $(LITE_VENV)/bin/python -m pip install --quiet -e ".[lite]"
	touch $(LITE_STAMP)

# The widget wheels the site carries are fetched with the environment, so that building the site
# (make lite, make pages) makes no request at all.
LITE_WHEELS := build/lite-wheels
$(LITE_WHEELS)/.fetched: $(LITE_STAMP)
	$(LITE_VENV)/bin/python tools/build_lite.py --fetch --wheels $(LITE_WHEELS)
	touch $@

lite-env: $(LITE_STAMP) $(LITE_WHEELS)/.fetched

# PYODIDE=folder: a full Pyodide distribution of the release the kernel was made for, which the site
# then carries (docs/where-it-runs.md); without it the browser loads Pyodide from Pyodide's CDN.
PYODIDE ?=
lite: lite-env
	$(LITE_VENV)/bin/python tools/build_lite.py --out build/lite --wheels $(LITE_WHEELS) --offline \
	    $(if $(PYODIDE),--pyodide $(PYODIDE))

# The same site given a Pyodide with numpy, pandas and matplotlib of its own, so that a browser test can
# run its notebooks with no network (tests/browser/lite_e2e_site.py says why these versions). Test-only.
LITE_E2E_VENV := build/lite-e2e-env
LITE_E2E_STAMP := $(LITE_E2E_VENV)/.installed-stamp
$(LITE_E2E_STAMP): pyproject.toml $(BUNDLES)
	$(PYTHON) -m venv $(LITE_E2E_VENV)
	HATCH_JUPYTER_BUILDER_SKIP_NPM=1 $(LITE_E2E_VENV)/bin/python -m pip install --quiet -e . \
	    jupyterlite-core==0.5.1 jupyterlite-pyodide-kernel==0.5.2 "jupyter-server>=2.4" \
	    "hatchling>=1.21" "hatch-jupyter-builder>=0.9"
	touch $(LITE_E2E_STAMP)

PACKAGE_FILES := $(shell find blokus_nb -type f -not -path '*/__pycache__/*')
build/lite-e2e/pyodide/pyodide.js: $(LITE_E2E_STAMP) tests/browser/lite_e2e_site.py tools/build_lite.py tools/owned.py $(wildcard examples/*.ipynb) $(PACKAGE_FILES)
	$(LITE_E2E_VENV)/bin/python tests/browser/lite_e2e_site.py --out build/lite-e2e

lite-e2e: build/lite-e2e/pyodide/pyodide.js

# The documentation site (docs/, Sphinx + MyST-NB + Furo), offline, every warning an error.
# tools/docs_notebooks.py runs the example notebooks into docs/examples/ (a kept run is reused
# while the notebook and the package are unchanged); Sphinx itself runs none.
$(DOCS_STAMP): pyproject.toml $(STAMP)
	HATCH_JUPYTER_BUILDER_SKIP_NPM=1 $(PY) -m pip install --quiet -e ".[test,docs]"
	touch $(DOCS_STAMP)

docs-env: $(DOCS_STAMP)

docs: $(DOCS_STAMP)
	$(PY) tools/docs_notebooks.py
	$(VENV)/bin/sphinx-build -W --keep-going -q -b html -d build/docs/doctrees docs build/docs/html
	@echo "The site: build/docs/html/index.html"

# GitHub Pages (.github/workflows/pages.yml) publishes this folder; both parts are built offline.
pages: lite docs
	$(PY) tools/build_pages.py --lite build/lite --docs build/docs/html --out build/pages

# The release (.github/workflows/release.yml uploads dist/*): built by hatchling in .venv, no npm, no network.
dist: env
	$(PY) tools/build_dist.py --out dist

# actionlint on .github/workflows. Its PyPI package has no wheels: installing it downloads the binary
# from GitHub, which machines without GitHub cannot reach, so it is not in the test extra that
# `make env` installs; GitHub's CI runs this (and the test fails there on any finding).
lint-workflows: env
	HATCH_JUPYTER_BUILDER_SKIP_NPM=1 $(PY) -m pip install --quiet -e ".[test,workflows]"
	BLOKUS_NB_ACTIONLINT=required $(PY) -m pytest tests/test_workflows.py -q

lab: env
	$(VENV)/bin/jupyter lab $(LAB_FLAGS) examples/01_play.ipynb

test-js: js/node_modules/.package-lock.json
	cd js && $(NODE) npm test

# Pyodide's core from npm, for tests/test_pyodide_jobs.py (the background jobs in real Pyodide).
tests/pyodide/node_modules/.package-lock.json: tests/pyodide/package.json tests/pyodide/package-lock.json | $(PY)
	cd tests/pyodide && $(NODE) npm ci --no-audit --no-fund

# pytest-xdist runs the tests on every core (tests that start worker pools share one worker: the
# "pools" marker). Tests that time themselves ("timing") and the browser tests (one JupyterLab, one
# Chromium) run after it, in one process. make test runs Hypothesis's thorough profile (tests/budget.py)
# and prints the slowest tests; make check leaves out the slow ones.
PYTEST_PARALLEL := -n auto --dist loadgroup

# The published site and the release are built between the two runs: after the first, whose notebook
# runs make docs reuses, and before the browser tests that open build/pages and install dist/.
test-python: env lite-env lite-e2e tests/pyodide/node_modules/.package-lock.json
	HYPOTHESIS_PROFILE=thorough $(PY) -m pytest -m "not browser and not timing" $(PYTEST_PARALLEL) --durations=25
	$(MAKE) pages dist
	HYPOTHESIS_PROFILE=thorough $(PY) -m pytest -m "timing or browser" --durations=10

test-browser: env lite-env lite-e2e chromium
	$(PY) -m pytest -m browser

check: env
	$(PY) -m pytest -m "not slow and not browser and not timing" $(PYTEST_PARALLEL)
	$(PY) -m pytest -m "timing and not slow and not browser"

test: env chromium test-js test-python

bench: env
	HATCH_JUPYTER_BUILDER_SKIP_NPM=1 $(PY) -m pip install --quiet -e ".[bench]"
	for b in benchmarks/bench_*.py; do echo "== $$b"; $(PY) $$b || exit 1; done

# Only what the build made: the venv when it has make's mark (or is the clone's own .venv, installed
# by make before the marks), the bundles esbuild writes (nothing else of blokus_nb/static), dist/
# when tools/build_dist.py made it, and the compiled accelerator; build/ and test-artifacts/ are the
# build's alone (.gitignore).
clean:
	@if [ -e $(VENV) ] && [ ! -e $(VENV)/.made-by-blokus-nb ] && ! { [ "$(VENV)" = .venv ] && [ -e $(STAMP) ]; }; then \
	    echo "make clean: $(VENV) was not made by make (no .made-by-blokus-nb in it): left as it is"; \
	else rm -rf $(VENV); fi
	@if [ -e dist ] && [ ! -e dist/.made-by-blokus-nb ]; then \
	    echo "make clean: dist was not made by make dist (no .made-by-blokus-nb in it): left as it is"; \
	else rm -rf dist; fi
	rm -rf js/node_modules tests/pyodide/node_modules build test-artifacts $(ACCEL)
	rm -f $(BUNDLES) blokus_nb/static/widget.css blokus_nb/static/puzzle.css
	-rmdir blokus_nb/static 2>/dev/null
