"""Players join the table's game from their phones (browserless: one server, several sessions)."""

import flet as ft
import pytest

import scoring
from companion.access.gate import PIN_SETTING, hash_pin
from companion.access.invites import Invites
from companion.services.live import NOT_YOURS, GameHub
from scoring.lost_cities import AddCard


def lost_cities(store):
    return store.create(scoring.new_record("lost-cities", ["Mia", "Noah"], {"rounds": 1}, {})).id


def code(store, game_id):
    return Invites(store).code_for(game_id)


def test_invite_without_lan_shows_the_link_and_says_how_to_serve(open_app, store):
    game_id = lost_cities(store)
    h = open_app(f"/play/{game_id}", width=1024, height=768)
    h.tap("Invite players")
    assert h.page.route == f"/invite/{game_id}"
    assert h.text_of("join-url").endswith(f"/join/{code(store, game_id)}")
    assert any("--host 0.0.0.0" in (t.value or "") for t in h.find_all(ft.Text))


def test_a_phone_picks_its_seat_and_sees_only_its_cards(open_app, store):
    game_id = lost_cities(store)
    invite = code(store, game_id)
    tablet = open_app(f"/play/{game_id}", width=1024, height=768)
    phone = open_app(f"/join/{invite}", browser_storage={})
    phone.tap("I am Mia")
    assert phone.page.route == f"/join/{invite}/Mia"
    assert phone.buttons("Mia red 3") and not phone.buttons("Noah red 3")
    phone.tap("Mia red 3")
    tablet.settle()
    assert tablet.text_of("total-Mia") == phone.text_of("total-Mia") == "−17"
    assert phone.text_of("total-Noah") == "0"  # everyone's totals are there to read
    assert not phone.buttons("Round 1") and not phone.find_all(ft.Column, key="shared")  # it enters the round the table plays
    assert not [b for b in phone.buttons("Invite players") if b.visible]
    tablet.tap("Noah red 4")  # the host can change every tableau
    phone.settle()
    assert phone.text_of("total-Noah") == "−16"


def test_a_phone_that_comes_back_returns_to_its_seat(open_app, store):
    game_id = lost_cities(store)
    invite = code(store, game_id)
    browser = {}
    phone = open_app(f"/join/{invite}", browser_storage=browser)
    phone.tap("I am Noah")
    assert list(browser) == [f"tableside.grant.{game_id}"]
    again = open_app(f"/join/{invite}", browser_storage=browser)  # a closed tab, opened anew
    again.settle()
    assert again.page.route == f"/join/{invite}/Noah"
    assert again.buttons("Noah red 3")


def test_a_seat_taken_by_one_phone_is_not_offered_to_another(open_app, store):
    game_id = lost_cities(store)
    invite = code(store, game_id)
    open_app(f"/join/{invite}", browser_storage={}).tap("I am Mia")
    other = open_app(f"/join/{invite}", browser_storage={})
    assert [b.disabled for b in other.buttons("I am Mia")] == [True]
    assert Invites(store).claim(invite, "Mia") is None


# --- guests: a PIN is set, the phone never entered it -----------------------------------------------


@pytest.fixture
def private(store):
    store.set_setting(PIN_SETTING, hash_pin("4321"))
    game_id = lost_cities(store)
    return game_id, code(store, game_id)


def guest_at(open_app, invite, player, browser=None):
    phone = open_app(f"/join/{invite}", browser_storage={} if browser is None else browser)
    phone.tap(f"I am {player}")
    assert phone.page.route == f"/join/{invite}/{player}"
    return phone


def unlocked(h):
    """A harness session is not on the serving machine: it becomes the host by entering the PIN."""
    field = h.find(ft.TextField, label="PIN")
    h.type(field, "4321")
    h.fire(field, "submit", "4321")
    return h


def on_pin_screen(h) -> bool:
    return bool(h.find_all(ft.TextField, label="PIN"))


