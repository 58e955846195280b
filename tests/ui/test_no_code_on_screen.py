"""Issue 39 item 1: no code on any screen, ever. Every route of the app (app.routes) is drawn over a
history holding finished games of all five games, games in progress and a saved game being edited,
at phone and tablet size, light and dark (the host: phone light and tablet dark), as the host and as a guest seated by an invitation; every
string any drawn control carries (texts, spans, button texts, labels, hints, tooltips, semantics
labels, options…) is read, and none may look like Python leaking through: a function or object repr,
a bare None, a traceback, an unfilled {placeholder}, nan or inf.

The walk is generic: it reads every string field of every control reachable from the page (its
views, dialogs and overlay), so a new control or a new property is covered without naming it here."""

from __future__ import annotations

import dataclasses
import json
import re
from datetime import datetime, timedelta
from enum import Enum

import flet as ft
import pytest

import scoring
from companion import language
from companion.access.gate import PIN_SETTING, hash_pin
from companion.access.invites import Invites
from companion.bootstrap import make_main
from companion.data.ids import route_id
from companion.ui import app as app_module
from companion.ui.language import PREFERENCE
from companion.ui.session import THEME_SETTING

from .conftest import EXAMPLES

CODE_LIKE = {
    "a function": re.compile(r"<function|<bound method|<lambda>"),
    "an object repr": re.compile(r" object at 0x| at 0x[0-9a-fA-F]+>|<[A-Za-z_.]+ object>"),
    "a bare None": re.compile(r"(^|[\s:=(\[,·])None(?!\s+[a-z])($|[\s)\],.;·])"),  # not "None of them"
    "a traceback": re.compile(r"Traceback|File \"[^\"]+\", line \d+"),
    "a placeholder": re.compile(r"\{\}|\{[A-Za-z_][A-Za-z0-9_.\[\]]*(![rsa])?(:[^{}]*)?\}"),
    "a dict or list repr": re.compile(r"\{'[^']*': |\['[^']*', '"),
    "nan or inf": re.compile(r"(?<![A-Za-z])-?(nan|NaN|inf|Infinity)(?![A-Za-z])"),
    # A number is signed with the minus sign (−), as the formulas are: never "(8 − 20) × 2 = -24" (issue 49).
    "an ASCII minus": re.compile(r"(^|[\s(\[:=·×+,/])-\d"),
}
# Strings a person never sees: addresses, keys, fonts, the page's own plumbing.
UNSEEN = {"key", "route", "font_family", "src", "url", "data", "session_id", "client_ip", "client_user_agent", "platform_brightness"}


def problems(text: str) -> list[str]:
    return [what for what, pattern in CODE_LIKE.items() if pattern.search(text)]


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("streak: <function streak at 0x558f37c52400>", ["a function", "an object repr"]),
        ("<companion.services.ratings.Rating object at 0x7f>", ["an object repr"]),
        ("None", ["a bare None"]),
        ("Winner: None", ["a bare None"]),
        ("Traceback (most recent call last):", ["a traceback"]),
        ("{name} wins!", ["a placeholder"]),
        ("Average: nan", ["nan or inf"]),
        ("Best: -inf", ["nan or inf"]),
        ("Nobody has played yet.", []),
        ("Nancy 12 · Ben 9", []),
        ("information", []),
        ("None of these games is finished yet.", []),
        ("{'Ana': 105, 'Ben': 89}", ["a dict or list repr"]),
        ("Ana 105 · Ben 89", []),
        ("(8 − 20) × 2 = -24", ["an ASCII minus"]),
        ("Mia -7 · Noah 12", ["an ASCII minus"]),
        ("Mia −7 · Noah 12, 2025-03-01", []),
    ],
)
def test_the_guard_tells_code_from_words(text, found):
    assert problems(text) == found


def strings(root) -> list[tuple[str, str, str]]:
    """(control type, field, text) for every string field of every dataclass reachable from `root`."""
    found: list[tuple[str, str, str]] = []
    seen: set[int] = set()
    stack = [(root, "page")]
    while stack:
        obj, owner = stack.pop()
        if obj is None or id(obj) in seen or isinstance(obj, (int, float, bool, Enum)):
            continue
        if isinstance(obj, ft.Component):
            seen.add(id(obj))
            stack.append((ft.unwrap_component(obj), owner))
        elif isinstance(obj, (list, tuple)):
            seen.add(id(obj))
            stack.extend((o, owner) for o in obj)
        elif isinstance(obj, dict):
            seen.add(id(obj))
            stack.extend((o, owner) for o in obj.values())
        elif dataclasses.is_dataclass(obj) and not isinstance(obj, type):
            seen.add(id(obj))
            name = type(obj).__name__
            for f in dataclasses.fields(obj):
                if f.name.startswith("_") or f.name in UNSEEN:
                    continue
                value = getattr(obj, f.name, None)
                if isinstance(value, str):
                    found.append((name, f.name, value))
                elif not callable(value) or isinstance(value, ft.Component):
                    stack.append((value, name))
    return found


