"""Unpack a git revision of this repository into a folder, for the scripts that compare this
tree with another (`bench.py --compare`, `bench_count.py --compare`, `same_play.py`)."""

from __future__ import annotations

import subprocess
import tarfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


class RevisionError(Exception):
    """git could not give the revision (its own message, for the user)."""


def unpack_revision(rev: str, tmp: Path) -> Path:
    """`rev` (a commit, branch or tag) as files under `tmp`/tree, made with `git archive`;
    raises RevisionError with git's words when it cannot."""
    archive = subprocess.run(["git", "-C", str(REPO), "archive", "--format=tar", rev],
                             capture_output=True, check=False)
    if archive.returncode != 0:
        raise RevisionError(f"git archive {rev}: {archive.stderr.decode().strip()}")
    tree = tmp / "tree"
    tree.mkdir()
    tar_path = tmp / "tree.tar"
    tar_path.write_bytes(archive.stdout)
    with tarfile.open(tar_path) as tar:
        tar.extractall(tree, filter="data")
    return tree
