"""A long history loads with Python's cycle collector paused, and what it loaded stays out of the
collector's sight afterwards (companion/data/collector.py): opening 20,000 games took 3-5 s with
the collector walking the growing heap, and its first full pass after them about a second."""

from __future__ import annotations

import gc

import pytest

from bench.history import records
from companion.data import collector
from companion.data.store import GameStore


@pytest.fixture
def unfrozen():
    gc.unfreeze()
    yield
    gc.unfreeze()  # what a test froze goes back to the collector: a test process frees it as usual


def test_the_collector_runs_again_once_a_store_is_open(tmp_path):
    assert gc.isenabled()
    store = GameStore(tmp_path / "data")
    assert gc.isenabled()
    store.add_finished(records(3))
    assert gc.isenabled()
    store.close()


def test_paused_until_the_last_of_several_jobs_ends():
    with collector.paused():
        assert not gc.isenabled()
        with collector.paused():  # an import in a worker thread meets a start-up
            assert not gc.isenabled()
        assert not gc.isenabled()
    assert gc.isenabled()


def test_a_collector_someone_else_switched_off_stays_off():
    gc.disable()
    try:
        with collector.paused():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_a_long_history_opened_is_kept_out_of_the_collectors_sight_a_short_one_or_an_import_not(tmp_path, monkeypatch, unfrozen):
    monkeypatch.setattr(collector, "MANY", 3)
    folder = tmp_path / "data"
    store = GameStore(folder)
    store.add_finished(records(3))
    assert gc.get_freeze_count() == 0  # an import: the sessions open meanwhile must stay collectable
    store.close()

    monkeypatch.setattr(collector, "MANY", 4)
    GameStore(folder).close()
    assert gc.get_freeze_count() == 0  # a short history: left to the collector

    monkeypatch.setattr(collector, "MANY", 3)
    store = GameStore(folder)
    assert gc.get_freeze_count() > 0
    assert len(store.finished()) == 3
    store.close()
