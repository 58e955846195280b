"""BoardGameGeek: The Card Game play screen: played groups per subdomain (2–10 cards, the
Popular card) and collection groups (pick subdomains, mark Rare Gems); the deck's limits
hold across players."""

from __future__ import annotations

import json

import flet as ft

from scoring import bgg_card_game as rules

from ..widgets.controls import card_button, section, short_name, stepper

per_player = True

LABEL = {
    "abstract": "Abstract", "customizable": "Customizable", "childrens": "Children's", "family": "Family",
    "party": "Party", "strategy": "Strategy", "thematic": "Thematic", "war": "War",
}
SHADE = {
    "abstract": ft.Colors.BLUE_GREY_600, "customizable": ft.Colors.CYAN_700, "childrens": ft.Colors.PINK_400,
    "family": ft.Colors.GREEN_700, "party": ft.Colors.PURPLE_400, "strategy": ft.Colors.BLUE_800,
    "thematic": ft.Colors.ORANGE_800, "war": ft.Colors.RED_800,
}


def new_body(players: list[str], variant: dict, colours: dict) -> dict:
    return {"final": {p: {"played": [], "collections": []} for p in players}}


def played_group(record: dict, player: str, subdomain: str) -> dict | None:
    return next((g for g in record["final"][player]["played"] if g["subdomain"] == subdomain), None)


def set_played(screen, player: str, subdomain: str, cards: int) -> None:
    def edit(record: dict) -> None:
        groups = record["final"][player]["played"]
        group = played_group(record, player, subdomain)
        if cards == 0:
            if group:
                groups.remove(group)
        elif group:
            group["cards"] = cards
        else:
            groups.append({"subdomain": subdomain, "cards": cards})
            groups.sort(key=lambda g: rules.SUBDOMAINS.index(g["subdomain"]))

    screen.apply(edit)


def toggle_popular(screen, player: str, subdomain: str) -> None:
    def edit(record: dict) -> None:
        group = played_group(record, player, subdomain)
        if group.get("popular"):
            group.pop("popular")
        else:
            group["popular"] = True

    screen.apply(edit)


def played_row(screen, player: str, subdomain: str) -> ft.Control:
    game = screen.live.rules
    group = played_group(screen.record, player, subdomain)
    count = group["cards"] if group else 0
    left = rules.cards_left(game, subdomain)
    high = min(rules.PLAYED_MAX, count + left)
    holder = rules.popular_holder(game, subdomain)
    popular_state = "held" if holder == player else "taken" if holder else "free"
    points = next((line.points for line in game.tableaux[player].lines() if line.label.startswith(f"{subdomain} played")), 0)
    return ft.Row(
        [
            ft.Text(LABEL[subdomain], color=SHADE[subdomain], weight=ft.FontWeight.BOLD, width=100),
            stepper(f"{player} {LABEL[subdomain]} played", count,
                    lambda v: set_played(screen, player, subdomain, v), 0, high if count or high >= rules.PLAYED_MIN else 0,
                    down=lambda v: 0 if v <= rules.PLAYED_MIN else v - 1,
                    up=lambda v: rules.PLAYED_MIN if v == 0 else v + 1),
            card_button("☺", f"{player} {LABEL[subdomain]} Popular", lambda e: toggle_popular(screen, player, subdomain),
                        state=popular_state if count else "taken", colour=SHADE[subdomain], icon=ft.Icons.SENTIMENT_SATISFIED_ALT),
            ft.Text(str(points) if count else "", weight=ft.FontWeight.BOLD, width=36, text_align=ft.TextAlign.RIGHT),
        ],
        spacing=4,
    )


def drafts(screen) -> dict[str, list[str]]:
    """Collections being picked that do not have their 2 cards yet (not in the record until they do)."""
    return screen.state.setdefault("collection_drafts", {})


def toggle_in_collection(screen, player: str, index: int | None, subdomain: str) -> None:
    if index is None:  # the collection being started
        draft = drafts(screen).setdefault(player, [])
        draft.remove(subdomain) if subdomain in draft else draft.append(subdomain)
        if len(draft) >= rules.COLLECTION_MIN:
            picked = list(draft)
            if screen.apply(lambda r: r["final"][player]["collections"].append({"subdomains": picked})):
                drafts(screen).pop(player)
            else:
                draft.remove(subdomain)
        else:
            screen.render()
        return

    def edit(record: dict) -> None:
        group = record["final"][player]["collections"][index]
        if subdomain in group["subdomains"]:
            group["subdomains"].remove(subdomain)
            if subdomain in group.get("rare_gems", []):
                group["rare_gems"].remove(subdomain)
        else:
            group["subdomains"].append(subdomain)

    screen.apply(edit)


