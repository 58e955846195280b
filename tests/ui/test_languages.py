"""Tableside in the reader's language (issue 53): the catalogs are complete and compiled, plural forms follow each
language's rule, a session speaks the device's language (its own choice in Settings, else its browser's), a guest's
phone its own beside a host that speaks another, and a screen that speaks a language leaves no English behind.

The last is checked with a pseudo-language: every message comes out as ⟦message⟧, so any text a screen shows
outside those brackets was never marked for translation (names, numbers and language names aside)."""

from __future__ import annotations

import gettext
import re
from datetime import date, datetime

import flet as ft
import pytest

import scoring
from companion import language
from companion.access.invites import Invites
from companion.data.ids import route_id
from companion.language import catalogs
from companion.ui import games as game_screens
from companion.ui.language import PREFERENCE
from scoring.words import Said, join_names, ordinal
from tests import every_game

from .conftest import example
from .harness import accessible_name, tappable, walk

TEXT_FIELDS = ("value", "label", "tooltip", "helper", "hint_text", "semantics_label", "content", "text", "title")
# Not the app's words: each language's name (as its speakers write it), the app's name, the games' titles.
NOT_WORDS = {*language.LANGUAGES.values(), "Tableside", *(rules.title for rules in scoring.GAMES.values())}


def test_every_message_is_translated_in_german_and_french_and_compiled():
    assert catalogs.problems() == []


def test_the_catalog_check_sees_an_untranslated_message(monkeypatch):
    template = catalogs.extracted()
    template.add("A message nobody translated", None)
    monkeypatch.setattr(catalogs, "extracted", lambda: template)
    assert "de: not translated: 'A message nobody translated'" in catalogs.problems()


UNLOCKED = (
    "This device stays unlocked for {hours} hour, across reloads, unless the PIN changes.",
    "This device stays unlocked for {hours} hours, across reloads, unless the PIN changes.",
)


@pytest.mark.parametrize(
    "code, count, word",
    [
        ("de", 0, "Stunden"),
        ("de", 1, "Stunde "),
        ("de", 2, "Stunden"),
        ("de", 5, "Stunden"),
        ("fr", 0, "heure,"),  # French counts 0 as one
        ("fr", 1, "heure,"),
        ("fr", 2, "heures"),
        ("fr", 5, "heures"),
        ("en", 0, "hours"),
        ("en", 1, "hour,"),
    ],
)
def test_plural_forms_follow_each_languages_rule(code, count, word):
    with language.speaking(code):
        said = language.ngettext(*UNLOCKED, count).format(hours=count)
    assert f"{count} {word}" in said, said


def texts(h) -> list[str]:
    """Every text the screen on top shows or names for a screen reader, and its open dialogs and snack bars:
    texts, labels, tooltips, helpers, titles (a radio's or a field's value is a key or what was typed, not the
    app's words)."""
    found = []
    read_together: set[int] = set()
    opened = [d for d in h.page._dialogs.controls if getattr(d, "open", False)]
    for control in walk([h.top_view(), *opened]):
        if isinstance(control, ft.Semantics) and control.container and control.content is not None:
            # One node for a screen reader (a sentence drawn in parts, its names in bold): read as one text.
            parts = [t for t in walk(control.content) if isinstance(t, ft.Text)]
            if len(parts) > 1:
                read_together.update(id(t) for t in parts)
                found.append("".join((t.value or "") + "".join(spans_text(t.spans or [])) for t in parts))
        if isinstance(control, ft.TextSpan) or id(control) in read_together:
            continue  # read with its text, as one sentence
        for name in TEXT_FIELDS:
            value = getattr(control, name, None)
            if name == "value" and not isinstance(control, ft.Text | ft.Markdown):
                continue
            if name == "value" and isinstance(control, ft.Text) and control.spans:
                value = (value or "") + "".join(spans_text(control.spans))
            if isinstance(value, str) and value.strip():
                found.append(value)
    return found


