"""Shipped puzzles against each kind of opponent: does the recorded solution still meet the
goal, does doing nothing still fail, and can a computer level solve the puzzle by itself?

    python scripts/puzzle_opponents.py                 # every level, every shipped puzzle
    python scripts/puzzle_opponents.py --levels normal --solvers normal hard

For each puzzle and level L, with the opponent `{script: L}` (the solution's own answers by
situation, L playing for its side's goal elsewhere) and with L alone:
  line      the solution's moves for the puzzle's player meet the goal
  nothing   passing and ending the turn at once does NOT meet it (it should not)
With --solvers, each solver level plays the puzzle's seat for the puzzle's goal against the
puzzle's own opponent; the count of puzzles it solves is printed per level.
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.ai.levels import LEVEL_NAMES
from game.play import puzzles as pz


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--levels", nargs="*", default=list(LEVEL_NAMES))
    ap.add_argument("--solvers", nargs="*", default=[])
    args = ap.parse_args(argv)
    shipped = [p for p in pz.list_puzzles(pz.SHIPPED_DIR, Path("/nonexistent"))
               if isinstance(p, pz.Puzzle)]
    bad = 0
    for level in args.levels:
        for label, opponent, otherwise in ((f"script+{level}", "script", level),
                                           (level, level, "pass")):
            start = time.perf_counter()
            line_ok = nothing_ok = 0
            notes = []
            for puzzle in shipped:
                p = replace(puzzle, opponent=opponent, otherwise=otherwise)
                run = pz.run_solution(p)
                problem = pz.check_line(p, run)
                line_ok += problem is None
                nothing = pz.play_out(p, [], pz.PassingPlayer(), pz.opponent_player(p, run.moves))
                nothing_ok += nothing is not pz.Status.SOLVED
                if problem is not None or nothing is pz.Status.SOLVED:
                    notes.append(f"{puzzle.path.stem}: line {'ok' if problem is None else 'FAILS'}"
                                 f", nothing {nothing.value}")
            took = time.perf_counter() - start
            print(f"{label:>14}: solution holds {line_ok}/{len(shipped)}, doing nothing fails "
                  f"{nothing_ok}/{len(shipped)} ({took:.1f}s)")
            for note in notes:
                print(f"{'':>16}{note}")
            if label.startswith("script+"):
                bad += len(shipped) - line_ok
    for solver in args.solvers:
        solved = []
        start = time.perf_counter()
        for puzzle in shipped:
            run = pz.run_solution(puzzle)
            me = pz.level_player(puzzle, solver, puzzle.seat)
            status = pz.play_out(puzzle, [], me, pz.opponent_player(puzzle, run.moves))
            if status is pz.Status.SOLVED:
                solved.append(puzzle.path.stem.split("_")[0])
        print(f"solver {solver:>7}: solves {len(solved)}/{len(shipped)} {solved} "
              f"({time.perf_counter() - start:.1f}s)")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
