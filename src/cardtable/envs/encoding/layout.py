"""Named fields of a flat float32 tensor: the one place an encoder's layout is declared.

An encoder adds its fields in order (name, size, bounds, meaning); the layout then knows every
field's offset, the whole vector's bounds for a ``Box`` space, and can print itself as the table
that each game's encoder docstring shows.

>>> layout = Layout()
>>> layout.add("hand", 32, "1 for each card the seat holds")
0
>>> layout.add("scores", 4, "score / start_points, relative seats", low=-1.0)
32
>>> layout.size, float(layout.low()[32]), layout["scores"].stop
(36, -1.0, 36)
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class Field:
    """One named slice of the vector and the bounds of its values."""

    name: str
    offset: int
    size: int
    low: float
    high: float
    meaning: str
    per_seat: int = 0
    """Values per relative seat for a field laid out seat by seat (in groups of ``players`` seats,
    as many groups as the size holds), 0 for a field that is not."""

    @property
    def stop(self) -> int:
        return self.offset + self.size


class Layout:
    """The fields of one encoder, in vector order."""

    def __init__(self) -> None:
        self.fields: list[Field] = []
        self.size = 0

    def add(
        self, name: str, size: int, meaning: str, *, low: float = 0.0, high: float = 1.0, per_seat: int = 0
    ) -> int:
        """Append a field (``per_seat``: see ``Field``); returns its offset. Raises ValueError for a
        repeated name or an empty field."""
        if size < 1 or any(field.name == name for field in self.fields):
            raise ValueError(f"field {name!r} must be new and hold at least one value")
        self.fields.append(Field(name, self.size, size, low, high, meaning, per_seat))
        self.size += size
        return self.size - size

    def __getitem__(self, name: str) -> Field:
        for field in self.fields:
            if field.name == name:
                return field
        raise KeyError(name)

    def low(self) -> np.ndarray:
        """The lower bound of every value, for a ``Box`` space."""
        return np.concatenate([np.full(f.size, f.low, np.float32) for f in self.fields])

    def high(self) -> np.ndarray:
        """The upper bound of every value, for a ``Box`` space."""
        return np.concatenate([np.full(f.size, f.high, np.float32) for f in self.fields])

    def describe(self) -> str:
        """The layout as a text table: offset, size, bounds, name and meaning of each field."""
        rows = [f"{'offset':>6} {'size':>5}  {'range':<9}  field: meaning"]
        for f in self.fields:
            bounds = f"[{f.low:g}, {f.high:g}]"
            rows.append(f"{f.offset:>6} {f.size:>5}  {bounds:<9}  {f.name}: {f.meaning}")
        return "\n".join(rows)
