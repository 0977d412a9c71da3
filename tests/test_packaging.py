"""The game installs as a package: the requirements and the lock agree with pyproject.toml, and
a wheel built from the checkout, installed in a fresh venv, runs from another folder.

The wheel test needs no network: the wheel is built with the test environment's setuptools
(`--no-build-isolation`) and installed with `--no-deps` into a venv that sees this
environment's packages (`--system-site-packages`); the venv's own site-packages holds the
game, so what it runs is the installed copy, not the checkout. Marked `packaging`
(`-m "not packaging"` leaves it out of a quick local run)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
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
    run(sys.executable, "-m", "venv", "--system-site-packages", "--without-pip", venv)
    bindir = venv / ("Scripts" if os.name == "nt" else "bin")
    py = bindir / ("python.exe" if os.name == "nt" else "python")
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
