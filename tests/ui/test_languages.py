"""Tableside in the reader's language (issue 53): the catalogs are complete and compiled, plural forms follow each
language's rule, a session speaks the device's language (its own choice in Settings, else its browser's), a guest's
phone its own beside a host that speaks another, and a screen that speaks a language leaves no English behind.

The last is checked with a pseudo-language: every message comes out as ⟦message⟧, so any text a screen shows
outside those brackets was never marked for translation (names, numbers and language names aside)."""

from __future__ import annotations

import gettext
import re

import flet as ft
import pytest

from companion import language
from companion.language import catalogs
from companion.ui.language import PREFERENCE

from .harness import walk

# The routes whose every word is translated so far (docs/languages.md): the walk below holds them to it.
SPEAKING = ["/settings"]
TEXT_FIELDS = ("value", "label", "tooltip", "helper", "hint_text", "semantics_label", "content", "text", "title")
NOT_WORDS = set(language.LANGUAGES.values())  # each language's name, written as its speakers write it


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
    """Every text the screen on top shows or names for a screen reader: texts, labels, tooltips, helpers, titles
    (a radio's or a field's value is a key or what was typed, not the app's words)."""
    found = []
    for control in walk(h.top_view()):
        for name in TEXT_FIELDS:
            value = getattr(control, name, None)
            if name == "value" and not isinstance(control, ft.Text | ft.Markdown):
                continue
            if isinstance(value, str) and value.strip():
                found.append(value)
    return found


def choose_language(h, name: str) -> None:
    radio = h.find(ft.Radio, label=name)
    group = next(g for g in h.find_all(ft.RadioGroup) if radio in g.content.controls)
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
    outside = re.sub(r"⟦[^⟧]*⟧", " ", text)
    for name in NOT_WORDS:
        outside = outside.replace(name, " ")
    return outside if re.search(r"[A-Za-z]{2,}", outside) else ""


@pytest.mark.parametrize("route", SPEAKING)
def test_a_screen_that_speaks_a_language_leaves_no_english_behind(open_app, monkeypatch, route):
    real = language.catalog
    monkeypatch.setattr(language, "catalog", lambda code: Pseudo() if code == "xx" else real(code))
    monkeypatch.setitem(language.LANGUAGES, "xx", "Pseudo")
    NOT_WORDS.add("Pseudo")
    try:
        h = open_app(route, browser_storage={PREFERENCE: "xx"})  # a device that chose the pseudo-language
        h.settle()
        shown = texts(h)
        assert any(t.startswith("⟦") for t in shown)
        assert [t for t in shown if left_in_english(t)] == []
    finally:
        NOT_WORDS.discard("Pseudo")


def test_the_walk_sees_english_left_behind():
    assert left_in_english("⟦Settings⟧") == ""
    assert left_in_english("⟦PIN set.⟧ Weak PIN").strip() == "Weak PIN"
    assert left_in_english("Deutsch") == "" and left_in_english("12 – 3") == ""
