"""The games with their options, and the bot levels: what the create-table form offers."""

from __future__ import annotations

from fastapi import APIRouter

from cardtable.bots import level_description

from ..schemas import BotsPublic, GamePublic
from ..services.lobby import bot_levels, games_info

router = APIRouter(prefix="/api", tags=["games"])


@router.get("/games")
def games() -> list[GamePublic]:
    """Every game, its player counts and its options (with defaults and allowed values)."""
    return games_info()


@router.get("/bots")
def bots() -> BotsPublic:
    """The bot levels a seat can be given, easiest first, with how each plays."""
    levels = bot_levels()
    return BotsPublic(levels=levels, descriptions={level: level_description(level) for level in levels})
