"""Sphinx configuration of the blokus-nb documentation site (``make docs``).

Pages are MyST markdown; the example notebooks come with their outputs from
``tools/docs_notebooks.py`` (run by ``make docs`` first), so MyST-NB executes nothing
here. The site builds offline: no intersphinx, no theme or script fetched while building.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # the package from the clone, even where it is not installed

import blokus_nb  # noqa: E402

project = "blokus-nb"
author = "blokus-nb developers"
copyright = "blokus-nb developers"
release = blokus_nb.__version__
version = ".".join(release.split(".")[:2])

extensions = [
    "myst_nb",
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "sphinx.ext.napoleon",
    "sphinx.ext.viewcode",
]

exclude_patterns = ["**/.ipynb_checkpoints"]
templates_path = ["_templates"]
html_static_path = ["_static"]
html_css_files = ["site.css"]

# MyST: ::: fences for notes, ``{doc}`` links, anchors for every heading down to ###.
myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3

# The notebooks arrive run (tools/docs_notebooks.py keeps and reuses each run); never run here.
nb_execution_mode = "off"
nb_merge_streams = True

# The docstrings are prose with reST roles and ``>>>`` examples (tests/test_docstrings.py runs
# them); napoleon reads the odd Google-style section. Members in source order, as the modules
# arrange them; type hints in the description, where they wrap.
autosummary_generate = True
autosummary_imported_members = False
autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"members": True, "show-inheritance": True}
napoleon_google_docstring = True
napoleon_numpy_docstring = False

html_theme = "furo"
html_title = f"blokus-nb {release}"
html_theme_options = {
    "source_repository": "",
    "navigation_with_keys": True,
}
