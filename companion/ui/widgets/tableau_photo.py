"""A photo of a player's tableau: the button under each tableau of the play screen, the game's photos
as thumbnails (tap one to see it whole), and the same thumbnails on a saved game's page.

The button is Flet's FilePicker opened by the `ft.PickFiles` client action with the image types (a
browser opens a picker only inside the click itself; a phone's offers its camera). The chosen file
comes as the import's does (widgets/picked_file.py): by an upload to a URL for this one file, cut off
past 20 MB (server/uploads.py), then it is checked and stored in a worker thread (services/tableau_photos.py). Each button has a
picker of its own, kept for the button's life: the picker's result says which file, not which button.
A refusal (not an image, too large, no right to change the game) is said under the button
(identifier `photo-message-<player>`); nothing is saved then.

The browser build has no Pillow and no server to upload to: its button is greyed and says that
photos need Tableside on a computer.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, cast

import flet as ft

from companion.language import _, spoken
from companion.services import tableau_photos
from companion.services.background import in_thread
from companion.ui.session import App, log
from companion.ui.themes import focus_style
from companion.ui.widgets.controls import icon_button, section
from companion.ui.widgets.picked_file import Receiver, use_file_picker

THUMB = 72  # px on screen: a thumbnail is a tap target (48 at least)


def label(player: str) -> str:
    """The button's accessible name (docs/screens.md)."""
    return _("Photo of {player}'s tableau").format(player=player)


def open_label(number: int, caption: str) -> str:
    """A thumbnail's accessible name: "Open photo 2: Ana · round 1"."""
    return _("Open photo {number}: {caption}").format(number=number, caption=caption)


def show_whole(app: App, name: str, caption: str) -> None:
    data = tableau_photos.photo(app.games.folder, name)
    content: ft.Control = (
        ft.Image(src=data, fit=ft.BoxFit.CONTAIN, semantics_label=caption)
        if data is not None
        else ft.Text(_("This photo is missing from the data folder and from its backups."))
    )
    app.page.show_dialog(
        ft.AlertDialog(
            title=ft.Text(caption),
            content=ft.Container(content, width=min(900, (app.page.width or 400) - 48)),
            actions=[ft.TextButton(_("Close"), on_click=lambda e: app.page.pop_dialog(), style=focus_style())],
        )
    )


Shown = tuple[tuple[int, str, str], ...]  # the photos a list shows: (number in the game, file, caption)


def photos_of(record: dict, player: str | None = None) -> Shown:
    """The game's photos (of `player` only, when given), oldest first, numbered in the game."""
    listed = enumerate(tableau_photos.listed(record), start=1)
    return tuple((number, name, caption) for number, (name, whose, caption) in listed if player is None or whose == player)


@ft.component
def Thumbnail(folder: Path, name: str, caption: str) -> ft.Control:
    """A photo made small. Decoding a photo takes time (a large or hostile file: seconds), so it is made in a
    worker thread and shown when ready; every other device and screen goes on meanwhile."""
    cached = tableau_photos.made_already(folder, name)
    made, set_made = ft.use_state(cast(tuple[bool, bytes | None], (cached is not None, cached)))  # (tried, the small JPEG)

    async def make() -> None:
        if not made[0]:
            set_made((True, await in_thread(tableau_photos.thumbnail, folder, name)))

    ft.use_effect(make, [name])
    tried, small = made
    if small is not None:
        return ft.Image(src=small, width=THUMB, height=THUMB, fit=ft.BoxFit.COVER)
    if not tried:
        return ft.ProgressRing(width=24, height=24, semantics_label=_("{caption}: the photo is being opened").format(caption=caption))
    return ft.Icon(ft.Icons.BROKEN_IMAGE_OUTLINED, semantics_label=_("{caption}: photo missing or damaged").format(caption=caption))


def thumbnails(app: App, shown: Shown) -> list[ft.Control]:
    """Each photo small, opening the whole photo when tapped."""
    controls: list[ft.Control] = []
    for number, name, caption in shown:
        named = open_label(number, caption)
        # A button for screen readers (and Playwright), named by its tooltip, in a node of its own (as a card is:
        # controls.card_button), so that the text after it is not read as part of its name.
        controls.append(
            ft.Semantics(
                container=True,
                key=f"photo {number} {name}",
                content=ft.Container(
                    ft.Semantics(button=True, content=Thumbnail(app.games.folder, name, caption)),
                    width=THUMB,
                    height=THUMB,
                    alignment=ft.Alignment.CENTER,
                    tooltip=named,
                    on_click=lambda e, n=name, c=caption: show_whole(app, n, c),
                ),
            )
        )
    return controls


