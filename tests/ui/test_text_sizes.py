"""Every screen at every text size Settings offers (100 % up to the largest), at the default
window size and the smallest: no drawn line leaves the screen, none is cut that was whole at
100 %, no two lines are drawn over each other on the screens of lists and buttons, and each
row's lines stay in its row.

The window is a view of one 1280x720 canvas (game/ui/app.py scales it, with black bars), so
a screen is laid out the same at every window size: the smallest window allowed
(app.MIN_WINDOW) is checked to show that very canvas, whole."""

from __future__ import annotations

import argparse
from collections.abc import Callable

import pygame
import pytest

from game.files import folders
from game.ui import look, snapshots
from game.ui import text as txt
from game.ui.app import App
from game.ui.widgets.scroll import ItemView
from tests.ui.drawn import SpySurface, named_text

ELLIPSIS = txt.ELLIPSIS


def _opts(**kw) -> argparse.Namespace:
    base = {"deck": None, "mode": None, "scenario": None, "seat": None}
    base.update(kw)
    return argparse.Namespace(**base)


def _puzzle_play():
    from game.play import puzzles as pz

    path = sorted(pz.SHIPPED_DIR.glob("*.yaml"))[0]
    return snapshots.SNAPSHOT_SCENES["puzzles"](_opts(scenario=str(path)))


SCREENS: dict[str, Callable[[], object]] = {
    "menu": lambda: snapshots.SNAPSHOT_SCENES["menu"](_opts()),
    "deckbuilder": lambda: snapshots.SNAPSHOT_SCENES["deckbuilder"](_opts()),
    "setup_hotseat": lambda: snapshots.SNAPSHOT_SCENES["setup"](_opts(mode="hotseat")),
    "setup_versus_ai": lambda: snapshots.SNAPSHOT_SCENES["setup"](_opts(mode="versus_ai")),
    "settings": lambda: snapshots.SNAPSHOT_SCENES["settings"](_opts()),
    "puzzles": lambda: snapshots.SNAPSHOT_SCENES["puzzles"](_opts()),
    "replays": lambda: snapshots.SNAPSHOT_SCENES["replays"](_opts()),
    "result": lambda: snapshots.SNAPSHOT_SCENES["result"](_opts()),
    "sidedeck": lambda: snapshots.SNAPSHOT_SCENES["sidedeck"](_opts()),
    "duel": lambda: snapshots.SNAPSHOT_SCENES["duel"](_opts()),
    "replay": lambda: snapshots.SNAPSHOT_SCENES["replay"](_opts()),
    "puzzle": _puzzle_play,
}
# screens of lists, rows and buttons: no two lines may overlap (on the duel board, words
# lie on cards and cards on each other by design)
PLAIN = ("menu", "deckbuilder", "setup_hotseat", "setup_versus_ai", "settings", "puzzles",
         "replays", "result", "sidedeck")


class WholeSpy(SpySurface):
    """Records where each image was meant to land, whole: a line running off the canvas is
    seen as such (a blit's own rect is clipped to the surface)."""

    def blit(self, source, dest, *args, **kw):  # type: ignore[override]
        rect = super().blit(source, dest, *args, **kw)
        if rect.w and rect.h and not args and not kw:
            at = dest.topleft if isinstance(dest, pygame.Rect) else (int(dest[0]), int(dest[1]))
            self.placed[-1] = (self.placed[-1][0], source.get_rect(topleft=at))
        return rect


def _look(scale: int) -> None:
    settings = folders.Settings()
    settings.set("access", "text_scale", scale)
    look.apply(settings)


def _views(scene) -> list[ItemView]:
    """The scene's lists and grids (rows drawn by a callback into a rect each)."""
    found: list[ItemView] = []

    def look_in(value, depth: int) -> None:
        if isinstance(value, ItemView):
            found.append(value)
        elif depth and isinstance(value, (list, tuple)):
            for v in value:
                look_in(v, depth - 1)
        elif depth and isinstance(value, dict):
            for v in value.values():
                look_in(v, depth - 1)
    for value in vars(scene).values():
        look_in(value, 2)
    return found


