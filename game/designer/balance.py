"""The designer's balance report over several decks: every pairing played, a win-rate matrix,
per-seat figures, all with 95 % confidence intervals.

`game.designer.sim` plays the duels (one pairing at a time or all spread over processes or a Dask
cluster); this module puts the pairings together. Two decks give exactly
`game.designer.sim.SimResult`; more give a `BalanceRun` whose JSON keeps the same top-level keys
(`decks`, `wins`, `duels`, ...). A rules grid (`run_rules_grid`) plays every pairing and
mirror once per rules candidate and sums each candidate up in one row of figures.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from game.decks.deck import Deck
from game.engine import CardDef, Rules

from .rules_grid import Candidate
from .sim import Pairing, SimResult, level_players, run_pairings, run_sweeps, wilson

_MASK = (1 << 64) - 1


def pairing_seed(seed: int, index: int) -> int:
    """The run seed of pairing `index` (pairing 0 keeps the run's own seed, so a two-deck
    run is the same whether or not it goes through here)."""
    return seed if index == 0 else (seed + index * 0x632BE59BD9B4E019) & _MASK


@dataclass
class BalanceRun:
    """Every pairing of a list of decks: `results[k]` is pairing `pairs[k]` (deck indexes,
    deck A first)."""

    decks: list[str]
    players: tuple[str, str]
    seed: int
    pairs: list[tuple[int, int]]
    results: list[SimResult]

    # ------------------------------------------------------------ derived
    def cell(self, row: int, col: int) -> tuple[int, int] | None:
        """(wins of deck `row` against deck `col`, duels) or None if not played."""
        for (a, b), res in zip(self.pairs, self.results, strict=True):
            if (a, b) == (row, col):
                return res.wins[res.decks[0]], res.duels
            if (b, a) == (row, col):
                return res.wins[res.decks[1]], res.duels
        return None

    def matrix(self) -> list[list[float | None]]:
        """Win rate of the row's deck against the column's deck."""
        n = len(self.decks)
        out: list[list[float | None]] = []
        for r in range(n):
            row = []
            for c in range(n):
                got = self.cell(r, c)
                row.append(got[0] / got[1] if got and got[1] else None)
            out.append(row)
        return out

    def seat_totals(self) -> dict[str, dict[str, tuple[int, int]]]:
        """Per deck: (wins, duels) going first and going second, over every pairing."""
        out = {name: {"first": (0, 0), "second": (0, 0)} for name in self.decks}
        for (a, b), res in zip(self.pairs, self.results, strict=True):
            for k, name in ((a, res.decks[0]), (b, res.decks[1])):
                for seat in ("first", "second"):
                    rec = res.seats[name][seat]
                    w, d = out[self.decks[k]][seat]
                    out[self.decks[k]][seat] = (w + rec.wins, d + rec.duels)
        return out

    @property
    def duels(self) -> int:
        return sum(r.duels for r in self.results)

    def to_dict(self, timing: bool = True) -> dict[str, Any]:
        wins = {name: 0 for name in self.decks}
        duels_of = {name: 0 for name in self.decks}
        for (a, b), res in zip(self.pairs, self.results, strict=True):
            wins[self.decks[a]] += res.wins[res.decks[0]]
            wins[self.decks[b]] += res.wins[res.decks[1]]
            duels_of[self.decks[a]] += res.duels
            duels_of[self.decks[b]] += res.duels
        seats = self.seat_totals()
        first = sum(r.first_player_wins for r in self.results)
        data: dict[str, Any] = {
            "decks": list(self.decks),
            "players": list(self.players),
            "seed": self.seed,
            "duels": self.duels,
            "wins": wins,
            "win_rate": {n: wins[n] / duels_of[n] if duels_of[n] else 0.0 for n in self.decks},
            "ci95": {n: list(wilson(wins[n], duels_of[n])) for n in self.decks},
            "draws": sum(r.draws for r in self.results),
            "seat_wins": {"first": first,
                          "second": sum(r.second_player_wins for r in self.results)},
            "first_player_win_rate": first / self.duels if self.duels else 0.0,
            "first_player_ci95": list(wilson(first, self.duels)),
            "deck_seats": {n: {s: {"duels": d, "wins": w, "win_rate": w / d if d else 0.0,
                                   "ci95": list(wilson(w, d))} for s, (w, d) in v.items()}
                           for n, v in seats.items()},
            "matrix": self.matrix(),
            "avg_rounds": (sum(r.total_rounds for r in self.results) / self.duels
                           if self.duels else 0.0),
            "pairings": [r.to_dict(timing) for r in self.results],
        }
        if timing:
            data["seconds"] = sum(r.seconds for r in self.results)
        return data

    def format_report(self, top: int = 8, card_names: Mapping[str, str] | None = None) -> str:
        """The matrix, the per-seat figures, then each pairing's report (its card tables name
        each card by `card_names`, card id -> name)."""
        width = max(14, *(len(d) for d in self.decks))
        lines = [f"Phantom Duel balance report: {len(self.decks)} decks, every pairing",
                 f"{self.duels} duels, seed {self.seed}, players {self.players[0]} (row deck) "
                 f"vs {self.players[1]} (column deck)", "",
                 "Win rate of the row's deck against the column's deck [95 % interval]"]
        head = " " * (width + 2) + "".join(f"{d[:16]:>18}" for d in self.decks)
        lines.append(head)
        for r, name in enumerate(self.decks):
            cells = []
            for c in range(len(self.decks)):
                got = self.cell(r, c)
                if not got or not got[1]:
                    cells.append(f"{'-':>18}")
                    continue
                lo, hi = wilson(*got)
                cells.append(f"{got[0] / got[1]:>7.1%} [{lo:.0%}-{hi:.0%}]".rjust(18))
            lines.append(f"  {name:<{width}}" + "".join(cells))
        lines += ["", "Per seat, over every pairing [95 % interval]"]
        for name, v in self.seat_totals().items():
            parts = []
            for seat in ("first", "second"):
                w, d = v[seat]
                lo, hi = wilson(w, d)
                parts.append(f"going {seat} {w}/{d} ({w / d if d else 0:.1%} [{lo:.0%}-{hi:.0%}])")
            lines.append(f"  {name:<{width}}  " + "   ".join(parts))
        for res in self.results:
            lines += ["", "-" * 72, res.format_report(top, card_names)]
        return "\n".join(lines)


def run_balance(pool: Mapping[str, CardDef], rules: Rules, decks: Sequence[Deck], games: int,
                seed: int, levels: Sequence[str] = ("random", "random"), jobs: int = 1,
                progress: bool | None = False,
                scheduler: str | None = None) -> BalanceRun | SimResult:
    """Every pairing of `decks` (one deck: its mirror match), `games` duels each, deck A's
    player of level `levels[0]`, deck B's of `levels[1]`, on `jobs` processes or a Dask
    `scheduler`'s cluster. Two decks (or one) return the plain `SimResult` of that pairing."""
    if not decks:
        raise ValueError("at least one deck is needed")
    decks = list(decks)
    pairs = [(0, 0)] if len(decks) == 1 else list(itertools.combinations(range(len(decks)), 2))
    pairings = [Pairing(decks[a], decks[b], level_players(levels, decks[a], decks[b]),
                        pairing_seed(seed, k)) for k, (a, b) in enumerate(pairs)]
    results = run_pairings(pool, rules, pairings, games, jobs, progress, scheduler)
    if len(pairs) == 1:
        return results[0]
    return BalanceRun([d.name for d in decks], (levels[0], levels[1]), seed, pairs, results)


