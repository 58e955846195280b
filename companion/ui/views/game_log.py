"""What Results (and Setup) add around a game's score: logging it to BG Stats, where it was played and
its notes, and the records it sets. The logic is in services (bg_stats, game_details, records); here
only the controls.

"Log to BG Stats" is a link opened by the browser inside the tap (ft.OpenUrl, so no popup blocker
stops it): the bgstats:// link opens BG Stats' import dialog at once on a phone where it is
installed. Where it is not (a laptop, a tablet without the app), "Other ways" offers the https
link (BG Stats' web page), a QR code of it to scan with the phone that has BG Stats, and (for a
saved game, as before) the JSON download.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

import scoring
from companion.language import N_, _, day, spoken
from companion.server import play_links
from companion.services import bg_stats, game_details, qr_codes, records
from companion.services.games import StoredGame
from companion.ui.session import App
from companion.ui.themes import focus_style
from companion.ui.widgets.controls import section, selectable
from companion.ui.widgets.typed_field import TypedField
from scoring.record import GameIdentity

LOG = N_("Log to BG Stats")
OTHER_WAYS = N_("Other ways to BG Stats")


DIALOG_MARGINS = 2 * (40 + 24)  # an AlertDialog's inset and its content's padding, on each side
QR_ROOM = 600  # the QR's largest side on a wide screen, in screen pixels (a whole play's code needs it)
QR_SHORT = N_("Scan with the phone that has BG Stats, on this Wi-Fi: it opens the play in BG Stats' import dialog.")
QR_WHOLE = N_(
    "Scan with the phone that has BG Stats: it opens the play in BG Stats' import dialog. Phones do not reach "
    "this server, so the code holds the whole play: hold the phone 20 to 30 cm away."
)


QR_STANDALONE = N_(
    "Scan with the phone that has BG Stats: it opens the play in BG Stats' import dialog. The code holds the "
    "whole play: hold the phone 20 to 30 cm away."
)


def error_words(err: Exception) -> str:
    """What a refusal of the rules (scoring.RecordError: the place at fault, then its message) or any other error
    says, its message in the reader's language."""
    if isinstance(err, scoring.RecordError):
        message = spoken(err.message)
        return " › ".join(err.where) + ": " + message if err.where else message
    return spoken(str(err))


def qr_room(width: float | None) -> int:
    """How wide the QR may be in the dialog, on a screen `width` wide (a phone's when unknown)."""
    return int(max(200, min(QR_ROOM, (width or 390) - DIALOG_MARGINS)))


def bgstats_qr(play: dict, join_base: str | None, room: int) -> tuple[str, qr_codes.QrImage | None]:
    """What the QR holds and its image: a short link to this server where phones reach it (`join_base`,
    e.g. http://192.168.1.20:8550), else the shortest whole link (bg_stats.qr_url)."""
    text = play_links.short_link(join_base, bg_stats.bgstats_url(play)) if join_base else bg_stats.qr_url(play)
    return text, qr_codes.qr_image(text, room)


def bg_stats_actions(app: App, stored: StoredGame, button: Callable[..., ft.Control] = ft.OutlinedButton) -> list[ft.Control]:
    """Log to BG Stats (one tap), and the other ways where the app is not on this device (`button`:
    the kind of button, e.g. a TextButton where they are not the screen's main actions)."""
    play = bg_stats.bgstats_play(stored)
    web = bg_stats.bgstats_url(play)

    def other_ways(e) -> None:
        reachable = app.join_urls[0] if app.lan and app.join_urls else None
        code = bgstats_qr(play, reachable, qr_room(app.page.width))[1]
        app.page.show_dialog(
            ft.AlertDialog(
                title=ft.Text(_("BG Stats on another device")),
                content=ft.Column(
                    [
                        ft.Text(_(QR_SHORT if reachable else QR_STANDALONE if app.standalone else QR_WHOLE)),
                        ft.Image(
                            src=code.png,
                            width=code.side,
                            height=code.side,
                            filter_quality=ft.FilterQuality.NONE,  # sharp module edges
                            semantics_label=_("QR code of the BG Stats link"),
                        )
                        if code
                        else ft.Text(_("This play is too long for a QR code: use the web link or the export."), italic=True),
                    ],
                    tight=True,
                    width=max(320, code.side if code else 0),
                    scroll=ft.ScrollMode.AUTO,
                ),
                actions=[
                    ft.TextButton(
                        _("Open BG Stats' web page"), height=48, action=ft.OpenUrl(web, target=ft.UrlTarget.BLANK), style=focus_style()
                    ),
                    ft.TextButton(_("Close"), height=48, on_click=lambda ev: app.page.pop_dialog(), style=focus_style()),
                ],
            )
        )

    return [
        button(_(LOG), icon=ft.Icons.OPEN_IN_NEW, height=48, action=ft.OpenUrl(bg_stats.app_link(play))),
        button(_(OTHER_WAYS), icon=ft.Icons.QR_CODE, height=48, on_click=other_ways),
    ]


