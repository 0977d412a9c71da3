"""The game installs as a package: the requirements and the lock agree with pyproject.toml, and
a wheel built from the checkout, installed in a fresh venv, runs from another folder.

The wheel test needs no network: the wheel is built with the test environment's setuptools
(`--no-build-isolation`) and installed with `--no-deps` into a venv that sees the packages of
the interpreter running the tests (a `.pth` file naming its site-packages folders, wherever
they are: a venv, the system Python, the user's folder; `--system-site-packages` would see
only the base interpreter's, not an active venv's); the venv's own site-packages comes first
and holds the game, so what it runs is the installed copy, not the checkout. Marked
`packaging` (`-m "not packaging"` leaves it out of a quick local run).

A missing dependency stops `python main.py` with one line naming it and the README's install
command; and `.ci/run` runs the README's set-up commands on a fresh clone in a fresh venv
(checked below to be the README's own commands)."""

from __future__ import annotations

import os
import re
import shutil
import site
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


def _names_and_ranges(lines: list[str]) -> dict[str, str]:
    out = {}
    for line in lines:
        line = line.split("#", 1)[0].split(";", 1)[0].strip()  # no comment, no marker
        if not line or line.startswith("-"):
            continue
        name = re.split(r"[<>=!~;\[ ]", line, maxsplit=1)[0]
        out[name.lower().replace("_", "-")] = line[len(name):].replace(" ", "")
    return out


def _pins() -> dict[str, str]:
    """constraints.txt: name -> the pinned version (every line that is not a comment pins)."""
    pins: dict[str, str] = {}
    for line in (REPO / "constraints.txt").read_text().splitlines():
        line = line.split("#", 1)[0].split(";", 1)[0].strip()
        if line:
            m = re.fullmatch(r"([A-Za-z0-9._-]+)==([A-Za-z0-9.+!-]+)", line)
            assert m, f"constraints.txt: not an exact pin: {line!r}"
            pins[m.group(1).lower().replace("_", "-")] = m.group(2)
    return pins


def test_requirements_txt_names_the_same_ranges_as_pyproject() -> None:
    tomllib = pytest.importorskip("tomllib")
    project = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]
    req = (REPO / "requirements.txt").read_text().splitlines()
    assert _names_and_ranges(req) == _names_and_ranges(project["dependencies"])
    assert "-c constraints.txt" in req
    assert project["scripts"]["phantom-duel"] == "game.cli:main"


def test_the_lock_pins_every_requirement_exactly() -> None:
    pins = _pins()
    wanted = {}
    for name in ("requirements.txt", "requirements-dev.txt", "requirements-cluster.txt"):
        wanted.update(_names_and_ranges((REPO / name).read_text().splitlines()))
    assert set(wanted) <= set(pins), f"not in constraints.txt: {set(wanted) - set(pins)}"
    from packaging.specifiers import SpecifierSet  # pytest's own dependency

    for name, spec in wanted.items():
        assert SpecifierSet(spec).contains(pins[name]), f"{name}: {pins[name]} not in {spec}"


def test_pyproject_lists_every_package_and_data_folder() -> None:
    """pyproject.toml names its packages one by one (the data folders assets/ and decks/ are
    mapped into the package as game._assets and game._decks): a package or a data folder
    left off the list would be missing from the wheel."""
    tomllib = pytest.importorskip("tomllib")
    setup = tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["setuptools"]
    assert setup["package-dir"] == {"game": "game", "game._assets": "assets",
                                    "game._decks": "decks"}
    wanted = {".".join(p.parent.relative_to(REPO).parts)
              for p in (REPO / "game").rglob("__init__.py")}
    for package, folder in (("game._assets", "assets"), ("game._decks", "decks")):
        wanted |= {".".join((package, *d.relative_to(REPO / folder).parts))
                   for d in (REPO / folder, *(REPO / folder).rglob("*"))
                   if d.is_dir() and d.name != "__pycache__"}
    assert sorted(setup["packages"]) == sorted(wanted)


