"""Game options: declared once per game, validated with messages that name the option and what is allowed."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

OptionValue = int | bool | str | None


@dataclass(frozen=True, kw_only=True)
class Option:
    """One option of a game: its default and what values it accepts.

    ``choices`` lists every allowed value; otherwise ``minimum`` bounds an integer. ``seat`` options
    name a seat (0..players-1) or ``None`` ("drawn from the seed"). ``table_range`` is the inclusive
    range a table of the platform allows for an open-ended integer (so that every game at a table ends);
    the engine itself accepts any value from ``minimum``, as research may want. ``zero_is_no_limit``
    says that 0, which the engine accepts, switches a safeguard limit off (a table still needs a limit).
    ``research`` marks an option kept for experiments (a match cut to one hand), which the platform's
    create-table form does not offer, and ``tables_keep_default`` one a table of the platform never plays
    with anything but its default (a toy game made to be solved): the game says so, not the server.
    """

    name: str
    default: OptionValue
    help: str
    choices: tuple[OptionValue, ...] | None = None
    minimum: int | None = None
    seat: bool = False
    kind: type = int
    table_range: tuple[int, int] | None = None
    zero_is_no_limit: bool = False
    research: bool = False
    tables_keep_default: bool = False

    def allowed(self) -> str:
        """Say in words which values this option takes."""
        if self.seat:
            return "null or a seat number from 0 to players-1"
        if self.choices is not None:
            return "one of " + ", ".join(_show(c) for c in self.choices)
        if self.kind is bool:
            return "true or false"
        return f"an integer >= {self.minimum}" if self.minimum is not None else f"a {self.kind.__name__}"

    def check(self, value: Any) -> OptionValue:
        """Return ``value`` if this option accepts it; raise ValueError saying why not."""
        problem = f"option '{self.name}' must be {self.allowed()} (got {_show(value)})"
        if self.seat:
            if value is None:
                return None
            if not _is_int(value) or value < 0:
                raise ValueError(problem)
            return int(value)
        if self.kind is bool:
            if not isinstance(value, bool):
                raise ValueError(problem)
        elif self.kind is int:
            if not _is_int(value) or (self.minimum is not None and value < self.minimum):
                raise ValueError(problem)
        elif not isinstance(value, self.kind):
            raise ValueError(problem)
        if self.choices is not None and value not in self.choices:
            raise ValueError(problem)
        return value  # type: ignore[no-any-return]


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _show(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return repr(value) if isinstance(value, str) else str(value)


def validate_options(
    game: str,
    declared: tuple[Option, ...],
    given: Mapping[str, Any],
    extra_check: Callable[[dict[str, OptionValue]], None] | None = None,
) -> dict[str, OptionValue]:
    """Fill defaults and check every option; raise ValueError naming the first bad or unknown one."""
    known = {option.name: option for option in declared}
    unknown = sorted(set(given) - set(known))
    if unknown:
        raise ValueError(
            f"{game} has no option '{unknown[0]}'; its options are: " + ", ".join(o.name for o in declared)
        )
    values = {name: option.check(given.get(name, option.default)) for name, option in known.items()}
    players = values.get("players")
    for option in declared:
        seat = values[option.name]
        if option.seat and isinstance(seat, int) and isinstance(players, int) and seat >= players:
            raise ValueError(
                f"option '{option.name}' must be {option.allowed()} (got {seat} with {players} players)"
            )
    if extra_check is not None:
        extra_check(values)
    return values
