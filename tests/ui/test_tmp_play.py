import scoring
from tests.ui.harness import card_state
from tests.ui.helpers import shown_totals, scored_totals

def test_lc(open_app, store):
    record = scoring.new_record("lost-cities", ["Mia", "Noah"], {}, {})
    gid = store.create(record).id
    h = open_app(f"/play/{gid}")
    h2 = open_app(f"/play/{gid}")
    h.tap("Mia red 3")
    print(h.text_of("total-Mia"), h2.text_of("total-Mia"))
    assert [card_state(b) for b in h2.buttons("Mia red 3")] == ["held"]
    h.tap("Next round")
    h.tap("Mia yellow 4")
    print(h.text_of("total-Mia"), h2.text_of("total-Mia"), h.text_of("expedition-Mia-yellow"))
    assert [card_state(b) for b in h.buttons("Mia yellow 4")] == ["held"]
    assert shown_totals(h, ["Mia","Noah"]) == scored_totals(store, gid) == shown_totals(h2, ["Mia","Noah"])
    h.tap("Mia yellow 4")
    assert [card_state(b) for b in h.buttons("Mia yellow 4")] == ["free"]
    h.tap("Undo")
    assert [card_state(b) for b in h.buttons("Mia yellow 4")] == ["held"]
    n = len(h.conn.sent); b = h.conn.bytes_sent
    h.tap("Mia yellow 5")
    print("messages", len(h.conn.sent)-n, "bytes", h.conn.bytes_sent-b)
    print(store.changes.count())