def spans_text(spans) -> list[str]:
    return [part for span in spans for part in [span.text or "", *spans_text(span.spans or [])]]


def choose_language(h, name: str) -> None:
    radio = h.find(ft.Radio, label=name)
    group = next(g for g in h.find_all(ft.RadioGroup) if radio in g.content.content.controls)
    h.choose(group, radio.value)
    h.settle()


def test_a_devices_language_is_its_own_choice_kept_by_its_browser(open_app):
    kept: dict = {}
    h = open_app("/settings", browser_storage=kept)
    h.settle()
    assert "Settings" in texts(h)
    choose_language(h, "Deutsch")
    assert "Einstellungen" in texts(h) and "Settings" not in texts(h)
    assert kept == {PREFERENCE: "de"}
    assert h.page.locale_configuration.current_locale == ft.Locale("de")  # Flutter's own texts, pickers and dates

    again = open_app("/settings", browser_storage=kept)  # a reload of the same browser
    again.settle()
    assert "Einstellungen" in texts(again)
    other = open_app("/settings", browser_storage={})  # another device of the table
    other.settle()
    assert "Settings" in texts(other)


def test_without_a_choice_a_device_speaks_the_first_of_its_browsers_languages_tableside_speaks(open_app):
    austrian = open_app("/settings", browser_storage={}, languages=["it-IT", "de-AT", "fr-FR"])
    parisian = open_app("/settings", browser_storage={}, languages=["fr-FR", "de-DE"])
    japanese = open_app("/settings", browser_storage={}, languages=["ja-JP"])
    for h in (austrian, parisian, japanese):
        h.settle()
    assert "Einstellungen" in texts(austrian)
    assert "Réglages" in texts(parisian)
    assert "Settings" in texts(japanese)
    # Both at once on one server: each session its own words, drawn again after the other's change.
    choose_language(parisian, "English")
    austrian.settle()
    assert "Einstellungen" in texts(austrian) and "Settings" in texts(parisian)


class Pseudo(gettext.NullTranslations):
    """Every message in brackets: what is left outside them was never marked for translation."""

    def gettext(self, message):
        return f"⟦{message}⟧"

    def ngettext(self, singular, plural, n):
        return f"⟦{singular if n == 1 else plural}⟧"


def left_in_english(text: str) -> str:
    """What `text` says outside the pseudo-language's brackets, names of languages aside; "" when nothing."""
    outside = text
    while (inner := re.sub(r"⟦[^⟦⟧]*⟧", " ", outside)) != outside:  # innermost first: a message inside a message
        outside = inner
    outside = re.sub(r"\S*/\S*", " ", outside)  # a link or a path (an invitation's address) is no word
    for name in sorted(NOT_WORDS, key=len, reverse=True):  # "The BoardGameGeek Game" before a player called "Game"
        outside = outside.replace(name, " ")
    return outside if re.search(r"[A-Za-z]{2,}", outside) else ""


# Every game with a screen, from its worked examples: a game saved (a finished example) and one under way (one not
# finished where the game has one), so a new game is walked once its screen exists, without a line here.
FINISHED = [every_game.example_of(game, decided=True) for game in every_game.with_screens()]
UNDER_WAY = [every_game.example_of(game, decided=False) for game in every_game.with_screens()]


@pytest.fixture
def pseudo(monkeypatch):
    """The pseudo-language "xx" (every message in brackets), offered beside the real ones."""
    real = language.catalog
    monkeypatch.setattr(language, "catalog", lambda code: Pseudo() if code == "xx" else real(code))
    monkeypatch.setitem(language.LANGUAGES, "xx", "Pseudo")
    NOT_WORDS.add("Pseudo")
    yield
    NOT_WORDS.discard("Pseudo")


@pytest.fixture
def table(store):
    """Every game saved and every game under way (from the worked examples), a game night, players."""
    store.add_finished([example(name, id=f"done-{i}", played_at=f"2026-12-{i + 1:02d}T20:00:00") for i, name in enumerate(FINISHED)])
    under_way = []
    for name in UNDER_WAY:
        record = example(name)
        under_way.append(store.create({**record, "id": None} if "id" in record else record).id)
    return under_way


