"""Autosave between the duels of a best of 3 (game/play/autosave.py notes, game/ui/duel/flow.py):
the loser's choice of who goes first and each player's side-decked Deck are journaled after
the duel's last command, so a game killed while side-decking continues there, and one killed
at the start of the next duel continues it with the side-decked Decks."""

from __future__ import annotations

import json

import pytest

from game.decks.deck import load_deck
from game.engine import Concede, state_hash
from game.files.resources import starter_deck
from game.play import autosave
from game.play.duel_setup import DuelSetup
from game.ui.duel.flow import MatchFlow
from game.ui.duel.result import ResultScene
from game.ui.duel.resume import SetAside, resume_scene
from game.ui.duel.scene import DuelScene
from game.ui.duel.sidedeck import SideDeckScene
from game.ui.scene import Pop, Replace
from tests.kit import base_pool

PATHS = (starter_deck("ember_rush"), starter_deck("veil_control"))


def first_duel_lost_by(loser: int, mode: str = "hotseat") -> tuple[MatchFlow, ResultScene]:
    """A best of 3 whose first duel `loser` conceded after a few commands: its result screen."""
    setup = DuelSetup(mode, PATHS, (load_deck(PATHS[0]), load_deck(PATHS[1])), best_of=3,
                      first=0, ai_level="random" if mode == "versus_ai" else None)
    flow = MatchFlow(setup, base_pool(), seed=21, threaded=False, speed="instant")
    scene = flow.first_scene()
    assert scene.session.on_apply is not None  # autosaved from the first command
    scene.session.apply(Concede(loser), loser)
    result = flow.duel_over(scene)
    assert isinstance(result, Replace) and isinstance(result.scene, ResultScene)
    return flow, result.scene


def swap_one(scene: SideDeckScene) -> None:
    """Side-deck: the first Side card into the Main Deck, the first Main card out."""
    side = next(iter(scene.lists["side"]))
    main = next(c for c in scene.lists["main"] if c != side)
    scene.move((side, 1), "side", "main")
    scene.move((main, 1), "main", "side")
    assert scene.done.enabled


def killed_here() -> object:
    """What Continue brings back if the game were killed now (everything accepted so far is
    on disk once the writer thread has flushed). The game killed is not used after this: the
    one continued goes on (they share the process's one autosave writer)."""
    autosave.writer().flush()
    return resume_scene()


def side_deck_both(side0: SideDeckScene, kill: bool) -> tuple[SideDeckScene, DuelScene]:
    """Both players side-deck (`swap_one`) into the next duel; with `kill`, the game is
    killed and continued before each Done (and checked there). (player 2's screen, duel 2)"""
    if kill:
        back = killed_here()  # before anyone side-decked: side-decking for player 1 again
        assert isinstance(back, SideDeckScene) and back.seat == 0 and back.rest == [1]
        assert back.flow.match.results == [0] and back.flow.match.next_first_player() == 0
        side0 = back
    swap_one(side0)
    side0.finish()
    side1 = side0.pending.scene
    assert isinstance(side1, SideDeckScene) and side1.seat == 1
    if kill:
        decked = side0.flow.match.decks[0]
        assert decked != load_deck(PATHS[0])
        back = killed_here()  # player 1 had side-decked: player 2's turn, player 1's Deck kept
        assert isinstance(back, SideDeckScene) and back.seat == 1 and back.rest == []
        assert back.curtain is not None  # still private in hotseat
        assert back.flow.match.decks[0] == decked and back.flow.match.next_first_player() == 0
        side1 = back
    swap_one(side1)
    side1.finish()
    duel2 = side1.pending.scene
    assert isinstance(duel2, DuelScene)
    return side1, duel2


def test_a_kill_while_side_decking_continues_there_with_the_choices_kept(home, window):
    flow, result = first_duel_lost_by(1)  # the game that is never killed
    result._first(False)  # player 2 lost and lets player 1 go first
    _side, want = side_deck_both(result.pending.scene, kill=False)
    flow, result = first_duel_lost_by(1)  # the same again, killed twice while side-decking
    result._first(False)
    side, got = side_deck_both(result.pending.scene, kill=True)
    assert state_hash(got.session.duel) == state_hash(want.session.duel)
    assert side.flow.match.decks != flow.match.decks  # the killed game's flow is not the one
    assert side.flow.match.firsts == [0, 0] and side.flow.match.results == [0]
    assert got.session.duel.seed == side.flow.match.duel_seed(1)