def drawn(name: str, scale: int, rows: list | None = None) -> list[tuple[str, pygame.Rect]]:
    """The lines one settled frame of screen `name` draws at text size `scale`; `rows` gets
    (the row's rect, the lines drawn into it) for each row of its lists and grids."""
    _look(scale)
    scene = SCREENS[name]()
    for _ in range(20):
        scene.update(1 / 60)
    canvas = WholeSpy((1280, 720))
    if rows is not None:
        for view in _views(scene):
            def spied(surface, item, rect, state, real=view.draw_item):
                start = len(canvas.placed)
                real(surface, item, rect, state)
                rows.append((pygame.Rect(rect), canvas.placed[start:]))
            view.draw_item = spied
    own = getattr(scene, "_render", None)  # the menu draws its large labels itself
    if own is not None:
        def named(text, *args, **kw):
            surf = own(text, *args, **kw)
            canvas.names[id(surf)] = text
            return surf
        scene._render = named
    scene.draw(canvas)  # the first frame fills the caches; the second is the one looked at
    canvas.placed.clear()
    with named_text(canvas):
        scene.draw(canvas)
    return [(s, r) for s, r in canvas.placed if s and s.strip() and r.w and r.h]  # (seen at all)


def _cut(lines) -> list[str]:
    return [s[:-1].rstrip() for s, _ in lines if s.endswith(ELLIPSIS)]


@pytest.fixture(autouse=True)
def standard_look():
    look.reset()
    yield
    look.reset()


@pytest.mark.parametrize("name", list(SCREENS))
def test_every_screen_fits_at_every_text_size(window, home, name) -> None:
    whole = drawn(name, 100)
    assert whole
    cut_at_100 = _cut(whole)
    screen = pygame.Rect(0, 0, 1280, 720)
    for scale in [s for s in txt.SCALES if s > 100]:
        rows: list = []
        lines = drawn(name, scale, rows)
        problems = []
        for rect, inside in rows:  # a row's lines stay in its row (a grid's names may
            for s, r in inside:     # use a little of the gap between cells, as at 100 %)
                if s and s.strip() and r.w and r.h and not rect.inflate(10, 2).contains(r):
                    problems.append(f"out of its row {rect}: {s!r} {r}")
        for s, r in lines:
            if not screen.contains(r):
                problems.append(f"off the screen: {s!r} {r}")
        for stem in _cut(lines):  # cut now: it was cut at 100 % too (a name too long anyway)
            if not any(old.startswith(stem) or stem.startswith(old) for old in cut_at_100):
                problems.append(f"cut: {stem!r}{ELLIPSIS}")
        if name in PLAIN:
            rects = [(s, r.inflate(-2, -2)) for s, r in lines]
            for i, (s, r) in enumerate(rects):
                for t, q in rects[i + 1:]:
                    if r.colliderect(q) and s != t:
                        problems.append(f"over each other: {s!r} {r} and {t!r} {q}")
        assert not problems, f"{name} at {scale} %:\n" + "\n".join(problems[:30])


