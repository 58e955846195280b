"""Small controls shared by screens: steppers, toggles, score badges, section titles (headings), selectable texts."""

from __future__ import annotations

import logging
import time
import weakref
from collections.abc import Callable, Iterable, Mapping, Sequence

import flet as ft

from companion.language import N_, _, spoken
from companion.ui.themes import focus_outline, focus_style
from companion.ui.widgets.palette import on
from scoring import number
from scoring.fields import ordinal, sentence

log = logging.getLogger("tableside")

TAP = 48  # minimum tap target, in logical pixels
SMALLEST_TEXT = 12  # no text on a play screen is smaller
# A button of a phone's switch row or of the bar under the thumb: 48 tall, less wide (Undo, Next round and
# Results fit one row of a 360 px phone, so Lost Cities' cards keep that height).
SNUG = ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=12))


def icon_button(
    icon: ft.IconData, label: str, on_click, disabled: bool = False, visible: bool = True, reason: str | None = None
) -> ft.IconButton:
    """An icon button whose accessible name is `label` (a tooltip alone names only its wrapper),
    48 × 48 like every target (Flutter's default is 40). Disabled, its tooltip is `reason`: why not."""
    return ft.IconButton(
        icon=ft.Icon(icon, semantics_label=label),
        tooltip=reason if disabled and reason else label,
        on_click=on_click,
        disabled=disabled,
        visible=visible,
        size_constraints=ft.BoxConstraints(min_width=TAP, min_height=TAP),
        style=focus_style(),
    )


# Translators: a card another player holds (or the rules refuse now), as a screen reader reads it where the game
# does not say whose; {card} is the card's name ("You commission 3S").
TAKEN = N_("{card}, taken")


def card_button(
    text: str,
    label: str,
    on_click,
    state: str = "free",
    colour: str = "#546E7A",
    width: float = 52,
    icon: ft.IconData | None = None,
    disabled: bool = False,
    height: float = TAP,
    marks: str = "",
    said: str | None = None,
) -> ft.Control:
    """One physical card: `held` (filled), `free` (outlined) or `taken` (by another player: struck
    through and faded, yet tappable, so the tap reaches the rules and the refusal says whose it is;
    read as taken, and whose where the game says so: `said`).

    `label` is the accessible name of a free or held card, e.g. "Mia red 7" (a taken one's is `said`, else
    "Mia red 7, taken"), and keys it; `text` is what the card shows; `colour` is the
    card's colour for the theme shown ('#RRGGBB', from palette.ink): a held card's text is black or
    white, whichever stands out on it.

    The key holds the state, so a card that changes state is a new control: a tap sent while the
    screen still showed the old state can never reach the new card and mean its opposite (a free
    card tapped on two screens at once is added once, never added and then taken back). The keyboard
    stays on the card all the same: the card this device tapped last, put on the page in its new
    state, takes the focus (CardButton, Refocus).

    `disabled`: not this device's to change (a guest's phone, for the table's cards): greyed, and
    disabled for screen readers too; a line near it says why.

    `height`: 48 (TAP) unless a whole tableau must fit a phone's screen (Lost Cities, docs/screens.md).

    `marks`: a line of small marks under the text, in its colour (6 nimmt!'s bullheads, one • each).

    `said`: the name a screen reader reads instead of `label` (a taken card's: "Ben's blue 4, taken"; Flutter's web
    engine puts no hint or description into the browser's tree, so the name says it).

    A card is a text button: a focus node of its own that Flet can focus (an inked box cannot be), Space and
    Enter on the web (a Cupertino button answers Space only there), a Tab stop in reading order, and the
    buttons' 3 px focus outline outside it (themes.focus_outline). bench/tap.py measures what a tap costs.
    """
    held, taken = state == "held", state == "taken"
    if taken and said is None:  # a game that does not say whose: still not to be mistaken for a free card
        said = _(TAKEN).format(card=label)
    fg = on(colour) if held and not disabled else ft.Colors.ON_SURFACE_VARIANT if taken or disabled else colour
    content = (
        ft.Icon(icon, semantics_label=said or label, color=fg, size=20)
        if icon
        else ft.Text(
            text,
            semantics_label=said or label,
            weight=ft.FontWeight.BOLD,
            color=fg,
            font_family="DejaVu",
            style=ft.TextStyle(decoration=ft.TextDecoration.LINE_THROUGH) if taken else None,
            text_align=ft.TextAlign.CENTER if marks else ft.TextAlign.START,
            # A card's number or rank is never broken over two lines, the second cut off: at 200 % text 6 nimmt!'s
            # 11 read "1". A card's name (a word or more) still wraps.
            no_wrap=len(text) <= 4,
            # Tight marks: seven of them fit a card 30 px wide (a text's spans are said by its label, not read).
            spans=[ft.TextSpan("\n" + marks, ft.TextStyle(size=SMALLEST_TEXT, letter_spacing=-0.5, height=0.9))] if marks else None,
        )
    )

    key = f"{label}:{state}"

    def tapped(e: ft.Event[ft.TextButton]) -> None:
        refocus.tapped(e.page.session, label, key)
        on_click(e)

    edge = ft.BorderSide(1, ft.Colors.OUTLINE) if taken or disabled else ft.BorderSide(2, colour)
    card = CardButton(
        # A screen reader hears a switch named `label` (or `said`): on when the card is on this tableau,
        # unavailable when it is not this device's to change (a taken card stays pressable: its name says it).
        content=ft.Semantics(toggled=held, disabled=disabled, content=content),
        on_click=tapped,  # a disabled card (greyed, `disabled`) is not tapped in the browser
        disabled=disabled,
        key=key,
        width=width,
        height=height,
        style=ft.ButtonStyle(
            bgcolor=(ft.Colors.SURFACE_CONTAINER_HIGHEST if disabled else colour) if held else ft.Colors.SURFACE,
            shape=CARD_SHAPE,
            padding=NO_PADDING,
            # A taken card's edge stands out 3:1 from the page in every theme (WCAG 1.4.11: it can still be
            # tapped); OUTLINE_VARIANT was 1.6-2.2:1. Focused, the buttons' outline outside it (themes.focus_style).
            side={ft.ControlState.FOCUSED: focus_outline(), ft.ControlState.DEFAULT: edge},
            elevation=0,
        ),
    )
    # The browser redraws what a patch names, and a control whose child is replaced rebuilds all its
    # children: the card (replaced when its state changes) sits in a holder of its own, so a tap
    # rebuilds that holder, not the column of cards it stands in. The holder is the card's one semantics
    # node, which the new card's replaces inside it, so the tableau's list of nodes stays as it was
    # (docs/scaling.md). It merges what is under it: the button and the Semantics in it both set an enabled
    # state, and apart they were two nodes, a button around the switch (nested controls, read twice).
    return ft.MergeSemantics(content=card, key=label)


