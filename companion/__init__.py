"""Tableside's Flet app: imports scoring, never the other way round."""