@pytest.fixture
def names_of_the_table(store, table):
    """The players' names are theirs, in any language, and so are the names they gave their games (a score pad's "Qwixx")."""
    games = [*store.finished(), *store.in_progress()]
    names = {p for game in games for p in game.record["players"]} | {game.title for game in games}
    NOT_WORDS.update(names)
    yield names
    NOT_WORDS.difference_update(names)


def every_route(store, under_way: list[str]) -> list[str]:
    """Each route of the app (companion/ui/app.py routes) with a game, a player or an invitation of the table."""
    invite = Invites(store).code_for(under_way[0])
    player = store.get(under_way[0]).record["players"][0]
    return [
        "/",
        "/in-progress",
        *[f"/setup/{key}" for key in game_screens.ordered()],  # the games Home offers (a game's rules may come before its screen)
        *[f"/play/{route_id(game_id)}" for game_id in under_way],
        *[f"/results/{route_id(game_id)}" for game_id in under_way],
        "/history",
        *[f"/history/{route_id(f'done-{i}')}" for i in range(len(FINISHED))],
        "/transfer",
        "/players",
        f"/players/{route_id(player)}",
        "/stats",
        "/tonight",
        "/settings",
        f"/invite/{route_id(under_way[0])}",
        f"/join/{invite}",
        f"/join/{invite}/{route_id(player)}",
    ]


def english_on(h) -> list[str]:
    shown = texts(h)
    assert any("⟦" in t for t in shown), shown  # the screen speaks the pseudo-language at all
    return [t for t in shown if left_in_english(t)]


# Buttons that open a dialog, a sheet or a snack bar, or answer in words on the screen: each tapped once on every
# route that has it (on a screen of its own: a dialog's words are read, then the screen is left).
OPENERS = (  # those that change the table last (the walk goes on with the table as they left it)
    "How scoring works",
    "How ratings work",
    "Other ways to BG Stats",
    "Rename",
    "Merge",
    "Copy result",
    "Copy recap",
    "Save where and notes",
    "Results",
    "New game night",
    "Save result",
    "Revoke invite",
    "Delete",
    "Undo",
)


# The same dialog on many routes: read where each game's (or the only) one is.
READ_ONCE = {"How scoring works": "/setup/", "How ratings work": "/stats"}


def test_every_dialog_a_route_opens_speaks_the_readers_language(open_app, store, pseudo, table, names_of_the_table):
    left, tapped, read = {}, 0, set()
    for route in every_route(store, table):
        h = open_app(route, browser_storage={PREFERENCE: "xx"})
        h.settle()
        present = {accessible_name(c) for c in walk(h.top_view()) if tappable(c)}
        kind = route if route.startswith("/setup/") else route.split("/")[1]  # each game's help; one saved game's dialogs
        openers = [o for o in OPENERS if f"⟦{o}⟧" in present and route.startswith(READ_ONCE.get(o, "/")) and (kind, o) not in read]
        for opener in openers:
            read.add((kind, opener))
            h = open_app(route, browser_storage={PREFERENCE: "xx"})
            h.settle()
            buttons = [c for c in walk(h.top_view()) if tappable(c) and accessible_name(c) == f"⟦{opener}⟧"]
            if not buttons:  # gone with an earlier opener's change (a game saved or deleted)
                continue
            h.click(buttons[0])
            h.settle()
            tapped += 1
            if found := english_on(h):
                left[f"{route} {opener}"] = found
            assert not h.conn.errors, (route, opener)
    assert left == {}
    assert tapped > 15  # the walk met the buttons (named in the pseudo-language)


@pytest.mark.parametrize("width", [390, 1180])
def test_every_route_speaks_the_readers_language_and_leaves_no_english_behind(open_app, store, pseudo, table, names_of_the_table, width):
    left = {}
    for route in every_route(store, table):
        h = open_app(route, width=width, browser_storage={PREFERENCE: "xx"})
        h.settle()
        if found := english_on(h):
            left[route] = found
        assert not h.conn.errors, route
    assert left == {}


