"""Headless AI-vs-AI duels between two decks, summed up as a balance report.

Playtesting needs many duels fast and reproducibly: every duel and every player gets a seed
derived from one run seed (see `duel_seed`), so any single duel of a run can be replayed.
Seats alternate (game i puts deck A in seat i % 2) so both decks sit in both seats; who goes
first is still the engine's coin toss from the duel seed.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from game.ai.random_player import RandomPlayer
from game.decks import Deck
from game.engine import (
    Activate,
    CardDef,
    Duel,
    PlayEnvironment,
    Player,
    Rules,
    SetCard,
    SpecialSummon,
    Summon,
)

PLAY_COMMANDS = frozenset({Summon, SpecialSummon, SetCard, PlayEnvironment, Activate})
MAX_COMMANDS_PER_DUEL = 100_000  # far beyond any real duel: only an engine bug gets here
_MASK = (1 << 64) - 1


PlayerFactory = Callable[[int], Player]  # seed -> player (a class such as RandomPlayer fits)


class SimError(RuntimeError):
    """A simulated duel could not finish; the message names the game and its duel seed."""


def duel_seed(seed: int, game: int) -> int:
    """The seed of game `game` of a run with `seed` (distinct runs get unrelated duels)."""
    return (seed * 0x9E3779B97F4A7C15 + game) & _MASK


def player_seed(duel_seed_: int, deck_index: int) -> int:
    """The seed of deck A's (0) or deck B's (1) player in the duel with that seed."""
    return duel_seed_ * 2 + deck_index


@dataclass
class SeatRecord:
    """How one deck did in one seat order (going first or second)."""

    duels: int = 0
    wins: int = 0

    def rate(self) -> float:
        return self.wins / self.duels if self.duels else 0.0


@dataclass
class SimResult:
    """Counts of a run; rates and speeds are derived so they can never disagree.

    `card_plays[deck]` counts the play commands (Summon, SpecialSummon, SetCard,
    PlayEnvironment, Activate) sent by that deck's player, by card id: an opponent's lone
    Environment can show up there too, since both players may use its abilities, and a
    Phantom Unsummoned and Summoned again counts each time."""

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
    card_plays: dict[str, Counter] = field(default_factory=dict)
    end_reasons: Counter = field(default_factory=Counter)

    def __post_init__(self) -> None:
        for name in self.decks:
            self.wins.setdefault(name, 0)
            self.seats.setdefault(name, {"first": SeatRecord(), "second": SeatRecord()})
            self.card_plays.setdefault(name, Counter())

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

    def card_totals(self) -> Counter:
        """Plays per card id over both decks."""
        total: Counter = Counter()
        for plays in self.card_plays.values():
            total.update(plays)
        return total

    # ---------------------------------------------------------------- output
    def to_dict(self, timing: bool = True) -> dict:
        """Plain JSON-ready data; `timing=False` leaves out the wall-clock numbers
        (everything else is a pure function of decks, rules, players and seed)."""
        n = self.duels or 1
        data: dict[str, Any] = {
            "decks": list(self.decks),
            "players": list(self.players),
            "seed": self.seed,
            "duels": self.duels,
            "wins": dict(self.wins),
            "win_rate": {name: w / n for name, w in self.wins.items()},
            "draws": self.draws,
            "draw_rate": self.draws / n,
            "seat_wins": {"first": self.first_player_wins, "second": self.second_player_wins},
            "deck_seats": {
                name: {seat: {"duels": r.duels, "wins": r.wins} for seat, r in rec.items()}
                for name, rec in self.seats.items()
            },
            "avg_rounds": self.avg_rounds,
            "min_rounds": self.min_rounds,
            "max_rounds": self.max_rounds,
            "commands": self.commands,
            "avg_commands": self.avg_commands,
            "card_plays": {name: dict(sorted(c.items())) for name, c in self.card_plays.items()},
            "card_totals": dict(self.card_totals().most_common()),
            "end_reasons": dict(self.end_reasons.most_common()),
        }
        if timing:
            data.update(seconds=self.seconds, duels_per_second=self.duels_per_second,
                        commands_per_second=self.commands_per_second)
        return data

    def format_report(self, top: int = 10) -> str:
        """A balance report a designer can read at a glance."""
        n = self.duels or 1
        width = max(12, *(len(d) for d in self.decks))
        a, b = self.decks
        lines = [
            f"Phantom Duel balance report: {a} vs {b}",
            f"{self.duels} duels, seed {self.seed}, players {self.players[0]} vs "
            f"{self.players[1]}",
            f"{self.commands:,} commands in {self.seconds:.2f} s "
            f"({self.duels_per_second:,.1f} duels/s, {self.commands_per_second:,.0f} commands/s)",
            "",
            "Results",
        ]
        for name in self.decks:
            first, second = self.seats[name]["first"], self.seats[name]["second"]
            lines.append(
                f"  {name:<{width}}  wins {self.wins[name]:>5}  {self.wins[name] / n:6.1%}"
                f"   going first {first.wins}/{first.duels} ({first.rate():.1%})"
                f"   going second {second.wins}/{second.duels} ({second.rate():.1%})")
        lines.append(f"  {'Draws':<{width}}       {self.draws:>5}  {self.draws / n:6.1%}")
        lines += [
            "",
            "Seats",
            f"  first player won  {self.first_player_wins:>5}  {self.first_player_wins / n:6.1%}",
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
            lines.append(f"  {cid:<24} {count / n:6.2f}   ({split})")
        return "\n".join(lines)


def _deck_names(deck_a: Deck, deck_b: Deck) -> tuple[str, str]:
    if deck_a.name == deck_b.name:  # a mirror match still needs two keys
        return f"{deck_a.name} (A)", f"{deck_b.name} (B)"
    return deck_a.name, deck_b.name


def _factory_name(factory: PlayerFactory) -> str:
    return getattr(factory, "__name__", type(factory).__name__)


def simulate(
    pool: Mapping[str, CardDef],
    rules: Rules,
    deck_a: Deck,
    deck_b: Deck,
    games: int,
    seed: int,
    players: Sequence[PlayerFactory] | None = None,
) -> SimResult:
    """Play `games` full duels between deck A and deck B and count what happened.

    `players` are two factories (for deck A and deck B) called with a seed per duel, so
    each duel can be replayed on its own; default: random legal players. Raises SimError if
    a duel cannot finish (an engine bug: the message names the duel seed).
    """
    if games < 0:
        raise ValueError("games must be >= 0")
    factories = tuple(players) if players is not None else (RandomPlayer, RandomPlayer)
    if len(factories) != 2:
        raise ValueError("players: expected two player factories (deck A, deck B)")
    names = _deck_names(deck_a, deck_b)
    result = SimResult(names, seed, (_factory_name(factories[0]), _factory_name(factories[1])))
    specs = (deck_a.spec(), deck_b.spec())
    rounds: list[int] = []
    play_types = PLAY_COMMANDS
    start = time.perf_counter()
    for game in range(games):
        ds = duel_seed(seed, game)
        order = (0, 1) if game % 2 == 0 else (1, 0)  # deck index sitting in seat 0, seat 1
        choosers = [factories[k](player_seed(ds, k)) for k in order]
        plays = [result.card_plays[names[k]] for k in order]
        n = 0
        cmd = None
        try:
            duel = Duel(pool, rules, [specs[k] for k in order], ds)
            cards = duel.cards
            while not duel.over:
                seat = duel.deciding_player
                cmd = choosers[seat].choose(duel.view(seat))
                if type(cmd) in play_types:
                    plays[seat][cards[cmd.card].cid] += 1
                duel.apply(cmd)
                n += 1
                if n >= MAX_COMMANDS_PER_DUEL:
                    raise SimError(f"no end after {n} commands")
        except Exception as exc:
            raise SimError(
                f"game {game} (duel seed {ds}, deck A in seat {order.index(0)}) failed after "
                f"{n} commands at {cmd!r}: {type(exc).__name__}: {exc}") from exc
        result.duels += 1
        result.commands += n
        rounds.append(duel.round)
        result.end_reasons[duel.end_reason] += 1
        first = duel.first_player
        for seat in (0, 1):
            name = names[order[seat]]
            rec = result.seats[name]["first" if seat == first else "second"]
            rec.duels += 1
            if duel.winner == seat:
                rec.wins += 1
        if duel.winner == -1:
            result.draws += 1
        else:
            result.wins[names[order[duel.winner]]] += 1
            if duel.winner == first:
                result.first_player_wins += 1
            else:
                result.second_player_wins += 1
    result.seconds = time.perf_counter() - start
    result.total_rounds = sum(rounds)
    result.min_rounds = min(rounds, default=0)
    result.max_rounds = max(rounds, default=0)
    return result


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

    def to_dict(self) -> dict:
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
    from game.match import DRAW, play_match

    factories = players or (RandomPlayer, RandomPlayer)
    names = _deck_names(deck_a, deck_b)
    result = MatchSimResult(names, match_wins={n: 0 for n in names},
                            duel_wins={n: 0 for n in names})
    start = time.perf_counter()
    for i in range(matches):
        mseed = duel_seed(seed, i)
        order = (0, 1) if i % 2 == 0 else (1, 0)  # deck index per seat
        decks = (deck_a, deck_b)
        seat_players = [factories[d](player_seed(mseed, d)) for d in order]
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
