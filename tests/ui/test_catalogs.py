"""The catalogs as a translator keeps them (issue 62): `update` never guesses a new message's words."""

from __future__ import annotations

from babel.messages.catalog import Catalog

from companion.language import catalogs


def test_update_leaves_a_new_message_untranslated_and_the_check_fails_on_it(monkeypatch, tmp_path):
    """Babel's default fills a new message with a like one's words, flagged fuzzy: a translator who clears the flag
    ships another message's meaning. A new message starts empty, and `check` says so."""
    monkeypatch.setattr(catalogs, "LOCALES", tmp_path)
    monkeypatch.setattr(catalogs, "TEMPLATE", tmp_path / "tableside.pot")
    german = Catalog(locale="de", domain=catalogs.DOMAIN)
    german.add("Saved {game} to the history.", "{game} im Verlauf gespeichert.")
    catalogs.write(german, catalogs.po_path("de"))
    template = Catalog(domain=catalogs.DOMAIN)
    template.add("Saved {game} to the history.")
    template.add("Saved {game} to the histories.")  # new, and like the first
    monkeypatch.setattr(catalogs, "extracted", lambda: template)

    catalogs.update()

    kept = catalogs.read(catalogs.po_path("de"), "de")
    new = kept.get("Saved {game} to the histories.")
    assert new is not None and not new.string and not new.fuzzy
    assert kept.get("Saved {game} to the history.").string == "{game} im Verlauf gespeichert."
    assert "de: not translated: 'Saved {game} to the histories.'" in catalogs.problems()