def test_a_guest_joins_without_the_pin_and_can_open_nothing_else(open_app, store, private):
    game_id, invite = private
    other_game = lost_cities(store)
    phone = guest_at(open_app, invite, "Mia")
    phone.tap("Mia red 3")
    assert store.get(game_id).record["rounds"][0]["Mia"] == {"red": {"cards": [3]}}
    for route in [
        "/",
        f"/play/{game_id}",
        f"/history/{game_id}",
        "/history",
        "/settings",
        "/stats",
        "/players",
        "/transfer",
        f"/invite/{game_id}",
        f"/join/{invite}/Noah",
        f"/results/{other_game}",
        f"/play/{other_game}",
        "/setup/lost-cities",
        "/no/such/place",
    ]:
        phone.page.route = route
        phone.run(phone.page.push_route(route))
        phone.settle()
        assert on_pin_screen(phone), route
    phone.run(phone.page.push_route(f"/results/{game_id}"))  # its own game's totals: yes
    phone.settle()
    assert phone.text_of("total-Mia") == "−17" and not on_pin_screen(phone)
    assert not phone.buttons("Save result") and not phone.buttons("Delete") and not phone.buttons("Edit")


def test_a_guest_cannot_act_for_another_seat_even_with_a_crafted_event(open_app, store, private):
    game_id, invite = private
    phone = guest_at(open_app, invite, "Mia")
    assert not phone.buttons("Noah red 3")  # never shown to the phone
    host = unlocked(open_app(f"/join/{invite}/Noah", browser_storage={}))  # the host, shown Noah's cards
    crafted = host.buttons("Noah red 3")
    assert crafted
    for control in [
        c for c in phone.controls() if isinstance(c, (ft.Button, ft.OutlinedButton, ft.FilledButton, ft.FilledTonalButton)) and c.disabled
    ]:
        phone.click(control)  # a crafted click on a control shown disabled (rounds are the host's)
    phone.run(phone.session.dispatch_event(crafted[0]._i, "click", None))  # another session's control id
    phone.settle()
    assert store.get(game_id).record["rounds"] == [{"Mia": {}, "Noah": {}}]
    live = GameHub(store).open(game_id)
    assert live.act(AddCard("Noah", "red", 3, 1), who="Mia", seat="Mia").message == NOT_YOURS


def test_the_host_releases_a_seat_and_revokes_the_invite(open_app, store, private):
    game_id, invite = private
    browser: dict = {}
    guest_at(open_app, invite, "Mia", browser)
    host = unlocked(open_app(f"/invite/{game_id}", width=1024, height=768))
    host.tap("Release Mia")
    assert Invites(store).taken(game_id) == {}
    back = open_app(f"/join/{invite}", browser_storage=browser)  # the old grant no longer seats it
    back.settle()
    assert back.page.route == f"/join/{invite}"
    host.tap("Revoke invite")
    assert Invites(store).game_of(invite) is None
    stale = open_app(f"/join/{invite}", browser_storage={})
    assert any("not valid any more" in (t.value or "") for t in stale.find_all(ft.Text))


def test_a_phone_joining_late_sees_the_game_as_it_stands(open_app, store):
    game_id = lost_cities(store)
    tablet = open_app(f"/play/{game_id}", width=1024, height=768)
    tablet.tap("Mia blue 10")
    phone = open_app(f"/join/{code(store, game_id)}/Mia")
    assert phone.text_of("total-Mia") == "−10"


@pytest.mark.parametrize(
    "address, env, host",
    [("127.0.0.1", None, True), ("::1", None, True), ("192.168.1.20", None, False), (None, None, False), ("127.0.0.1", "0", False)],
)
def test_a_browser_on_the_serving_machine_is_the_host(monkeypatch, address, env, host):
    from companion.ui.session import LOCAL_IS_HOST, on_this_machine

    if env is not None:
        monkeypatch.setenv(LOCAL_IS_HOST, env)
    assert on_this_machine(address) is host


def test_a_guest_types_the_short_code_on_the_pin_screen(open_app, store, private):
    _, invite = private
    phone = open_app("/", browser_storage={})
    assert on_pin_screen(phone)
    field = phone.find(ft.TextField, label="Invite code")
    typed = f"{invite[:4].lower()}-{invite[4:8]} {invite[8:]}"  # as read out: case, dashes and spaces do not matter
    phone.type(field, typed)
    phone.fire(field, "submit", typed)
    assert phone.page.route == f"/join/{invite}"
    phone.tap("I am Noah")
    assert phone.page.route == f"/join/{invite}/Noah"