def test_the_smallest_window_shows_the_same_canvas(home) -> None:
    from game.ui.app import MIN_WINDOW

    app = App(window_size=MIN_WINDOW)
    try:
        pygame.display.set_mode((MIN_WINDOW[0] // 2, MIN_WINDOW[1] // 2), pygame.RESIZABLE)
        app.dispatch([], pygame.event.Event(pygame.VIDEORESIZE, size=(MIN_WINDOW[0] // 2, MIN_WINDOW[1] // 2),
                                             w=MIN_WINDOW[0] // 2, h=MIN_WINDOW[1] // 2))
        assert app.window.get_size() == MIN_WINDOW  # smaller is not allowed
        # the same 1280x720 canvas as at the default size, scaled whole into the window
        assert app.canvas.get_size() == (1280, 720) and app.view.rect.size == MIN_WINDOW
    finally:
        app.close()


@pytest.mark.parametrize("scale", txt.SCALES)
def test_a_dialog_shows_every_button_label_whole_at_every_text_size(window, scale) -> None:
    """The puzzle's "Not solved" dialog has four buttons; at 130 % "Back to puzzles" was
    cut to "Back to..." (found playing in a real window). The dialog widens instead, and its
    message lines step with the text size, clear of each other and of the buttons."""
    from game.ui.widgets.dialog import Dialog, DialogButton

    _look(scale)
    labels = ["Retry", "Undo", "Hint", "Back to puzzles"]
    dialog = Dialog("Not solved", "The turn ended. The goal was: Bring your opponent to "
                    "2,200 LP or less this turn. Retry to start again. Or undo your last "
                    "move and play on.", [DialogButton(s) for s in labels])
    canvas = WholeSpy((1280, 720))
    with named_text(canvas):
        dialog.draw(canvas)
    lines = [(s, r) for s, r in canvas.placed if s and s.strip() and r.w and r.h]
    drawn_labels = [s for s, _ in lines if s in labels]
    assert sorted(drawn_labels) == sorted(labels)  # each whole, none cut with an ellipsis
    assert not _cut(lines)
    assert pygame.Rect(0, 0, 1280, 720).contains(dialog.rect)
    rects = [(s, r.inflate(-2, -2)) for s, r in lines]
    for i, (s, r) in enumerate(rects):
        for t, q in rects[i + 1:]:
            assert not r.colliderect(q), f"{s!r} {r} over {t!r} {q}"


@pytest.mark.parametrize("scale", txt.SCALES)
def test_a_title_stands_clear_of_its_rule(window, scale) -> None:
    """Issue 38 item 24: at 130 % the amber rule cut through "Settings" and "Paused"."""
    from game.ui import backdrop

    _look(scale)
    for title in ("Settings", "Paused", "Puzzles"):
        canvas = pygame.Surface((400, 200))
        drawn_at = backdrop.title_and_rule(canvas, title, 28, 10, 120)
        assert drawn_at.bottom < 120 and drawn_at.top >= 0, (title, drawn_at)


@pytest.mark.parametrize("scale", txt.SCALES)
def test_a_line_heading_lays_its_labels_out_apart(window, scale) -> None:
    """Issue 38 item 24: "Line 2LINE BREAKSpeed 1" ran together at 130 %."""
    from game.ui.duel.layout import LAYOUT
    from game.ui.duel.panels import _line_heading

    _look(scale)
    box = pygame.Rect(LAYOUT.lines.x + 8, 100, LAYOUT.lines.w - 16, 80)
    for n, older, breaking in ((2, 0, True), (12, 3, True), (3, 14, False)):
        canvas = pygame.Surface((1280, 720))
        rects = _line_heading(canvas, box, 24, n, 1, breaking, older)
        assert len(rects) >= 2 and all(box.contains(r) for r in rects)
        for i, r in enumerate(rects):
            assert r.collidelist(rects[i + 1:]) == -1, (scale, n, rects)
        if scale == 100 and n < 10:
            assert len(rects) == 2 + bool(older) + breaking  # at 100 % every label has room
        assert len(rects) >= 2 + breaking  # LINE BREAK shows while it plays


@pytest.mark.parametrize("scale", txt.SCALES)
def test_a_wrapped_card_menu_row_holds_its_lines_at_every_text_size(window, scale) -> None:
    """Issue 38 item 24: at 130 % a wrapped row's second line spilled out of its highlight."""
    from game.ui.duel.gestures import Entry
    from game.ui.duel.popups import Popup
    from tests.ui.drawn import drawn_text

    _look(scale)
    labels = ["Change to Attack Position", "Activate: pay 2 SP: deal 300 damage to each Phantom "
              "your opponent controls, then draw 1 card", "Set face down"]
    popup = Popup("Blazing Chimera", [Entry(s, [], "now") for s in labels], (300, 200),
                  pygame.Rect(0, 0, 1280, 720))
    with drawn_text() as seen:
        popup.draw(window)
    for s, rect in seen:
        assert popup.rect.contains(rect), (s, rect, popup.rect)
    assert len(popup.lines[1]) >= 2
    for i in range(len(labels)):
        row = popup.row(i)
        inside = [r for s, r in seen[1:] if s != str(i + 1) and row.colliderect(r)]
        assert len(inside) == len(popup.lines[i])
        assert all(row.contains(r) for r in inside), (scale, i, row, inside)
        if i:
            assert popup.row(i - 1).bottom <= row.top


@pytest.mark.parametrize("scale", txt.SCALES)
def test_the_zoom_terms_stay_above_the_log(window, scale) -> None:
    """Issue 38 item 24: the terms box (a card's terms, a pile's words) lay over the log's
    title and first rows, at 100 % too when hovering a pile."""
    from game.ui.duel import panels
    from game.ui.duel.layout import LAYOUT
    from tests.kit import base_pool
    from tests.ui.drawn import drawn_text

    _look(scale)
    pool = base_pool()
    many = max(pool.values(), key=lambda c: len(panels.terms_in(c)))
    pile = ("Player 2's Main Deck: 27 cards, face down. A card is drawn from it each Draw "
            "Phase.")
    for cdef, hint in ((many, ""), (None, pile)):
        canvas = pygame.Surface((1280, 720))
        canvas.fill((1, 2, 3))
        with drawn_text() as seen:
            panels.draw_zoom(canvas, LAYOUT.zoom, LAYOUT.terms, None, cdef, None, hint)
        assert seen and all(r.bottom <= LAYOUT.log.y for _, r in seen)
        below = canvas.subsurface((LAYOUT.log.x, LAYOUT.log.y, LAYOUT.log.w, 60))
        assert pygame.transform.average_color(below)[:3] == (1, 2, 3)  # the log's top untouched
        if cdef is None:
            assert pile.split()[-1] in " ".join(s for s, _ in seen)  # the pile's words whole


def test_a_notice_with_many_details_holds_them_and_its_more_line(window) -> None:
    """The details box (nine lines and "... and n more") stays inside the dialog, clear of
    its button (the Import dialog's scrolling rows share its layout)."""
    from game.ui.widgets.dialog import MAX_DETAILS, notice

    dialog = notice("Problems", "These lines were not read:", [f"line {i}: bad" for i in range(14)])
    assert len(dialog.detail_lines) == MAX_DETAILS + 1 and dialog.pick is None
    box = dialog.detail_box
    assert box.h >= len(dialog.detail_lines) * dialog.detail_h
    assert dialog.rect.contains(box) and box.bottom <= dialog.buttons[0].rect.top


@pytest.mark.parametrize("scale", txt.SCALES)
def test_the_deck_builders_averages_stand_apart(window, scale) -> None:
    """At 130 % "avg ATK 1,303" ran into "avg HP 447" under the deck builder's charts (found
    playing in a window, issue 38 audit): the two pairs never overlap and stay in the box."""
    from game.decks.deck import load_deck
    from game.decks.stats import deck_stats
    from game.files.resources import STARTER_DECK_DIR
    from game.ui.deckbuilder import charts
    from game.ui.deckbuilder import layout as L
    from tests.kit import base_pool

    _look(scale)
    stats = deck_stats(load_deck(STARTER_DECK_DIR / "ember_rush.yaml"), base_pool())
    box = pygame.Rect(0, 0, L.STATS.w - 24, 30)
    canvas = SpySurface(box.size)
    with named_text(canvas):
        charts._averages(canvas, stats, box)
    placed = [(s, r) for s, r in canvas.placed if s]
    assert [s for s, _ in placed] == ["avg ATK", f"{stats.avg_atk:,.0f}", "avg HP",
                                      f"{stats.avg_health:,.0f}"]
    for i, (s, r) in enumerate(placed):
        assert box.contains(r), f"{s!r} {r} outside {box}"
        for t, q in placed[i + 1:]:
            assert not r.colliderect(q), f"{s!r} {r} over {t!r} {q}"


@pytest.mark.parametrize("scale", txt.SCALES)
def test_the_action_buttons_label_stays_inside_and_off_its_key_hint(window, scale) -> None:
    """Seen playing at 130 % (issue 38 audit): "AI (Normal) is thinking..." ran past both
    edges of the action button (measured regular, drawn bold) and "See the result" touched
    its "Space" hint. Each label drawn stays inside the button and clear of "Space"."""
    from game.ui.duel.layout import LAYOUT
    from tests.ui.drawn import drawn_text
    from tests.ui.test_duel_features import position_scene

    _look(scale)
    scene = position_scene({"phase": "main1", "players": [
        {"hand": ["cinder_pup"], "deck": ["stone_sentry"] * 3},
        {"hand": ["stone_sentry"], "deck": ["stone_sentry"] * 3}]})
    for label, enabled in (("Puzzle opponent (script, Normal) is thinking\u2026", False),
                           ("AI (Normal) is thinking\u2026", False), ("See the result  \u25b8", True),
                           ("Confirm the attack with Storm Rider", True)):
        scene.hud.action_state = lambda label=label, enabled=enabled: (label, enabled)  # type: ignore[method-assign]
        with drawn_text() as seen:
            scene.hud._draw_action(window)
        drawn = [(s, r) for s, r in seen if LAYOUT.action.colliderect(r)]
        text = [r for s, r in drawn if s != "Space"]
        assert len(text) == 1 and LAYOUT.action.contains(text[0]), (label, drawn)
        for s, r in drawn:
            if s == "Space":
                assert not r.colliderect(text[0]), (label, drawn)