# ------------------------------------------------------------------ rules grid
def _pct1(rate: float | None) -> str:
    return "-" if rate is None else f"{rate:.1%}".replace("%", " %")


@dataclass
class RulesGridRun:
    """Every pairing and every mirror of `decks` under each rules candidate, the same seeds
    for every candidate (so two candidates differ by their rules, not their luck):
    `results[c][k]` is pairing `pairs[k]` under `candidates[c]`."""

    decks: list[str]
    players: tuple[str, str]
    seed: int
    games: int
    pairs: list[tuple[int, int]]
    candidates: list[Candidate]
    results: list[list[SimResult]]

    def worst_pairing(self, c: int) -> tuple[str, str, int, int] | None:
        """(winner, loser, wins, duels) of the most one-sided pairing (mirrors aside)."""
        best: tuple[str, str, int, int] | None = None
        for (a, b), res in zip(self.pairs, self.results[c], strict=True):
            if a == b or not res.duels:
                continue
            for won, lost, name in ((a, b, res.decks[0]), (b, a, res.decks[1])):
                wins = res.wins[name]
                if best is None or wins / res.duels > best[2] / best[3]:
                    best = (self.decks[won], self.decks[lost], wins, res.duels)
        return best

    def mirror_first(self, c: int) -> dict[str, float | None]:
        """Per deck: the first player's win rate in its mirror (a draw counts as not won)."""
        out: dict[str, float | None] = {}
        for (a, b), res in zip(self.pairs, self.results[c], strict=True):
            if a == b:
                out[self.decks[a]] = res.first_player_wins / res.duels if res.duels else None
        return out

    def draw_rate(self, c: int) -> float:
        duels = sum(r.duels for r in self.results[c])
        return sum(r.draws for r in self.results[c]) / duels if duels else 0.0

    def to_dict(self, timing: bool = True) -> dict[str, Any]:
        rows = []
        for c, cand in enumerate(self.candidates):
            worst = self.worst_pairing(c)
            rows.append({
                "values": dict(cand.values),
                "rules": cand.rules.to_dict(),
                "worst_pairing": None if worst is None else {
                    "winner": worst[0], "loser": worst[1], "wins": worst[2],
                    "duels": worst[3], "win_rate": worst[2] / worst[3],
                    "ci95": list(wilson(worst[2], worst[3]))},
                "mirror_first_player_win_rate": self.mirror_first(c),
                "draw_rate": self.draw_rate(c),
                "duels": sum(r.duels for r in self.results[c]),
                "pairings": [{"decks": [self.decks[a], self.decks[b]],
                              "wins": [r.wins[r.decks[0]], r.wins[r.decks[1]]],
                              "draws": r.draws, "duels": r.duels,
                              "first_player_wins": r.first_player_wins}
                             for (a, b), r in zip(self.pairs, self.results[c], strict=True)],
            })
        data: dict[str, Any] = {"mode": "rules_grid", "decks": list(self.decks),
                                "players": list(self.players), "seed": self.seed,
                                "games": self.games, "candidates": rows}
        if timing:
            data["seconds"] = sum(r.seconds for row in self.results for r in row)
        return data

    def format_report(self) -> str:
        """The table docs/balance.md takes: one row per candidate, Markdown."""
        keys = [k for k, _v in self.candidates[0].values] if self.candidates else []
        mirrors = [self.decks[a] for a, b in self.pairs if a == b]
        duels = sum(r.duels for row in self.results for r in row)
        seconds = sum(r.seconds for row in self.results for r in row)
        lines = [f"Phantom Duel rules grid: {len(self.candidates)} candidates x "
                 f"{len(self.pairs)} pairings ({len(mirrors)} mirrors), {self.games} duels "
                 f"each, seed {self.seed}, players {self.players[0]} vs {self.players[1]}",
                 f"{duels} duels in {seconds:.1f} s", "",
                 "Worst pairing: the most one-sided pairing, mirrors aside. Mirror columns: "
                 "the first player's win rate. Draws: over all duels of the candidate.", ""]
        head = keys + ["worst pairing"] + [f"{m} mirror" for m in mirrors] + ["draws"]
        lines.append("| " + " | ".join(head) + " |")
        lines.append("|" + "---|" * len(head))
        for c, cand in enumerate(self.candidates):
            worst = self.worst_pairing(c)
            if worst is None:
                worst_text = "-"
            else:
                lo, hi = wilson(worst[2], worst[3])
                worst_text = (f"{worst[0]} over {worst[1]} {_pct1(worst[2] / worst[3])} "
                              f"[{lo:.0%}-{hi:.0%}]")
            first = self.mirror_first(c)
            cells = ["none" if v is None else str(v) for _k, v in cand.values]
            cells += [worst_text] + [_pct1(first[m]) for m in mirrors]
            cells.append(_pct1(self.draw_rate(c)))
            lines.append("| " + " | ".join(cells) + " |")
        return "\n".join(lines)