def test_a_kill_at_the_start_of_the_next_duel_keeps_the_side_decked_decks(home, window):
    flow, result = first_duel_lost_by(0, mode="versus_ai")
    result._first(True)  # the loser, player 1, goes first
    side = result.pending.scene
    assert isinstance(side, SideDeckScene) and side.seat == 0 and side.rest == []
    swap_one(side)
    side.finish()
    duel2 = side.pending.scene
    assert isinstance(duel2, DuelScene) and flow.match.firsts == [0, 0]
    back = killed_here()
    assert isinstance(back, DuelScene)
    assert state_hash(back.session.duel) == state_hash(duel2.session.duel)
    assert back.session.duel.seed == flow.match.duel_seed(1)
    assert back.session.is_ai(1) and not back.session.is_ai(0)


def test_leaving_the_match_between_duels_drops_its_autosave(home, window):
    flow, result = first_duel_lost_by(1)
    autosave.writer().flush()
    assert autosave.available()  # between duels it stays
    result._first(True)
    side = result.pending.scene
    side._leave()
    assert isinstance(side.pending, Pop)
    autosave.writer().flush()
    assert not autosave.available()


def test_a_line_cut_after_the_duel_is_dropped_before_the_notes_go_on(home, window):
    flow, result = first_duel_lost_by(1)
    autosave.writer().flush()
    with open(autosave.path(), "ab") as fh:  # a kill cut the first note mid-line
        fh.write(b'@{"note":"fir')
    back = killed_here()  # the ended duel, its result button leads on
    assert isinstance(back, DuelScene) and back.session.over
    assert back.hooks.on_over is not None
    nxt = back.hooks.on_over(back)  # the result button
    assert isinstance(nxt, Replace) and isinstance(nxt.scene, ResultScene)
    res = nxt.scene
    res._first(False)
    autosave.writer().flush()
    text = autosave.path().read_text("utf-8")
    note = json.dumps(autosave.first_note(1, False), separators=(",", ":"))
    assert text.count('@{"note":"fir') == 1 and text.endswith("\nConcede player=1\n@" + note + "\n")
    back = killed_here()
    assert isinstance(back, SideDeckScene) and back.flow.match.next_first_player() == 0


@pytest.mark.parametrize("note, says", [
    (b'@{"note":"first","player":0,"goes_first":true}', "lost the last duel and chooses"),
    (b'@{"note":"side","player":0,"main":["x"],"side":[],"extra":[]}', "note 1 of the journal"),
])
def test_a_refused_note_sets_the_autosave_aside(home, window, note, says):
    first_duel_lost_by(1)
    autosave.writer().flush()
    with open(autosave.path(), "ab") as fh:
        fh.write(note + b"\n")
    back = resume_scene()
    assert isinstance(back, SetAside) and says in back.message
    assert "\n" not in back.message


@pytest.mark.parametrize("note, says", [
    (b'@{"note":"side","player":3,"main":[],"side":[],"extra":[]}', "player: expected 0 or 1"),
    (b'@{"note":"first","player":1,"goes_first":"yes"}', "goes_first"),
    (b'@[1, 2]', "expected a note of the match"),
    (b'@{"note":"first","player":1,"goes_first":true,"x":1}', "expected a note"),
    (b'@{"note":"first","player":1,"goes_first":true}\nPass player=0', "a command after"),
    (b"@not json", "line "),
])
def test_a_damaged_note_keeps_the_journal_up_to_its_last_good_line(home, window, note, says):
    """A line that is not a note as the game writes it (issue 39: a damaged journal is read
    up to its last good line): the match comes back from what came before it, the screen
    says what was damaged and kept, and the damaged file is kept beside it."""
    first_duel_lost_by(1)
    autosave.writer().flush()
    whole = autosave.path().read_bytes()
    with open(autosave.path(), "ab") as fh:
        fh.write(note + b"\n")
    back = resume_scene()
    assert not isinstance(back, SetAside)
    said = back.toast.message
    assert says in said and "kept" in said and "\n" not in said
    (copy,) = [p for p in autosave.folder().iterdir() if ".damaged-" in p.name]
    assert copy.read_bytes() == whole + note + b"\n"


def test_notes_before_the_end_of_the_duel_are_refused(home):
    from tests.play.test_suspend import capture, played

    match, duel = played(steps=10)
    journal = autosave.Journal(autosave.match_header(capture(match, duel, mode="hotseat")))
    journal.note(autosave.first_note(1, True))
    journal.flush()
    with pytest.raises(autosave.AutosaveError, match="before the end of its duel"):
        autosave.restore_match(autosave.load(), base_pool())
