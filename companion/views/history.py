"""History: finished games, newest first, filtered by game, player and dates; and the stored
records that were set aside as damaged (with why, exportable as they are)."""

from __future__ import annotations

import re
import unicodedata
from datetime import date

import flet as ft

from .. import games, transfer
from ..ids import route_id
from ..session import App
from ..store import StoredGame
from ..widgets.controls import short_name
from ..widgets.navigation import navigation_bar

PAGE_SIZE = 50
DAMAGED = "damaged"  # Semantics identifier of the damaged records' section


def valid_date(text: str | None) -> str | None:
    """YYYY-MM-DD, also typed in another script's digits; None for anything else. Never raises."""
    text = "".join(str(unicodedata.decimal(ch)) if ch.isdecimal() else ch
                   for ch in unicodedata.normalize("NFKC", text or "").strip())
    if not re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", text):
        return None
    try:
        return date.fromisoformat(text).isoformat()
    except ValueError:  # month 13, February 30
        return None


def row(app: App, game: StoredGame) -> ft.Control:
    summary = game.summary
    order = [p for group in summary["ranking"] for p in group]
    scores = " · ".join(f"{short_name(p)} {summary['totals'][p]}" for p in order)
    winners = ", ".join(summary["winners"]) or "no winner"
    return ft.ListTile(
        leading=ft.Icon(games.icon(game.game), color=games.seed(game.game)),
        title=ft.Text(f"{game.played_at[:10]} · {games.title(game.game)}"),
        subtitle=ft.Text(f"{scores}\nWinner: {winners}"),
        is_three_line=True,
        on_click=lambda e: app.go(f"/history/{route_id(game.id)}"),
        key=game.id,
    )


def damaged_section(app: App) -> ft.Control | None:
    """Records start-up set aside (they no longer score): listed with the reason, kept, exportable raw."""
    from . import transfer as transfer_view

    found = app.store.damaged()
    if not found:
        return None

    async def export_raw(e) -> None:
        name = f"tableside-damaged-{date.today().isoformat()}.json"
        await transfer_view.download(app, name, transfer.export_damaged(found).encode("utf-8"))
        app.notify(f"Exported {len(found)} damaged record{'s' * (len(found) != 1)} to {name}.")

    rows: list[ft.Control] = [
        ft.Text(f"{len(found)} damaged record{'s' * (len(found) != 1)} set aside", weight=ft.FontWeight.BOLD),
        ft.Text("These stored games no longer pass the scoring check, so they are kept apart: nothing else is "
                "affected. Export them to repair them by hand and import them again.", size=13),
    ]
    for d in found:
        rows.append(ft.Text(f"{d.file} · id {d.id}: {d.reason}", size=13, selectable=True))
    rows.append(ft.OutlinedButton("Export damaged records", icon=ft.Icons.DOWNLOAD, height=48, on_click=export_raw))
    return ft.Semantics(identifier=DAMAGED, container=True,
                        content=ft.Card(ft.Container(ft.Column(rows, spacing=6), padding=12)))


def view(app: App) -> ft.View:
    games.use_theme(app.page, None)
    filters = {"game": None, "player": None, "since": None, "until": None}
    shown = {"limit": PAGE_SIZE}
    listing = ft.Column(spacing=0)
    count = ft.Text("")

    def refresh() -> None:
        found = app.store.finished(limit=shown["limit"] + 1, **filters)
        more = len(found) > shown["limit"]
        listing.controls = [row(app, g) for g in found[: shown["limit"]]] or [ft.Text("No finished games match.", italic=True)]
        if more:
            listing.controls.append(ft.TextButton("Show more", on_click=show_more))
        count.value = f"{min(len(found), shown['limit'])}{'+' if more else ''} game{'s' * (len(found) != 1)}"

    def show_more(e) -> None:
        shown["limit"] += PAGE_SIZE
        refresh()

    def set_filter(key: str, value: str | None) -> None:
        filters[key] = value or None
        shown["limit"] = PAGE_SIZE
        refresh()

    def set_date(key: str, field: ft.TextField) -> None:
        text = (field.value or "").strip()
        parsed = valid_date(text) if text else None
        if text and parsed is None:
            field.error = "YYYY-MM-DD"
            return
        other = filters["until" if key == "since" else "since"]
        if parsed and other and (parsed > other if key == "since" else parsed < other):
            field.error = "after To" if key == "since" else "before From"
            return
        field.error = None
        if parsed:
            field.value = parsed
        set_filter(key, parsed)

    since = ft.TextField(label="From", hint_text="YYYY-MM-DD", width=150, dense=True)
    until = ft.TextField(label="To", hint_text="YYYY-MM-DD", width=150, dense=True)
    for key, field in (("since", since), ("until", until)):
        field.on_submit = field.on_blur = (lambda k, f: lambda e: set_date(k, f))(key, field)
    everyone = app.store.players()
    filter_row = ft.Row([
        ft.Dropdown(label="Game", width=230, dense=True, value="any",
                    options=[ft.DropdownOption(key="any", text="All games")] +
                            [ft.DropdownOption(key=k, text=games.title(k)) for k in games.ordered()],
                    on_select=lambda e: set_filter("game", None if e.control.value == "any" else e.control.value)),
        ft.Dropdown(label="Player", width=180, dense=True, value="anyone",
                    options=[ft.DropdownOption(key="anyone", text="Everyone")] +
                            [ft.DropdownOption(key=p, text=short_name(p)) for p in everyone],
                    on_select=lambda e: set_filter("player", None if e.control.value == "anyone" else e.control.value)),
        since, until,
    ], wrap=True)
    refresh()
    damaged = damaged_section(app)
    return ft.View(
        route="/history",
        appbar=ft.AppBar(title=ft.Text("History"), actions=[
            ft.TextButton("Import / export", on_click=lambda e: app.go("/transfer")),
        ]),
        navigation_bar=navigation_bar(app, "/history"),
        controls=[ft.Column([filter_row, count, listing] + ([damaged] if damaged else []), width=720)],
        scroll=ft.ScrollMode.AUTO,
        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
    )
