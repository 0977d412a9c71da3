"""Recording: a finished duel (or a puzzle attempt) as a Replay, read from the engine: its
start recipe, its command history, every event told again from the start, and the card data
it was played with (game/play/played_under.py)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timezone

from game.ai.levels import LEVEL_NAMES
from game.engine import DeckSpec, Duel, from_dict, state_hash, to_dict
from game.play.played_under import KeptDataError, keep_cards, read_cards

from .codec import plain_events
from .model import Replay, ReplayError, ReplayPlayer


def record(duel: Duel, decks: Sequence[DeckSpec], players: Sequence[ReplayPlayer], mode: str,
           duel_number: int = 1, best_of: int = 1, date: datetime | None = None) -> Replay:
    """A finished (or stopped) duel as a Replay: its start recipe is read from the duel and
    `decks` (the Decks it began with), its commands from the engine's history, its events
    (and where each command's end: `marks`) from the engine telling the duel again from its
    start (a few hundredths of a second for a long duel), and the data of its cards from
    the card set it was played with. ReplayError if a card's data is not known."""
    from game.files.resources import game_version

    tossed = any(type(e).__name__ == "CoinTossed" for e in duel.start_events)
    first = None if tossed else duel.first_player
    auto_pass = bool(duel.state.auto_pass)
    start = Duel(duel.pool, duel.rules, list(decks), duel.seed, first_player=first,
                 auto_pass=auto_pass)
    start_hash = state_hash(start)
    marks = [start.log_size]
    for cmd in duel.history:  # told again: where each command's events end (the marks)
        start.apply(cmd)
        marks.append(start.log_size)
    log = start.event_log
    try:
        cards = keep_cards(duel.pool, [cid for d in decks for cid in (*d.main, *d.extra)])
        kept = read_cards(cards)
    except KeptDataError as exc:
        raise ReplayError(None, f"the card data cannot be kept: {exc}") from None
    winner = duel.winner
    return Replay(
        date=(date or datetime.now(timezone.utc)).replace(microsecond=0), mode=mode, players=(players[0], players[1]),
        seed=duel.seed, first_player=first, rules=duel.rules,
        decks=(decks[0], decks[1]), commands=tuple(duel.history),
        winner=winner if winner in (0, 1) else None, reason=duel.end_reason or "",
        rounds=duel.round, start_hash=start_hash, final_hash=state_hash(duel),
        duel_number=duel_number, best_of=best_of, auto_pass=auto_pass,
        game_version=game_version(), cards=tuple(cards), events=plain_events(log), kept=kept,
        marks=tuple(marks))


def record_puzzle(start: Duel, duel: Duel, title: str, seat: int, opponent: str, solved: bool,
                  date: datetime | None = None, level: str | None = None) -> Replay:
    """A puzzle attempt as a Replay: `start` is the duel at the puzzle's position (as built,
    before any command), `duel` the same duel after the attempt's commands; `opponent` the
    puzzle's opponent (named in the player's name), `level` the computer level it plays with
    (a `script` opponent's level where its script does not fit). Its winner is the puzzle's
    seat when solved, else the other seat; its reason says which.
    ReplayError if a card's data is not known."""
    from game.files.resources import game_version

    position = to_dict(start)
    done = len(position.pop("history"))
    position.pop("rules")  # the replay's own `start.rules` (one home)
    commands = tuple(duel.history[done:])
    replayed = from_dict({**position, "rules": start.rules.to_dict(), "history": []}, start.pool)
    start_hash = state_hash(replayed)
    marks = [replayed.log_size]
    for cmd in commands:  # the events told from the position on, and where each command's end
        replayed.apply(cmd)
        marks.append(replayed.log_size)
    owners: list[list[str]] = [[], []]
    for card in start.cards:
        owners[card.owner].append(card.cid)
    decks = (DeckSpec(tuple(sorted(owners[0]))), DeckSpec(tuple(sorted(owners[1]))))
    try:
        cards = keep_cards(start.pool, [*decks[0].main, *decks[1].main])
        kept = read_cards(cards)
    except KeptDataError as exc:
        raise ReplayError(None, f"the card data cannot be kept: {exc}") from None
    level = level if level in LEVEL_NAMES else opponent if opponent in LEVEL_NAMES else None
    names = ["Player 1", "Player 2"]
    names[1 - seat] = f"Puzzle opponent ({opponent})"
    players = [ReplayPlayer(names[s], None if s == seat else level, title) for s in (0, 1)]
    return Replay(
        date=(date or datetime.now(timezone.utc)).replace(microsecond=0), mode="puzzle",
        players=(players[0], players[1]), seed=start.seed, first_player=start.first_player,
        rules=start.rules, decks=decks, commands=commands,
        winner=seat if solved else 1 - seat, reason="puzzle solved" if solved else "puzzle not solved",
        rounds=duel.round, start_hash=start_hash, final_hash=state_hash(replayed),
        auto_pass=bool(start.state.auto_pass), game_version=game_version(), cards=tuple(cards),
        events=plain_events(replayed.event_log), kept=kept, position=position,
        marks=tuple(marks))