def shown_code(h) -> list[str]:
    page = h.page
    said = [*strings(page.views), *strings(page.overlay), *strings(page._dialogs.controls)]  # as the other tests read dialogs
    return [f"{h.page.route}: {cls}.{field} = {text!r} ({', '.join(problems(text))})" for cls, field, text in said if problems(text)]


def example(name: str, **meta) -> dict:
    return {**json.loads((EXAMPLES / f"{name}.json").read_text())["record"], **meta}


FINISHED = [
    "bgg-card-game-full-tie",
    "bgg-card-game-rulebook",
    "bgg-game-3p-by-colour",
    "bgg-game-4p-rulebook",
    "card-commons-extra-round",
    "card-commons-peek-wild",
    "card-commons-round-3",
    "cgt-values-and-penalty",
    "lost-cities-edge-values",
]
# Games in progress: one begun, entries complete but not saved yet, and one with nothing entered.
IN_PROGRESS = [
    "lost-cities-in-progress",
    "bgg-game-4p-rulebook",
    "cgt-values-and-penalty",
    "card-commons-round-3",
    "bgg-card-game-rulebook",
]
PIN = "4321"


@pytest.fixture
def seeded(tmp_path):
    """A store with the history of every game (the last evening a few hours ago), games in progress
    of every game, an edit of a saved game, and an invitation to the Lost Cities game in progress."""
    from companion.data.store import GameStore

    store = GameStore(tmp_path / "data")
    evening = datetime.now().replace(microsecond=0) - timedelta(hours=3)
    store.add_finished(
        [
            example(name, id=f"done-{i}", played_at=(evening - timedelta(days=3 * (i // 3), minutes=40 * (i % 3))).isoformat())
            for i, name in enumerate(FINISHED)
        ]
    )
    live = [store.create(example(name, id=f"live-{i}")).id for i, name in enumerate(IN_PROGRESS)]
    colours = {"Ana": "red", "Ben": "blue", "Cleo": "green", "Dev": "yellow"}
    live.append(store.create(scoring.new_record("bgg-game", list(colours), {}, colours)).id)
    edited = "done-8"
    store.edit_copy(edited)
    invite = Invites(store).code_for(live[0])
    yield store, live, edited, invite
    store.close()


def host_routes(store, live: list[str], edited: str, invite: str) -> list[str]:
    """Every route of the table, with each parameter it takes in the seeded store."""
    finished = [g.id for g in store.finished()]
    by_pattern = {
        "/setup/:game": [f"/setup/{key}" for key in scoring.GAMES],
        "/play/:id": [f"/play/{route_id(i)}" for i in [*live, edited]],
        "/results/:id": [f"/results/{route_id(i)}" for i in [*live, edited]],
        "/history/:id": [f"/history/{route_id(i)}" for i in finished],
        "/players/:name": [f"/players/{route_id(p)}" for p in store.players()],
        "/invite/:id": [f"/invite/{route_id(live[0])}"],
        "/join/:code": [f"/join/{invite}"],
        "/join/:code/:seat": [f"/join/{invite}/Mia"],
    }
    out = []
    for pattern, *_ in app_module.routes():
        assert pattern.startswith("/") and (":" not in pattern or pattern in by_pattern), f"a new route to walk: {pattern}"
        out += by_pattern.get(pattern, [pattern])
    return [*out, "/no/such/place"]


def visit(h, route: str) -> None:
    h.run(h.page.push_route(route))
    h.settle()


def cut_title(view: ft.View, width: float) -> str | None:
    """The app bar's title, if it would not fit the bar of a screen `width` wide in the lines it may take: a
    generous estimate (a glyph of Roboto is 0.52 of its size on average; the bar pads 16 px each side,
    Back takes 56 px, each action 56). A one-line title of 22 px ("The BoardGameGeek Game") did not fit."""
    bar = view.appbar
    title = getattr(bar, "title", None)
    if not isinstance(title, ft.Text) or not isinstance(title.value, str):
        return None
    room = width - 32 - (56 if bar.leading is not None else 0) - 56 * len(bar.actions or [])
    needed = len(title.value) * 0.52 * (title.size or 22)
    return title.value if needed > room * (title.max_lines or 1) else None


HELP = ("How scoring works", "How ratings work")  # buttons that open help: their dialogs are read too


def help_read(h, code: str = "en") -> list[str]:
    """The code-like text of each help dialog the screen on top opens (each closed again)."""
    leaks: list[str] = []
    with language.speaking(code):
        names = [language._(name) for name in HELP]
    for name in names:
        for button in h.buttons(name)[:1]:
            h.click(button)
            opened = [d for d in h.page._dialogs.controls if isinstance(d, ft.AlertDialog) and d.open]
            assert opened, f"{h.page.route}: {name} opened nothing"
            leaks += shown_code(h)
            h.page.pop_dialog()
            h.settle()
    return leaks


@pytest.fixture
def server(seeded, tmp_path):
    store, *_ = seeded
    from companion.server.uploads import Uploads
    from tests.ui.harness import Harness

    main = make_main(store, uploads=Uploads(tmp_path / "uploads"))
    opened: list[Harness] = []

    def open_at(route: str, width: float, height: float, browser_storage=None) -> Harness:
        h = Harness(
            main, route=route, width=width, height=height, share_with=opened[0] if opened else None, browser_storage=browser_storage
        )
        opened.append(h)
        return h

    yield open_at
    for h in reversed(opened):
        h.close()


SIZES = {"phone": (390, 844), "tablet": (1024, 768)}


# Each size and each theme walked once (the words on a screen depend on its size; the theme
# changes colours, and the dark one is walked at the other size): 2 walks of 40+ routes, not 4. German on a
# phone too, the longest words of the three (French is walked in tests/ui/test_languages.py).
@pytest.mark.parametrize(("size", "theme", "code"), [("phone", "light", "en"), ("tablet", "dark", "en"), ("phone", "light", "de")])
def test_no_screen_of_the_host_shows_code(seeded, server, size, theme, code):
    store, live, edited, invite = seeded
    store.set_setting(THEME_SETTING, theme == "dark")
    h = server("/", *SIZES[size], browser_storage={PREFERENCE: code})
    h.settle()
    told = h.page.locale_configuration  # none for English: Flutter's own default
    assert (told.current_locale if told else ft.Locale("en")) == ft.Locale(code)
    assert h.page.theme_mode == (ft.ThemeMode.DARK if theme == "dark" else ft.ThemeMode.LIGHT)
    leaks: list[str] = []
    routes = host_routes(store, live, edited, invite)
    for route in routes:
        visit(h, route)
        assert not h.conn.errors, route
        assert h.top_view().route == route  # that screen (Tableside's own "not found" for an unknown address), drawn for the host
        leaks += shown_code(h)
        cut = cut_title(h.top_view(), SIZES[size][0])
        leaks += [f"{route}: the title {cut!r} is cut"] if cut else []
        if (size, theme) == ("phone", "light"):  # a help dialog's words depend on neither: read once a language
            leaks += help_read(h, code)
    assert not leaks, "\n".join(leaks)
    assert len(routes) > 40


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("size", list(SIZES))
def test_no_screen_of_a_seated_guest_shows_code(seeded, server, size, theme):
    store, live, _, invite = seeded
    store.set_setting(PIN_SETTING, hash_pin(PIN))
    store.set_setting(THEME_SETTING, theme == "dark")
    phone = server(f"/join/{invite}", *SIZES[size], browser_storage={})
    leaks = shown_code(phone)
    phone.tap("I am Noah")
    assert phone.page.route == f"/join/{invite}/Noah"
    leaks += shown_code(phone)
    for route in [f"/results/{route_id(live[0])}", "/players", f"/play/{route_id(live[1])}", "/stats"]:
        visit(phone, route)
        assert not phone.conn.errors, route
        leaks += shown_code(phone)
    assert phone.find_all(ft.TextField, label="PIN")  # the last ones are the host's: the PIN screen
    assert not leaks, "\n".join(leaks)


def test_no_screen_of_the_browser_build_shows_code(seeded):
    """The app as the browser build runs it (companion/standalone: no server, no PIN, no invites), phone, light."""
    from tests.ui.harness import Harness

    store, live, edited, invite = seeded
    h = Harness(make_main(store, standalone=True), route="/", width=390, height=844)
    try:
        leaks: list[str] = []
        for route in host_routes(store, live, edited, invite):
            visit(h, route)
            assert not h.conn.errors, route
            leaks += shown_code(h)
        assert not leaks, "\n".join(leaks)
    finally:
        h.close()