def toggle_gem(screen, player: str, index: int, subdomain: str) -> None:
    def edit(record: dict) -> None:
        group = record["final"][player]["collections"][index]
        gems = group.setdefault("rare_gems", [])
        gems.remove(subdomain) if subdomain in gems else gems.append(subdomain)
        if not gems:
            group.pop("rare_gems")

    screen.apply(edit)


def remove_collection(screen, player: str, index: int) -> None:
    screen.apply(lambda r: r["final"][player]["collections"].pop(index))


def collection_block(screen, player: str, index: int | None) -> ft.Control:
    game = screen.live.rules
    if index is None:
        chosen, gems, title = drafts(screen).get(player, []), [], "New collection: pick at least 2"
    else:
        group = game.tableaux[player].collections[index]
        chosen, gems = list(group.subdomains), list(group.rare_gems)
        title = f"Collection {index + 1}: {group.line()}"
    name = "new collection" if index is None else f"collection {index + 1}"
    cards = []
    for s in rules.SUBDOMAINS:
        inside = s in chosen
        state = "held" if inside else "free" if rules.cards_left(game, s) > 0 else "taken"
        cards.append(card_button(LABEL[s][:4], f"{player} {name} {LABEL[s]}",
                                 lambda e, s=s: toggle_in_collection(screen, player, index, s),
                                 state=state, colour=SHADE[s], width=60))
    gem_buttons = []
    if index is not None:
        for s in chosen:
            holder = rules.gem_holder(game, s)
            state = "held" if s in gems else "taken" if holder else "free"
            gem_buttons.append(card_button(f"◆ {LABEL[s][:4]}", f"{player} {name} {LABEL[s]} Rare Gem",
                                           lambda e, s=s: toggle_gem(screen, player, index, s),
                                           state=state, colour=SHADE[s], width=72))
    controls: list[ft.Control] = [ft.Text(title, size=13, weight=ft.FontWeight.W_600),
                                  ft.Row(cards, wrap=True, spacing=4, run_spacing=4)]
    if gem_buttons:
        controls += [ft.Text("Rare Gems in it:", size=12), ft.Row(gem_buttons, wrap=True, spacing=4)]
    if index is not None:
        controls.append(ft.TextButton(f"Remove collection {index + 1}", icon=ft.Icons.DELETE_OUTLINE,
                                      on_click=lambda e: remove_collection(screen, player, index)))
    return ft.Container(ft.Column(controls, spacing=6), padding=8, border_radius=8,
                        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT), key=f"{player}-{name}")


def tableau_key(screen, player: str):
    """Everything `tableau` reads: the player's own groups, and of the rest of the table only
    whether a subdomain still has 1 or 2 cards to give and who holds its Popular and Rare Gem."""
    game = screen.live.rules

    def holder(who: str | None) -> str:
        return "mine" if who == player else "taken" if who else "free"

    return (
        json.dumps(screen.record["final"][player], sort_keys=True),
        tuple(drafts(screen).get(player, [])),
        tuple((rules.cards_left(game, s) > 0, rules.cards_left(game, s) >= rules.PLAYED_MIN,
               holder(rules.popular_holder(game, s)), holder(rules.gem_holder(game, s))) for s in rules.SUBDOMAINS),
    )


def tableau(screen, player: str) -> ft.Control:
    game = screen.live.rules
    return ft.Column(
        [
            section(f"{short_name(player)}: played games (vertical)"),
            *[played_row(screen, player, s) for s in rules.SUBDOMAINS],
            section(f"{short_name(player)}: collections (horizontal)"),
            *[collection_block(screen, player, i) for i in range(len(game.tableaux[player].collections))],
            collection_block(screen, player, None),
        ],
        spacing=6,
    )


def shared(screen) -> list[ft.Control]:
    game = screen.live.rules
    left = ", ".join(f"{LABEL[s]} {rules.cards_left(game, s)}" for s in rules.SUBDOMAINS)
    return [ft.Text(f"Cards left in the deck: {left}", size=12)]
