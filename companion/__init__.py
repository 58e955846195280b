"""Tableside's Flet app: imports scoring, never the other way round."""

# What the app is called and how it describes itself, in one place: the server's page and manifest
# (bootstrap.py), the browser build's (standalone/build.py) and the command line. THEME_COLOR is also
# pyproject's [tool.flet.web] pwa_theme_color (flet build reads it there; tests/packaging checks they agree).
APP_NAME = "Tableside"
APP_DESCRIPTION = "Score keeper for card games at the table"
THEME_COLOR = "#00796B"
