"""The screen never lies, in Chromium, for a game without cards: CGT's steppers and Meta values, on a
phone and a tablet at once (its own file, so that the model runs go to different browser groups)."""

import pytest

from .test_screen_model import play_a_random_session

pytestmark = pytest.mark.e2e


def test_a_random_cgt_session_never_shows_what_is_not_stored(ui, server):
    play_a_random_session(ui, server, "cgt", ["Max", "Lea"], {})