def _copy_source(dest: Path) -> Path:
    """pyproject.toml, README.md, game/ and the data folders (assets/, decks/) without caches:
    the build writes its build/ and egg-info there instead of into the checkout."""
    dest.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(REPO / name, dest / name)
    for folder in ("game", "assets", "decks"):
        shutil.copytree(REPO / folder, dest / folder,
                        ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    return dest


def _data_files(wheel: Path) -> set[str]:
    """The data files a wheel holds, as paths inside the installed package."""
    import zipfile

    with zipfile.ZipFile(wheel) as whl:
        return {n for n in whl.namelist() if n.startswith(("game/_assets/", "game/_decks/"))}


def _site_folders() -> list[str]:
    """Where the running interpreter's packages are (its venv's, the system's, the user's),
    never the checkout itself."""
    found = [sysconfig.get_path("purelib"), sysconfig.get_path("platlib"),
             *site.getsitepackages()]
    if site.ENABLE_USER_SITE:
        found.append(site.getusersitepackages())
    out: list[str] = []
    for folder in found:
        path = Path(folder)
        if path.is_dir() and not path.resolve().is_relative_to(REPO) and folder not in out:
            out.append(folder)
    return out


@pytest.mark.packaging
def test_the_wheel_installs_in_a_fresh_venv_and_runs_from_another_folder(tmp_path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PHANTOM_DUEL_HOME=str(tmp_path / "home"), PIP_NO_INDEX="1",
               PIP_DISABLE_PIP_VERSION_CHECK="1")

    def run(*argv, cwd=tmp_path, ok=True) -> subprocess.CompletedProcess:
        proc = subprocess.run([str(a) for a in argv], cwd=cwd, env=env, capture_output=True,
                              text=True, timeout=300)
        if ok:
            assert proc.returncode == 0, proc.stdout + proc.stderr
        return proc

    src = _copy_source(tmp_path / "src")
    run(sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q",
        "-w", tmp_path / "dist", src)
    wheel = next((tmp_path / "dist").glob("phantom_duel-*.whl"))
    shipped = {f"game/_{folder}/{p.relative_to(REPO / folder).as_posix()}"
               for folder in ("assets", "decks") for p in (REPO / folder).rglob("*")
               if p.is_file() and "__pycache__" not in p.parts}
    assert _data_files(wheel) == shipped  # every card, font, puzzle, deck and the rules file
    venv = tmp_path / "venv"
    run(sys.executable, "-m", "venv", "--without-pip", venv)
    bindir = venv / ("Scripts" if os.name == "nt" else "bin")
    py = bindir / ("python.exe" if os.name == "nt" else "python")
    own = Path(run(py, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))")
               .stdout.strip())
    (own / "running-interpreter.pth").write_text("\n".join(_site_folders()) + "\n")
    run(py, "-m", "pip", "install", "--no-deps", "-q", wheel)

    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    where = run(py, "-c", "import game, game.files.resources as r; print(game.__file__); "
                          "print(r.CARD_DIR); print(r.STARTER_DECK_DIR)",
                cwd=elsewhere).stdout.splitlines()
    assert all(Path(p).resolve().is_relative_to(venv.resolve()) for p in where), where

    exe = bindir / ("phantom-duel.exe" if os.name == "nt" else "phantom-duel")
    helped = run(exe, "--help", cwd=elsewhere)
    assert "phantom-duel" in helped.stdout and "snapshot" in helped.stdout
    checked = run(exe, "check", cwd=elsewhere)  # the shipped cards, rules file, starter decks
    assert "ok: " in checked.stdout and "rules file" in checked.stdout
    out = elsewhere / "menu.png"
    run(exe, "snapshot", "deckbuilder", "--frames", "2", "--out", out, cwd=elsewhere)
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    duel = run(exe, "simulate", "--games", "1", "--jobs", "1", "--json", cwd=elsewhere)
    assert '"decks"' in duel.stdout
    paths = run(exe, "paths", cwd=elsewhere).stdout
    assert f"config:  {tmp_path / 'home'}" in paths
    bench = run(exe, "bench", "--quick", cwd=elsewhere, ok=False)  # a checkout's tool
    assert bench.returncode == 2 and "checkout" in bench.stderr and "Traceback" not in bench.stderr


def test_a_missing_dependency_is_one_line_naming_it_and_the_install_command(tmp_path) -> None:
    """`python main.py` where platformdirs cannot be imported (hidden by a sitecustomize, as
    if never installed): one line, no traceback, exit code 1."""
    (tmp_path / "sitecustomize.py").write_text(
        "import sys\n"
        "class Hide:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name.split('.')[0] == 'platformdirs':\n"
        "            raise ModuleNotFoundError(f'No module named {name!r}', name=name)\n"
        "sys.meta_path.insert(0, Hide())\n")
    env = {**os.environ, "PYTHONPATH": str(tmp_path), "SDL_VIDEODRIVER": "dummy"}
    proc = subprocess.run([sys.executable, "main.py"], cwd=REPO, env=env, capture_output=True,
                          text=True, timeout=60)
    assert proc.returncode == 1 and proc.stdout == ""
    lines = proc.stderr.splitlines()
    assert len(lines) == 1 and "Traceback" not in proc.stderr, proc.stderr
    assert "platformdirs" in lines[0] and "pip install -r requirements.txt" in lines[0]
    assert "pip install -r requirements.txt" in _readme_commands()[0]


def _readme_commands() -> list[str]:
    """The README's set-up commands (the `sh` blocks of "Install and test"), in order."""
    text = (REPO / "README.md").read_text("utf-8")
    part = text.split("## Install and test", 1)[1].split("\n## ", 1)[0]
    return [block.strip() for block in re.findall(r"```sh\n(.*?)```", part, re.S)]


@pytest.mark.packaging
def test_ci_runs_the_readme_s_set_up_commands_in_a_fresh_venv_on_a_clean_clone() -> None:
    """.ci/run is the check that the README's commands pass where a user runs them: it
    clones the repository into a new folder, makes a fresh venv there and runs the README's
    two set-up commands, word for word, inside it (each `python main.py` or `python -m
    pytest` with the venv's python). Here: it holds them and does it that way."""
    script = (REPO / ".ci" / "run").read_text("utf-8")
    commands = _readme_commands()
    assert len(commands) == 2
    install_game, install_tests = (c.split(" && ")[0] for c in commands)
    assert install_game.startswith("pip install -r requirements.txt")
    assert install_tests.startswith("pip install -r requirements-dev.txt")
    assert commands[1].endswith("python -m pytest")
    for needed in ("git clone", "-m venv", install_game, commands[1]):
        assert needed in script, needed
    assert "--system-site-packages" not in script
