"""Discard a game in progress as a person does: open the row's menu ("More for …"), then its Discard."""

import flet as ft

from companion.ui.views import in_progress

from .harness import walk


def on_top(h):
    """The screen on top of the stack the app's root component drew (Home lies under /in-progress)."""
    return ft.unwrap_component(ft.unwrap_component(h.page.views)[-1])


def menu_of(h, game) -> ft.PopupMenuButton:
    [menu] = [m for m in walk(on_top(h)) if isinstance(m, ft.PopupMenuButton) and m.icon.semantics_label == in_progress.menu_label(game)]
    return menu


def discard_through_menu(h, game) -> None:
    """The menu opens in the browser alone (nothing reaches the server); its Discard item's click does."""
    [item] = [i for i in menu_of(h, game).items if i.content.semantics_label == in_progress.discard_label(game)]
    h.click(item)
