"""The games with their options, and the bot levels: what the create-table form offers."""

from __future__ import annotations

from fastapi import APIRouter, Response

from cardtable.bots import level_description, level_seconds
from cardtable.i18n import translations

from ..deps import ReaderLanguage
from ..language import vary
from ..schemas import BotsPublic, GamePublic
from ..services.lobby import bot_levels, games_info

router = APIRouter(prefix="/api", tags=["games"])


@router.get("/games")
def games(language: ReaderLanguage, response: Response) -> list[GamePublic]:
    """Every game, its player counts and its options (with defaults and allowed values), in the reader's
    words."""
    vary(response)
    return games_info(language)


@router.get("/bots")
def bots(language: ReaderLanguage, response: Response) -> BotsPublic:
    """The bot levels a seat can be given, easiest first, with how each plays in the reader's words (the
    bots write them in English; the ``site`` catalog translates them, ``babel/site.cfg``) and, per game,
    how long the levels that think a while take a move."""
    vary(response)
    said, levels = translations(language, "site").gettext, bot_levels()
    return BotsPublic(
        levels=levels,
        descriptions={level: said(level_description(level)) for level in levels},
        seconds_per_move={level: level_seconds(level) for level in levels if level_seconds(level)},
    )
