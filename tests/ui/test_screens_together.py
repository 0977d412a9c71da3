"""Where the screens meet, by real events: Settings from the pause menu applied to the running
duel, the puzzle banner beside the Menu button and under the pause menu, end reasons worded
as sentences on the result screen and in the replay viewer, and "Watch replay" after a duel."""

from __future__ import annotations

import pygame
import pytest

from game.files import folders
from game.play import puzzles as pz
from game.play import suspend
from game.play.replay import load_replay, replay_files
from game.ui.duel.pause import PauseMenu
from game.ui.duel.result import ResultScene
from game.ui.duel.seats import Responses
from game.ui.puzzle_play import BANNER, PuzzlePlayScene
from game.ui.replays.list_scene import ReplaysScene
from game.ui.replays.viewer import ReplayViewer
from game.ui.scene import Pop, Push, Replace
from game.ui.settings_scene import SettingsScene
from tests.kit import base_pool
from tests.ui.events import click, feed, key, motion, settle
from tests.ui.test_pause_menu import button, flow, play_a_little, press


def choose(settings: SettingsScene, row_key: str, label: str) -> None:
    """Click a setting's choice, as a person would."""
    row = settings.row(row_key)
    i = [c.label for c in row.spec.choices].index(label)
    feed(settings, *click(row.segments()[i].center))
    assert row.spec.choices[row.index].label == label


# ------------------------------------------------------------------ settings over a duel
def test_settings_from_the_pause_menu_change_the_running_duel_at_once(window) -> None:
    f = flow("versus_ai")
    f.settings = folders.load_settings()
    scene = f.first_scene()
    play_a_little(scene, 3)
    feed(scene, key(pygame.K_ESCAPE))
    menu = scene.dialog
    assert isinstance(menu, PauseMenu)
    got = press(scene, menu, "Settings")
    assert len(got) == 1 and isinstance(got[0], Push) and isinstance(got[0].scene, SettingsScene)
    settings = got[0].scene
    settings.draw(window)
    history = list(scene.session.history)
    choose(settings, "speed", "Slow")
    assert scene.speed == "slow"  # at once, in the paused duel
    choose(settings, "responses_0", "Never")
    assert scene.session.responses[0] is Responses.NEVER
    choose(settings, "glow", "Off")
    assert scene.glow is False
    choose(settings, "ai_pause_ms", "None")
    assert scene.ai_pause == 0
    choose(settings, "log_size", "Large")
    assert scene.session.history == history  # nobody moved meanwhile
    saved = folders.load_settings()
    assert saved.get("duel", "speed") == "slow" and saved.get("duel", "responses_0") == "never"
    assert feed(settings, key(pygame.K_ESCAPE)) == [Pop()]
    assert scene.dialog is menu  # back on the pause menu; Enter resumes
    feed(scene, key(pygame.K_RETURN))
    assert scene.dialog is None
    # "Save and leave" keeps the speed chosen in Settings, not the one the duel began with
    feed(scene, key(pygame.K_ESCAPE))
    press(scene, scene.dialog, "Save and leave")
    kept = suspend.peek()
    assert kept is not None and kept.speed == "slow" and kept.responses[0] == "never"


def test_settings_by_keyboard_from_the_pause_menu_in_a_hotseat_duel(window) -> None:
    scene = flow("hotseat").first_scene()
    feed(scene, key(pygame.K_ESCAPE))  # from behind the curtain too
    assert isinstance(scene.dialog, PauseMenu)
    feed(scene, key(pygame.K_DOWN))
    got = feed(scene, key(pygame.K_RETURN))
    assert len(got) == 1 and isinstance(got[0].scene, SettingsScene)
    settings = got[0].scene
    assert settings.row("speed").value == "normal"  # the saved speed (none yet: the default)
    feed(settings, key(pygame.K_RIGHT))  # the speed row has the focus: one step faster
    assert scene.speed == "fast"
    assert folders.load_settings().get("duel", "speed") == "fast"


# ------------------------------------------------------------------- puzzle banner
@pytest.fixture
def burn_budget():
    return next(e for e in pz.list_puzzles(pz.SHIPPED_DIR, folders.data_dir() / "none")
                if e.name == "Burn Budget")