# --- the invite screen is live: it shows the seats as stored, whoever changed them --------------------


def seat_shown(h, player) -> str:
    return h.text_of(f"seat-{player}").split(": ", 1)[1]


def release_shown(h, player) -> bool:
    return any(b.visible for b in h.buttons(f"Release {player}"))


def test_a_seat_taken_or_released_elsewhere_shows_at_once_and_after_a_reload(open_app, store):
    game_id = lost_cities(store)
    invite = code(store, game_id)
    tablet = open_app(f"/invite/{game_id}", width=1024, height=768)
    assert seat_shown(tablet, "Mia") == "free" and not release_shown(tablet, "Mia")
    assert Invites(store).claim(invite, "Mia")  # a phone's claim, as the server makes it
    tablet.settle()
    assert seat_shown(tablet, "Mia") == "on a phone" and release_shown(tablet, "Mia")
    assert seat_shown(tablet, "Noah") == "free"
    laptop = open_app(f"/invite/{game_id}", width=1024, height=768)  # the host on a second device
    assert seat_shown(laptop, "Mia") == "on a phone"
    laptop.tap("Release Mia")
    tablet.settle()
    assert seat_shown(tablet, "Mia") == seat_shown(laptop, "Mia") == "free"
    assert not release_shown(tablet, "Mia")
    Invites(store).claim(invite, "Noah")
    tablet.settle()
    reloaded = open_app(f"/invite/{game_id}", width=1024, height=768)
    assert seat_shown(tablet, "Noah") == seat_shown(reloaded, "Noah") == "on a phone"
    assert not tablet.conn.errors and not laptop.conn.errors


def test_a_phone_taking_its_seat_shows_on_the_invite_screen(open_app, store):
    game_id = lost_cities(store)
    invite = code(store, game_id)
    tablet = open_app(f"/invite/{game_id}", width=1024, height=768)
    phone = open_app(f"/join/{invite}", browser_storage={})
    phone.tap("I am Noah")
    tablet.settle()
    assert seat_shown(tablet, "Noah") == "on a phone" and release_shown(tablet, "Noah")
    assert seat_shown(tablet, "Mia") == "free"


def test_a_revoked_invite_gets_a_new_code_on_every_screen_showing_it(open_app, store):
    game_id = lost_cities(store)
    invite = code(store, game_id)
    tablet = open_app(f"/invite/{game_id}", width=1024, height=768)
    laptop = open_app(f"/invite/{game_id}", width=1024, height=768)
    phone = open_app(f"/join/{invite}", browser_storage={})
    laptop.tap("Revoke invite")
    tablet.settle()
    phone.settle()
    new = Invites(store).code_for(game_id)
    assert new != invite
    assert tablet.text_of("join-url").endswith(f"/join/{new}") and laptop.text_of("join-url").endswith(f"/join/{new}")
    assert any("not valid any more" in (t.value or "") for t in phone.find_all(ft.Text))  # the old link, at once


def test_the_join_screen_shows_a_seat_taken_by_another_phone_at_once(open_app, store):
    game_id = lost_cities(store)
    invite = code(store, game_id)
    phone = open_app(f"/join/{invite}", browser_storage={})
    assert [b.disabled for b in phone.buttons("I am Mia")] == [False]
    Invites(store).claim(invite, "Mia")  # another phone was quicker
    phone.settle()
    assert [b.disabled for b in phone.buttons("I am Mia")] == [True]
    Invites(store).release(game_id, "Mia")
    phone.settle()
    assert [b.disabled for b in phone.buttons("I am Mia")] == [False]


def test_a_game_never_invited_gets_its_code_when_the_screen_opens(open_app, store):
    game_id = lost_cities(store)
    tablet = open_app(f"/invite/{game_id}", width=1024, height=768)
    tablet.settle()
    made = Invites(store).game_of(tablet.text_of("join-code").removeprefix("Code: "))
    assert made == game_id and tablet.text_of("join-url").endswith(f"/join/{code(store, game_id)}")
    assert not tablet.conn.errors


# --- a seat is the host's to give (issue 39 item 5) ------------------------------------------------