CARD_SHAPE = ft.RoundedRectangleBorder(radius=8)
NO_PADDING = ft.Padding.all(0)


@ft.control
class CardButton(ft.TextButton):
    """A card (card_button): focuses itself when it comes on the page in place of the card this device just tapped.
    Asked here, once Flet has put this very control on the page: a control a component returns may be a drawing
    that Flet leaves behind (the one on the page patched instead), and Flet's client answers `focus` once the
    button is built (it waits for it)."""

    def did_mount(self) -> None:
        super().did_mount()
        if refocus.claim(self.page.session, str(self.key)):
            self.page.run_task(self._take_focus)

    async def _take_focus(self) -> None:
        try:
            await self.focus()
        except Exception:  # the card left the page before the browser built it: nothing to focus
            log.debug("card %s not focused", self.key, exc_info=True)


class Refocus:
    """The card this device tapped last, per session: drawn again in another state it is a new control (card_button's
    key), and Flutter drops the keyboard's focus with the old one (to the control focused before it); the new one
    takes it back once it is on the page (CardButton). A tap the rules refuse changes nothing, so its mark lapses."""

    WITHIN = 10.0  # s: a tap's answer comes well within it; a card changed later by another device takes nothing

    def __init__(self) -> None:
        self._last: weakref.WeakKeyDictionary[object, tuple[str, str, float]] = weakref.WeakKeyDictionary()

    def tapped(self, session: object, label: str, key: str) -> None:
        self._last[session] = (label, key, time.monotonic())

    def claim(self, session: object, key: str) -> bool:
        """Whether the card keyed `key`, just put on the page, is the one this device tapped last, come back changed
        by it: once (the mark is spent)."""
        last = self._last.get(session)
        if last is None or last[1] == key or key.rsplit(":", 1)[0] != last[0] or time.monotonic() - last[2] > self.WITHIN:
            return False
        del self._last[session]
        return True


refocus = Refocus()


