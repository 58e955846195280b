"""Tableside without a server: the whole app in a phone's browser, on the Pyodide runtime that flet-web ships.

`build.py` writes the static site (`tableside build-web --out DIR`); `browser.py` is what runs inside it.
"""