def test_a_released_phone_asks_the_host_for_another_seat_and_sits_once_approved(open_app, store, private):
    from companion.access import rights

    game_id, invite = private
    browser: dict = {}
    phone = guest_at(open_app, invite, "Mia", browser)
    host = unlocked(open_app(f"/invite/{game_id}", width=1024, height=768))
    host.tap("Release Mia")
    phone.settle()
    assert phone.page.route == f"/join/{invite}" and phone.text_of("join-message") == rights.ASK_THE_HOST
    phone.tap("I am Noah")  # a request, not a seat
    assert phone.page.route == f"/join/{invite}" and Invites(store).taken(game_id) == {}
    assert phone.text_of("join-message") == rights.SEAT_ASKED.format(player="Noah")
    host.settle()
    assert host.text_of("request-Noah") == "A phone asks for Noah's seat (its seat was released)."
    host.tap("Refuse Noah")
    phone.settle()
    assert phone.text_of("join-message") == rights.SEAT_REFUSED.format(player="Noah") and Invites(store).taken(game_id) == {}
    again = open_app(f"/join/{invite}", browser_storage=browser)  # a reload: its browser keeps the released grant
    again.settle()
    again.tap("I am Mia")  # its own former seat too is the host's to give
    assert again.page.route == f"/join/{invite}" and Invites(store).taken(game_id) == {}
    assert [r.seat for r in Invites(store).requests(game_id)] == ["Mia"]
    host.settle()
    [approve] = host.buttons("Approve Mia")
    phone.fire(approve, "click")  # a guest's crafted click on the host's control: nothing happens
    assert [r.seat for r in Invites(store).requests(game_id)] == ["Mia"]
    host.tap("Approve Mia")
    again.settle()
    assert again.page.route == f"/join/{invite}/Mia"  # it takes the seat it asked for
    again.tap("Mia red 3")
    assert store.get(game_id).record["rounds"][0]["Mia"] == {"red": {"cards": [3]}}
    host.settle()
    assert seat_shown(host, "Mia") == "on a phone" and not host.find_all(ft.Semantics, identifier="request-Mia")
    fresh = guest_at(open_app, invite, "Noah")  # another phone, never released: sits at once
    assert fresh.buttons("Noah red 4")  # its own tableau (red 3 is Mia's now)


def test_a_seated_phone_asks_before_it_takes_a_second_seat(open_app, store, private):
    game_id, invite = private
    browser: dict = {}
    phone = guest_at(open_app, invite, "Mia", browser)
    browser.clear()  # its browser forgot the seat: the invitation's screen stays (else it returns to its seat)
    phone.run(phone.page.push_route(f"/join/{invite}"))
    phone.settle()
    phone.tap("I am Noah")  # the session holds Mia's seat still: asked, not taken
    assert set(Invites(store).taken(game_id)) == {"Mia"}
    assert [(r.seat, r.had) for r in Invites(store).requests(game_id)] == [("Noah", "Mia")]
    host = unlocked(open_app(f"/invite/{game_id}", width=1024, height=768))
    assert host.text_of("request-Noah") == "A phone asks for Noah's seat (it had Mia's)."
    host.tap("Approve Noah")
    phone.settle()
    assert set(Invites(store).taken(game_id)) == {"Noah"}  # approved: its old seat is free, the new one is its own


# --- phones can join the first evening: the invite screen opens the server to the Wi-Fi (item 6) ------


@pytest.fixture
def wifi(store):
    """open(route) -> a session of a server on 127.0.0.1 that can open a listener on the Wi-Fi (a stand-in
    for server/wifi.py, which tests/security/test_wifi.py runs for real); `opened`: its calls."""
    from companion.bootstrap import make_main
    from companion.server.network import Network

    from .harness import Harness

    opened: list[int] = []

    async def opener() -> list[str]:
        opened.append(1)
        return ["http://192.168.1.20:8550"]

    main = make_main(store, network=Network(["http://127.0.0.1:8550"], lan=False, opener=opener))
    sessions: list[Harness] = []

    def open_(route: str, width: float = 1024, height: float = 768) -> Harness:
        h = Harness(main, route=route, width=width, height=height, share_with=sessions[0] if sessions else None, browser_storage={})
        sessions.append(h)
        return h

    yield open_, opened
    for h in reversed(sessions):
        h.close()


