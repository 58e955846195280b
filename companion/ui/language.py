"""The language of one session: the device's own choice (Settings; its browser keeps it), else the first of
the device's languages Tableside speaks (the browser's preferred languages), else English. Every screen of
the session speaks it (companion.language reads it for the session being drawn), and so do Flutter's own
texts, pickers and dates (`locale_configuration`). A guest's phone speaks its own language at a table whose
host speaks another: the language is the session's, never the server's."""

from __future__ import annotations

import asyncio
import logging
import weakref

import flet as ft

from companion import language
from companion.ui.preferences import BROWSER_ANSWERS_WITHIN, BrowserPreferences

PREFERENCE = "tableside.language"  # the device's own choice, kept by its browser
SUPPORTED = [ft.Locale(code) for code in language.LANGUAGES]

log = logging.getLogger("tableside")
_spoken: weakref.WeakKeyDictionary[object, str] = weakref.WeakKeyDictionary()  # a page's session → its language


def spoken_on_this_page() -> str | None:
    """The language of the session being drawn (or whose event is handled), if any."""
    try:
        session = ft.context.page.session
    except RuntimeError:  # no session here: a background thread, the command line
        return None
    return _spoken.get(session)


language.use(spoken_on_this_page)


def spoken_in(page: ft.Page) -> str:
    """The language of `page`'s session (English until it is known), wherever the words are made."""
    return _spoken.get(page.session, language.DEFAULT)


class Language:
    def __init__(self, page: ft.Page, preferences: BrowserPreferences):
        self.page = page
        self.preferences = preferences
        self.code = language.DEFAULT
        self.speak(language.DEFAULT)

    def speak(self, code: str) -> None:
        self.code = code
        _spoken[self.page.session] = code
        language.reader_speaks(code)
        if code == language.DEFAULT and self.page.locale_configuration is None:
            return  # Flutter's own default is English: nothing to tell it (a locale it is told reloads its texts)
        self.page.locale_configuration = ft.LocaleConfiguration(supported_locales=SUPPORTED, current_locale=ft.Locale(code))

    def choose(self, code: str) -> None:
        """This device's own language (one of language.LANGUAGES): kept by its browser, so no other device changes."""
        if code not in language.LANGUAGES:
            return
        self.speak(code)
        self.page.run_task(self.preferences.set, PREFERENCE, code, "the language")

    async def restore(self) -> bool:
        """At a session's start: the device's own choice, else its preferred languages. Whether it changed."""
        # Both asked at once: one wait for the browser, where a first visit has no choice kept.
        kept, device = await asyncio.gather(self.preferences.get(PREFERENCE, "its language"), self.device_languages())
        code = kept if isinstance(kept, str) and kept in language.LANGUAGES else language.best_match(device)
        if code == self.code:
            return False
        self.speak(code)
        return True

    async def device_languages(self) -> list[str]:
        """The device's preferred languages, most preferred first ([] when its browser does not say)."""
        try:
            info = await asyncio.wait_for(self.page.get_device_info(), BROWSER_ANSWERS_WITHIN)
        except Exception as e:  # the browser left, or says nothing of itself
            log.info("the browser did not say its languages: %s", type(e).__name__)
            return []
        return [locale.language_code for locale in (info.locales if info else []) or [] if locale and locale.language_code]
