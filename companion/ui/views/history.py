"""History: finished games, newest first, filtered by game, player and dates (picked in a calendar,
each with its "any date"); and the stored
records that were set aside as damaged (with why, exportable as they are).

A component: the filters and how many rows are shown are this device's state; the rows are read
from the store at each drawing, and it subscribes to `topics.HISTORY`, so a game deleted, restored,
imported or saved in any session shows here at once."""

from __future__ import annotations

import re
import unicodedata
from datetime import date, datetime, time, timedelta
from typing import Any

import flet as ft

from companion.language import N_, _, day, ngettext, spoken
from companion.services import file_formats, game_groups, topics
from companion.services.games import StoredGame, route_id
from companion.ui import games as game_screens
from companion.ui.session import App
from companion.ui.themes import focus_style
from companion.ui.widgets.controls import at_text_scale, named, screen_title, selectable, short_name, standings
from companion.ui.widgets.hooks import use_changes
from companion.ui.widgets.list_row import list_row
from companion.ui.widgets.navigation import navigation_bar
from scoring.words import join_names

PAGE_SIZE = 50
DAMAGED = "damaged"  # Semantics identifier of the damaged records' section


def valid_date(text: str | None) -> str | None:
    """YYYY-MM-DD, also typed in another script's digits; None for anything else. Never raises."""
    text = "".join(str(unicodedata.decimal(ch)) if ch.isdecimal() else ch for ch in unicodedata.normalize("NFKC", text or "").strip())
    if not re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", text):
        return None
    try:
        return date.fromisoformat(text).isoformat()
    except ValueError:  # month 13, February 30
        return None


def picked_day(value: Any) -> str | None:
    """The day a DatePicker sent, as YYYY-MM-DD; None for anything else. Never raises.

    The picker means a calendar day (local midnight). Should it arrive as an instant in another
    offset (e.g. converted to UTC, 23:00 the day before east of Greenwich), it is rounded to the
    nearest midnight, which is that day for every offset between −12 and +12 hours."""
    if isinstance(value, str):
        try:
            value = datetime.fromisoformat(value.strip())
        except ValueError:
            return valid_date(value)
    if isinstance(value, datetime):
        return (value.date() + timedelta(days=value.time() >= time(12))).isoformat()
    if isinstance(value, date):
        return value.isoformat()
    return None


def row(app: App, game: StoredGame) -> ft.Control:
    summary = game.scored
    scores = standings(game.players, summary["ranking"], summary["totals"])
    won = summary["winners"]
    winners = ngettext("Winner: {names}", "Winners: {names}", len(won)).format(names=spoken(join_names(won))) if won else _("No winner")
    return list_row(
        f"{day(game.played_at)} · {game.title}",
        scores + "\n" + winners,
        on_click=lambda e: app.go(f"/history/{route_id(game.id)}"),
        key=game.id,
        leading=ft.Icon(game_screens.icon(game.game), color=game_screens.seed(game.game)),
    )


def damaged_section(app: App) -> ft.Control | None:
    """Records start-up set aside (they no longer score): listed with the reason, kept, exportable raw."""
    from companion.ui.views import import_export as transfer_view

    found = app.games.damaged()
    if not found:
        return None

    async def export_raw(e) -> None:
        name = f"tableside-damaged-{date.today().isoformat()}.json"
        await transfer_view.download(app, name, file_formats.export_damaged(found).encode("utf-8"))
        app.notify(
            ngettext("Exported {count} damaged record to {file}.", "Exported {count} damaged records to {file}.", len(found)).format(
                count=len(found), file=name
            )
        )

    rows: list[ft.Control] = [
        ft.Text(
            ngettext("{count} damaged record set aside", "{count} damaged records set aside", len(found)).format(count=len(found)),
            weight=ft.FontWeight.BOLD,
        ),
        ft.Text(
            _(
                "These stored games no longer pass the scoring check, so they are kept apart: nothing else is "
                "affected. Export them to repair them by hand and import them again."
            ),
            size=13,
        ),
    ]
    for d in found:
        rows.append(selectable(_("{file} · id {id}: {reason}").format(file=d.file, id=d.id, reason=d.reason), size=13))
    rows.append(ft.OutlinedButton(_("Export damaged records"), icon=ft.Icons.DOWNLOAD, height=48, on_click=export_raw, style=focus_style()))
    return ft.Semantics(identifier=DAMAGED, container=True, content=ft.Card(ft.Container(ft.Column(rows, spacing=6), padding=12)))


NO_FILTERS: dict[str, str | None] = {"game": None, "player": None, "since": None, "until": None}
# Each end's button, with its day or "any date" (one sentence each: a language may put the day elsewhere).
ENDS = (("since", N_("From: {day}")), ("until", N_("To: {day}")))
CLEAR = {"since": N_("Clear From date"), "until": N_("Clear To date")}  # each end's clear button, as a screen reader says it


