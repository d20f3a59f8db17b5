"""``docs/research.md`` holds every game's observation layout, action ids and reward options as the code
has them: each generated block of the page (between ``<!-- generated: KEY -->`` and
``<!-- end generated -->``) must equal what ``generated()`` makes from the encoders, the games' verbs
and the reward modes today. On a mismatch, the message is the block to paste in.

    python -m tests.envs.test_research_page   # prints every block
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import cardtable
from cardtable.envs.encoding import encoder_for
from cardtable.envs.rewards import MODES

PAGE = Path(__file__).parents[2] / "docs" / "research.md"
BLOCK = re.compile(r"<!-- generated: (\S+) -->\n(.*?)<!-- end generated -->", re.S)
SCORE = {1: "each hand's score change, as it is scored", -1: "each round's fall of the score", 0: "refused"}
"""What ``reward="score"`` pays, by the encoder's ``score_sense``."""


def layout(name: str) -> str:
    """A game's observation layout with default options: sizes, then ``Layout.describe``."""
    game = cardtable.make(name)
    encoder = encoder_for(game)
    shown = ", ".join(f"{key}={value}" for key, value in game.options.items())
    return (
        f"{game.title} ({shown}): observation {encoder.size} values, information state "
        f"{encoder.info_size}, {game.num_actions} action ids.\n\n```\n{encoder.layout.describe()}\n```\n"
    )


def actions() -> str:
    """Every game's blocks of action ids (its verbs), with the notation of the first id of each."""
    rows = ["| game | verb | action ids | first id reads |", "|---|---|---|---|"]
    for name in cardtable.games():
        game = cardtable.make(name)
        for verb in sorted(game.state_class._verbs, key=lambda v: v.base):
            ids = f"{verb.base}" if verb.size == 1 else f"{verb.base}–{verb.base + verb.size - 1}"
            rows.append(f"| {game.title} | `{verb.name}` | {ids} | `{game.action_to_string(verb.base)}` |")
    return "\n".join(rows) + "\n"


def rewards() -> str:
    """What each ``reward`` mode pays in each game."""
    rows = ["| game | " + " | ".join(f"`{mode}`" for mode in MODES) + " |", "|---|---|---|---|"]
    for name in cardtable.games():
        game = cardtable.make(name)
        sense = encoder_for(game).score_sense
        paid = ["1 per winner at the end", "+1 shared by the winners, −1 by the others", SCORE[sense]]
        rows.append(f"| {game.title} | " + " | ".join(paid) + " |")
    return "\n".join(rows) + "\n"


def generated() -> dict[str, str]:
    """Every generated block of the page, by key."""
    blocks = {f"layout-{name}": layout(name) for name in cardtable.games()}
    blocks["actions"] = actions()
    blocks["rewards"] = rewards()
    return blocks


def test_every_generated_block_is_on_the_page() -> None:
    found = [key for key, _ in BLOCK.findall(PAGE.read_text(encoding="utf-8"))]
    assert sorted(found) == sorted(generated()), "each block once, none missing"


@pytest.mark.parametrize("key", sorted(generated()))
def test_each_block_says_what_the_code_does(key: str) -> None:
    blocks = dict(BLOCK.findall(PAGE.read_text(encoding="utf-8")))
    expected = generated()[key]
    assert blocks.get(key) == expected, f"docs/research.md, block {key} should read:\n{expected}"


if __name__ == "__main__":
    for key, text in generated().items():
        print(f"<!-- generated: {key} -->\n{text}<!-- end generated -->\n")
