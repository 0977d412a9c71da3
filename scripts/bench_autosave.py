"""The autosave's cost on the drawing path (game/play/autosave.py), importable without the rest of
the file benchmarks: `autosave_cost_us()` (scripts/bench_files.py and `main.py bench` call it).

    python scripts/bench_autosave.py [COMMANDS]
"""

from __future__ import annotations

import contextlib
import json
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))


def autosave_cost_us(commands: int = 2000, folder: Path | None = None, seed: int = 1) -> dict:
    """What autosaving costs the frame per accepted command: the time of the journal's
    `append` (formatting the line and writing it to the file: the OS has it when `append`
    returns, so a kill loses nothing; the writer thread syncs it later) over
    `commands` commands of random duels, as p50/p95/max in microseconds; and `flush_ms`,
    how long the writer then needed to have everything synced. The setup helper's
    `main.py bench` calls this."""
    import random

    from game.cards import load_card_set
    from game.decks.deck import load_deck
    from game.files.resources import starter_deck
    from game.play import autosave, suspend
    from game.play.match import Match
    from game.rules.file import load_rules

    pool, rules = load_card_set(), load_rules()
    decks = [load_deck(starter_deck(n)) for n in ("ember_rush", "veil_control")]
    rng = random.Random(seed)
    costs: list[float] = []
    flushes: list[float] = []
    with contextlib.ExitStack() as stack:
        if folder is None:
            folder = Path(stack.enter_context(tempfile.TemporaryDirectory()))
        target = folder / "duel.jsonl"
        duel_no = 0
        while len(costs) < commands:
            match = Match(pool, rules, decks[0], decks[1], seed + duel_no, first=0)
            duel = match.start_duel(auto_pass=False)
            saved = suspend.capture(match, duel, mode="hotseat", ai_level=None, ai_seat=None,
                                    names=("Player 1", "Player 2"), deck_paths=("a", "b"),
                                    setup_decks=(decks[0], decks[1]), best_of=1, first=0,
                                    speed="normal", responses=("when_able", "when_able"))
            journal = autosave.Journal(autosave.match_header(saved), target=target)
            while not duel.over and len(costs) < commands and len(duel.history) < 3000:
                cmd = rng.choice(duel.legal_actions())
                duel.apply(cmd)
                start = time.perf_counter()
                journal.append(cmd)
                costs.append((time.perf_counter() - start) * 1e6)
            start = time.perf_counter()
            journal.flush()
            flushes.append((time.perf_counter() - start) * 1000)
            journal.discard()
            journal.flush()
            duel_no += 1
    costs.sort()

    def pct(q: float) -> float:
        return round(costs[min(len(costs) - 1, int(q * len(costs)))], 2)
    return {"p50_us": pct(0.50), "p95_us": pct(0.95), "max_us": round(costs[-1], 2),
            "commands": len(costs), "flush_ms": round(max(flushes), 2)}


if __name__ == "__main__":
    print(json.dumps(autosave_cost_us(int(sys.argv[1]) if len(sys.argv) > 1 else 2000)))
