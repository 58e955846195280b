"""The taps a person makes to enter a rulebook example, for any driver with `tap(name)`:
the browserless harness (tests/ui) and Chromium (tests/e2e)."""


def enter_dan_and_aldie(ui, show=lambda player: None) -> None:
    """BoardGameGeek: The Card Game, rules' Scoring Example: Dan 92, Aldie 103.

    `show(player)` brings that player's tableau on screen (a phone shows one at a time)."""

    def played(player, label, cards, popular=False):
        for _ in range(cards - 1):  # 0 → 2 is one tap
            ui.tap(f"{player} {label} played plus")
        if popular:
            ui.tap(f"{player} {label} Popular")

    def collection(player, number, subdomains, gems=()):
        ui.tap(f"{player} new collection {subdomains[0]}")
        ui.tap(f"{player} new collection {subdomains[1]}")
        for s in subdomains[2:]:
            ui.tap(f"{player} collection {number} {s}")
        for s in gems:
            ui.tap(f"{player} collection {number} {s} Rare Gem")

    show("Dan")
    played("Dan", "Thematic", 4, popular=True)
    played("Dan", "Children's", 5)
    collection("Dan", 1, ["Abstract", "Family", "Party", "War"])
    collection("Dan", 2, ["Abstract", "Family", "Party", "Strategy", "Customizable", "War"], gems=["Abstract", "Family"])
    show("Aldie")
    played("Aldie", "War", 6, popular=True)
    played("Aldie", "Party", 2)
    collection("Aldie", 1, ["Abstract", "Customizable", "Children's", "Family", "Party", "Strategy", "Thematic", "War"])
    collection("Aldie", 2, ["Strategy", "Customizable", "Thematic"], gems=["Strategy", "Customizable", "Thematic"])
