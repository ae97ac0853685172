"""Dependencies point one way, down: the import graph of ``blokus_nb/`` has no circle.

The graph is read from the source with :mod:`ast`, not from what one run
happens to import. The rule:

* Every ``import`` counts wherever it is written: at module level, in a
  class, or inside a function. An import hidden in a method is still a
  dependency (STYLE.md: "a convenience method that needs the module above
  it is a circle, even when the import hides inside the method").
* Imports under ``if TYPE_CHECKING:`` do not count: they exist for the type
  checker only and never run.
* A function that warns with ``DeprecationWarning`` is a deprecated shim kept
  for one release (``Game.save``, ``Game.to_sgf``, ``pieces.show``...); its
  own imports do not count, and it goes when the deprecation ends.
* ``from . import name`` depends on the submodule ``name`` when there is one,
  else on the package's ``__init__``.
* Nothing may close a circle: there is no allow-list.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "blokus_nb"


def _modules() -> dict[str, tuple[Path, bool]]:
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        is_package = parts[-1] == "__init__"
        if is_package:
            parts = parts[:-1]
        found[".".join(parts)] = (path, is_package)
    return found


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _warns_deprecation(function: ast.AST) -> bool:
    """Whether ``function``'s own body calls ``warnings.warn(..., DeprecationWarning, ...)``."""
    for node in ast.walk(function):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "warn":
            names = [arg for arg in [*node.args, *(k.value for k in node.keywords)]
                     if isinstance(arg, ast.Name)]
            if any(arg.id == "DeprecationWarning" for arg in names):
                return True
    return False


def _targets(node: ast.Import | ast.ImportFrom, name: str, is_package: bool,
             modules: dict[str, tuple[Path, bool]]) -> list[str]:
    """The modules of ``blokus_nb`` an import statement in module ``name`` depends on."""
    found = []
    if isinstance(node, ast.Import):
        for alias in node.names:
            target = alias.name
            if target == "blokus_nb" or target.startswith("blokus_nb."):
                while target not in modules:
                    target = target.rsplit(".", 1)[0]
                found.append(target)
        return found
    if node.level:
        base = name.split(".") if is_package else name.split(".")[:-1]
        base = base[:len(base) - (node.level - 1)]
        source = ".".join(base + ([node.module] if node.module else []))
    else:
        source = node.module or ""
    if source != "blokus_nb" and not source.startswith("blokus_nb."):
        return found
    for alias in node.names:
        found.append(f"{source}.{alias.name}" if f"{source}.{alias.name}" in modules else source)
    return found


def import_graph() -> dict[str, dict[str, int]]:
    """Each module of ``blokus_nb`` -> the modules it imports (by :mod:`this module's <tests.test_imports>`
    rule), each with the line of one import."""
    modules = _modules()
    graph: dict[str, dict[str, int]] = {}
    for name, (path, is_package) in modules.items():
        edges: dict[str, int] = {}

        def visit(node: ast.AST, in_shim: bool) -> None:
            for child in ast.iter_child_nodes(node):
                if isinstance(child, ast.If) and _is_type_checking(child):
                    for other in child.orelse:
                        visit(ast.Module(body=[other], type_ignores=[]), in_shim)
                    continue
                shim = in_shim or (isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef))
                                   and _warns_deprecation(child))
                if isinstance(child, (ast.Import, ast.ImportFrom)) and not shim:
                    for target in _targets(child, name, is_package, modules):
                        if target != name:
                            edges.setdefault(target, child.lineno)
                visit(child, shim)

        visit(ast.parse(path.read_text(encoding="utf-8")), False)
        graph[name] = edges
    return graph


def find_cycle(graph: dict[str, dict[str, int]]) -> list[str] | None:
    """One circle of ``graph`` as its modules in order (the first again at the end), or ``None``."""
    state: dict[str, int] = {}  # 1: on the path, 2: done
    path: list[str] = []

    def visit(module: str) -> list[str] | None:
        state[module] = 1
        path.append(module)
        for target in sorted(graph.get(module, {})):
            if state.get(target) == 1:
                return path[path.index(target):] + [target]
            if target not in state:
                found = visit(target)
                if found:
                    return found
        path.pop()
        state[module] = 2
        return None

    for module in sorted(graph):
        if module not in state:
            found = visit(module)
            if found:
                return found
    return None


def _described(cycle: list[str], graph: dict[str, dict[str, int]]) -> str:
    steps = []
    for here, there in zip(cycle, cycle[1:]):
        path = _modules()[here][0].relative_to(PACKAGE.parent)
        steps.append(f"  {here} imports {there} ({path}:{graph[here][there]})")
    return "\n".join(steps)


def test_the_import_graph_has_no_circle():
    graph = import_graph()
    cycle = find_cycle(graph)
    assert cycle is None, "an import circle:\n" + _described(cycle, graph)


def test_the_rule_sees_imports_inside_functions_and_skips_type_checking():
    cycle = find_cycle({"a": {"b": 1}, "b": {"a": 2}})
    assert cycle == ["a", "b", "a"]
    graph = import_graph()
    # game.py imports render inside Game.to_svg: counted (render must not import game back).
    assert "blokus_nb.render" in graph["blokus_nb.game"]
    # The deprecated Game.save imports records inside a shim: not counted.
    assert not any(target.startswith("blokus_nb.records") for target in graph["blokus_nb.game"])
    assert "blokus_nb.game" in graph["blokus_nb.records.tree"]


def test_importing_blokus_nb_loads_no_records_module():
    code = ("import sys, blokus_nb; "
            "print(sorted(m for m in sys.modules if m.startswith('blokus_nb.records')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=PACKAGE.parent)
    assert out.stdout.strip() == "[]", out.stdout + out.stderr


def test_the_records_load_on_first_use():
    code = ("import sys, blokus_nb as bn; bn.read_sgf; "
            "print('blokus_nb.records' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=PACKAGE.parent)
    assert out.stdout.strip() == "True", out.stdout + out.stderr


def test_a_star_import_gives_the_newcomers_names_and_loads_no_pandas_matplotlib_or_widgets():
    import subprocess
    import sys

    code = ("import sys\nfrom blokus_nb import *\n"
            "print(sorted(m for m in ('pandas', 'matplotlib', 'anywidget', 'ipywidgets') if m in sys.modules))\n"
            "print(Game('duo').to_play, callable(load), callable(make_player), Puzzle.__name__)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split("\n")
    assert out[0] == "[]" and out[1] == "purple True True Puzzle", out