@ft.component
def view(app: App, covered: bool = False) -> ft.View:
    use_changes(app, topics.HISTORY, active=not covered)
    filters, set_filters = ft.use_state(NO_FILTERS)
    limit, set_limit = ft.use_state(PAGE_SIZE)
    date_error, set_date_error = ft.use_state("")

    everyone = app.players_admin.everyone()
    kept = app.games.figures()  # the games' names, a score pad's by its titles (game_groups.py)
    player = filters["player"] if filters["player"] in everyone else None  # renamed or merged away meanwhile: everyone
    group = game_groups.from_text(filters["game"]) if filters["game"] else None  # a game, a score pad per its title
    found = app.games.finished(limit=limit + 1, group=group, player=player, since=filters["since"], until=filters["until"])
    more = len(found) > limit

    def set_filter(key: str, value: str | None) -> None:
        set_filters(lambda f: {**f, key: value or None})
        set_limit(PAGE_SIZE)

    def set_date(key: str, chosen: str | None) -> None:
        """A day picked for From or To (None: any date); a crossed range is refused, nothing changes."""
        other = filters["until" if key == "since" else "since"]
        if chosen and other and (chosen > other if key == "since" else chosen < other):
            set_date_error(_("From must not be after To.") if key == "since" else _("To must not be before From."))
            return
        set_date_error("")
        set_filter(key, chosen)

    def picked(key: str, value: Any) -> None:
        chosen = picked_day(value)
        if chosen is None:  # not a day: only a tampered client sends that; the filter stays
            set_date_error(_("That is not a day: pick one in the calendar."))
            return
        set_date(key, chosen)

    def pick(key: str) -> None:
        chosen = filters[key]
        low, high = filters["since"], filters["until"]  # the other end bounds what can be picked
        app.page.show_dialog(
            ft.DatePicker(
                value=date.fromisoformat(chosen) if chosen else None,
                first_date=date.fromisoformat(low) if key == "until" and low else date(2000, 1, 1),
                last_date=date.fromisoformat(high) if key == "since" and high else date(2100, 12, 31),
                help_text=_("Games played on or after") if key == "since" else _("Games played on or before"),
                on_change=lambda e: picked(key, e.control.value),
            )
        )

    def date_filter(key: str, word: str) -> ft.Control:
        chosen = filters[key]
        return ft.Row(
            [
                ft.OutlinedButton(
                    _(word).format(day=day(chosen) if chosen else _("any date")),
                    icon=ft.Icons.CALENDAR_MONTH,
                    height=48,
                    on_click=lambda e: pick(key),
                    style=focus_style(),
                ),
                ft.IconButton(
                    icon=ft.Icon(ft.Icons.CLOSE, semantics_label=_(CLEAR[key])),
                    tooltip=_("Any date"),
                    width=48,
                    height=48,
                    visible=filters[key] is not None,
                    on_click=lambda e: set_date(key, None),
                    style=focus_style(),
                ),
            ],
            spacing=0,
            tight=True,
        )

    filter_row = ft.Row(
        [
            named(
                ft.Dropdown(
                    label=_("Game"),
                    width=at_text_scale(230, app.text_scale, app.page.width),
                    value=filters["game"] or "any",
                    options=[ft.DropdownOption(key="any", text=_("All games"))]
                    + [ft.DropdownOption(key=game_groups.text_key(g), text=kept.title(g)) for g in kept.shown(game_screens.ordered())],
                    on_select=lambda e: set_filter("game", None if e.control.value == "any" else e.control.value),
                )
            ),
            named(
                ft.Dropdown(
                    label=_("Player"),
                    width=at_text_scale(180, app.text_scale, app.page.width),  # at 200 % text "Everyone" was cut in 180 px
                    value=player or "anyone",
                    options=[ft.DropdownOption(key="anyone", text=_("Everyone"))]
                    + [ft.DropdownOption(key=p, text=short_name(p)) for p in everyone],
                    on_select=lambda e: set_filter("player", None if e.control.value == "anyone" else e.control.value),
                )
            ),
            *[date_filter(key, word) for key, word in ENDS],
        ],
        wrap=True,
    )
    # A filter's label floats half its height above its field: at large text higher than the page's padding.
    on_top = ft.Container(filter_row, padding=ft.Padding.only(top=8 * (max(1.0, app.text_scale) - 1)))
    rows: list[ft.Control] = [row(app, g) for g in found[:limit]] or [ft.Text(_("No finished games match."), italic=True)]
    if more:
        rows.append(ft.TextButton(_("Show more"), height=48, on_click=lambda e: set_limit(lambda n: n + PAGE_SIZE), style=focus_style()))
    shown = f"{min(len(found), limit)}{'+' if more else ''}"
    count = ft.Text(ngettext("{count} game", "{count} games", len(found)).format(count=shown))
    damaged = damaged_section(app)
    return ft.View(
        route="/history",
        appbar=ft.AppBar(
            title=screen_title(_("History")),
            actions=[
                ft.TextButton(_("Import / export"), height=48, on_click=lambda e: app.go("/transfer"), style=focus_style()),
            ],
        ),
        navigation_bar=navigation_bar(app, "/history"),
        controls=[
            ft.Column(
                [on_top, ft.Text(date_error, color=ft.Colors.ERROR), count, ft.Column(rows, spacing=0)] + ([damaged] if damaged else []),
                width=720,
            )
        ],
        scroll=ft.ScrollMode.AUTO,
        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
    )
