"""The bar under the thumb in one row in every language (issue 62: in German "Ergebnisse" took a second row and
covered Lost Cities' 10s): the words are weighed as Chromium draws them (widgets/label_width.py), and a word that
does not fit gives way to its icon, the least needed first, still named by its word. How the bar lies on the page
in German and French, on both phones, for every game: tests/e2e/test_screen_sizes.py."""

from __future__ import annotations

import unicodedata
from pathlib import Path

import flet as ft
import flet_web
import pytest

from companion import language
from companion.ui.widgets import label_width
from companion.ui.widgets.bar_buttons import SPACING, SPARE, BarButton, worded
from tests import every_game
from tests.ui.harness import accessible_name, walk

ROBOTO = Path(flet_web.__file__).parent / "web" / "assets" / "fonts" / "roboto.woff2"


def listed(codepoint: int) -> bool:
    """The characters ADVANCES lists: Latin-1, Latin Extended-A, general punctuation and the minus sign, printed ones."""
    in_range = 0x20 <= codepoint <= 0x17F or 0x2000 <= codepoint <= 0x206F or codepoint == 0x2212
    return in_range and unicodedata.category(chr(codepoint))[0] in "LNPSZ"


def test_the_advances_are_those_of_the_roboto_flet_serves():
    from fontTools.ttLib import TTFont

    font = TTFont(ROBOTO)
    cmap, metrics = font.getBestCmap(), font["hmtx"]
    read: dict[int, str] = {}
    for codepoint in sorted(c for c in cmap if listed(c)):
        advance = metrics[cmap[codepoint]][0]
        read[advance] = read.get(advance, "") + chr(codepoint)
    table = "\n".join(f"    {advance}: {chars!r}," for advance, chars in sorted(read.items()))
    assert font["head"].unitsPerEm == label_width.UNITS_PER_EM
    assert read == label_width.ADVANCES, f"Flet serves another Roboto: ADVANCES should be\n{table}"


# A worded button of the bar (12 px each side, an 18 px icon and 8 after it), as wide as Chromium drew it on the
# German, French and English play screens (tests/e2e/test_screen_sizes.py's pages, read off their semantics boxes).
DRAWN = (
    ("Undo", 83),
    ("Next round", 119),
    ("Results", 97),
    ("Score round 1", 138),
    ("Rückgängig", 124),
    ("Nächste Runde", 146),
    ("Ergebnisse", 120),
    ("Runde 1 werten", 148),
    ("Annuler", 99),
    ("Manche suivante", 157),
    ("Résultats", 109),
    ("Compter la manche 1", 185),
)


@pytest.mark.parametrize(("label", "width"), DRAWN)
def test_a_worded_button_is_as_wide_as_chromium_draws_it(label, width):
    assert BarButton(label, None, ft.Icons.CHECK).width(worded=True) == pytest.approx(width, abs=0.5)


UNDO = BarButton("Undo", None, ft.Icons.UNDO, keep=1)  # 83 px with its word
NEXT = BarButton("Next round", None, ft.Icons.ARROW_FORWARD, keep=4)  # 119
RESULTS = BarButton("Results", None, ft.Icons.EMOJI_EVENTS)  # 97
ROUND_2 = BarButton("Round 2", None, short="2")  # no icon: its number (Lost Cities' rounds on a tablet)


@pytest.mark.parametrize(
    ("buttons", "room", "words"),
    [
        ((UNDO, NEXT, RESULTS), 340, (True, True, True)),
        ((UNDO, NEXT, RESULTS), 316, (True, True, True)),  # 83.1 + 119.4 + 96.9, two gaps of 6 and the spare 4: 315.4
        ((UNDO, NEXT, RESULTS), 315, (True, True, False)),  # Results first: 83.1 + 119.4 + 48 + 16 = 266.5
        ((UNDO, NEXT, RESULTS), 266, (False, True, False)),  # then Undo: 231.4
        ((UNDO, NEXT, RESULTS), 231, (False, False, False)),  # the round's button last
        ((ROUND_2, UNDO, RESULTS), 200, (False, True, False)),  # a round's word goes as early as Results' (keep 0)
        ((), 0, ()),
    ],
)
def test_the_least_needed_word_gives_way_first(buttons, room, words):
    assert worded(buttons, room) == words


def drawn_bar(h) -> list[ft.Control]:
    """The buttons of the play screen's bar, as drawn."""
    bar = h.find_semantics("play-actions")
    return [c for c in walk(bar) if isinstance(c, ft.Button | ft.OutlinedButton)]


@pytest.mark.parametrize("code", ["en", "de", "fr"])
def test_every_play_screens_bar_fits_a_small_phone_and_names_each_button(open_app, store, code):
    """Every game with a screen, under way as its worked example stands, on a 360 px phone: the drawn buttons and
    their gaps fit the row, an icon in place of a word is named by that word (a screen reader, and Playwright's
    get_by_role, hear it) and says it as its tooltip (a greyed one says why); in English a bar of three keeps its words."""
    room = 360 - 2 * (6 + 4)  # the view's padding and the bar's
    words = language.catalog(code).gettext
    for game in every_game.with_screens():
        game_id = store.create(every_game.record(every_game.example_of(game, decided=False))).id
        h = open_app(f"/play/{game_id}", width=360, height=740, languages=[code])
        h.settle()  # the browser's languages are asked once the page is up
        buttons = drawn_bar(h)
        names = [accessible_name(b) for b in buttons]
        assert words("Undo") in names and words("Results") in names, f"{game}: {names}"
        icons = [b for b in buttons if isinstance(b.content, ft.Icon)]
        untold = [accessible_name(b) for b in icons if b.tooltip != accessible_name(b) and not b.disabled]  # greyed: why, instead
        assert not untold, f"{game}: an icon without its word as its tooltip: {untold}"
        width = sum(48 if b in icons else BarButton(b.content.value, None, b.icon).width(True) for b in buttons)
        assert width + SPACING * (len(buttons) - 1) + SPARE <= room, f"{game} in {code}: {names} need {width:.0f} px"
        if code == "en" and len(buttons) <= 3:  # Undo, the round's button, Results: as they always stood in English
            assert not icons, f"{game}: English lost a word on a 360 px phone ({names})"
