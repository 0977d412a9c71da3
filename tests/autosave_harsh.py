"""Processes for the autosave's hard cases (tests/play/test_autosave_survives.py):

- `kill FOLDER N`: N times, a forked child starts a journal for a match's duel in
  FOLDER/<i>/, waits for its header, applies one command, appends it and SIGKILLs itself
  at once (the state hash it reached written to FOLDER/<i>/expected first);
- `full FOLDER`: a duel whose journal meets a full disk (RLIMIT_FSIZE, the file size limit of
  this process) mid-line, goes on 30 commands while the disk is full, then gets the space
  back and plays on; prints `FULL <problem>` while full and `HASH <hash> <commands>` at the
  end, once everything is on disk.
"""

from __future__ import annotations

import os
import random
import signal
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.engine import state_hash
from game.play import autosave
from tests.play.test_suspend import capture, played


def kill(folder: Path, n: int) -> int:
    played(steps=2)  # the card set and decks loaded once, before the forks
    for i in range(n):
        pid = os.fork()
        if pid == 0:  # the child: a fresh writer thread (threads do not survive a fork)
            autosave._writer = None
            match, duel = played(steps=3 + i, seed=100 + i)
            target = folder / str(i) / "duel.jsonl"
            journal = autosave.Journal(autosave.match_header(capture(match, duel, "hotseat")),
                                       target=target)
            journal.flush()
            cmd = random.Random(i).choice(duel.legal_actions())
            duel.apply(cmd)
            journal.append(cmd)  # what DuelSession.apply does once the engine accepted it
            (folder / str(i) / "expected").write_text(state_hash(duel))
            os.kill(os.getpid(), signal.SIGKILL)
        _, status = os.waitpid(pid, 0)
        assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL, status
    return 0


def full(folder: Path) -> int:
    import resource

    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails (EFBIG)
    match, duel = played(steps=6, seed=11)
    target = folder / "duel.jsonl"
    journal = autosave.Journal(autosave.match_header(capture(match, duel, "hotseat")),
                               target=target)
    journal.hasher = lambda: state_hash(duel)
    said: list[str] = []
    journal.on_problem = said.append
    journal.flush()
    rng = random.Random(5)

    def play(k: int) -> None:
        for _ in range(k):
            if duel.over:
                return
            cmd = rng.choice(duel.legal_actions())
            duel.apply(cmd)
            journal.append(cmd)

    play(20)
    journal.flush()
    limits = resource.getrlimit(resource.RLIMIT_FSIZE)
    resource.setrlimit(resource.RLIMIT_FSIZE, (target.stat().st_size + 12, limits[1]))
    play(30)  # the disk is full: the first line is cut by it, the next ones refused
    journal.flush()
    print(f"FULL {said[0] if said else '-'} | {autosave.load(target).salvaged or 'intact'} "
          f"| {len(autosave.load(target).commands)}", flush=True)
    resource.setrlimit(resource.RLIMIT_FSIZE, limits)  # space again
    play(15)
    journal.flush()  # written whole again
    play(5)  # the first command after the recovery carries a checkpoint
    journal.flush()
    print(f"HASH {state_hash(duel)} {len(duel.history)} {journal.count}", flush=True)
    return 0


if __name__ == "__main__":
    mode, where = sys.argv[1], Path(sys.argv[2])
    sys.exit(kill(where, int(sys.argv[3])) if mode == "kill" else full(where))
