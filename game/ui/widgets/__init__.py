"""General widgets with no game knowledge: the deck builder, setup and duel screens share them."""

from __future__ import annotations

from game.ui.widgets.base import Widget, WidgetGroup
from game.ui.widgets.button import Button
from game.ui.widgets.dialog import Dialog, DialogButton, confirm, notice, prompt
from game.ui.widgets.dropdown import Dropdown, Option
from game.ui.widgets.scroll import GridView, ItemState, ListView, ScrollView, row_backdrop
from game.ui.widgets.textfield import TextField
from game.ui.widgets.toast import Toast
from game.ui.widgets.tooltip import Tooltip, draw_tooltip

__all__ = ["Button", "Dialog", "DialogButton", "Dropdown", "GridView", "ItemState", "ListView",
           "Option", "ScrollView", "TextField", "Toast", "Tooltip", "Widget", "WidgetGroup",
           "confirm", "draw_tooltip", "notice", "prompt", "row_backdrop"]
