"""No leak: whole games played through the websocket, every message kept, then checked. A seat is sent
exactly ``observation(seat)`` and its legal moves (the views of a replay of the finished game's record),
spectators the public view; and in Slobberhannes, where every card in another hand is hidden, no message
to a seat names a card that another seat holds (the previous hand's last trick aside)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import cardtable

from .helpers import Player, receive, send, watch

Message = dict[str, Any]


def play(
    player: Callable[..., Player], game: str, options: dict[str, Any], seed: int
) -> tuple[Any, list[list[Message]]]:
    """Play a game of people choosing random legal moves; returns its record and the messages each seat
    (and, last, a spectator) received, in order."""
    players = cardtable.make(game, **options).players
    people = [player(f"p{seed}-{seat}") for seat in range(players)]
    table = people[0].create(
        game, options=options, seats=[{"kind": "me"}] + [{"kind": "open"}] * (players - 1)
    )
    for seat, person in enumerate(people[1:], start=1):
        person.http.post(f"/api/tables/{table['id']}/join", json={"seat": seat})
    sockets = [p.socket().__enter__() for p in [*people, player(f"watcher{seed}")]]
    inbox: list[list[Message]] = [[watch(ws, table["id"])] for ws in sockets]
    rng = random.Random(seed)
    while inbox[0][-1]["status"] != "over":
        mover = next(seat for seat in range(players) if inbox[seat][-1]["moves"])
        last = inbox[mover][-1]
        send(
            sockets[mover],
            type="move",
            table=table["id"],
            version=last["version"],
            move=rng.choice(last["moves"]),
        )
        inbox[mover].append(receive(sockets[mover]))
        if inbox[mover][-1]["held"]:  # a step of a turn in progress goes to its person alone (held.py)
            continue
        for seat, ws in enumerate(sockets):
            if seat != mover:
                inbox[seat].append(receive(ws))
    for ws in sockets:
        ws.__exit__(None, None, None)
    return people[0].http.get(f"/api/tables/{table['id']}/record").json(), inbox


def views_by_version(record: Any) -> Iterator[tuple[int, list[Message], list[str], int | None]]:
    """(version, observation of each seat then the public one, legal moves, seat to act) along a replay."""
    for state, _, _ in cardtable.replay_steps(record):
        seats = range(state.game.players)
        views = [state.observation(seat) for seat in [*seats, None]]
        legal = [state.action_to_string(a) for a in state.legal_actions()]
        yield state.event_count(), views, legal, state.current_player()


def check_exact_views(record: Any, inbox: list[list[Message]]) -> None:
    expected = {version: rest for version, *rest in views_by_version(record)}
    for audience, messages in enumerate(inbox):
        seat = audience if audience < len(inbox) - 1 else None
        for message in messages:
            views, legal, to_act = expected[message["version"]]
            assert message["seat"] == seat
            assert message["observation"] == views[audience]
            assert message["moves"] == (legal if seat is not None and seat == to_act else [])


def strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield key
            yield from strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from strings(item)


def this_hand(message: Message, players: int) -> Message:
    """The message without the last trick when that trick closed the previous hand (no trick of this hand
    is finished yet): its cards were seen then, and the same codes are in this hand's new deal."""
    observation = message["observation"]
    if len(observation["played"]) >= players:
        return message
    return {**message, "observation": {**observation, "last_trick": None}}


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_slobberhannes_messages_never_name_a_card_held_by_another_seat(
    player: Callable[..., Player], players: int
) -> None:
    record, inbox = play(player, "slobberhannes", {"players": players, "start_points": 6}, seed=players)
    assert len(inbox[0]) > 50
    check_exact_views(record, inbox)
    for step in range(len(inbox[0])):
        hands = [set(inbox[seat][step]["observation"]["hand"]) for seat in range(players)]
        assert all(inbox[seat][step]["version"] == inbox[0][step]["version"] for seat in range(players + 1))
        for audience in range(players + 1):
            hidden = set().union(*(hand for seat, hand in enumerate(hands) if seat != audience))
            leaked = hidden & set(strings(this_hand(inbox[audience][step], players)))
            assert not leaked, (
                f"{'seat ' + str(audience) if audience < players else 'a spectator'} saw {leaked}"
            )


@pytest.mark.parametrize("game", [g for g in cardtable.games() if g != "slobberhannes"])
def test_every_game_sends_each_seat_exactly_its_observation(player: Callable[..., Player], game: str) -> None:
    record, inbox = play(player, game, {}, seed=1)
    assert record["result"] is not None
    check_exact_views(record, inbox)