def test_a_guests_phone_speaks_its_own_language_and_leaves_no_english_behind(open_app, store, pseudo, table, names_of_the_table):
    host = open_app("/", browser_storage={})  # the host speaks English meanwhile
    invite = Invites(store).code_for(table[0])
    player = store.get(table[0]).record["players"][1]
    phone = open_app(f"/join/{invite}", browser_storage={PREFERENCE: "xx"})
    phone.settle()
    assert english_on(phone) == []
    (seat,) = [c for c in walk(phone.top_view()) if tappable(c) and player in (accessible_name(c) or "")]
    phone.click(seat)
    phone.settle()
    assert english_on(phone) == []  # the play screen at its seat too
    host.settle()
    assert not any("⟦" in t for t in texts(host))


def test_the_walk_sees_english_left_behind():
    assert left_in_english("⟦Settings⟧") == ""
    assert left_in_english("⟦PIN set.⟧ Weak PIN").strip() == "Weak PIN"
    assert left_in_english("Deutsch") == "" and left_in_english("12 – 3") == ""
    assert left_in_english("⟦⟦1 win⟧ · 1.00 points in ⟦1 game⟧⟧") == ""  # a message inside a message


@pytest.mark.parametrize(
    "code, day, decimal, date_only, share, many",
    [
        ("en", "Fri 4 Dec, 21:05", "−1.8", "2026-12-04", "50%", "20,000"),
        ("de", "Fr., 4. Dez., 21:05", "−1,8", "4. Dez. 2026", "50\u00a0%", "20.000"),
        ("fr", "ven. 4 déc., 21:05", "−1,8", "4 déc. 2026", "50\u00a0%", "20\u202f000"),
    ],
)
def test_dates_and_numbers_in_the_readers_language(code, day, decimal, date_only, share, many):
    with language.speaking(code):
        assert language.when(datetime(2026, 12, 4, 21, 5)) == day
        assert language.decimal(-1.84) == decimal
        assert language.day("2026-12-04T20:00:00+01:00") == language.day(date(2026, 12, 4)) == date_only
        assert (language.percent(0.5), language.number(20000)) == (share, many)
        assert language.day("not a day") == "not a day"
        assert language.month("2026-11") == {"en": "2026-11", "de": "Nov. 2026", "fr": "nov. 2026"}[code]


def test_the_rules_words_are_said_in_the_readers_language_and_stay_english_for_the_command_line():
    place = ordinal(2)
    both = join_names(["Ana", "Ben", "Cy"])
    assert (place, both) == ("2nd", "Ana, Ben and Cy")  # the command line's and the JSON's English
    with language.speaking("de"):
        assert (language.spoken(place), language.spoken(both)) == ("2.", "Ana, Ben und Cy")
    with language.speaking("fr"):
        assert language.spoken(both) == "Ana, Ben et Cy"
        assert [language.spoken(ordinal(n)) for n in (1, 2, 21)] == ["1er", "2e", "21e"]  # 1st: a message of its own
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 21, 22, 101, 111)] == [
        "1st",
        "2nd",
        "3rd",
        "4th",
        "11th",
        "21st",
        "22nd",
        "101st",
        "111th",
    ]
    assert language.spoken("Ana") == "Ana"  # a name is said as it is


