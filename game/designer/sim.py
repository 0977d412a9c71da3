"""Headless AI-vs-AI duels between two decks, summed up as a balance report.

Playtesting needs many duels fast and reproducibly: every duel and every player gets a seed
derived from one run seed (see `duel_seed`), so any single duel of a run can be replayed.
Seats alternate (game i puts deck A in seat i % 2) so both decks sit in both seats; who goes
first is still the engine's coin toss from the duel seed. Every seed is fixed before a duel is
handed out, so `--jobs` processes or a Dask cluster (game/designer/cluster.py) give the same report.
"""

from __future__ import annotations

import math
import os
import sys
import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TextIO

from game.ai.random_player import RandomPlayer
from game.decks.deck import Deck
from game.engine import (
    Activate,
    CardDef,
    DeckSpec,
    Duel,
    PlayEnvironment,
    Player,
    Rules,
    SetCard,
    SpecialSummon,
    Summon,
    Zone,
)

PLAY_COMMANDS = frozenset({Summon, SpecialSummon, SetCard, PlayEnvironment, Activate})
PLAYED_CARD = (Summon, SpecialSummon, SetCard, PlayEnvironment, Activate)  # for isinstance
MAX_COMMANDS_PER_DUEL = 100_000  # far beyond any real duel: only an engine bug gets here
_MASK = (1 << 64) - 1
Z95 = 1.959963984540054  # the normal quantile of a two-sided 95 % interval


PlayerFactory = Callable[[int], Player]  # seed -> player (a class such as RandomPlayer fits)


class SimError(RuntimeError):
    """A simulated duel could not finish; the message names the game and its duel seed."""


def duel_seed(seed: int, game: int) -> int:
    """The seed of game `game` of a run with `seed` (distinct runs get unrelated duels)."""
    return (seed * 0x9E3779B97F4A7C15 + game) & _MASK


def player_seed(duel_seed_: int, deck_index: int) -> int:
    """The seed of deck A's (0) or deck B's (1) player in the duel with that seed: one way
    (game/ai/seeds.py), so a player's seed gives away neither the duel's nor the other's."""
    from game.ai.seeds import player_seed as derive

    return derive(duel_seed_, "simulate", deck_index)


def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a win rate (95 % by default): honest at small counts
    and near 0 or 1, where the plain normal interval is not."""
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    lo, hi = max(0.0, centre - half), min(1.0, centre + half)
    return (0.0 if wins <= 0 else lo, 1.0 if wins >= n else hi)


@dataclass(frozen=True)
class Level:
    """A player factory by AI level (a name of game.ai.levels) that knows its own decklist and its
    opponent's: picklable, so `--jobs` workers can build players from it."""

    level: str
    deck: tuple[str, ...] = ()
    opponent_deck: tuple[str, ...] = ()

    @property
    def __name__(self) -> str:  # what the report calls the player
        return self.level

    def build(self, seed: int, pool: Mapping[str, CardDef], rules: Rules) -> Player:
        from game.ai import make_player

        return make_player(self.level, seed, pool=pool, rules=rules,
                           deck=self.deck or None, opponent_deck=self.opponent_deck or None)

    def __call__(self, seed: int) -> Player:
        return self.build(seed, None, None)  # type: ignore[arg-type]


def level_players(levels: Sequence[str], deck_a: Deck, deck_b: Deck) -> tuple[Level, Level]:
    """Factories for deck A's and deck B's players by level name; each knows both lists."""
    a = tuple(deck_a.main) + tuple(deck_a.extra)
    b = tuple(deck_b.main) + tuple(deck_b.extra)
    return Level(levels[0], a, b), Level(levels[1], b, a)


def _make(factory: PlayerFactory, seed: int, pool: Mapping[str, CardDef], rules: Rules) -> Player:
    if isinstance(factory, Level):
        return factory.build(seed, pool, rules)
    return factory(seed)


@dataclass
class SeatRecord:
    """How one deck did in one seat order (going first or second)."""

    duels: int = 0
    wins: int = 0

    def rate(self) -> float:
        return self.wins / self.duels if self.duels else 0.0

    def ci95(self) -> tuple[float, float]:
        return wilson(self.wins, self.duels)


