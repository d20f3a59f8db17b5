"""The errors of the engine contract: each says what was wrong and why, and none changes a state."""


class IllegalAction(ValueError):
    """A well-formed action that the rules do not allow now; the state is left unchanged."""


class InvalidNotation(ValueError):
    """Text that is not a move of this game at all (as opposed to a legal-or-not move)."""


class RecordError(ValueError):
    """A game record that cannot be replayed; the message names the offending event's index."""

    def __init__(self, message: str, *, index: int | None = None) -> None:
        super().__init__(message if index is None else f"event {index}: {message}")
        self.index = index