def stepper(
    label: str,
    value: int,
    on_change: Callable[[int], object],  # what it returns is ignored
    low: int,
    high: int,
    down: Callable[[int], int] | None = None,
    up: Callable[[int], int] | None = None,
    show: Callable[[int], str] = number,
    reasons: tuple[str | None, str | None] = (None, None),
    narrow: bool = False,
) -> ft.Row:
    """`− value +` for a small whole number; `down`/`up` map the value to the next one (e.g. 2 → 0).
    `reasons`: why − and + are greyed when they are (the rules' words); by default, the limit.
    `narrow`: 124 px wide rather than 140, for a tableau among six on a tablet held upright."""
    down = down or (lambda v: v - 1)
    up = up or (lambda v: v + 1)
    lowest = spoken(reasons[0]) if reasons[0] else _("It cannot go below {value}").format(value=show(low))
    highest = spoken(reasons[1]) if reasons[1] else _("It cannot go above {value}").format(value=show(high))
    return ft.Row(
        [
            icon_button(
                ft.Icons.REMOVE,
                _("{label} minus").format(label=label),
                lambda e: on_change(max(low, down(value))),
                disabled=value <= low,
                reason=sentence(lowest),
            ),
            ft.Container(
                ft.Text(
                    show(value),
                    size=18,
                    weight=ft.FontWeight.BOLD,
                    text_align=ft.TextAlign.CENTER,
                    semantics_label=f"{label} {show(value)}",
                ),
                width=28 if narrow else 44,
                alignment=ft.Alignment.CENTER,
            ),
            icon_button(
                ft.Icons.ADD,
                _("{label} plus").format(label=label),
                lambda e: on_change(min(high, up(value))),
                disabled=value >= high,
                reason=sentence(highest),
            ),
        ],
        spacing=0,
        tight=True,
        key=f"stepper {label}",  # keyed: a stale tap still reaches it when rows above it come and go
    )


NARROW_TABLEAU = 150  # a tableau narrower than this (px) takes narrow steppers


SIDES = 2 * 16  # px of a page's width outside its content, at most (Flet's view pads 10 a side)
FORM_WIDTH = 640  # the setup and settings screens' column, at most


def at_text_scale(width: float, text_scale: float, page_width: float | None = None) -> float:
    """A width written for 100 % text, as much wider as the browser's text is (never narrower); within the page, less
    its sides, where its width is given."""
    wider = width * max(1.0, text_scale)
    return min(wider, page_width - SIDES) if page_width else wider


def place_width(text_scale: float) -> float:
    """A column of places' width ("1st", "2e", "10."), at the browser's text scale: 44 px held "2nd" only at 100 %."""
    return at_text_scale(44, text_scale)


SWITCH_ROOM = SIDES + 60  # px of a form's row not for a switch's label: the page's sides; the switch, padded


def option_switch(label: str, value: bool, on_change: Callable[[ft.Event[ft.Switch]], None]) -> ft.Switch:
    """An on/off option (a game's on the setup screen, a setting): Flutter draws a switch 40 px tall, padded here to 48.
    Its label is as wide as the form's row leaves it, and wraps there: Flet lays a switch's label beside it in a row
    of its own, where a label longer than the phone was cut at its right edge ("Partie courte : 1 manche (la partie
    complète en compte 3)" at 360 px; any longer one at 200 % text)."""
    width = min(ft.context.page.width or FORM_WIDTH, FORM_WIDTH) - SWITCH_ROOM
    return ft.Switch(
        label=ft.Text(label, width=width),
        value=value,
        on_change=on_change,
        padding=ft.Padding.symmetric(horizontal=4, vertical=(TAP - 40) / 2),
    )


def bar_title(text: str) -> ft.Semantics:
    """An app bar's title that is never cut: a game's full name ("New game of BoardGameGeek: The Card Game")
    wraps to a second line on a phone, in a size two lines of which fit the bar."""
    return screen_title(ft.Text(text, size=18, max_lines=2, overflow=ft.TextOverflow.ELLIPSIS))


def title_under_bar(text: str) -> ft.Control:
    """A screen's title on its own lines under its app bar, the page's width, at the browser's text size: at large text
    (200 %) Flutter's app bar draws its title at 134 % at most and beside the bar's buttons, where a game's long word had
    no room ("The BoardGam|eGeek Game", "BoardGameGeek: The Card …"). Words wrap whole, as many lines as they take."""
    return ft.Container(screen_title(ft.Text(text, size=18)), padding=TITLE_PADDING)


TITLE_PADDING = ft.Padding.symmetric(horizontal=10, vertical=2)


def screen_title(text: str | ft.Text) -> ft.Semantics:
    """A screen's title, in its app bar: the screen's heading of level 1 (Flutter's AppBar makes its title a
    heading of level 2 unless told otherwise), above its sections' (`section`, level 2)."""
    return ft.Semantics(heading_level=1, content=text if isinstance(text, ft.Text) else ft.Text(text))


def section(text: str) -> ft.Control:
    """A section's title: a heading, the way a screen reader skims a screen (its list of headings)."""
    return heading(ft.Text(text, theme_style=ft.TextThemeStyle.TITLE_MEDIUM, weight=ft.FontWeight.BOLD))