@dataclass
class CardRecord:
    """One card of one deck over a run: copies put into play, and how its player did in
    the duels it was played and in those it was not."""

    copies: int = 0
    duels_played: int = 0
    wins_played: int = 0
    duels_not: int = 0
    wins_not: int = 0

    def to_dict(self) -> dict[str, int | float | None]:
        return {"copies_played": self.copies, "duels_played": self.duels_played,
                "win_rate_played": _rate(self.wins_played, self.duels_played),
                "duels_not_played": self.duels_not,
                "win_rate_not_played": _rate(self.wins_not, self.duels_not)}


def _rate(wins: int, n: int) -> float | None:
    return wins / n if n else None


@dataclass
class DuelRecord:
    """What one simulated duel contributes to a report (small, so workers can send it)."""

    game: int
    order: tuple[int, int]  # deck index (0: A, 1: B) sitting in seat 0 and seat 1
    winner: int  # seat, or -1 for a draw
    first: int  # seat that went first
    rounds: int
    end_reason: str
    commands: int
    plays: tuple[dict[str, int], dict[str, int]]  # per seat: card id -> play commands (see SimResult.card_plays)
    played: tuple[dict[str, int], dict[str, int]]  # per seat: card id -> copies put into play


def play_duel(pool: Mapping[str, CardDef], rules: Rules, specs: Sequence[DeckSpec],
              factories: Sequence[PlayerFactory], seed: int,
              game: int) -> DuelRecord:
    """Play game `game` of a run with `seed` (deck A sits in seat game % 2)."""
    ds = duel_seed(seed, game)
    order = (0, 1) if game % 2 == 0 else (1, 0)  # deck index sitting in seat 0, seat 1
    choosers = [_make(factories[k], player_seed(ds, k), pool, rules) for k in order]
    plays: tuple[Counter[str], Counter[str]] = (Counter(), Counter())
    entered: tuple[set[int], set[int]] = (set(), set())  # uids put into play
    n = 0
    cmd = None
    try:
        duel = Duel(pool, rules, [specs[k] for k in order], ds)
        cards = duel.cards
        while not duel.over:
            seat = duel.deciding_player
            assert seat is not None  # a live duel always has a deciding player
            cmd = choosers[seat].choose(duel.view(seat))
            if isinstance(cmd, PLAYED_CARD):
                card = cards[cmd.card]
                plays[seat][card.cid] += 1
                if card.zone is Zone.HAND or card.zone is Zone.EXTRA:
                    entered[seat].add(cmd.card)
            duel.apply(cmd)
            n += 1
            if n >= MAX_COMMANDS_PER_DUEL:
                raise SimError(f"no end after {n} commands")
    except Exception as exc:
        raise SimError(
            f"game {game} (duel seed {ds}, deck A in seat {order.index(0)}) failed after "
            f"{n} commands at {cmd!r}: {type(exc).__name__}: {exc}") from exc

    def played(s: int) -> dict[str, int]:
        return dict(Counter(cards[u].cid for u in entered[s]))
    winner = duel.winner
    assert winner is not None  # the loop above runs until the duel is over
    return DuelRecord(game, order, winner, duel.first_player, duel.round, duel.end_reason,
                      n, (dict(plays[0]), dict(plays[1])), (played(0), played(1)))