def test_puzzle_banner_leaves_the_menu_button_reachable(window, burn_budget) -> None:
    play = PuzzlePlayScene(burn_budget, pz.load_progress(), threaded=False)
    settle(play, 20)
    menu_rect = play.duel.hud.menu_button.rect
    assert not BANNER.colliderect(menu_rect)
    for b in play.buttons:
        assert BANNER.contains(b.rect)
    from game.ui.duel.layout import LAYOUT

    for n in range(1, 9):  # the opponent's hand is under the banner whole, never half out
        assert all(BANNER.contains(r) for r in LAYOUT.far_hand_rects(n)), n
    feed(play, motion(menu_rect.center))
    settle(play, 12)
    assert play.duel.hud.menu_button.hovered
    feed(play, *click(menu_rect.center))
    assert isinstance(play.duel.dialog, PauseMenu)


def test_the_pause_menu_dims_the_puzzle_banner_and_has_the_events(window, burn_budget) -> None:
    play = PuzzlePlayScene(burn_budget, pz.load_progress(), threaded=False)
    settle(play, 20)
    spot = (BANNER.x + 40, BANNER.y + 32)  # the goal's letters
    play.draw(window)
    bright = window.get_at(spot)
    feed(play, key(pygame.K_ESCAPE))
    assert isinstance(play.duel.dialog, PauseMenu)
    play.draw(window)
    dimmed = window.get_at(spot)
    assert sum(dimmed[:3]) < sum(bright[:3]) * 0.7  # the scrim is over the banner
    # while paused, the banner's buttons and keys wait too
    assert feed(play, *click(play.retry_button.rect.center)) == []
    assert feed(play, key(pygame.K_F5)) == [] and play.dialog is None
    feed(play, key(pygame.K_ESCAPE))
    assert play.duel.dialog is None
    out = feed(play, key(pygame.K_F5))
    assert out and isinstance(out[0], Replace)


def test_every_shipped_goal_fits_the_banner_uncut(window) -> None:
    for entry in pz.list_puzzles(pz.SHIPPED_DIR, folders.data_dir() / "none"):
        play = PuzzlePlayScene(entry, pz.load_progress(), threaded=False)
        surf = play._banner_surface()
        assert surf.get_size() == BANNER.size
        from game.ui import text as txt
        from game.ui import theme
        line = "Goal: " + entry.goal.describe()
        room = BANNER.w - 2 * (play.buttons[0].rect.w + 8) - 24
        assert txt.fit(line, theme.SMALL, room, bold=True) == line, entry.name


# ------------------------------------------------------------ result, replay, wording
def _concede(scene) -> None:
    feed(scene, key(pygame.K_ESCAPE))
    press(scene, scene.dialog, "Concede")
    feed(scene, *click(scene.dialog.buttons[0].rect.center))
    settle(scene, 5)
    assert scene.finished


def _result(scene) -> ResultScene:
    got = feed(scene, key(pygame.K_SPACE))
    assert len(got) == 1 and isinstance(got[0], Replace) and isinstance(got[0].scene, ResultScene)
    return got[0].scene


def test_watch_replay_after_a_conceded_duel_shows_the_reason_as_a_sentence(window) -> None:
    scene = flow("versus_ai").first_scene()
    play_a_little(scene, 3)
    _concede(scene)
    result = _result(scene)
    assert result.reason == "Player 1 conceded the duel."
    watch = button(result, "Watch replay")
    assert watch.enabled
    result.draw(window)
    feed(result, motion(watch.rect.center))
    settle(result, 12)
    assert watch.hovered
    got = feed(result, *click(watch.rect.center))
    assert len(got) == 1 and isinstance(got[0], Push)
    viewer = got[0].scene
    assert isinstance(viewer, ReplayViewer)
    assert len(replay_files()) == 1  # the one saved for this duel
    feed(viewer, key(pygame.K_END))
    settle(viewer, 5, window)
    status = viewer._status()[0]
    assert status == "AI (Easy) won. Player 1 conceded the duel.", status
    assert " ".join(viewer._status_lines[1]) == status  # drawn whole, wrapped, never cut
    assert feed(viewer, key(pygame.K_ESCAPE)) == [Pop()]  # back to the result screen
    # the replays list words it the same way
    replay = load_replay(replay_files()[0], base_pool())
    assert replay.reason_text == "Player 1 conceded the duel."
    ReplaysScene(base_pool()).draw(window)


def test_watch_replay_by_keyboard_and_after_a_failed_save(window, monkeypatch) -> None:
    from game.ui.replays import record

    scene = flow("versus_ai").first_scene()
    play_a_little(scene, 2)
    _concede(scene)
    result = _result(scene)
    for _ in range(len(result.buttons) - 1):
        feed(result, key(pygame.K_TAB))
    assert result.group.focus is button(result, "Watch replay")
    got = feed(result, key(pygame.K_RETURN))
    assert len(got) == 1 and isinstance(got[0].scene, ReplayViewer)
    # a replay that could not be saved: the button is there, greyed, and says why
    def broken(replay, *a, **k):
        raise record.ReplayError(None, "the disk is full")
    monkeypatch.setattr(record, "save_replay", broken)
    scene = flow("versus_ai").first_scene()
    play_a_little(scene, 2)
    _concede(scene)
    result = _result(scene)
    watch = button(result, "Watch replay")
    assert not watch.enabled and "not saved" in watch.tooltip
    assert feed(result, *click(watch.rect.center)) == []