def grid_pairs(count: int) -> list[tuple[int, int]]:
    """Every pairing of `count` decks, then every mirror: what a rules candidate plays."""
    return list(itertools.combinations(range(count), 2)) + [(k, k) for k in range(count)]


def run_rules_grid(pool: Mapping[str, CardDef], candidates: Sequence[Candidate],
                   decks: Sequence[Deck], games: int, seed: int,
                   levels: Sequence[str] = ("random", "random"), jobs: int = 1,
                   progress: bool | None = False,
                   scheduler: str | None = None) -> RulesGridRun:
    """Every pairing and mirror of `decks`, `games` duels each, under every candidate; all
    candidates' duels go out together (one bar, no idle workers between candidates)."""
    if not decks:
        raise ValueError("at least one deck is needed")
    if not candidates:
        raise ValueError("at least one rules candidate is needed")
    decks = list(decks)
    pairs = grid_pairs(len(decks))
    pairings = [Pairing(decks[a], decks[b], level_players(levels, decks[a], decks[b]),
                        pairing_seed(seed, k)) for k, (a, b) in enumerate(pairs)]
    results = run_sweeps(pool, [(cand.rules, pairings) for cand in candidates], games, jobs,
                         progress, scheduler)
    return RulesGridRun([d.name for d in decks], (levels[0], levels[1]), seed, games, pairs,
                        list(candidates), results)
