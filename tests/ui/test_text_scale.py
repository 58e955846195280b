"""The browser's text scale, as the page's overlay measures it (widgets/text_probe.py: the server never hears it
otherwise). At large text the title leaves the app bar; a play screen opened later starts from the scale measured,
rather than drawing at 100 % first; a crafted size never makes a card absurd."""

from __future__ import annotations

import flet as ft

import scoring
from companion.ui.widgets.controls import CardButton

from .harness import walk

PHONE = 390  # px: the harness's page width
LINE = 18.6  # px: the probe's empty line at 100 % (games/base.py PROBE_LINE)


def measure(h, height: float) -> None:
    """The browser lays the probe's line out `height` px tall and says so, as Flutter's size-change event does."""
    (probe,) = [c for c in walk(h.page.overlay) if isinstance(c, ft.Text) and c.key == "text probe"]
    h.fire(probe, "size_change", {"w": 0, "h": height})


def title_in_bar(h) -> bool:
    bar = h.top_view().appbar
    return bar.title is not None and any(isinstance(t, ft.Text) and t.value for t in walk(bar.title))


def test_large_text_moves_the_title_and_a_screen_opened_later_starts_from_it(open_app, store):
    first = store.create(scoring.new_record("six-nimmt", ["Ana", "Ben"])).id
    second = store.create(scoring.new_record("lost-cities", ["Mia", "Noah"])).id
    h = open_app(f"/play/{first}")
    assert title_in_bar(h)
    measure(h, LINE * 2)
    h.settle_until(lambda: not title_in_bar(h))
    h.run(h.page.push_route(f"/play/{second}"))
    h.settle()
    assert not title_in_bar(h), "the next play screen drew its title in the bar first, at 100 %"


def test_the_text_is_measured_on_home_before_any_play_screen(open_app, store):
    game = store.create(scoring.new_record("six-nimmt", ["Ana", "Ben"])).id
    h = open_app("/")
    measure(h, LINE * 2)
    h.run(h.page.push_route(f"/play/{game}"))
    h.settle()
    assert not title_in_bar(h), "the play screen drew its title in the bar first, at 100 %"


def test_a_crafted_size_keeps_the_scale_within_what_a_browser_offers(open_app, store):
    h = open_app(f"/play/{store.create(scoring.new_record('six-nimmt', ['Ana', 'Ben'])).id}")
    measure(h, 1e9)
    h.settle_until(lambda: not title_in_bar(h))
    widths = {c.width for c in h.find_all(CardButton)}
    assert widths and 5 * max(widths) <= PHONE, f"a card {max(widths)} px wide: five no longer fit a row of the phone"
    measure(h, 0)  # a line not laid out yet tells nothing
    assert not title_in_bar(h)
    measure(h, LINE)
    h.settle_until(lambda: title_in_bar(h))


def test_at_large_text_a_photo_buttons_words_take_lines_rather_than_an_ellipsis(open_app, store):
    game = store.create(scoring.new_record("lost-cities", ["Mia", "Noah"], {"rounds": 1}, {})).id
    h = open_app(f"/play/{game}")

    def button() -> ft.OutlinedButton:
        (found,) = h.buttons("Photo of Mia's tableau")
        return found

    assert (button().content.max_lines, button().height) == (1, 48)  # at 100 %: one line, "…" for a long name
    measure(h, LINE * 2)
    h.settle_until(lambda: button().content.max_lines > 1)
    assert button().height is None  # as tall as its lines
