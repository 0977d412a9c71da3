"""A replay in memory: one recorded duel (`Replay`: its start recipe, commands, result,
and what it was played under), its players, and `ReplayError`, the one-line error every
part of a replay's life raises. `Replay.to_data` is the plain data of the file
(game/play/replay/file.py has the format)."""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from game.engine import CardDef, Command, DeckSpec, Duel, Rules, from_dict
from game.engine.index import CardPool
from game.files.fileio import one_line
from game.play.end_words import end_sentence
from game.play.played_under import CardData

from .codec import PlainEvent, pack_events, pack_marks
from .notation import command_line

FORMAT = 2
FORMATS = (1, 2)  # the formats this game reads (1: a recipe only, shown by re-play)
MODES = ("hotseat", "versus_ai", "puzzle")


class ReplayError(ValueError):
    """A replay that cannot be read or written; the message is one line naming the file."""

    def __init__(self, path: str | os.PathLike[str] | None, problem: str) -> None:
        self.path = None if path is None else str(path)
        self.problem = " ".join(str(problem).split())
        super().__init__(f"{self.path}: {self.problem}" if self.path else self.problem)


@dataclass(frozen=True)
class ReplayPlayer:
    name: str
    level: str | None  # the AI's level; None for a person
    deck: str  # the deck's name


@dataclass(frozen=True)
class Replay:
    """One recorded duel. `winner` is the seat (0, 1) or None for a draw."""

    date: datetime
    mode: str
    players: tuple[ReplayPlayer, ReplayPlayer]
    seed: int
    first_player: int | None  # None: the engine's coin toss (from the seed) decided
    rules: Rules
    decks: tuple[DeckSpec, DeckSpec]
    commands: tuple[Command, ...]
    winner: int | None
    reason: str
    rounds: int
    start_hash: str
    final_hash: str
    duel_number: int = 1
    best_of: int = 1
    auto_pass: bool = False  # the client passes for a person itself (docs/engine.md)
    path: Path | None = field(default=None, compare=False)
    game_version: str = ""  # the game that recorded it ("" in format 1)
    cards: tuple[CardData, ...] | None = None  # the kept card data (None in format 1)
    events: tuple[PlainEvent, ...] | None = None  # every event as `event_to_dict` (None: not kept)
    kept: CardPool | None = field(default=None, compare=False, repr=False)  # `cards` read
    position: dict[str, Any] | None = None  # a puzzle's start position (the engine's to_dict), else None
    count: int | None = field(default=None, compare=False)  # commands, as the header says
    marks: tuple[int, ...] | None = None  # events told after the start and each command

    @property
    def command_count(self) -> int:
        """How many commands: counted, or (a list reads only the header) as the header says."""
        return self.count if self.count is not None and not self.commands else len(self.commands)

    @property
    def format(self) -> int:
        return 1 if self.cards is None else 2

    def played_pool(self, today: Mapping[str, CardDef]) -> Mapping[str, CardDef]:
        """The cards the duel was played with: its kept data, else (format 1) today's."""
        return self.kept if self.kept is not None else today

    # ------------------------------------------------------------- reading
    @property
    def deck_names(self) -> str:
        if self.mode == "puzzle":
            return f"Puzzle: {self.players[0].deck}"
        return f"{self.players[0].deck} vs {self.players[1].deck}"

    @property
    def player_names(self) -> str:
        return f"{self.players[0].name} vs {self.players[1].name}"

    @property
    def winner_text(self) -> str:
        return "draw" if self.winner is None else f"{self.players[self.winner].name} won"

    @property
    def reason_text(self) -> str:
        """The end reason as a sentence with the players' names (game/play/end_words.py)."""
        return end_sentence(self.reason, self.winner, (self.players[0].name, self.players[1].name))

    @property
    def match_text(self) -> str:
        return "single duel" if self.best_of == 1 else f"duel {self.duel_number} of {self.best_of}"

    def start(self, pool: Mapping[str, CardDef], rules: Rules | None = None) -> Duel:
        """The duel right after setup (a puzzle: at its start position), exactly as it
        began, under `rules` (default: the recording's); ReplayError if it cannot begin."""
        rules = rules or self.rules
        try:
            if self.position is not None:
                return from_dict({**self.position, "rules": rules.to_dict(), "history": []}, pool)
            return Duel(pool, rules, list(self.decks), self.seed,
                        first_player=self.first_player, auto_pass=self.auto_pass)
        except Exception as exc:  # a position is data: any failure is one line
            raise ReplayError(self.path, f"start: the duel cannot begin: {one_line(exc)}") from None

    # ------------------------------------------------------------- writing
    def to_data(self) -> dict[str, Any]:
        """Plain data in the file's order: `commands` after the header (the list reads up to
        it), then the events and the card data. A replay without kept cards (read from a
        format 1 file) is written in format 1."""
        data: dict[str, Any] = {"replay": self.format}
        if self.cards is not None:
            data["game_version"] = self.game_version
        data.update({
            "date": self.date.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
            "mode": self.mode,
            "match": {"duel": self.duel_number, "best_of": self.best_of},
            "players": [{"name": p.name, "level": p.level, "deck": p.deck} for p in self.players],
            "result": {"winner": self.winner, "reason": self.reason, "rounds": self.rounds,
                       **({"commands": self.command_count} if self.cards is not None else {})},
            "start": {
                "seed": self.seed, "first_player": self.first_player, "rules": self.rules.to_dict(),
                "decks": [{"main": list(d.main), "extra": list(d.extra)} for d in self.decks],
                "auto_pass": self.auto_pass, "hash": self.start_hash,
                **({"position": json.dumps(self.position, separators=(",", ":"))}
                   if self.position is not None else {}),
            },
            "final_hash": self.final_hash,
            "commands": [command_line(c) for c in self.commands],
        })
        if self.cards is not None:
            if self.events is not None:
                data["events"] = pack_events(self.events)
                if self.marks is not None:
                    data["marks"] = pack_marks(self.marks)
            data["cards"] = [dict(c) for c in self.cards]
        return data