def test_watch_replay_between_hotseat_duels_is_not_offered_until_the_match_ends(window) -> None:
    scene = flow("hotseat", best_of=3).first_scene()
    play_a_little(scene, 3)
    _concede(scene)
    result = _result(scene)
    assert "Watch replay" not in [b.label for b in result.buttons]
    single = flow("hotseat").first_scene()
    play_a_little(single, 3)
    _concede(single)
    assert "Watch replay" in [b.label for b in _result(single).buttons]


# ------------------------------------------------------------------ snapshot --help
def test_snapshot_help_lists_every_registered_scene(capsys, monkeypatch) -> None:
    import main
    from game.ui import snapshots

    monkeypatch.setitem(snapshots.SNAPSHOT_SCENES, "newscene", lambda opts: None)  # type: ignore[arg-type,return-value]
    with pytest.raises(SystemExit):
        main.build_parser().parse_args(["snapshot", "--help"])
    out = capsys.readouterr().out
    for name in snapshots.SNAPSHOT_SCENES:
        assert name in out, name


def test_suspend_keeps_every_animation_speed() -> None:
    from game.ui.duel.animator import SPEEDS

    assert set(suspend.SPEEDS) == set(SPEEDS)


def test_a_puzzles_start_cards_are_named_in_the_log(window, burn_budget) -> None:
    """Cards a puzzle starts with had no event to name them: the log still does."""
    first = next(e for e in pz.list_puzzles(pz.SHIPPED_DIR, folders.data_dir() / "none")
                 if e.name == "Through the Guard")
    play = PuzzlePlayScene(first, pz.load_progress(), threaded=False)
    settle(play, 10)
    from tests.ui.test_puzzles_scene import frames, play_moves

    play_moves(play, pz.run_solution(first).commands)
    frames(play, 600)
    assert play.status is pz.Status.SOLVED
    texts = [e.text for e in play.duel.log.entries]
    # the battle's one row names it (the Health row that said it again is folded: issue 38)
    assert any("deals 2,200 to Player 2's Thorn Sprite; Thorn Sprite deals 500 back" in t for t in texts), texts
    assert not any(t.startswith("A card takes") or "to a card" in t for t in texts)
    assert texts[-1] == "You win the duel. Player 2 ran out of LP."  # the reader is "you" (issue 38)


def test_the_replays_list_counts_in_words(window) -> None:
    from game.ui.replays.list_scene import _count

    assert (_count(1, "round"), _count(7, "round"), _count(0, "command")) == \
        ("1 round", "7 rounds", "0 commands")


def test_closing_the_window_from_settings_over_a_duel_asks_in_sight(window) -> None:
    from game.ui.scene import allows_quit

    scene = flow("versus_ai").first_scene()
    play_a_little(scene, 2)
    feed(scene, key(pygame.K_ESCAPE))
    settings = press(scene, scene.dialog, "Settings")[0].scene
    stack = [scene, settings]
    assert not all(allows_quit(s) for s in reversed(stack))  # the duel vetoes, through Settings
    assert settings.update(1 / 60) == Pop()  # Settings steps aside...
    assert scene.dialog is not None and scene.dialog.title == "Quit Phantom Duel?"  # ...to show it


def test_the_pause_menu_after_the_end_says_it_once_and_leaves_plainly(window) -> None:
    scene = flow("versus_ai", best_of=3).first_scene()
    play_a_little(scene, 2)
    _concede(scene)
    feed(scene, key(pygame.K_ESCAPE))
    menu = scene.dialog
    assert isinstance(menu, PauseMenu)
    assert menu.notes == [("The duel is over: nothing to concede or save. (Rule U2)", "U2")]
    assert not button(menu, "Concede").enabled and not button(menu, "Save and leave").enabled
    scene.draw(window)
    press(scene, menu, "Leave")
    ask = scene.dialog
    assert ask is not None and ask.title == "Leave the duel?"
    assert "replay is kept" in ask.message and "and the match" in ask.message
    feed(scene, key(pygame.K_RETURN))  # Stay is the default
    assert scene.dialog is None and scene.finished