def gallery(app: App, record: dict) -> list[ft.Control]:
    """A saved game's photos, for its page (results.py): a heading and the thumbnails, nothing without photos."""
    shown = thumbnails(app, photos_of(record))
    if not shown:
        return []
    return [section(_("Photos of the tableaux")), ft.Semantics(identifier="photos", container=True, content=ft.Row(shown, wrap=True))]


def photos_here(app: App) -> bool:
    """Whether this Tableside takes photos of tableaux: a server with Pillow (the browser build has neither,
    so it offers no photo button rather than a greyed one)."""
    return not app.standalone and tableau_photos.available()


def photo_inputs(play: Any, player: str) -> tuple[Any, str, Shown, bool, bool]:
    """What the button "Photo of <player>'s tableau" shows, with the player's photos in this game
    (PhotoButton's arguments: the play screen draws it as a live part). `play`: the play screen's Play
    (views/play_controller.py): its app, live game, seat and rights check."""
    return play, player, photos_of(play.record, player), play.context.narrow, play.context.large_text


@ft.memo
@ft.component
def PhotoButton(play: Any, player: str, shown: Shown, narrow: bool, large_text: bool) -> ft.Control:
    """Drawn again only when its player's photos change (or what it says): a tap on a card skips it."""
    app: App = play.app
    said, set_said = ft.use_state(("", False))  # the last result or refusal, and whether it is a refusal

    def say(text: str, error: bool = False) -> None:
        set_said((text, error))

    async def keep(data: bytes, shown: str) -> None:
        say(_("Saving {file}…").format(file=shown))
        try:
            done = await in_thread(
                tableau_photos.add_photo, play.live, app.games.folder, player, data, shown, play.seat or None, play.may_change
            )
        except Exception:  # a bug, a deleted game: said in words, details to the log
            log.exception("a photo could not be added")
            say(_("That photo could not be saved. The game is as it was."), error=True)
            return
        say(_("Photo saved.") if done.changed else spoken(done.message), error=not done.changed)

    picker = use_file_picker(  # one per button, for the button's life
        app,
        Receiver(
            limit=lambda name: tableau_photos.MAX_PHOTO_BYTES,
            may=lambda: play.may_change() if photos_here(app) else _(tableau_photos.NEEDS_A_COMPUTER),
            too_big=tableau_photos.too_big,
            lost=lambda shown, error: _("{file} did not arrive: nothing was saved. Try again.").format(file=shown),
            refuse=lambda text: say(text, error=True),
            arrived=keep,
            receiving=lambda shown, size, done: say(_("Receiving {file}…").format(file=shown)) if done == 0 else None,  # no progress shown
        ),
    )

    can = photos_here(app)
    action = ft.PickFiles(picker, dialog_title=label(player), file_type=ft.FilePickerFileType.IMAGE) if can else None
    button: ft.Control
    if narrow:  # six tableaux side by side: the camera alone, named as the wide button is
        camera = icon_button(
            ft.Icons.PHOTO_CAMERA_OUTLINED, label(player), None, disabled=not can, reason=_(tableau_photos.NEEDS_A_COMPUTER)
        )
        camera.action = action
        button = camera
    else:
        button = ft.OutlinedButton(
            # A long name never overflows its tableau; at large text the words take lines rather than "…" (German at
            # 200 %: "Foto der Auslage von …"), and the button their height.
            ft.Text(label(player), max_lines=3 if large_text else 1, overflow=ft.TextOverflow.ELLIPSIS),
            icon=ft.Icons.PHOTO_CAMERA_OUTLINED,
            height=None if large_text else 48,
            disabled=not can,
            tooltip=None if can else _(tableau_photos.NEEDS_A_COMPUTER),
            action=action,
            style=focus_style(),
        )
    text, error = said
    return ft.Column(
        [
            button,
            ft.Semantics(
                identifier=f"photo-message-{player}",
                key=f"photo-message-{player}",  # an identifier naming a player is its control's key (docs/screens.md)
                live_region=True,
                # Always drawn (a Semantics needs visible content), empty until there is something to say.
                content=ft.Text(text if can else _(tableau_photos.NEEDS_A_COMPUTER), size=13, color=ft.Colors.ERROR if error else None),
            ),
            ft.Row(thumbnails(app, shown), wrap=True),
        ],
        spacing=4,
    )
