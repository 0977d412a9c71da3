"""Replays: every duel played in the client, kept so it can be shown forever.

A duel is decided by its seed, its rules, its cards, both decks and who goes first
(docs/engine.md), so that recipe and the command history replay it exactly. The game is tuned
between versions, so a replay also keeps what it was played under: the game version, the
rules and the card data of every card of both decks (game/play/played_under.py), and the whole
event stream as it happened. Watching a replay plays its commands on its own card data and
rules (today's engine, the recording's data: the views come back exactly, from the engine's
own views and redaction); the recorded events check that re-play, and a second re-play on
today's cards and rules says whether today's game still plays it the same, and if not the
first event that differs, in words (`check_replay`).

The package's modules, one job each: `model` (the Replay, its players, ReplayError),
`notation` (a command as one line of text), `codec` (the packed events and marks),
`file` (the file format: reading with every field checked, writing), `recording` (a finished
duel or puzzle attempt as a Replay), `store` (the replays folder: naming, saving, pruning,
listing, sharing) and `rerun` (re-playing on the engine and comparing with the recording).
Below are the names the screens and the command line use. No pygame here.
"""

from __future__ import annotations

from .file import load_replay, replay_text
from .model import Replay, ReplayError, ReplayPlayer
from .notation import command_line, parse_command
from .recording import record, record_puzzle
from .rerun import CHECKPOINT, ReplayRun, Verdict, check_replay
from .store import (
    KEEP,
    ReplayEntry,
    delete_replay,
    export_replay,
    exports_dir,
    import_files,
    import_replay,
    list_replays,
    read_entry,
    replay_files,
    replays_dir,
    save_replay,
)

__all__ = [
    "CHECKPOINT", "KEEP", "Replay", "ReplayEntry", "ReplayError", "ReplayPlayer", "ReplayRun",
    "Verdict", "check_replay", "command_line", "delete_replay", "export_replay", "exports_dir",
    "import_files", "import_replay", "list_replays", "load_replay", "parse_command", "read_entry",
    "record", "record_puzzle", "replay_files", "replay_text", "replays_dir", "save_replay",
]