@dataclass
class SimResult:
    """Counts of a run; rates and speeds are derived so they can never disagree.

    `card_plays[deck]` counts the play commands (Summon, SpecialSummon, SetCard,
    PlayEnvironment, Activate) sent by that deck's player, by card id: an opponent's lone
    Environment can show up there too, since both players may use its abilities, and a
    Phantom Unsummoned and Summoned again counts each time. `cards[deck]` counts copies put
    into play (from the hand or the Extra Deck) and the win rates with and without them."""

    decks: tuple[str, str]
    seed: int
    players: tuple[str, str] = ("RandomPlayer", "RandomPlayer")
    duels: int = 0
    wins: dict[str, int] = field(default_factory=dict)
    draws: int = 0
    first_player_wins: int = 0
    second_player_wins: int = 0
    seats: dict[str, dict[str, SeatRecord]] = field(default_factory=dict)
    total_rounds: int = 0
    min_rounds: int = 0
    max_rounds: int = 0
    commands: int = 0
    seconds: float = 0.0
    card_plays: dict[str, Counter[str]] = field(default_factory=dict)
    end_reasons: Counter[str] = field(default_factory=Counter)
    cards: dict[str, dict[str, CardRecord]] = field(default_factory=dict)
    deck_cards: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())

    def __post_init__(self) -> None:
        for k, name in enumerate(self.decks):
            self.wins.setdefault(name, 0)
            self.seats.setdefault(name, {"first": SeatRecord(), "second": SeatRecord()})
            self.card_plays.setdefault(name, Counter())
            universe = self.deck_cards[k] if k < len(self.deck_cards) else ()
            self.cards.setdefault(name, {cid: CardRecord() for cid in sorted(set(universe))})

    def add(self, rec: DuelRecord) -> None:
        """Count one duel in."""
        names = self.decks
        order = rec.order
        self.duels += 1
        self.commands += rec.commands
        self.total_rounds += rec.rounds
        self.min_rounds = rec.rounds if self.duels == 1 else min(self.min_rounds, rec.rounds)
        self.max_rounds = max(self.max_rounds, rec.rounds)
        self.end_reasons[rec.end_reason] += 1
        for seat in (0, 1):
            name = names[order[seat]]
            won = rec.winner == seat
            seat_rec = self.seats[name]["first" if seat == rec.first else "second"]
            seat_rec.duels += 1
            seat_rec.wins += won
            self.card_plays[name].update(rec.plays[seat])
            played = rec.played[seat]
            table = self.cards[name]
            for cid in played:
                table.setdefault(cid, CardRecord())
            for cid, card in table.items():
                if cid in played:
                    card.copies += played[cid]
                    card.duels_played += 1
                    card.wins_played += won
                else:
                    card.duels_not += 1
                    card.wins_not += won
        if rec.winner == -1:
            self.draws += 1
        else:
            self.wins[names[order[rec.winner]]] += 1
            if rec.winner == rec.first:
                self.first_player_wins += 1
            else:
                self.second_player_wins += 1

    # --------------------------------------------------------------- derived
    @property
    def avg_rounds(self) -> float:
        return self.total_rounds / self.duels if self.duels else 0.0

    @property
    def avg_commands(self) -> float:
        return self.commands / self.duels if self.duels else 0.0

    @property
    def duels_per_second(self) -> float:
        return self.duels / self.seconds if self.seconds > 0 else 0.0

    @property
    def commands_per_second(self) -> float:
        return self.commands / self.seconds if self.seconds > 0 else 0.0

    def win_rate(self, name: str) -> float:
        return self.wins[name] / self.duels if self.duels else 0.0

    def ci95(self, name: str) -> tuple[float, float]:
        """95 % interval of `name`'s win rate (a draw counts as not won)."""
        return wilson(self.wins[name], self.duels)

    def card_totals(self) -> Counter[str]:
        """Plays per card id over both decks."""
        total: Counter[str] = Counter()
        for plays in self.card_plays.values():
            total.update(plays)
        return total

    # ---------------------------------------------------------------- output
    def to_dict(self, timing: bool = True) -> dict[str, Any]:
        """Plain JSON-ready data; `timing=False` leaves out the wall-clock numbers
        (everything else is a pure function of decks, rules, players and seed)."""
        n = self.duels or 1
        decided = self.first_player_wins + self.second_player_wins
        data: dict[str, Any] = {
            "decks": list(self.decks),
            "players": list(self.players),
            "seed": self.seed,
            "duels": self.duels,
            "wins": dict(self.wins),
            "win_rate": {name: w / n for name, w in self.wins.items()},
            "ci95": {name: list(self.ci95(name)) for name in self.decks},
            "draws": self.draws,
            "draw_rate": self.draws / n,
            "seat_wins": {"first": self.first_player_wins, "second": self.second_player_wins},
            "first_player_win_rate": self.first_player_wins / n,
            "first_player_ci95": list(wilson(self.first_player_wins, self.duels)),
            "first_player_share_of_decided": (self.first_player_wins / decided
                                              if decided else None),
            "deck_seats": {
                name: {seat: {"duels": r.duels, "wins": r.wins, "win_rate": r.rate(),
                              "ci95": list(r.ci95())} for seat, r in rec.items()}
                for name, rec in self.seats.items()
            },
            "avg_rounds": self.avg_rounds,
            "min_rounds": self.min_rounds,
            "max_rounds": self.max_rounds,
            "commands": self.commands,
            "avg_commands": self.avg_commands,
            "card_plays": {name: dict(sorted(c.items())) for name, c in self.card_plays.items()},
            "card_totals": dict(self.card_totals().most_common()),
            "cards": {name: {cid: rec.to_dict() for cid, rec in sorted(table.items())}
                      for name, table in self.cards.items()},
            "end_reasons": dict(self.end_reasons.most_common()),
        }
        if timing:
            data.update(seconds=self.seconds, duels_per_second=self.duels_per_second,
                        commands_per_second=self.commands_per_second)
        return data

    def format_report(self, top: int = 10, card_names: Mapping[str, str] | None = None) -> str:
        """A balance report a designer can read at a glance; its card tables name each card
        by `card_names` (card id -> name, as the screens show it; an id not in it: the id)."""
        n = self.duels or 1
        names = card_names or {}
        ids = {*self.card_totals(), *(c for table in self.cards.values() for c in table)}
        cw = max([24, *(len(names.get(c, c)) for c in ids)])
        width = max(12, *(len(d) for d in self.decks))
        a, b = self.decks
        lines = [
            f"Phantom Duel balance report: {a} vs {b}",
            f"{self.duels} duels, seed {self.seed}, players {self.players[0]} vs "
            f"{self.players[1]}",
            f"{self.commands:,} commands in {self.seconds:.2f} s "
            f"({self.duels_per_second:,.1f} duels/s, {self.commands_per_second:,.0f} commands/s)",
            "",
            "Results (95 % confidence intervals in brackets)",
        ]
        for name in self.decks:
            first, second = self.seats[name]["first"], self.seats[name]["second"]
            lo, hi = self.ci95(name)
            lines.append(
                f"  {name:<{width}}  wins {self.wins[name]:>5}  {self.wins[name] / n:6.1%}"
                f" [{lo:.0%}-{hi:.0%}]"
                f"   going first {first.wins}/{first.duels} ({first.rate():.1%})"
                f"   going second {second.wins}/{second.duels} ({second.rate():.1%})")
        lines.append(f"  {'Draws':<{width}}       {self.draws:>5}  {self.draws / n:6.1%}")
        flo, fhi = wilson(self.first_player_wins, self.duels)
        lines += [
            "",
            "Seats",
            f"  first player won  {self.first_player_wins:>5}  {self.first_player_wins / n:6.1%}"
            f" [{flo:.0%}-{fhi:.0%}]",
            f"  second player won {self.second_player_wins:>5}  {self.second_player_wins / n:6.1%}",
            "",
            "Game length",
            f"  rounds: avg {self.avg_rounds:.1f}, min {self.min_rounds}, max {self.max_rounds}",
            f"  commands per duel: avg {self.avg_commands:.1f}",
            "",
            "How duels ended",
        ]
        lines += [f"  {count:>5}  {reason}" for reason, count in self.end_reasons.most_common()]
        lines += ["", f"Most played cards (plays per duel, top {top})"]
        totals = self.card_totals()
        if not totals:
            lines.append("  (no card was played)")
        for cid, count in totals.most_common(top):
            split = "  ".join(f"{name} {self.card_plays[name][cid]}" for name in self.decks)
            lines.append(f"  {names.get(cid, cid):<{cw}} {count / n:6.2f}   ({split})")
        for name in self.decks:
            table = self.cards.get(name) or {}
            rows = sorted(((rec.copies, cid, rec) for cid, rec in table.items()), reverse=True)
            if not rows:
                continue
            lines += ["", f"Cards of {name}: copies played, its player's win rate when the "
                          f"card was played / not played"]
            for copies, cid, rec in rows[:top]:
                wp = _pct(rec.wins_played, rec.duels_played)
                wn = _pct(rec.wins_not, rec.duels_not)
                lines.append(f"  {names.get(cid, cid):<{cw}} {copies:>6}   played in "
                             f"{rec.duels_played:>4}: {wp}"
                             f"   not played in {rec.duels_not:>4}: {wn}")
        return "\n".join(lines)