def dialog_pin(h) -> str:
    [pin] = [c.content.value for d in h.page._dialogs.controls for c in d.content.controls if isinstance(c, ft.Semantics)]
    return pin


def test_the_host_lets_phones_on_the_wifi_join_in_one_tap_and_a_pin_guards_the_rest(wifi, store):
    from companion.access.gate import pin_matches

    open_, opened = wifi
    game_id = lost_cities(store)
    host = open_(f"/invite/{game_id}")  # the first evening: no PIN, every browser here is the host
    assert host.text_of("join-url").startswith("http://127.0.0.1:8550/join/")
    host.tap("Let phones on this Wi-Fi join")
    host.settle_until(lambda: opened == [1] and host.page._dialogs.controls)  # the PIN is hashed in a thread first
    invite = code(store, game_id)
    assert host.text_of("join-url") == f"http://192.168.1.20:8550/join/{invite}"  # the QR code's link
    assert not host.buttons("Let phones on this Wi-Fi join") and host.text_of("wifi-message") == ""
    pin = dialog_pin(host)  # made for it, shown once on the host's screen
    assert pin_matches(pin, store.setting(PIN_SETTING))
    assert not on_pin_screen(host)  # the session that opened it stays the host
    other = open_("/settings")  # any other device now needs the PIN for anything but a seat
    assert on_pin_screen(other)
    phone = open_(f"/join/{invite}", width=390, height=844)
    phone.tap("I am Mia")
    assert phone.buttons("Mia red 3") and not phone.buttons("Noah red 3")
    field = other.find(ft.TextField, label="PIN")
    other.type(field, pin)
    other.fire(field, "submit", pin)  # the PIN shown to the host opens the host's screens
    assert not on_pin_screen(other)
    assert any("Serving to the local network" in (t.value or "") for t in other.find_all(ft.Text))


def test_a_guest_cannot_open_the_server_to_the_wifi_even_with_a_crafted_event(wifi, store):
    open_, opened = wifi
    store.set_setting(PIN_SETTING, hash_pin("4321"))
    game_id = lost_cities(store)
    phone = open_(f"/join/{code(store, game_id)}", width=390, height=844)
    phone.tap("I am Mia")
    host = unlocked(open_(f"/invite/{game_id}"))
    [button] = host.buttons("Let phones on this Wi-Fi join")
    phone.fire(button, "click")  # the host's control, clicked from the guest's session
    phone.settle()
    stranger = open_(f"/invite/{game_id}")  # a device without the PIN or a seat: the PIN screen, no button
    assert on_pin_screen(stranger) and not stranger.buttons("Let phones on this Wi-Fi join")
    assert opened == []
    host.tap("Let phones on this Wi-Fi join")  # the host, with a PIN set already: no new PIN
    host.settle()
    assert opened == [1] and not host.page._dialogs.controls
    from companion.access.gate import pin_matches

    assert pin_matches("4321", store.setting(PIN_SETTING))  # the table's own PIN stays


@pytest.mark.parametrize(
    "outcome, said",
    [
        ([], "This machine has no address on a local network: connect it to the Wi-Fi, then try again."),
        (OSError(98, "Address already in use"), "Could not listen on the local network: Address already in use."),
    ],
)
def test_the_wifi_that_cannot_be_opened_is_said_at_the_button_and_no_pin_is_left_behind(store, outcome, said):
    from companion.bootstrap import make_main
    from companion.server.network import Network

    from .harness import Harness

    async def opener() -> list[str]:
        if isinstance(outcome, Exception):
            raise outcome
        return outcome

    game_id = lost_cities(store)
    h = Harness(make_main(store, network=Network(["http://127.0.0.1:8550"], opener=opener)), route=f"/invite/{game_id}", width=1024)
    try:
        h.tap("Let phones on this Wi-Fi join")
        h.settle_until(lambda: h.text_of("wifi-message"))  # a PIN made, hashed in a thread, then taken back
        assert h.text_of("wifi-message") == said
        assert store.setting(PIN_SETTING) is None and h.text_of("join-url").startswith("http://127.0.0.1:8550/")
        assert not h.page._dialogs.controls and h.buttons("Let phones on this Wi-Fi join")
    finally:
        h.close()
