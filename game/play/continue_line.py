"""What Continue continues, in one line for the menu: "hotseat, Ember Rush v Veil Control,
round 3" or "versus Hard, Ember Rush v Veil Control, duel 2 of 3" or "puzzle lesson_3".

Read from the header only (an autosave journal's first line, or the suspended duel's file),
once when the menu opens, never on the frame loop. The journal read is the one Continue would
take (the first no other window holds), else the suspended duel, as
game/ui/duel/resume.py chooses. A suspended duel's header is the duel as it was left, so it
names the round; a journal's header is the duel as it started (or was last resumed) and the
commands after it are not read, so its line names no round rather than an old one. Any file
that cannot be read gives "" (Continue itself then says what is wrong with it). No pygame here.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from game.ai.levels import LEVEL_NAMES, level
from game.files.fileio import FileError, decode_text, kind_of, parse_json, read_prefix
from game.play import autosave, suspend

HEADER_LIMIT = kind_of(autosave.KIND).max_bytes  # a header is never longer than its file


def describe(s: suspend.SuspendedDuel, with_round: bool = True) -> str:
    """Mode, decks, the duel of a match and (`with_round`) the round of the duel in progress."""
    if s.mode == "versus_ai" and s.ai_level in LEVEL_NAMES:
        parts = [f"versus {level(s.ai_level).label}"]
    else:
        parts = ["hotseat" if s.mode == "hotseat" else s.mode.replace("_", " ")]
    parts.append(f"{s.deck_names[0]} v {s.deck_names[1]}")
    if s.best_of == 3:
        parts.append(f"duel {s.duel_number} of 3")
    round_ = s.duel.get("round") if with_round and isinstance(s.duel, Mapping) else None
    if isinstance(round_, int) and not isinstance(round_, bool) and round_ > 0:
        parts.append(f"round {round_}")
    return ", ".join(parts)


def journal_header(target: Path) -> str:
    """The line for an autosave journal, from its first line alone ("" if it cannot be read)."""
    try:
        data, _size = read_prefix(target, autosave.KIND, HEADER_LIMIT)
        head, newline, _rest = data.partition(b"\n")
        if not newline:
            return ""
        header = parse_json(decode_text(head, target), target)
    except FileError:
        return ""
    if not isinstance(header, dict) or header.get("kind") != autosave.MAGIC:
        return ""
    if header.get("what") == "puzzle":
        ref = header.get("puzzle")
        where = ref.get("path") if isinstance(ref, dict) else None
        if isinstance(where, str) and where.isprintable() and len(where) <= 4096:
            return f"puzzle {Path(where).stem}"
        return "a puzzle"
    try:
        return describe(suspend.from_data(header.get("match")), with_round=False)
    except suspend._Problem:
        return ""


def what_continues() -> str:
    """The line for what Continue would open now ("" when nothing readable waits)."""
    for target in autosave.journals():
        if not autosave.held_elsewhere(target):
            return journal_header(target)
    saved = suspend.peek()
    return describe(saved) if saved is not None else ""
