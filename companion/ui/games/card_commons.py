"""Card Commons play screen: per round the Nest Egg (and what replaced a Wild), each
player's Commission and side, picked from the 18 cards; the round's multiplier shown;
an extra round offered while the totals are level.

The round being entered is the game's draft until it is complete; every tap is an action
(scoring/card_commons.py) and "Score round" moves the complete draft into the record. What a
card may not be, and why, is the rules' to say: the screen only asks.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

import scoring
from companion.language import N_, _, spoken
from companion.services.history_figures import share_of
from companion.ui.games.base import GameScreen
from companion.ui.widgets.bar_buttons import FILLED, BarButton
from companion.ui.widgets.controls import TAP, card_button, option_switch, section, short_name
from companion.ui.widgets.palette import ink
from companion.ui.widgets.score_sheet import score_sheet
from scoring import card_commons as rules
from scoring.words import Said

NONE_LABEL = N_("None: only the other Wild was left")
CORRECTING = N_("This round is scored: a change to it scores it again, with every round after it.")
# Each place of the round as a card's accessible name says it ("You side 4C", "nest egg 5H").
SLOT_NAMES = {
    rules.NEST_EGG: N_("nest egg"),
    rules.REPLACEMENT: N_("replacement"),
    rules.COMMISSION: N_("commission"),
    rules.SIDE: N_("side"),
}
# A card as a screen reader says it: its key in English ("4C", as docs/screens.md names it), the words of the
# reader's deck elsewhere ("Kreuz 4", "4 de trèfle").
CARD_WORDS = {
    # Translators: a card of clubs for a screen reader ({rank}: 2 to 5), e.g. "4C"
    "C": N_("{rank}C"),
    # Translators: a card of diamonds for a screen reader ({rank}: 2 to 5), e.g. "4D"
    "D": N_("{rank}D"),
    # Translators: a card of hearts for a screen reader ({rank}: 2 to 5), e.g. "4H"
    "H": N_("{rank}H"),
    # Translators: a card of spades for a screen reader ({rank}: 2 to 5), e.g. "4S"
    "S": N_("{rank}S"),
}
WILD_WORDS = {
    # Translators: the queen of hearts (a Wild) for a screen reader
    "QH": N_("QH"),
    # Translators: the king of spades (a Wild) for a screen reader
    "KS": N_("KS"),
}


def card_words(card: str) -> str:
    """A card's accessible name in the reader's language."""
    if card in WILD_WORDS:
        return _(WILD_WORDS[card])
    return _(CARD_WORDS[rules.suit_of(card)]).format(rank=rules.rank_of(card))


# Each place of the round: the action that puts a card there, and the one that takes it back.
SLOT_ACTIONS = {
    rules.NEST_EGG: (rules.SetNestEgg, rules.ClearNestEgg),
    rules.REPLACEMENT: (rules.SetReplacement, rules.ClearReplacement),
    rules.COMMISSION: (rules.SetCommission, rules.ClearCommission),
    rules.SIDE: (rules.AddToSide, rules.RemoveFromSide),
}


def suit_card(card: str, label: str, on_click: Callable[[Any], object], state: str, dark: bool, locked: bool = False) -> ft.Control:
    """One physical card, its rank and suit symbol (for those who cannot tell red from black) in the
    suit's colour for the theme: `held` (filled), `free` (outlined) or `taken` (elsewhere this round:
    struck through; a tap on it says where it is); `locked`: the table's to change, not this phone's."""
    return card_button(spoken(rules.pretty(card)), label, on_click, state=state, colour=ink(rules.colour_of(card), dark), disabled=locked)


@ft.memo
@ft.component
def CardGrid(
    screen: CardCommonsScreen,
    number: int,
    slot: str,
    player: str | None,
    shown: tuple[str, ...],
    mine: tuple[str, ...],
    taken: frozenset[str],
    dark: bool,
    locked: bool,
) -> ft.Control:
    """A memoised part: Flet skips it while its arguments (plain values) are equal."""
    return screen.build_grid(number, slot, player, shown, mine, taken, dark, locked)


class CardCommonsScreen(GameScreen):
    key = "card-commons"
    seed = ft.Colors.GREEN_800
    card_colours = ("red", "black")  # the suits: a player's dot is never red
    icon = ft.Icons.GAVEL

    @property
    def peek(self) -> bool:
        return self.context.position.peek

    @property
    def draft(self) -> dict:
        return rules.current_draft(self.context.players, self.context.draft)

    @property
    def number(self) -> int:
        """The round being entered (1-based)."""
        return len(self.context.record["rounds"]) + 1

    @property
    def shown(self) -> int:
        """The round this device shows: a scored one chosen to correct it, else the one being entered."""
        chosen = self.context.state.get("round")
        return chosen if isinstance(chosen, int) and 1 <= chosen < self.number else self.number

    @property
    def correcting(self) -> bool:
        """Whether the round shown is a scored one (a change to it rescores it and every round after it)."""
        return self.shown < self.number

    def shown_cards(self) -> dict:
        """The cards of the round shown, in the draft's shape."""
        return rules.round_cards(scoring.Table(self.context.record, self.context.draft), self.shown)

    def select_round(self, number: int) -> None:
        """Show round `number`; the round being entered is remembered as no round (after Score round it is the next one)."""
        self.context.remember("round", number if number < self.number else None)

    @property
    def decided(self) -> bool:
        return self.context.result.decided

    # -- taps ---------------------------------------------------------------------------

    def action(self, slot: str, player: str | None, card: str, held: bool, number: int) -> rules.CardAction:
        """What a tap on `card` means as the screen shows it now: a held card is taken back, any other
        is put there (the rules say whether it may be). Fixed when the card is drawn, so two devices
        tapping the same free card both mean "put it there", and it stays put once. A card of a scored
        round, shown to correct it, corrects it."""
        put, take_back = SLOT_ACTIONS[slot]
        kind = take_back if held else put
        return kind(card=card, round=number, correct=number < self.number, **({} if player is None else {"player": player}))

    def on_tap(self, action: rules.CardAction) -> Callable[[Any], bool]:
        """A card's on_click: sends `action`, fixed when the card was drawn (see action())."""
        return lambda e: self.context.act(action)

    # -- what is shown ------------------------------------------------------------------

    def card_grid(self, slot: str, player: str | None) -> ft.Control:
        """The cards that may go to one place of the round shown, drawn again only when what they show changes."""
        draft, number = self.shown_cards(), self.shown
        mine = rules.held(draft, slot, player)
        shown = tuple(c for c in rules.DECK if not (slot in (rules.COMMISSION, rules.REPLACEMENT) and rules.is_wild(c)))
        may = self.context.refusal  # the rule a tap on the card is checked by
        taken = frozenset(c for c in shown if c not in mine and may(self.action(slot, player, c, False, number)) is not None)
        locked = player is None and bool(self.context.seat)  # the Nest Egg and its replacement: the table's
        return CardGrid(self, number, slot, player, shown, mine, taken, self.context.dark, locked)

    def build_grid(
        self,
        number: int,
        slot: str,
        player: str | None,
        shown: tuple[str, ...],
        mine: tuple[str, ...],
        taken: frozenset[str],
        dark: bool,
        locked: bool = False,
    ) -> ft.Control:
        """The grid of round `number`: what each card's tap does is fixed as it is drawn."""
        place = _(SLOT_NAMES[slot])

        def name(card: str) -> str:
            if player:
                return _("{player} {place} {card}").format(player=player, place=place, card=card_words(card))
            return _("{place} {card}").format(place=place, card=card_words(card))

        return ft.Row(
            [
                suit_card(
                    card,
                    name(card),
                    self.on_tap(self.action(slot, player, card, card in mine, number)),
                    "held" if card in mine else "taken" if card in taken else "free",
                    dark,
                    locked,
                )
                for card in shown
            ],
            wrap=True,
            spacing=4,
            run_spacing=4,
        )

    def tableau(self, player: str) -> ft.Control:
        if self.decided and not self.correcting:
            return ft.Container()
        side = self.shown_cards()["sides"][player]
        return ft.Column(
            [
                section(short_name(player)),
                ft.Text(_("Commission"), weight=ft.FontWeight.BOLD),
                self.card_grid(rules.COMMISSION, player),
                ft.Text(
                    _("Side of the tableau ({count} of at most {most})").format(count=len(side), most=rules.MAX_SIDE),
                    weight=ft.FontWeight.BOLD,
                ),
                self.card_grid(rules.SIDE, player),
            ],
            spacing=6,
        )

    def shared(self) -> list[ft.Control]:
        result = self.context.result
        labels = tuple(spoken(name) for name in rules.round_names({"peek": self.peek}, len(result.rounds)))  # as on the results' score pad
        scored = ft.Column(key="scored-rounds", spacing=2, controls=[score_sheet(result, labels)] if result.rounds else [])
        rows: list[ft.Control] = [scored, *self.round_chooser()]
        if self.decided and not self.correcting:
            rows.append(ft.Text(_("The game is decided: see the results. To correct a round, choose it above."), weight=ft.FontWeight.BOLD))
            return rows
        number, draft = self.shown, self.shown_cards()
        extra = number > rules.regular_rounds(self.peek)
        heading = _("Extra round {number}: ×{multiplier}") if extra else _("Round {number}: ×{multiplier}")
        rows += [
            section(heading.format(number=number, multiplier=rules.multiplier(number, self.peek))),
            *([ft.Text(_(CORRECTING), size=12, key="correcting")] if self.correcting else []),
            ft.Text(_("Nest Egg"), weight=ft.FontWeight.BOLD),
            ft.Container(self.card_grid(rules.NEST_EGG, None), key="nest-egg"),
        ]
        if draft["nest_egg"] and rules.is_wild(draft["nest_egg"]):
            if rules.asks_replacement(draft, self.peek):
                none = self.none_chosen
                rows += [
                    ft.Text(_("The Wild was swapped for a face-down card: which? None if only the other Wild was left."), size=12),
                    ft.Container(self.card_grid(rules.REPLACEMENT, None), key="replacement"),
                    (ft.FilledButton if none else ft.OutlinedButton)(
                        content=ft.Text(
                            _(NONE_LABEL), semantics_label=_("{option}: chosen").format(option=_(NONE_LABEL)) if none else _(NONE_LABEL)
                        ),
                        height=48,
                        on_click=lambda e: self.choose_none(not none),
                        disabled=bool(self.context.seat),
                        key="replacement-none",
                    ),
                ]
            else:
                red = rules.colour_of(draft["nest_egg"]) == "red"
                said = _("Peek: the Wild stays; a red Commission scores.") if red else _("Peek: the Wild stays; a black Commission scores.")
                rows.append(ft.Text(said, size=12))
        return rows

    def round_chooser(self) -> list[ft.Control]:
        """The rounds to correct, and the one being entered: one button a round, once a round is scored."""
        scored = len(self.context.record["rounds"])
        if not scored:
            return []
        last = scored if self.decided else self.number
        return [
            ft.Row(
                [
                    (ft.FilledButton if n == self.shown else ft.OutlinedButton)(
                        content=ft.Text(_("Round {number}").format(number=n), semantics_label=_("Round {number}").format(number=n)),
                        on_click=lambda e, n=n: self.select_round(n),
                        height=TAP,
                        key=f"round {n}",
                    )
                    for n in range(1, last + 1)
                ],
                wrap=True,
                spacing=4,
                run_spacing=4,
                key="rounds",
            )
        ]

    @property
    def none_chosen(self) -> bool:
        """Whether nothing but the other Wild replaced the round shown's Wild Nest Egg: a scored round says it by
        having no replacement; for the round being entered the table has said so (the draft's no_replacement)."""
        if self.correcting:
            return not self.shown_cards().get("replacement")
        return bool(self.draft.get("no_replacement"))

    def choose_none(self, chosen: bool) -> None:
        if not self.correcting:
            self.context.act(rules.NoReplacement(round=self.number, chosen=chosen))
            return
        held = self.shown_cards().get("replacement")
        if chosen and held:
            self.context.act(rules.ClearReplacement(card=held, round=self.shown, correct=True))

    def still_to_choose(self) -> str | None:
        """What the round needs before it is scored, in words (the rules')."""
        return self.context.refusal(rules.ScoreRound(self.number))

    def preview(self) -> str:
        """The round's points if it were scored now (who would get what, and the totals then), so the
        table sees them move while it enters the cards; "" before any Commission is chosen."""
        if self.decided or self.correcting:
            return ""
        draft = self.draft
        if rules.replacement_unsaid(draft, self.peek):
            return _("The round's points show once the Wild's replacement is chosen.")
        lines = rules.preview(draft, self.context.players, self.peek, self.number)
        if not lines:
            return ""
        totals = self.context.result.totals
        each = ", ".join(
            _("{player} +{points} (total {total})").format(player=short_name(p), points=lines[p].points, total=totals[p] + lines[p].points)
            for p in self.context.players
            if p in lines
        )
        return _("If scored now: {points}").format(points=each)

    def round_action(self) -> BarButton | None:
        if self.correcting:  # a scored round shown: the way back to where the table is
            done = _("Done correcting") if self.decided else _("Back to round {number}").format(number=self.number)
            return BarButton(done, lambda e: self.select_round(self.number), ft.Icons.CHECK, keep=4, key="back to the round")
        if self.decided:
            return None
        number = self.number
        still = self.still_to_choose()
        score_round = rules.ScoreRound(number)  # this round: a second tap elsewhere is "already scored"
        reason = _("The table scores the round.") if self.context.seat else None if still is None else spoken(still)
        return BarButton(
            _("Score round {number}").format(number=number),
            lambda e: self.context.act(score_round),
            ft.Icons.CHECK,
            look=FILLED,
            disabled=reason is not None,
            reason=reason,
            note=reason or "",  # a tooltip alone is never seen on a phone
            keep=2 if reason else 4,
            key=f"score-round-{number}",
        )

    def round_label(self) -> str:
        if self.decided and not self.correcting:
            return _("Game decided")
        number = self.shown
        extra = number > rules.regular_rounds(self.peek)
        if self.correcting:
            label = (
                _("Extra round {number} (×{multiplier}), scored: correcting it")
                if extra
                else _("Round {number} (×{multiplier}), scored: correcting it")
            )
        else:
            label = _("Extra round {number} (×{multiplier})") if extra else _("Round {number} (×{multiplier})")
        return label.format(number=number, multiplier=rules.multiplier(number, self.peek))

    def scroll_key(self) -> str:
        return f"round {self.shown}"  # another round: its cards from the top

    def explanations(self, result: scoring.Result) -> tuple[str, ...]:
        return result.explanations  # only the extra-round sentence, and only once the regular rounds are level

    # -- setup and statistics -----------------------------------------------------------

    @classmethod
    def variant_controls(cls, variant: dict[str, Any], set_variant: Callable[[str, Any], None], players: list[str]) -> list[ft.Control]:
        return [option_switch(_("Peek variant (3 rounds: ×1, ×1, ×2)"), variant["peek"], lambda e: set_variant("peek", e.control.value))]

    @classmethod
    def statistic(cls, records: list[dict]) -> tuple[tuple[str, str], ...]:
        """Said, not translated here: the figures are worked out once for every session (history_figures), and
        the statistics screen says them in each reader's language."""
        commissions = scored = extra = 0
        for record in records:
            parsed = scoring.parse(record)
            extra += max(0, len(parsed.game.rounds) - rules.regular_rounds(parsed.game.peek))
            for round_ in scoring.score(parsed).rounds:
                commissions += len(round_)
                scored += sum(points > 0 for points in round_.values())
        counted = Said.counted("{count} Commission", "{count} Commissions", commissions)
        return (
            (Said("Commissions that scored"), share_of(scored, commissions, counted)),
            (Said("extra rounds played"), str(extra)),
        )