@pytest.mark.parametrize(
    "code, player, photo, colour",
    [
        ("fr", "Ana", "Photo du tableau d'Ana", "rouge est aussi la couleur d'Émile"),
        ("fr", "Ben", "Photo du tableau de Ben", "rouge est aussi la couleur de Ben"),
        ("fr", "Hugo", "Photo du tableau de Hugo", "rouge est aussi la couleur de Hugo"),  # an h may be said: no elision
        ("de", "Ana", "Foto der Auslage von Ana", None),
        ("en", "Ana", "Photo of Ana's tableau", "red is also Ana's colour"),
    ],
)
def test_a_name_that_starts_with_a_vowel_takes_the_languages_elision(code, player, photo, colour):
    """French drops the e of "de" before a vowel, which only the name shows: "d'Ana", "de Ben"."""
    with language.speaking(code):
        assert language._("Photo of {player}'s tableau").format(player=player) == photo
        if colour:
            owner = "Émile" if player == "Ana" and code == "fr" else player
            said = Said("{colour} is also {player}'s colour", colour=Said("red"), player=owner)
            assert language.spoken(said) == colour


@pytest.mark.parametrize("code", ["de", "fr"])
def test_every_route_in_german_and_in_french_shows_no_message_in_its_english(open_app, store, table, code):
    """The real catalogs, as a reader meets them: no text on any route is a message's English where the language
    has its own words for it (a catalog not found, or a message shown without `_`, would show the English)."""
    template = catalogs.extracted()
    english = set()
    with language.speaking(code):
        for message in template:
            for said in message.id if isinstance(message.id, tuple) else (message.id,):
                if said and "{" not in said and language._(said) != said:
                    english.add(said)
    left = {}
    for route in every_route(store, table):
        h = open_app(route, browser_storage={PREFERENCE: code})
        h.settle()
        if found := [t for t in texts(h) if t in english or re.search(r"\{[a-z_]*\}", t)]:  # or a placeholder left unfilled
            left[route] = found
    assert left == {}


ISO_DAY = re.compile(r"\d{4}-\d{2}-\d{2}")


@pytest.mark.parametrize("code", ["de", "fr"])
def test_every_route_in_german_and_in_french_says_its_dates_in_the_readers_words(open_app, store, table, code):
    """A day is said as the reader says it ("4. Dez. 2026", "4 déc. 2026"), never as ISO's 2026-12-04: in the history's
    rows, a game's header, Home's latest results, a game night's title, a player's figures (issue 62)."""
    iso = {}
    for route in every_route(store, table):
        h = open_app(route, browser_storage={PREFERENCE: code})
        h.settle()
        if found := [t for t in texts(h) if ISO_DAY.search(t)]:
            iso[route] = found
    assert iso == {}