def heading(text: ft.Text) -> ft.Semantics:
    """`text` read as a section's heading: level 2, under the screen's title (`screen_title`, level 1)."""
    return ft.Semantics(container=True, header=True, heading_level=2, content=text)


def selectable(text: str, identifier: str | None = None, live_region: bool | None = None, **style) -> ft.Semantics:
    """A text the reader may select and copy (a code, an address, a file's name) that a screen reader reads as
    text: Flutter's selectable text is, in a browser's accessibility tree, a disabled text field with no value.
    `identifier` and `live_region`: the node's, as `ft.Semantics(...)` around a text."""
    content = ft.Text(text, selectable=True, **style)
    return ft.Semantics(identifier=identifier, live_region=live_region, label=text, container=True, exclude_semantics=True, content=content)


def named(dropdown: ft.Dropdown) -> ft.Semantics:
    """A dropdown a screen reader names by its label and the option chosen ("Game All games"): Flutter's menu
    button leaves its label out, and is read as a button with no name."""
    chosen = next((o.text or o.key for o in dropdown.options if (o.key if o.key is not None else o.text) == dropdown.value), None)
    label = dropdown.label if isinstance(dropdown.label, str) else None
    return ft.Semantics(label=label, value=chosen, content=dropdown)


def short_name(name: str, limit: int = 18) -> str:
    """Very long names are kept whole in the record and shortened on screen."""
    return name if len(name) <= limit else name[: limit - 1] + "…"


def cut_name_tip(name: str, limit: int) -> str | None:
    """The whole name as the tooltip of `short_name(name, limit)` where it is cut; none where it is whole (a
    screen reader reads a tooltip too: the name said twice)."""
    return name if len(name) > limit else None


def standings(players: Sequence[str], ranking: Iterable[Iterable[str]] | None = None, totals: Mapping[str, int] | None = None) -> str:
    """'Mia 26 · Noah 16', the leader first (Home, the games in progress, the history); the players'
    names alone while there is no score (a record that does not score yet)."""
    if ranking is None or totals is None:
        return " · ".join(short_name(p) for p in players)
    return " · ".join(f"{short_name(p)} {number(totals[p])}" for group in ranking for p in group)


def total_badge(
    player: str,
    total: int,
    place: int | None,
    leading: bool,
    said: str,
    large: bool = False,
    selected: bool = False,
    compact: bool = False,
) -> ft.Control:
    """A player's name, live total and place; the identifiers are a stable contract for tests.
    `said`: the badge as one sentence ("Ana: −35 points, 2nd place"), its name in the accessibility tree (the
    name drawn is left out of it: read apart, totals and places came away from their names); a live region:
    a screen reader says it when it changes. `large` on a tablet;
    `compact` on a phone: one line (name, total, place), so the cards keep the screen's height.

    Two marks that never look alike: the leader's place comes with a trophy; the player whose cards
    this phone shows (`selected`) is filled and outlined like the filled button of the player switch.
    (The leader once had the fill, which read as "whose cards am I entering".)"""
    ink = ft.Colors.ON_PRIMARY_CONTAINER if selected else ft.Colors.ON_SURFACE
    name = ft.Text(short_name(player, 14), weight=ft.FontWeight.BOLD, tooltip=player, no_wrap=True, size=16 if large else 13, color=ink)
    score = ft.Semantics(
        identifier=f"total-{player}",
        content=ft.Text(number(total), size=44 if large else 18 if compact else 22, weight=ft.FontWeight.BOLD, color=ink),
    )
    ranked = ft.Row(
        [
            ft.Icon(ft.Icons.EMOJI_EVENTS, size=14, color=ink, visible=leading),  # no label: "1st" says it
            ft.Semantics(identifier=f"place-{player}", content=ft.Text(spoken(ordinal(place)) if place else "", size=12, color=ink)),
        ],
        spacing=2,
        tight=True,
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
    )
    parts: list[ft.Control] = [ft.Semantics(exclude_semantics=True, content=name), score, ranked]
    body: ft.Control = (
        ft.Row(parts, spacing=4, tight=True, vertical_alignment=ft.CrossAxisAlignment.CENTER)
        if compact
        else ft.Column(parts, spacing=0, horizontal_alignment=ft.CrossAxisAlignment.CENTER, tight=True)
    )
    badge = ft.Container(
        body,
        padding=ft.Padding.symmetric(horizontal=12 if large else 6 if compact else 8, vertical=4 if large else 0 if compact else 2),
        border_radius=12,
        bgcolor=ft.Colors.PRIMARY_CONTAINER if selected else ft.Colors.SURFACE_CONTAINER_HIGHEST,
        border=ft.Border.all(2, ft.Colors.PRIMARY if selected else ft.Colors.TRANSPARENT),
    )
    return ft.Semantics(label=said, container=True, live_region=True, content=badge)
