"""The GitHub workflows (.github/workflows): valid (actionlint), every ``run:`` step a make target that
exists and that the test suite runs, actions pinned to released majors, Pythons from pyproject.toml.

"The suite runs it" means, concretely: the target is ``test`` or is reached from ``make test`` (its
prerequisites and the ``$(MAKE) ...`` calls of its recipes, transitively), or its recipe runs only
pytest on tests ``make test`` runs: ``check`` (its marker selections are subsets of test-python's,
checked below over every combination of the markers) and ``lint-workflows`` (this file, with
actionlint installed and required).
"""

from __future__ import annotations

import itertools
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
WORKFLOWS = sorted((ROOT / ".github" / "workflows").glob("*.yml"))
#: The released majors the workflows may use (the versions GitHub and PyPA document).
PINNED = {"actions/checkout": "v4", "actions/setup-python": "v5", "actions/setup-node": "v4",
          "actions/cache": "v4", "actions/upload-artifact": "v4", "actions/download-artifact": "v4",
          "actions/upload-pages-artifact": "v3", "actions/deploy-pages": "v4",
          "pypa/gh-action-pypi-publish": "release/v1"}
PYTEST_ONLY = {"check", "lint-workflows"}


def workflow(name: str) -> dict:
    data = yaml.safe_load((ROOT / ".github" / "workflows" / name).read_text(encoding="utf-8"))
    data["on"] = data.pop(True, data.get("on"))  # YAML 1.1 reads the key `on` as true
    return data


def steps():
    for path in WORKFLOWS:
        for job_name, job in workflow(path.name)["jobs"].items():
            for step in job.get("steps", []):
                yield path.name, job_name, step


def makefile() -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    """The Makefile's rules: each target's prerequisites, and each target's recipe lines."""
    prerequisites: dict[str, list[str]] = {}
    recipes: dict[str, list[str]] = {}
    current: list[str] = []
    text = (ROOT / "Makefile").read_text(encoding="utf-8").replace("\\\n", " ")
    for line in text.splitlines():
        if line.startswith("\t"):
            for target in current:
                recipes.setdefault(target, []).append(line.strip())
            continue
        rule = re.match(r"^([^\s:=#][^:=#]*?)\s*&?:(?![=:])\s*([^|#]*)", line)
        if rule and not line.startswith((".PHONY", "export")):
            current = rule.group(1).split()
            for target in current:
                prerequisites.setdefault(target, []).extend(rule.group(2).split())
        elif line.strip() and not line.startswith("#"):
            current = []
    return prerequisites, recipes


def reached_from(start: str) -> set[str]:
    prerequisites, recipes = makefile()
    seen, todo = set(), [start]
    while todo:
        target = todo.pop()
        if target in seen:
            continue
        seen.add(target)
        todo.extend(prerequisites.get(target, []))
        for line in recipes.get(target, []):
            called = re.match(r"^\$\(MAKE\)\s+(.*)$", line)
            if called:
                todo.extend(word for word in called.group(1).split() if "=" not in word)
    return seen


def markers_selected(line: str) -> str:
    found = re.search(r'-m "([^"]+)"', line)
    assert found, line
    return found.group(1)


def selects(expression: str, marks: dict[str, bool]) -> bool:
    return eval(expression, {}, marks)  # an expression of our own Makefile over three names


def test_every_run_step_is_a_make_target_the_suite_runs():
    prerequisites, recipes = makefile()
    from_test = reached_from("test")
    runs = [(name, job, step["run"]) for name, job, step in steps() if "run" in step]
    assert {name for name, _, _ in runs} == {"ci.yml", "pages.yml", "release.yml"}
    for name, job, command in runs:
        words = command.split()
        assert words[0] == "make" and len(words) == 2, f"{name} {job}: `{command}` is not one make target"
        target = words[1]
        assert target in prerequisites, f"{name} {job}: make {target} is not a target of the Makefile"
        assert target in from_test or target in PYTEST_ONLY, f"{name} {job}: make test never runs make {target}"
    assert {"pages", "dist", "test-python", "docs", "lite"} <= from_test


def test_the_pytest_only_targets_run_tests_make_test_runs():
    _, recipes = makefile()
    full = [markers_selected(line) for line in recipes["test-python"] if "pytest" in line]
    for line in (line for line in recipes["check"] if "pytest" in line):
        expression = markers_selected(line)
        for values in itertools.product([False, True], repeat=3):
            marks = dict(zip(("slow", "browser", "timing"), values))
            if selects(expression, marks):
                assert any(selects(other, marks) for other in full), (expression, marks)
    assert [line for line in recipes["lint-workflows"] if "pytest" in line] == [
        "BLOKUS_NB_ACTIONLINT=required $(PY) -m pytest tests/test_workflows.py -q"]


def test_ci_runs_what_ci_run_runs():
    assert (ROOT / ".ci" / "run").read_text(encoding="utf-8").strip().endswith("\nmake test")
    assert [step["run"] for step in workflow("ci.yml")["jobs"]["test"]["steps"] if "run" in step] == ["make test"]


def test_actions_are_pinned_to_released_majors():
    used = [step["uses"] for _, _, step in steps() if "uses" in step]
    assert used
    for uses in used:
        action, _, version = uses.partition("@")
        assert PINNED.get(action) == version, uses


def test_ci_checks_the_oldest_and_newest_supported_python():
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")  # tomllib is 3.11's: read the two fields
    versions = sorted(re.findall(r'"Programming Language :: Python :: (3\.\d+)"', text),
                      key=lambda v: tuple(map(int, v.split("."))))
    assert f'\nrequires-python = ">={versions[0]}"\n' in text
    assert workflow("ci.yml")["jobs"]["check"]["strategy"]["matrix"]["python"] == [versions[0], versions[-1]]


def test_pages_and_release_deploy_the_official_way():
    pages = workflow("pages.yml")
    assert pages["on"]["push"]["branches"] == ["main"]
    assert pages["permissions"] == {"contents": "read", "pages": "write", "id-token": "write"}
    uploads = [s for s in pages["jobs"]["build"]["steps"] if s.get("uses", "").startswith("actions/upload-pages")]
    assert uploads[0]["with"]["path"] == "build/pages"
    assert pages["jobs"]["deploy"]["environment"]["name"] == "github-pages"
    release = workflow("release.yml")
    assert release["on"]["push"]["tags"] == ["v*"]
    publish = release["jobs"]["publish"]
    assert publish["environment"]["name"] == "pypi" and publish["permissions"] == {"id-token": "write"}
    assert publish["steps"][-1]["uses"] == "pypa/gh-action-pypi-publish@release/v1"


def actionlint() -> str | None:
    return shutil.which("actionlint", path=os.pathsep.join([str(Path(sys.executable).parent),
                                                             os.environ.get("PATH", "")]))


@pytest.mark.skipif(actionlint() is None and os.environ.get("BLOKUS_NB_ACTIONLINT") != "required",
                    reason="actionlint is not installed (pip install -e '.[workflows]'; make lint-workflows)")
def test_actionlint_finds_nothing_in_the_workflows():
    program = actionlint()
    assert program is not None, "BLOKUS_NB_ACTIONLINT=required, and actionlint is not installed"
    result = subprocess.run([program, "-no-color", *map(str, WORKFLOWS)], capture_output=True, text=True, cwd=ROOT)
    assert (result.returncode, result.stdout + result.stderr) == (0, "")