@pytest.mark.parametrize(
    "languages, said",
    [(["it-IT", "fr-CA", "de"], "fr"), (["de-AT"], "de"), (["en-GB", "de-DE"], "en"), (["ja-JP"], "en"), ([], "en")],
)
def test_a_pages_own_script_speaks_the_first_of_the_browsers_languages_tableside_speaks(languages, said):
    """The words a page says before the app can (still connecting, a new version ready) are put into its script
    in every language (page_words) and picked there as the app picks (best_match). Run in Node."""
    import json
    import os
    import shutil
    import subprocess

    from companion.server import static_files

    node = shutil.which("node")
    if node is None:
        if os.environ.get("CI") == "true":
            pytest.fail("Node is missing (.ci/run installs it)")
        pytest.skip("Node is not installed")
    assert language.best_match(languages) == said
    script = language.page_words(static_files.BEFORE_FLET_WORDS) + (
        f'\nObject.defineProperty(globalThis, "navigator", {{value: {{languages: {json.dumps(languages)}}}, configurable: true}});'
        '\nconsole.log(JSON.stringify(["Still connecting to the table…", "Retry"].map(tablesideSaid)));'
    )
    done = subprocess.run([node, "--input-type=module", "-e", script], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr[-2000:]
    with language.speaking(said):
        assert json.loads(done.stdout) == [language._(m) for m in static_files.BEFORE_FLET_WORDS]
    page = static_files.versioned_page("<html><head></head><body></body></html>", "v1")
    assert "function tablesideSaid" in page and static_files.SAID_HERE not in page  # the words are in the served page


@pytest.mark.parametrize(
    "code, said",
    [
        ("fr", ["1re place", "2e place", "1er siège", "3e siège", "aucune tuile verte 3", "2 tuiles vertes 3"]),
        ("de", ["1. Platz", "2. Platz", "1. Sitzplatz", "3. Sitzplatz", "kein Plättchen Grün 3", "2 Plättchen Grün 3"]),
        ("en", ["1st place", "2nd place", "1st seat", "3rd seat", "no green 3 tile", "2 green 3 tiles"]),
    ],
)
def test_an_ordinal_and_a_colour_are_said_with_their_noun(code, said):
    """French "la 1re place" (not "1er"), "un siège" for a seat, "une tuile verte": a word that agrees with a noun is
    given to the translator with it (issue 62)."""
    from scoring import bgg_game
    from scoring.words import place, seat

    words = [place(1), place(2), seat(1), seat(3), bgg_game.tiles_word(0, "green", 3), bgg_game.tiles_word(2, "green", 3)]
    with language.speaking(code):
        assert [language.spoken(w) for w in words] == said


@pytest.mark.parametrize(
    "code, gem, popular, shared",
    [
        ("fr", "la Perle rare abstraite", "la carte Populaire de guerre", "ils se partagent la 1re place"),
        ("de", "das Seltene Juwel Abstrakt", "die Beliebt-Karte Krieg", "Sie teilen sich den 1. Platz"),
    ],
)
def test_a_subdomain_agrees_with_its_card_and_a_shared_place_is_said_whole(code, gem, popular, shared):
    from scoring import bgg_card_game
    from scoring.result import rank

    gem_said = Said("the {subdomain} Rare Gem is listed twice", subdomain=bgg_card_game.beside("Rare Gem", "abstract"))
    popular_said = Said(
        "the {subdomain} Popular card is on {player}'s tableau", subdomain=bgg_card_game.beside("card", "war"), player="Ana"
    )
    (_ranking, (tie,)) = rank(["Ana", "Ben"], {"Ana": 3, "Ben": 3})
    with language.speaking(code):
        assert gem in language.spoken(gem_said) and popular in language.spoken(popular_said)
        assert shared in language.spoken(tie)


@pytest.mark.parametrize(
    "code, queen, king, four_of_clubs",
    [("en", "Q♥", "K♠", "4C"), ("de", "D♥", "K♠", "Kreuz 4"), ("fr", "D♥", "R♠", "4 de trèfle")],
)
def test_card_commons_cards_are_shown_and_named_as_the_readers_deck_says_them(code, queen, king, four_of_clubs):
    """A German deck's queen is D(ame), a French king R(oi); a screen reader says a card in the reader's suit words
    (the English accessible names, "nest egg 4C", stay as the tests and docs/screens.md know them)."""
    from companion.ui.games.card_commons import card_words
    from scoring import card_commons

    with language.speaking(code):
        assert [language.spoken(card_commons.pretty(c)) for c in ("QH", "KS")] == [queen, king]
        assert card_words("4C") == four_of_clubs


def test_a_notice_kept_for_a_later_start_keeps_its_times_and_words_to_say_them_in_the_readers_language():
    """notices.json keeps a moment, a month and a word beside its noun as such (not as English text): a later start says
    them in each reader's words."""
    from scoring.words import Moment, Month, kept, restored

    said = Said(
        "{file} was damaged: {problem}. {kept}The backup of {when} was restored; changes made after that backup may be missing.",
        file="history/2026-11.json",
        problem=Said("the games finished in {month} are not shown", month=Month(2026, 11, 1)),
        kept="",
        when=Moment(2026, 11, 29, 14, 10),
    )
    again = restored(kept(said))
    assert again == said and "2026-11-29 14:10" in again
    with language.speaking("de"):
        german = language.spoken(again)
    assert "Sicherung vom So., 29. Nov. 2026, 14:10" in german and "im Nov. 2026 beendeten Partien" in german, german
    green = restored(kept(Said.beside("tile", "green")))
    with language.speaking("fr"):
        assert language.spoken(green) == "verte"
