"""A row of a list a person taps (a game to start or resume, a result, a player, a game of the night):
drawn as a button, so that the keyboard's focus on it shows as the buttons' outline (themes.focus_style).

A `ListTile` shows its focus as a faint fill only (a Home game measured 1.32:1 in Light, 1.47:1 in Black;
WCAG 2.4.7 and 1.4.11 ask 3:1), and Flet gives it no focus event, focus colour or border per state. The
row keeps a list tile's look (Material 3's: leading icon, a title over a grey second line, trailing
icon) and its accessible name: the title, then the second line (Flutter joins a button's texts as a tile's).
"""

from __future__ import annotations

import flet as ft

from companion.ui.themes import focus_style

TAP = 48  # the room a control at the row's end takes
START, END, PADDING = 16, 24, 10  # a tile's padding at its start, its end, above and below
GAP, ICON = 16, 24  # between a tile's parts; its leading icon


@ft.control
class ListRow(ft.TextButton):
    """A `TextButton` whose content is a list tile's: `title` and `subtitle` read as a tile's."""

    @property
    def title(self) -> ft.Text:
        title = self.lines()[0]
        assert isinstance(title, ft.Text)
        return title

    @property
    def subtitle(self) -> ft.Control:
        return self.lines()[1]

    def lines(self) -> list[ft.Control]:
        row = self.content
        assert isinstance(row, ft.Row)
        texts = next(c for c in row.controls if isinstance(c, ft.Column))
        return texts.controls


def detail(value: str, **options) -> ft.Text:
    """A second line's text, as a list tile draws it (the theme's style: it keeps the fonts' fallback)."""
    return ft.Text(value, theme_style=ft.TextThemeStyle.BODY_MEDIUM, color=ft.Colors.ON_SURFACE_VARIANT, **options)


def style() -> ft.ButtonStyle:
    """A tile's padding and rounded corners (a `Card`'s, where a row is one), texts and icons in the
    tile's grey unless said; outlined while focused, as every button."""
    return ft.ButtonStyle(
        color=ft.Colors.ON_SURFACE_VARIANT,
        padding=ft.Padding.only(left=START, top=PADDING, right=END, bottom=PADDING),
        visual_density=ft.VisualDensity.STANDARD,  # the same padding on a computer's browser as on a phone's
        icon_size=ICON,
        shape=ft.RoundedRectangleBorder(radius=12),
        side=focus_style().side,
    )


def with_controls(row: ListRow, end: ft.Control | None = None, last_line: ft.Control | None = None, line_height: int = 0) -> ft.Stack:
    """`row` with controls of its own drawn over it, not in it: `end` (a menu) at its end, `last_line` (a
    row of marks) as its last line, `line_height` high. In the row's button, a control with a node of its own
    in the browser's tree (a button, a tooltip kept out of the name) split the row into a nameless button
    holding a group or a second button with its name."""
    parts, lines = row.content, row.lines()
    assert isinstance(parts, ft.Row)
    placed: list[ft.Control] = []
    if end is not None:
        parts.controls.append(ft.Container(width=TAP))  # its room
        placed.append(ft.Container(end, right=END, top=0, bottom=0, alignment=ft.Alignment.CENTER))
    if last_line is not None:
        lines.append(ft.Container(height=line_height))  # its room
        leading = not isinstance(parts.controls[0], ft.Column)
        placed.append(ft.Container(last_line, left=START + ICON + GAP if leading else START, bottom=PADDING))
    return ft.Stack([row, *placed])


def list_row(
    title: str,
    subtitle: str | ft.Control,
    on_click,
    key: str | None = None,
    leading: ft.Control | None = None,
    trailing: ft.Control | None = None,
    bold: bool = False,
) -> ListRow:
    """A tappable row: `leading`, the title over `subtitle` (a text: `detail`'s look), `trailing`."""
    # Two lines, always: 64 px tall, never under 48.
    lines: list[ft.Control] = [
        ft.Text(title, theme_style=ft.TextThemeStyle.BODY_LARGE, color=ft.Colors.ON_SURFACE, weight=ft.FontWeight.BOLD if bold else None),
        detail(subtitle) if isinstance(subtitle, str) else subtitle,
    ]
    parts = [leading, ft.Column(lines, spacing=0, tight=True, expand=True), trailing]
    return ListRow(
        content=ft.Row([p for p in parts if p is not None], spacing=GAP, vertical_alignment=ft.CrossAxisAlignment.CENTER),
        on_click=on_click,
        key=key,
        style=style(),
    )
