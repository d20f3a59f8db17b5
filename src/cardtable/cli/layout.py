"""Layouts that fit the width they are drawn in: a table too wide for the terminal is drawn another way
instead of being cut or wrapped cell by cell."""

from __future__ import annotations

import shutil

from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from rich.measure import Measurement

UNLIMITED = 10_000
"""A width no layout reaches: measured at it, a layout gives its natural width."""


def terminal_console(*, stderr: bool = False) -> Console:
    """A console at the terminal's true width. Rich takes a dumb terminal (``TERM=dumb``) to be 80
    columns wide whatever its size, so there the width is asked of the terminal itself."""
    console = Console(highlight=False, stderr=stderr)
    if console.is_terminal and console.is_dumb_terminal:
        console.size = shutil.get_terminal_size()
    return console


def natural_width(console: Console, renderable: RenderableType) -> int:
    """The width ``renderable`` takes when nothing limits it (no wrapping, nothing cut)."""
    return Measurement.get(console, console.options.update_width(UNLIMITED), renderable).maximum


class Fitted:
    """The first of several layouts that fits the width it is drawn in; the last one otherwise."""

    def __init__(self, *layouts: RenderableType) -> None:
        self.layouts = layouts

    def chosen(self, console: Console, options: ConsoleOptions) -> RenderableType:
        wide = options.update_width(UNLIMITED)
        for layout in self.layouts[:-1]:
            if Measurement.get(console, wide, layout).maximum <= options.max_width:
                return layout
        return self.layouts[-1]

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield self.chosen(console, options)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, self.chosen(console, options))
