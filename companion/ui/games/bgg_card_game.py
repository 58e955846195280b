"""BoardGameGeek: The Card Game play screen: played groups per subdomain (2–10 cards, the
Popular card) and collection groups (pick subdomains, mark Rare Gems). Every tap is an action;
what the deck still allows, and why not, is asked of `scoring.bgg_card_game`."""

from __future__ import annotations

import flet as ft

from companion.language import N_, _
from companion.ui.games.base import GameScreen, line_words
from companion.ui.themes import focus_style
from companion.ui.widgets.controls import TAP, card_button, section, short_name, stepper
from companion.ui.widgets.palette import ink
from scoring import Action
from scoring import bgg_card_game as rules
from scoring.words import Said, decimal

# Each subdomain as its cards name it ("childrens" → "Children's"), translated where it is shown: _(LABEL[s]).
LABEL = {
    "abstract": N_("Abstract"),
    "customizable": N_("Customizable"),
    "childrens": N_("Children's"),
    "family": N_("Family"),
    "party": N_("Party"),
    "strategy": N_("Strategy"),
    "thematic": N_("Thematic"),
    "war": N_("War"),
}
POPULAR_WIDTH = 76  # the word "Popular" on its card, bold (a longer word in another language: wider)
HUE = {  # each subdomain's colour in the palette (companion/ui/widgets/palette.py)
    "abstract": "grey",
    "customizable": "cyan",
    "childrens": "pink",
    "family": "green",
    "party": "purple",
    "strategy": "indigo",
    "thematic": "orange",
    "war": "red",
}


def fitting(text: str) -> float:
    """A card button wide enough for its whole text ("Customizable" too), bold at the default size (at the browser's own
    text size: the screen multiplies it by GameScreen.text_scale)."""
    return max(52, 16 + 10 * len(text))


def label(subdomain: str) -> str:
    """A subdomain's name on its cards, in the reader's language."""
    return _(LABEL[subdomain])