def _pct(wins: int, n: int) -> str:
    return f"{wins / n:6.1%}" if n else "     -"


def _deck_names(deck_a: Deck, deck_b: Deck) -> tuple[str, str]:
    if deck_a.name == deck_b.name:  # a mirror match still needs two keys
        return f"{deck_a.name} (A)", f"{deck_b.name} (B)"
    return deck_a.name, deck_b.name


def _factory_name(factory: PlayerFactory) -> str:
    return getattr(factory, "__name__", type(factory).__name__)


# ------------------------------------------------------------------ running many duels
@dataclass(frozen=True)
class Pairing:
    """One pairing of a run: two decks, their players, and the run seed of this pairing."""

    deck_a: Deck
    deck_b: Deck
    factories: tuple[PlayerFactory, ...]  # deck A's, deck B's
    seed: int


Sweep = tuple[Rules, Sequence[Pairing]]  # one rules candidate and the pairings played under it
Task = tuple[int, int, int]  # (sweep, pairing, game): one duel


def play_tasks(payload: tuple[Mapping[str, CardDef], Sequence[Sweep]],
               tasks: Sequence[Task]) -> list[tuple[Task, DuelRecord]]:
    """Play these duels of a run; `payload` (the card pool and the sweeps) is what every
    worker holds once, `tasks` the small part that travels with each chunk."""
    pool, sweeps = payload
    out = []
    for task in tasks:
        s, p, game = task
        rules, pairings = sweeps[s]
        pr = pairings[p]
        out.append((task, play_duel(pool, rules, (pr.deck_a.spec(), pr.deck_b.spec()),
                                    pr.factories, pr.seed, game)))
    return out


