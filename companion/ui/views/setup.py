"""Setup: who plays, in which seats, who starts, and the game's variants."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

import flet as ft

import scoring
from companion.language import _, spoken
from companion.services import game_details, topics
from companion.services.games import StoreWriteError, route_id
from companion.services.remembered import Setup
from companion.ui import games as game_screens
from companion.ui.session import App
from companion.ui.themes import focus_style
from companion.ui.views import game_log
from companion.ui.widgets.controls import FORM_WIDTH, TAP, bar_title, icon_button, screen_title, section, short_name
from companion.ui.widgets.help_dialog import how_scoring_works
from companion.ui.widgets.hooks import use_changes
from companion.ui.widgets.navigation import back_button
from companion.ui.widgets.typed_field import TypedField
from scoring.names import MAX_NAME, clean_name, name_problem

pick_seat = random.SystemRandom().randrange  # who starts at random: n → a seat in range(n)


def rotated(players: list[str], first: int) -> list[str]:
    """The seats turned so that seat `first` starts: clockwise order is kept (B C A from A B C, never B A C)."""
    return players[first:] + players[:first]


def tap_size(button: ft.IconButton) -> ft.IconButton:
    """An icon button with a 48 × 48 target (Flet's default is 40)."""
    button.width = button.height = TAP
    return button


@dataclass(frozen=True)
class Form:
    """What this device has entered on a game's setup screen, not yet stored."""

    game: str
    variant: dict[str, Any]
    players: tuple[str, ...] = ()
    chosen: dict[str, str] = field(default_factory=dict)  # each player's setup choice, e.g. a publisher colour
    name: str = ""  # what is typed in the name field
    message: str = ""  # the last refusal
    chance: str = ""  # who the random pick chose, until the seats change again
    location: str = ""  # where the game is played (game_details.py), the last place used to begin with
    notes: str = ""


def fresh_form(app: App, game: str) -> Form:
    """A game's setup as remembered here: the options last chosen for it, the place last entered; for a game
    named per record (a score pad), its last setup whole, its players too (the recent ones are a tap away)."""
    recent = app.remembered.recent_setups(game)
    if recent:
        return Form(game, dict(recent[0].variant), players=recent[0].players, location=app.remembered.location())
    return Form(game, app.remembered.variant(game), location=app.remembered.location())


def stored_variant(variant: dict[str, Any]) -> dict[str, Any]:
    """The options a game starts with: an optional one left empty (a score pad's target) is left out."""
    return {key: value for key, value in variant.items() if value is not None}


def carried_over(game: str, remembered: dict[str, Any], variant: dict[str, Any]) -> str:
    """What a setup says it carried over from the last game of `game` ("As last time: short game: 1 round."),
    while its options are still as remembered; "" when they are the game's defaults or were changed here."""
    words = scoring.GAMES[game].variant_words(remembered) if variant == remembered else ()
    return _("As last time: {options}.").format(options=", ".join(spoken(w) for w in words)) if words else ""


def recent_games(app: App, game: str, variant: dict[str, Any], pick: Callable[[Setup], None]) -> list[ft.Control]:
    """The games of `game` last set up here, by their names ("Hearts", "Skyjo"): a tap brings back its name,
    options and players. The one the form holds now is filled."""
    rules = scoring.GAMES[game]
    setups = app.remembered.recent_setups(game)
    if not setups:
        return []
    current = rules.identity(variant)
    buttons: list[ft.Control] = [
        (ft.FilledTonalButton if rules.identity(s.variant) == current else ft.OutlinedButton)(
            content=ft.Text(short_name(rules.display_title(s.variant), 24), semantics_label=rules.display_title(s.variant)),
            tooltip=_("As last time: {players}").format(players=", ".join(s.players)),
            height=TAP,
            on_click=lambda e, s=s: pick(s),
            key=f"recent {rules.identity(s.variant)[1]}",
        )
        for s in setups
    ]
    return [
        ft.Text(_("Played here lately:"), size=13),
        ft.Semantics(identifier="recent-games", container=True, content=ft.Row(buttons, wrap=True, spacing=6, run_spacing=6)),
    ]


@ft.component
def view(app: App, game: str) -> ft.View:
    known = game in scoring.GAMES
    use_changes(app, topics.LIVE, topics.HISTORY)  # the recent players' buttons
    first: Form = ft.use_memo(lambda: fresh_form(app, game) if known else Form(game, {}), [])
    held, set_form = ft.use_state(first)
    if not known:
        return ft.View(
            route=f"/setup/{game}",
            appbar=ft.AppBar(title=screen_title(_("Unknown game"))),
            controls=[ft.Text(_("There is no game called '{game}'.").format(game=game))],
        )
    rules = scoring.GAMES[game]
    screen = game_screens.screen(game)
    needed = _("{game} is played by {players}.").format(game=rules.title, players=spoken(rules.player_counts))

    def ours(f: Form) -> Form:
        """The form of this game (the same screen drawn for another game, a typed address, starts afresh)."""
        return f if f.game == game else fresh_form(app, game)

    form = ours(held)
    players = list(form.players)
    full = screen.choices(players, form.chosen)  # every player's choice: as chosen, else the game's pick

    # Each change is made to the form as it is when it arrives (two taps sent before a redraw both count).
    def update(change: Callable[[Form], Form]) -> None:
        set_form(lambda f: change(ours(f)))

    def seated(f: Form, new: list[str], **changed: Any) -> Form:
        """The seats change: what was picked for the players who stay is kept; the random pick is no longer news."""
        kept = screen.choices(list(f.players), f.chosen)
        return replace(f, players=tuple(new), chosen={p: c for p, c in kept.items() if p in new}, chance="", **changed)

    def add(typed: str | None) -> None:
        def adding(f: Form) -> Form:
            added = clean_name(typed)
            problem = name_problem(added, list(f.players))
            if problem is None and len(f.players) >= rules.max_players:
                problem = needed
            if problem is not None:
                return replace(f, message=spoken(problem), chance="")
            return seated(f, [*f.players, added], name="", message="")

        update(adding)

    def reseated(player: str, change: Callable[[list[str], int], list[str]]) -> None:
        """`change` gets the seats as the form has them now and `player`'s seat (a row's tap names its player)."""
        update(lambda f: seated(f, change(list(f.players), f.players.index(player))) if player in f.players else f)

    def move(player: str, delta: int) -> None:
        def swapped(seats: list[str], i: int) -> list[str]:
            if 0 <= i + delta < len(seats):
                seats[i], seats[i + delta] = seats[i + delta], seats[i]
            return seats

        reseated(player, swapped)

    def remove(player: str) -> None:
        reseated(player, lambda seats, i: seats[:i] + seats[i + 1 :])

    def make_first(player: str) -> None:
        # Seats stay in clockwise order: rotate so that this player sits first.
        reseated(player, rotated)

    def random_first(e) -> None:
        def picking(f: Form) -> Form:
            new = rotated(list(f.players), pick_seat(len(f.players)))
            return replace(seated(f, new, message=""), chance=_("{player} starts, chosen at random.").format(player=new[0]))

        update(picking)

    def set_variant(key: str, value: Any) -> None:
        update(lambda f: replace(f, variant={**f.variant, key: value}, chance=""))

    def set_variant_to(variant: dict[str, Any]) -> None:
        update(lambda f: replace(f, variant=variant, chance=""))

    def set_choice(player: str, value: str) -> None:
        update(lambda f: replace(f, chosen={**screen.choices(list(f.players), f.chosen), player: value}, chance=""))

    def set_details(key: str, text: str) -> None:
        update(lambda f: replace(f, location=text) if key == "location" else replace(f, notes=text))

    def recent_setup(setup: Setup) -> None:
        """A recent game picked (a score pad's "Hearts"): its options and its players as it last started."""
        update(lambda f: replace(seated(f, list(setup.players), message=""), variant=dict(setup.variant)))

    def start(e) -> None:
        variant = stored_variant(form.variant)
        record = game_details.with_details(scoring.new_record(game, players, variant, full), form.location, form.notes)
        try:
            stored = app.games.start(record)
        except (scoring.RecordError, StoreWriteError) as err:
            refusal = game_log.error_words(err)
            update(lambda f: replace(f, message=refusal))
            return
        try:
            app.remembered.keep_setup(game, variant, record.get("location", ""), players)
        except StoreWriteError as err:  # the game is stored: only its options are not remembered
            app.notify(str(err), error=True)
        app.go(f"/play/{route_id(stored.id)}")

    def player_row(i: int, player: str, colour: tuple[str, str]) -> ft.Control:
        extra = screen.choice_controls(player, full, set_choice)
        said, shade = colour
        # Two lines, so that a 360 px phone (or 200 % text) keeps every control: who, then what to do.
        who = ft.Row(
            [
                ft.Container(
                    width=14,
                    height=14,
                    border_radius=7,
                    bgcolor=shade,
                    tooltip=_("{player}'s colour: {colour}").format(player=player, colour=spoken(said)),
                ),
                ft.Text(f"{i + 1}.", width=24),
                ft.Text(short_name(player, 24), tooltip=player, expand=True, weight=ft.FontWeight.BOLD if i == 0 else None),
                ft.Text(_("first player") if i == 0 else "", size=12, color=ft.Colors.PRIMARY),
            ],
            spacing=6,
        )
        buttons = ft.Row(
            [
                *extra,
                tap_size(
                    icon_button(
                        ft.Icons.STAR_BORDER, _("{player} starts").format(player=player), lambda e: make_first(player), visible=i > 0
                    )
                ),
                tap_size(
                    icon_button(
                        ft.Icons.ARROW_UPWARD,
                        _("Move {player} up").format(player=player),
                        lambda e: move(player, -1),
                        disabled=i == 0,
                        reason=_("In the first seat already."),
                    )
                ),
                tap_size(
                    icon_button(
                        ft.Icons.ARROW_DOWNWARD,
                        _("Move {player} down").format(player=player),
                        lambda e: move(player, 1),
                        disabled=i == len(players) - 1,
                        reason=_("In the last seat already."),
                    )
                ),
                tap_size(icon_button(ft.Icons.CLOSE, _("Remove {player}").format(player=player), lambda e: remove(player))),
            ],
            spacing=0,
            wrap=True,
            alignment=ft.MainAxisAlignment.END,
        )
        # Keyed by the player: a row follows its player when the seats change. A chooser's label sits on
        # its top border: room above it, so it does not touch the name line.
        return ft.Column([who, buttons], spacing=10 if extra else 0, key=f"seat {player}")

    recent = [p for p in app.players_admin.recent() if p not in players]
    count_ok = rules.min_players <= len(players) <= rules.max_players
    colours = screen.player_colours(players, full, app.dark)  # one per player: a publisher's colour where the game has one
    options = screen.variant_controls(form.variant, set_variant, players)
    named_per_record = rules.variant_title is not None  # a score pad: its name is typed here, its recent ones offered
    carried = "" if named_per_record else carried_over(game, ours(first).variant, form.variant)
    lately = recent_games(app, game, form.variant, recent_setup) if named_per_record else []
    if options and carried:  # said above the options it names, with the way back to the game's own
        usual = ft.TextButton(
            _("Usual options"), height=TAP, on_click=lambda e: set_variant_to(dict(rules.default_variant)), style=focus_style()
        )
        options = [ft.Semantics(identifier="carried-over", content=ft.Text(carried, color=ft.Colors.PRIMARY)), usual, *options]

    async def add_typed(e) -> None:
        """Enter adds the name the field holds as the key is pressed, and the field keeps the focus for the next
        (Flutter takes it from a field after Enter): a table's names typed one after the other."""
        add(e.control.value)
        await e.control.focus()  # the field on the page (a drawing Flet kept the old one for is never on it)

    # counter="": the limit still holds, without a "0/200" under the field
    name_field = TypedField(
        form.name,
        lambda text: update(lambda f: replace(f, name=text)),
        label=_("Player name"),
        on_submit=add_typed,
        max_length=MAX_NAME,
        counter="",
        expand=True,
    )
    # A game named per record is named first: its name (and a recent game's players) before anything else.
    game_options = [section(_("Game")), *lately, *options] if named_per_record else []
    body = ft.Column(
        [
            *game_options,
            section(_("Players")),
            ft.Text(_("{players}, in seat order, clockwise. The first seat starts.").format(players=spoken(rules.player_counts)), size=13),
            ft.Row([name_field, tap_size(icon_button(ft.Icons.PERSON_ADD, _("Add player"), lambda e: add(form.name)))]),
            ft.Text(form.message, color=ft.Colors.ERROR),
            ft.Row(
                [
                    ft.OutlinedButton(
                        content=ft.Text(short_name(p), semantics_label=_("Add {player}").format(player=p)),
                        height=TAP,
                        on_click=lambda e, p=p: add(p),
                        style=focus_style(),
                    )
                    for p in recent
                ],
                wrap=True,
                visible=bool(recent),
            ),
            *[player_row(i, p, colours[p]) for i, p in enumerate(players)],
            ft.OutlinedButton(
                _("Random first player"),
                icon=ft.Icons.CASINO,
                height=TAP,
                on_click=random_first,
                visible=len(players) > 1,
                style=focus_style(),
            ),
            ft.Text(form.chance, color=ft.Colors.PRIMARY),
            *([section(_("Options")), *options] if options and not named_per_record else []),
            section(_("Where and notes")),
            *game_log.setup_fields(form.location, form.notes, set_details),
            ft.FilledButton(
                _("Start game"),
                icon=ft.Icons.PLAY_ARROW,
                disabled=not count_ok,
                tooltip=None if count_ok else needed,
                on_click=start,
                height=48,
                style=focus_style(),
            ),
            ft.Text(needed, size=13, visible=not count_ok),  # why Start game is greyed
        ],
        spacing=12,
        width=FORM_WIDTH,
    )
    return ft.View(
        route=f"/setup/{game}",
        appbar=ft.AppBar(
            leading=back_button(app),
            title=bar_title(_("Another game") if named_per_record else _("New game of {game}").format(game=rules.title)),
            actions=[how_scoring_works(app, game)],
        ),
        controls=[body],
        scroll=ft.ScrollMode.AUTO,
        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
    )
