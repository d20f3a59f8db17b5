"""Text people type that others read (chat lines, the names in an uploaded record): what is kept of it,
and when a name shows as nothing. Display names are refused rather than cleaned (``names``).

Decisions:
- ``clean`` keeps text as typed, minus what could disturb a page or a terminal: line breaks and tabs
  become spaces, other control and format characters (C0 and C1 controls, bidirectional overrides,
  zero-width characters) are dropped, and runs of spaces shrink to one.
- A name must show something once cleaned: at least one character that is not white space, a combining
  mark on its own, or one of the letters that draw as blank space (the Hangul fillers, the blank Braille
  pattern).

>>> clean("hi\\tthere\\u202e  you\\x07")
'hi there you'
>>> shows_something(clean("\\u200b\\u3164"))
False
"""

from __future__ import annotations

import re
import unicodedata

_SPACES = re.compile(r"\s+")
_BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800")
"""Characters of visible categories that draw as empty space."""


def clean(text: str) -> str:
    """``text`` without control or format characters, its white space shrunk to single spaces."""
    kept = "".join(
        " " if char.isspace() else char
        for char in text
        if char.isspace() or unicodedata.category(char)[0] != "C"
    )
    return _SPACES.sub(" ", kept).strip()


def shows_something(text: str) -> bool:
    """True if ``text`` has a character that draws as more than blank space."""
    return any(
        not char.isspace() and unicodedata.category(char)[0] != "M" and char not in _BLANK_LETTERS
        for char in text
    )
