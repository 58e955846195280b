"""The focused-button outline lives on each button, never in the page's themes.

Flet's client parses a button style into an object never equal to the last, so a page theme holding one was
a new theme at every change of the page: a fallback font registered while a name in a new script was typed
took the Player name field's focus and its Enter (tests/e2e/test_names.py). The outline's contrast is
measured in the browser: tests/e2e/test_accessibility.py."""

from __future__ import annotations

import ast
from pathlib import Path

import flet as ft
import pytest

from companion.ui import themes
from companion.ui.widgets import list_row

BUTTON_THEMES = ("button_theme", "filled_button_theme", "outlined_button_theme", "text_button_theme", "icon_button_theme")
BUTTONS = ("Button", "FilledButton", "FilledTonalButton", "OutlinedButton", "TextButton", "IconButton", "PopupMenuButton")
COMPANION = Path(__file__).resolve().parents[2] / "companion"


@pytest.mark.parametrize(
    "theme",
    [themes.light_theme("indigo"), themes.dark_theme("indigo", black=False), themes.dark_theme("indigo", black=True)],
    ids=["light", "dark", "black"],
)
def test_page_themes_hold_no_button_style(theme: ft.Theme):
    assert {name: getattr(theme, name) for name in BUTTON_THEMES} == dict.fromkeys(BUTTON_THEMES)


def test_focus_style_outlines_only_the_focused_state():
    side = themes.focus_style().side
    assert list(side) == [ft.ControlState.FOCUSED] and side[ft.ControlState.FOCUSED].width == themes.FOCUS_WIDTH


def ft_calls():
    """(where, the ft.* call) for every control the app's code makes."""
    for path in sorted(COMPANION.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and isinstance(node.func.value, ast.Name)
                and node.func.value.id == "ft"
            ):
                yield f"{path.relative_to(COMPANION)}:{node.lineno} ft.{node.func.attr}", node


def unstyled_buttons() -> list[str]:
    return [where for where, node in ft_calls() if node.func.attr in BUTTONS and not any(k.arg == "style" for k in node.keywords)]


def test_every_button_the_app_makes_has_the_focus_outline():
    assert unstyled_buttons() == []


def test_every_row_a_keyboard_reaches_has_the_focus_outline():
    """A ListTile shows the keyboard's focus as a faint fill only (1.32:1 measured on Home): rows are list_row's buttons."""
    assert [where for where, node in ft_calls() if node.func.attr == "ListTile"] == []
    assert list_row.style().side == themes.focus_style().side
