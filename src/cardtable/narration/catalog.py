"""The narration catalog's messages, for Babel's extraction (``babel/narration.cfg`` names ``extract_words``).

The games' words are not calls in the source but mappings (``COMMON_WORDS``, ``TRICK_WORDS``, each
narrator's ``words``, the cards' parts, the options' words), so this extractor reads them from the
narrators themselves: every key is a message's context and its English the message.

Decisions:
- A noun ("card|cards") is a plural entry (``npgettext``: msgid "card", msgid_plural "cards"), not one
  string holding both forms: the translator writes the forms of their own language's plural rule, which
  gettext picks by the count (French says "0 carte", and a language with three forms has three), where
  a "|" form could only hold two, chosen by "is it 1".
- Words with nothing to translate ("{card}", "{kind}", "") are left out (``base.translatable``): the
  narrator says them as they are in every language.
- A context is the key, so the same English in two places ("{seat} deals" as a Mü deal and as a role)
  stays two messages a translator may word apart.
- The rules' reasons (``core.reasons``) are read from the engine's sources (``extract_reasons``: each
  ``reason("…")`` call's literal template), with the context ``reason``. Their translations speak to the
  player whose move was refused (every edge asks about its own player's move): ``{seat}`` is "you".
"""

from __future__ import annotations

import ast
from collections.abc import Collection, Iterator, Mapping
from typing import IO, Any

from .base import Narrator, narrator_for, translatable
from .cards import PACK_WORDS
from .options import option_english

CONTEXT_NOTES = {
    "/you": "said to the player themself, as the terminal does ('You play Q♣')",
    "/move": "a move as one choice of a decision, without its mover (a review's moves)",
}

REASON_CONTEXT = "reason"
"""The context of the rules' reasons in the catalog (``narration.reasons``)."""
REASON_NOTE = (
    "a rule refusing a move, said to the player who tried it: {seat} is 'you' (the word of the context"
    " 'you'), so address them; other fields are cards, players, notation (as is) or words of their own"
)

Extracted = tuple[int, str, tuple[str, ...], list[str]]
"""Babel's extractor result: line number, keyword (its spec picks the context), messages, comments."""


def game_words() -> dict[str, str]:
    """Every word of every game's narrator, its cards and its options, in English, by key."""
    import cardtable

    words: dict[str, str] = dict(Narrator().english)
    for game in cardtable.games():
        words.update(narrator_for(game).english)
        words.update(option_english(game))
    for pack in PACK_WORDS.values():
        words.update(pack)
    return words


def extract_words(
    fileobj: IO[bytes], keywords: Collection[str], comment_tags: Collection[str], options: Mapping[str, Any]
) -> Iterator[Extracted]:
    """Babel's extractor protocol: each message as ``(lineno, funcname, messages, comments)``, with the
    key as the context of a ``pgettext`` (or ``npgettext`` for a noun). ``fileobj`` (the narration
    package, as the mapping names it) is not read: the words are the narrators'."""
    for number, (key, english) in enumerate(sorted(game_words().items()), start=1):
        if not translatable(english):
            continue
        notes = [note for suffix, note in CONTEXT_NOTES.items() if key.endswith(suffix)]
        if key.startswith("noun."):
            one, _, many = english.partition("|")
            yield number, "npgettext", (key, one, many), notes
        else:
            yield number, "pgettext", (key, english), notes


def extract_reasons(
    fileobj: IO[bytes], keywords: Collection[str], comment_tags: Collection[str], options: Mapping[str, Any]
) -> Iterator[Extracted]:
    """Babel's extractor protocol over one engine source file: the template of every ``reason("…")``
    call, as a ``pgettext`` with the context ``reason`` (a template must be a literal: one that is not
    is an error here, so no reason escapes the catalog)."""
    tree = ast.parse(fileobj.read())
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "reason"):
            continue
        template = node.args[0] if node.args else None
        if not (isinstance(template, ast.Constant) and isinstance(template.value, str)):
            raise ValueError(f"line {node.lineno}: a reason's template must be a literal string")
        yield node.lineno, "pgettext", (REASON_CONTEXT, template.value), [REASON_NOTE]
