"""A tournament as the API shows it: its settings, entrants, rounds with their tables, the standings and
how it is scored in words. Entrants are named as players name them: an account by its display name, a
bot by its level and number (``hard bot 1``, ``cardtable.tournaments.bot_names``). The words are in the
reader's language: a bot's name as the game log says it (``narration.words.player_names``), the scoring
through the ``site`` catalog."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Literal, cast

import cardtable
from cardtable.i18n import DEFAULT, translations
from cardtable.narration.words import player_names
from cardtable.tournaments import bot_names, on_streak, placing_points, rules_in_words

from ..db.models import Tournament
from ..schemas import (
    EntrantPublic,
    RoundPublic,
    StandingPublic,
    TournamentGamePublic,
    TournamentPublic,
    TournamentSummary,
)
from .tournament_games import ARENA, Game, Played, placings, standings_of

Format = Literal["swiss", "arena"]
Status = Literal["open", "running", "over"]


def entrants_public(tournament: Tournament, language: str = DEFAULT) -> dict[int, EntrantPublic]:
    """Every entrant by its id, named (a bot in ``language``)."""
    levels = [e.bot for e in tournament.entrants if e.bot is not None]
    bots = iter(bot_names(levels, lambda level: player_names([f"bot:{level}"], language=language)[0]))
    found = {}
    for entrant in tournament.entrants:
        user = entrant.user
        if user is None:
            found[entrant.id] = EntrantPublic(name=next(bots), user_id=None, username=None, bot=entrant.bot)
        else:
            username = None if user.deleted else user.username
            found[entrant.id] = EntrantPublic(
                name=user.display_name, user_id=user.id, username=username, bot=None
            )
    return found


def summary(tournament: Tournament, round_number: int) -> TournamentSummary:
    """A tournament as the list shows it; ``round_number``: the highest round started."""
    return TournamentSummary(
        id=tournament.id,
        game=tournament.game,
        title=cardtable.make(tournament.game).title,
        format=cast(Format, tournament.format),
        status=cast(Status, tournament.status),
        planned_rounds=tournament.rounds,
        minutes=tournament.minutes,
        duplicate=tournament.duplicate,
        turn_seconds=tournament.turn_seconds,
        rated=tournament.rated,
        min_reputation=tournament.min_reputation,
        created_by=tournament.creator.display_name,
        creator_id=tournament.created_by,
        created_at=tournament.created_at,
        started_at=_moment(tournament.started_at),
        ends_at=_moment(tournament.ends_at),
        options=tournament.options,
        entrant_count=len(tournament.entrants),
        user_ids=[e.user_id for e in tournament.entrants if e.user_id is not None],
        round=round_number,
    )


def public(tournament: Tournament, so_far: Played, language: str = DEFAULT) -> TournamentPublic:
    """A tournament with its entrants, rounds and standings, its words in ``language``."""
    entrants = entrants_public(tournament, language)
    arena = tournament.format == ARENA
    by_game = placings(so_far)
    standings = [
        StandingPublic(
            name=entrants[int(row.name)].name,
            username=entrants[int(row.name)].username,
            points=row.points,
            games=row.games,
            buchholz=row.buchholz,
            duplicate=row.duplicate,
            streak=arena and on_streak(by_game.get(row.name, [])),
        )
        for row in standings_of(tournament, so_far)
    ]
    return TournamentPublic(
        **summary(tournament, so_far.round()).model_dump(),
        entrants=list(entrants.values()),
        rounds=_rounds(so_far, entrants),
        standings=standings,
        scoring=rules_in_words(
            arena=arena, duplicate=tournament.duplicate, gettext=translations(language, "site").gettext
        ),
    )


def _rounds(so_far: Played, entrants: dict[int, EntrantPublic]) -> list[RoundPublic]:
    """The rounds with their tables (an arena's: its groups of tables) and byes, in order."""
    byes = {r.number: [entrants[e].name for e in r.byes] for r in so_far.rounds}
    numbers = sorted({*byes, *(g.round for g in so_far.games)})
    rounds = []
    for number in numbers:
        games = [g for g in so_far.games if g.round == number]
        rounds.append(
            RoundPublic(
                number=number,
                tables=[g.table_id for g in games],
                byes=byes.get(number, []),
                games=[_game(g, entrants) for g in games],
            )
        )
    return rounds


def _game(game: Game, entrants: dict[int, EntrantPublic]) -> TournamentGamePublic:
    over = game.status == "over"
    return TournamentGamePublic(
        table=game.table_id,
        status=cast(Literal["open", "playing", "over"], game.status),
        players=[entrants[e].name for e in game.entrants],
        points=list(placing_points(game.returns())) if over else None,
    )


def _moment(seconds: float | None) -> datetime | None:
    return None if seconds is None else datetime.fromtimestamp(seconds, UTC)