_WORKER: dict[str, Any] = {}


def _worker_init(payload: tuple[Mapping[str, CardDef], Sequence[Sweep]]) -> None:
    _WORKER["payload"] = payload


def _worker_play(tasks: list[Task]) -> list[tuple[Task, DuelRecord]]:
    return play_tasks(_WORKER["payload"], tasks)


def chunk_size(tasks: int, workers: int) -> int:
    """Duels sent together: about eight chunks per worker, so every worker stays busy to the
    end of the run, and at most 8 duels, so a lost worker loses little."""
    return max(1, min(8, tasks // (max(1, workers) * 8) or 1))


class Progress:
    """A one-line progress bar on stderr: duels done and time left (silent when off)."""

    def __init__(self, total: int, enabled: bool | None = None,
                 stream: TextIO | None = None) -> None:
        self.stream = stream or sys.stderr
        self.enabled = (self.stream.isatty() if enabled is None else enabled) and total > 0
        self.total = total
        self.done = 0
        self.start = time.perf_counter()
        self.last = 0.0

    def step(self, n: int = 1) -> None:
        self.done += n
        if not self.enabled:
            return
        now = time.perf_counter()
        if self.done < self.total and now - self.last < 0.2:
            return
        self.last = now
        elapsed = now - self.start
        left = elapsed / self.done * (self.total - self.done) if self.done else 0.0
        width = 30
        filled = int(width * self.done / self.total)
        bar = "#" * filled + "-" * (width - filled)
        self.stream.write(f"\r[{bar}] {self.done}/{self.total} duels, "
                          f"{_clock(elapsed)} elapsed, {_clock(left)} left ")
        if self.done >= self.total:
            self.stream.write("\n")
        self.stream.flush()


def _clock(seconds: float) -> str:
    s = int(seconds + 0.5)
    return f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}" if s >= 3600 else f"{s // 60}:{s % 60:02d}"


def default_jobs() -> int:
    """Worker processes by default: the cores this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not Linux
        return max(1, os.cpu_count() or 1)


def run_pairings(pool: Mapping[str, CardDef], rules: Rules, pairings: Sequence[Pairing],
                 games: int, jobs: int = 1, progress: bool | None = False,
                 scheduler: str | None = None) -> list[SimResult]:
    """Play `games` duels for every pairing, spread over `jobs` processes or, given a Dask
    `scheduler` address, over that cluster's workers; the results are the same either way
    (every duel depends only on its seeds, and duels are counted in game order)."""
    return run_sweeps(pool, [(rules, pairings)], games, jobs, progress, scheduler)[0]


def run_sweeps(pool: Mapping[str, CardDef], sweeps: Sequence[Sweep], games: int,
               jobs: int = 1, progress: bool | None = False,
               scheduler: str | None = None) -> list[list[SimResult]]:
    """`run_pairings` for several rules candidates at once (one bar, one pool of workers, no
    idle tail between candidates): `result[s][p]` is pairing `p` of sweep `s`."""
    if games < 0:
        raise ValueError("games must be >= 0")
    results: list[list[SimResult]] = []
    for _rules, pairings in sweeps:
        results.append([_empty_result(pr) for pr in pairings])
    tasks = [(s, p, g) for s, (_rules, pairings) in enumerate(sweeps)
             for g in range(games) for p in range(len(pairings))]
    payload = (pool, tuple((rules, tuple(prs)) for rules, prs in sweeps))
    bar = Progress(len(tasks), progress)
    records: dict[Task, DuelRecord] = {}
    start = time.perf_counter()
    if scheduler is not None:
        from game.designer.cluster import run_on_cluster

        for task, rec in run_on_cluster(scheduler, play_tasks, payload, tasks, chunk_size):
            records[task] = rec
            bar.step()
    elif jobs <= 1 or len(tasks) <= 1:
        for task, rec in play_tasks(payload, tasks):
            records[task] = rec
            bar.step()
    else:
        import concurrent.futures as cf
        import multiprocessing as mp

        chunk = chunk_size(len(tasks), jobs)
        batches = [tasks[i:i + chunk] for i in range(0, len(tasks), chunk)]
        methods = mp.get_all_start_methods()
        ctx = mp.get_context("fork" if "fork" in methods else "spawn")
        with cf.ProcessPoolExecutor(jobs, mp_context=ctx, initializer=_worker_init,
                                    initargs=(payload,)) as ex:
            futures = [ex.submit(_worker_play, b) for b in batches]
            for fut in cf.as_completed(futures):
                for task, rec in fut.result():
                    records[task] = rec
                    bar.step()
    seconds = time.perf_counter() - start
    for s, p, g in tasks:  # count in game order: the same totals whatever finished first
        results[s][p].add(records[(s, p, g)])
    count = sum(len(row) for row in results)
    for row in results:
        for res in row:
            res.seconds = seconds / count
    return results


def _empty_result(pr: Pairing) -> SimResult:
    if len(pr.factories) != 2:
        raise ValueError("players: expected two player factories (deck A, deck B)")
    universe = (tuple(pr.deck_a.main) + tuple(pr.deck_a.extra),
                tuple(pr.deck_b.main) + tuple(pr.deck_b.extra))
    return SimResult(_deck_names(pr.deck_a, pr.deck_b), pr.seed,
                     (_factory_name(pr.factories[0]), _factory_name(pr.factories[1])),
                     deck_cards=universe)


def simulate(
    pool: Mapping[str, CardDef],
    rules: Rules,
    deck_a: Deck,
    deck_b: Deck,
    games: int,
    seed: int,
    players: Sequence[PlayerFactory] | None = None,
    jobs: int = 1,
    progress: bool | None = False,
    scheduler: str | None = None,
) -> SimResult:
    """Play `games` full duels between deck A and deck B and count what happened.

    `players` are two factories (for deck A and deck B) called with a seed per duel, so
    each duel can be replayed on its own (`level_players` makes them from AI level names);
    default: random legal players. `jobs` spreads the duels over processes, `scheduler` (a
    Dask scheduler's address) over a cluster, with the same result. Raises SimError if a duel cannot finish (an engine bug: the message names the
    duel seed).
    """
    factories = tuple(players) if players is not None else (RandomPlayer, RandomPlayer)
    if len(factories) != 2:
        raise ValueError("players: expected two player factories (deck A, deck B)")
    return run_pairings(pool, rules, [Pairing(deck_a, deck_b, factories, seed)], games,
                        jobs, progress, scheduler)[0]


@dataclass
class MatchSimResult:
    """Best-of-3 matches between two decks: who takes matches, and how long they run."""

    decks: tuple[str, str]
    matches: int = 0
    match_wins: dict[str, int] = field(default_factory=dict)
    match_draws: int = 0
    duels: int = 0
    duel_wins: dict[str, int] = field(default_factory=dict)
    duel_draws: int = 0
    seconds: float = 0.0

    def to_dict(self) -> dict[str, Any]:
        return {
            "mode": "matches",
            "decks": list(self.decks),
            "matches": self.matches,
            "match_wins": dict(self.match_wins),
            "match_draws": self.match_draws,
            "duels": self.duels,
            "wins": dict(self.duel_wins),
            "draws": self.duel_draws,
            "avg_duels_per_match": round(self.duels / self.matches, 3) if self.matches else 0,
            "matches_per_second": round(self.matches / self.seconds, 3) if self.seconds else 0,
        }

    def format_report(self) -> str:
        a, b = self.decks
        lines = [f"{self.matches} best-of-3 matches: {a} vs {b}"]
        for name in self.decks:
            won = self.match_wins.get(name, 0)
            pct = 100 * won / self.matches if self.matches else 0
            lines.append(f"  {name:<24} {won:>5} match wins ({pct:5.1f}%), "
                         f"{self.duel_wins.get(name, 0)} duel wins")
        lines.append(f"  drawn matches: {self.match_draws}; drawn duels: {self.duel_draws}")
        avg = self.duels / self.matches if self.matches else 0
        lines.append(f"  {self.duels} duels, {avg:.2f} per match, "
                     f"{self.matches / self.seconds if self.seconds else 0:.2f} matches/s")
        return "\n".join(lines)


def simulate_matches(pool: Mapping[str, CardDef], rules: Rules, deck_a: Deck, deck_b: Deck,
                     matches: int, seed: int,
                     players: tuple[PlayerFactory, PlayerFactory] | None = None
                     ) -> MatchSimResult:
    """Play `matches` best-of-3 matches; deck A sits in seat i % 2 of match i."""
    from game.play.match import DRAW, play_match

    factories = players or (RandomPlayer, RandomPlayer)
    names = _deck_names(deck_a, deck_b)
    result = MatchSimResult(names, match_wins={n: 0 for n in names},
                            duel_wins={n: 0 for n in names})
    start = time.perf_counter()
    for i in range(matches):
        mseed = duel_seed(seed, i)
        order = (0, 1) if i % 2 == 0 else (1, 0)  # deck index per seat
        decks = (deck_a, deck_b)
        seat_players = [_make(factories[d], player_seed(mseed, d), pool, rules) for d in order]
        match = play_match(pool, rules, decks[order[0]], decks[order[1]], mseed, seat_players)
        result.matches += 1
        for outcome in match.results:
            result.duels += 1
            if outcome == DRAW:
                result.duel_draws += 1
            else:
                result.duel_wins[names[order[outcome]]] += 1
        winner = match.winner
        if winner is None or winner == DRAW:
            result.match_draws += 1
        else:
            result.match_wins[names[order[winner]]] += 1
    result.seconds = time.perf_counter() - start
    return result