class BggCardGameScreen(GameScreen):
    key = "bgg-card-game"
    seed = ft.Colors.INDIGO
    card_colours = tuple(HUE.values())  # the subdomains' colours: a player's dot is never one of them
    icon = ft.Icons.STYLE

    @property
    def position(self) -> rules.Game:
        """The rules' parsed record, typed as this game's."""
        return self.context.position

    def shade(self, subdomain: str) -> str:
        return ink(HUE[subdomain], self.context.dark)

    def drafts(self) -> dict[str, list[str]]:
        """Collections being picked that do not have their 2 cards yet: this screen's own, not in
        the record until they do (a collection of 1 is no collection)."""
        return self.context.state.get("collection_drafts", {})

    def set_draft(self, player: str, picked: list[str]) -> None:
        drafts = {p: d for p, d in self.drafts().items() if p != player}
        self.context.remember("collection_drafts", {**drafts, player: picked} if picked else drafts)

    # -- taps ---------------------------------------------------------------------------

    def step(self, player: str, subdomain: str, step: int) -> None:
        self.context.act(rules.StepPlayed(player, subdomain, step))

    # A tap means what its button showed when drawn (`held`, `seen`), not what the table holds by the
    # time it arrives: two screens taking the same Popular card at once both mean "take", never a toggle.

    def tap_popular(self, player: str, subdomain: str, held: bool) -> None:
        self.context.act(rules.SetPopular(player, subdomain, not held))

    def tap_new_collection(self, player: str, number: int, subdomain: str) -> None:
        """`number`: the collection this one becomes, as the screen showed when it was tapped."""
        draft = list(self.drafts().get(player, []))
        if subdomain in draft:
            draft.remove(subdomain)
            self.set_draft(player, draft)
            self.context.refuse("")
            return
        reason = self.context.refusal(rules.AddCollection(player, (subdomain,), number))
        if reason:
            self.context.refuse(reason)
            return
        if len(draft) + 1 < rules.COLLECTION_MIN:
            self.set_draft(player, [*draft, subdomain])
            self.context.refuse("")
            return
        picked = (*draft, subdomain)
        if not self.context.act(rules.AddCollection(player, picked, number)):
            collections = self.position.tableaux[player].collections
            if not (len(collections) >= number and set(collections[number - 1].subdomains) == set(picked)):
                return  # refused: what was picked before stays picked
        self.set_draft(player, [])

    def tap_in_collection(self, player: str, number: int, seen: tuple[str, ...], subdomain: str) -> None:
        action = rules.RemoveFromCollection if subdomain in seen else rules.AddToCollection
        self.context.act(action(player, number, seen, subdomain))

    def tap_card(self, player: str, number: int | None, seen: tuple[str, ...], subdomain: str, new_number: int) -> None:
        if number is None:
            self.tap_new_collection(player, new_number, subdomain)
        else:
            self.tap_in_collection(player, number, seen, subdomain)

    # -- what is shown ------------------------------------------------------------------

    def played_row(self, player: str, subdomain: str) -> ft.Control:
        game = self.position
        group = next((g for g in game.tableaux[player].played if g.subdomain == subdomain), None)
        count = group.cards if group else 0
        may = self.context.refusal
        can_grow = may(rules.StepPlayed(player, subdomain, +1)) is None
        popular = "held" if group and group.popular else "free" if may(rules.SetPopular(player, subdomain, True)) is None else "taken"

        def build() -> ft.Control:
            name, popular_word = label(subdomain), _("Popular")
            return ft.Row(
                [
                    ft.Text(name, color=self.shade(subdomain), weight=ft.FontWeight.BOLD, width=92 * self.text_scale, size=13),
                    # The stepper only says which way: the action is a step, applied to the table as it is now.
                    stepper(
                        _("{player} {subdomain} played").format(player=player, subdomain=name),
                        count,
                        lambda v: self.step(player, subdomain, 1 if v > count else -1),
                        0,
                        rules.stepped(count, 1) if can_grow else count,
                        down=lambda v: rules.stepped(v, -1),
                        up=lambda v: rules.stepped(v, 1),
                        narrow=self.context.narrow,
                    ),
                    card_button(  # the card's name on it: a smiley alone said nothing (issue 49)
                        popular_word,
                        _("{player} {subdomain} Popular").format(player=player, subdomain=name),
                        lambda e: self.tap_popular(player, subdomain, popular == "held"),
                        state=popular,
                        colour=self.shade(subdomain),
                        width=max(POPULAR_WIDTH, 6 + 10 * len(popular_word)) * self.text_scale,
                    ),
                    ft.Text(str(group.points()) if group else "", weight=ft.FontWeight.BOLD, width=28, text_align=ft.TextAlign.RIGHT),
                ],
                spacing=4,
                wrap=True,
                run_spacing=4,
            )

        return build()

    def collection_block(self, player: str, number: int | None) -> ft.Control:
        """Collection `number` (1-based) of `player`, or the one being picked (None)."""
        game = self.position
        gems: tuple[str, ...]
        if number is None:
            group = None
            chosen, gems = tuple(self.drafts().get(player, [])), ()
            title = _("New collection: pick at least 2")
        else:
            group = game.tableaux[player].collections[number - 1]
            chosen, gems = group.subdomains, group.rare_gems
            title = _("Collection {number}: {line}").format(number=number, line=line_words(group.line()))
        name = "new collection" if number is None else f"collection {number}"  # its key
        new_number = len(game.tableaux[player].collections) + 1
        may = self.context.refusal

        def adds(s: str) -> Action:
            """One more card of `s` in this collection (in a new one, its first, as a tap on it sends it)."""
            return rules.AddCollection(player, (s,), new_number) if number is None else rules.AddToCollection(player, number, chosen, s)

        def gem(s: str) -> str:
            if s in gems:
                return "held"
            return "free" if number is not None and may(rules.SetRareGem(player, number, chosen, s, True)) is None else "taken"

        free = tuple(may(adds(s)) is None for s in rules.SUBDOMAINS)
        gem_states = tuple(gem(s) for s in chosen) if number is not None else ()

        def card_name(s: str) -> str:
            """A card's accessible name: whose, which collection, which subdomain ("Ana collection 1 War")."""
            if number is None:
                return _("{player} new collection {subdomain}").format(player=player, subdomain=label(s))
            return _("{player} collection {number} {subdomain}").format(player=player, number=number, subdomain=label(s))

        def build() -> ft.Control:
            cards = [
                card_button(
                    label(s),
                    card_name(s),
                    lambda e, s=s: self.tap_card(player, number, chosen, s, new_number),
                    state="held" if s in chosen else "free" if ok else "taken",
                    colour=self.shade(s),
                    width=fitting(label(s)) * self.text_scale,
                )
                for s, ok in zip(rules.SUBDOMAINS, free)
            ]
            controls: list[ft.Control] = [
                ft.Text(title, size=13, weight=ft.FontWeight.W_600),
                ft.Row(cards, wrap=True, spacing=4, run_spacing=4),
            ]
            if number is not None:
                gem_buttons = [
                    card_button(
                        f"◆ {label(s)}",
                        _("{player} collection {number} {subdomain} Rare Gem").format(player=player, number=number, subdomain=label(s)),
                        lambda e, s=s: self.context.act(rules.SetRareGem(player, number, chosen, s, s not in gems)),
                        state=state,
                        colour=self.shade(s),
                        width=fitting(f"◆ {label(s)}") * self.text_scale,
                    )
                    for s, state in zip(chosen, gem_states)
                ]
                controls += [
                    ft.Text(_("Rare Gems in it:"), size=12),
                    ft.Row(gem_buttons, wrap=True, spacing=4, run_spacing=4),
                    ft.TextButton(
                        _("Remove collection {number}").format(number=number),
                        icon=ft.Icons.DELETE_OUTLINE,
                        height=TAP,
                        on_click=lambda e: self.context.act(rules.RemoveCollection(player, number, chosen)),
                        style=focus_style(),
                    ),
                ]
            return ft.Container(
                ft.Column(controls, spacing=6),
                padding=8,
                border_radius=8,
                border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
                key=f"{player}-{name}",
            )

        return build()

    def tableau(self, player: str) -> ft.Control:
        collections = len(self.position.tableaux[player].collections)
        return ft.Column(
            [
                section(_("{player}: played games (vertical)").format(player=short_name(player))),
                *[self.played_row(player, s) for s in rules.SUBDOMAINS],
                section(_("{player}: collections (horizontal)").format(player=short_name(player))),
                *[self.collection_block(player, n) for n in range(1, collections + 1)],
                self.collection_block(player, None),
            ],
            spacing=6,
        )

    def shared(self) -> list[ft.Control]:
        left = ", ".join(f"{label(s)} {rules.cards_left(self.position, s)}" for s in rules.SUBDOMAINS)
        return [ft.Text(_("Cards left in the deck: {cards}").format(cards=left), size=12)]

    # -- statistics ---------------------------------------------------------------------

    @classmethod
    def statistic(cls, records: list[dict]) -> tuple[tuple[str, str], ...]:
        """Said, not translated here: the figures are worked out once for every session (history_figures), and
        the statistics screen says them in each reader's language."""
        import scoring

        largest = [t.largest_played for record in records for t in scoring.parse(record).game.tableaux.values()]
        figure = decimal(sum(largest) / len(largest)) if largest else ""
        average = Said("{average} cards", average=figure) if largest else "–"
        return ((Said("average largest played group"), average),)