def setup_fields(
    location: str, notes: str, on_change: Callable[[str, str], None], optional: bool = True, on_blur: Callable[[Any], None] | None = None
) -> list[ft.Control]:
    """Where and notes fields; `on_change(field, text)` keeps what is typed (at each key: typed_field.py), `on_blur`
    is told when a field is left."""
    return [
        TypedField(
            location,
            lambda text: on_change("location", text),
            label=_("Where (optional)") if optional else _("Where"),
            max_length=game_details.MAX_LOCATION,
            counter="",
            on_blur=on_blur,
        ),
        TypedField(
            notes,
            lambda text: on_change("notes", text),
            label=_("Notes (optional)") if optional else _("Notes"),
            multiline=True,
            min_lines=1,
            max_lines=4,
            max_length=game_details.MAX_NOTES,
            counter="",
            on_blur=on_blur,
        ),
    ]


@ft.component
def details_panel(app: App, game_id: str, record: dict, editable: bool, note: str = "") -> ft.Control:
    """Where and notes of a game on Results: fields and Save where this device may change them, else the text."""
    saved = game_details.details_of(record)
    held, set_held = ft.use_state((saved, saved))  # (the stored pair it started from, what is typed)
    typed = held[1] if held[0] == saved else saved  # the game's details changed meanwhile: start from them

    if not editable:
        lines: list[ft.Control] = [selectable(_("Where: {place}").format(place=saved[0]))] if saved[0] else []
        lines += [selectable(saved[1])] if saved[1] else []
        lines += [ft.Text(note, italic=True, size=13)] if note else []
        return ft.Column([section(_("Where and notes")), *lines], spacing=4, visible=bool(lines))

    def typing(index: int, text: str) -> None:
        set_held(lambda h: (saved, tuple(text if i == index else v for i, v in enumerate(h[1] if h[0] == saved else saved))))

    def save(e) -> None:
        done = app.games.set_details(game_id, typed[0], typed[1], check=lambda: app.rights.may_change(game_id))
        if done.message:
            app.notify(spoken(done.message), error=True)
        elif done.changed:
            app.notify(_("Where and notes saved."))

    fields = setup_fields(typed[0], typed[1], lambda field, text: typing(0 if field == "location" else 1, text), optional=False)
    return ft.Column(
        [
            section(_("Where and notes")),
            *fields,
            ft.OutlinedButton(
                _("Save where and notes"),
                icon=ft.Icons.SAVE,
                height=48,
                disabled=game_details.same_details(record, *typed),
                on_click=save,
                style=focus_style(),
            ),
        ],
        spacing=8,
        width=480,
    )


def records_news(said: list[records.Announcement]) -> list[ft.Control]:
    """The records a game sets, one line each ("Ana's best Lost Cities score: 205")."""
    if not said:
        return []
    return [
        ft.Semantics(
            identifier="records",
            content=ft.Column(
                [ft.Row([ft.Icon(ft.Icons.EMOJI_EVENTS, color=ft.Colors.AMBER), ft.Text(a.text, expand=True)]) for a in said],
                spacing=2,
            ),
        )
    ]


def announcements(app: App, stored: StoredGame) -> list[records.Announcement]:
    """What `stored` (saved, an edit copy, or a decided game in progress) sets against the history of its game."""
    history = [records.play_of(g) for g in app.games.finished(group=stored.identity) if g.id != stored.id]
    return records.set_by([*history, records.play_of(stored)], stored.id)


def player_records(app: App, player: str, mine: dict[GameIdentity, dict[str, records.Best]] | None = None) -> list[ft.Control]:
    """A player's records at each game they played (a score pad per its title), for their page: kind, value, the day it
    was set. `mine`: those records when the caller keeps them (a long history is not gone over again)."""
    if mine is None:
        mine = records.player_records([records.play_of(g) for g in app.games.finished(player=player)], player)
    kept = app.games.figures()  # each game's name: a score pad's title
    rows: list[ft.Control] = []
    for game in sorted(mine, key=lambda g: kept.title(g).casefold()):
        kinds = mine[game]
        lines = [
            _("{record}: {value} ({day})").format(
                record=records.label(kinds[k]), value=records.value_words(kinds[k]), day=day(kinds[k].day)
            )
            for k in records.KINDS
            if k in kinds
        ]
        rows.append(
            ft.Column(
                [ft.Text(kept.title(game), weight=ft.FontWeight.BOLD), *[ft.Text(line, size=13) for line in lines]],
                spacing=2,
            )
        )
    return [section(_("Records")), ft.Semantics(identifier="player-records", content=ft.Column(rows, spacing=8))] if rows else []
