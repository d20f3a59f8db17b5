"""The engine contract of docs/design.md, checked for every game and player count by seeded random play."""

from __future__ import annotations

import copy
import json
import pickle
import random
from collections.abc import Iterator

import pytest

import cardtable
from cardtable import IllegalAction, InvalidNotation, RecordError

from .helpers import configurations, play_to_end, random_playout

CASES = [(game, options) for game in cardtable.games() for options in configurations(game)]
SEEDS = range(3)


def ids(case: tuple[str, dict[str, object]]) -> str:
    return "-".join([case[0], *(f"{k}={v}" for k, v in case[1].items())])


@pytest.fixture(params=CASES, ids=ids)
def game(request: pytest.FixtureRequest) -> cardtable.Game:
    name, options = request.param
    return cardtable.make(name, **options)


def test_verbs_cover_every_action_id_exactly_once(game: cardtable.Game) -> None:
    """Each action id belongs to one verb, whose rule and reason methods take it (core/game.Verb):
    every game lists its kinds of move as verbs."""
    verbs = game.state_class._verbs
    ids = sorted(a for verb in verbs for a in range(verb.base, verb.base + verb.size))
    assert verbs and ids == list(range(game.num_actions))


def test_games_are_listed_sorted() -> None:
    names = cardtable.games()
    assert names == sorted(names) and "slobberhannes" in names


def test_unknown_game_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="unknown game 'poker'"):
        cardtable.make("poker")


def test_a_game_is_made_for_each_of_its_player_counts_and_no_other(game: cardtable.Game) -> None:
    counts = game.player_counts()
    assert counts and list(counts) == sorted(set(counts)) and game.players in counts
    for players in counts:
        assert cardtable.make(game.name, players=players).players == players
    with pytest.raises(ValueError, match="option 'players'"):
        cardtable.make(game.name, players=counts[-1] + 1)


def test_unknown_option_is_refused_by_name(game: cardtable.Game) -> None:
    with pytest.raises(ValueError, match="no option 'colour'"):
        cardtable.make(game.name, colour=3)


def test_bad_player_count_names_the_option_and_allowed_values(game: cardtable.Game) -> None:
    with pytest.raises(ValueError, match=r"option 'players' must be one of .* \(got 99\)"):
        cardtable.make(game.name, players=99)


def test_options_are_complete_and_json_safe(game: cardtable.Game) -> None:
    assert set(game.options) == {o.name for o in game.option_specs}
    assert json.loads(json.dumps(game.options)) == game.options


def test_same_seed_same_game(game: cardtable.Game) -> None:
    assert play_to_end(game, 11).record() == play_to_end(game, 11).record()


def test_legal_actions_sorted_nonempty_and_agree_with_reasons(game: cardtable.Game) -> None:
    """One legality source: no reason exactly for the legal ids (STYLE §5)."""
    for seed in SEEDS:
        state = game.new_game(seed=seed)
        for step, _ in enumerate(random_playout(state, seed)):
            legal = state.legal_actions()
            assert legal and legal == sorted(set(legal))
            assert all(0 <= a < game.num_actions for a in legal)
            if step % 7 == 0:
                reasons = {a: state.why_illegal(a) for a in range(game.num_actions)}
                assert {a for a, why in reasons.items() if why is None} == set(legal)
                assert all(isinstance(why, str) and why for a, why in reasons.items() if a not in legal)
        assert state.is_terminal() and state.legal_actions() == [] and state.current_player() is None


def test_illegal_action_raises_with_reason_and_changes_nothing(game: cardtable.Game) -> None:
    rng = random.Random(5)
    state = game.new_game(seed=5)
    for step, _ in enumerate(random_playout(state, 5)):
        if step % 5:
            continue
        illegal = [a for a in range(game.num_actions) if a not in state.legal_actions()]
        before = state.clone()
        for action in [*rng.sample(illegal, min(3, len(illegal))), -1, game.num_actions, "x"]:
            with pytest.raises(IllegalAction) as caught:
                state.apply_action(action)  # type: ignore[arg-type]
            assert str(caught.value)
            assert state == before


def test_notation_round_trips(game: cardtable.Game) -> None:
    state = game.new_game(seed=2)
    for _ in random_playout(state, 2):
        for action in state.legal_actions():
            text = state.action_to_string(action)
            assert state.string_to_action(text) == action


def test_gibberish_is_invalid_notation(game: cardtable.Game) -> None:
    state = game.new_game(seed=1)
    for text in ["", "zz", "play", "hello world", "99X"]:
        with pytest.raises(InvalidNotation):
            state.string_to_action(text)


def test_observations_are_json_safe(game: cardtable.Game) -> None:
    state = game.new_game(seed=3)
    for step, _ in enumerate(random_playout(state, 3)):
        if step % 3 == 0:
            for seat in [None, *range(game.players)]:
                obs = state.observation(seat)
                assert json.loads(json.dumps(obs)) == obs
    assert json.loads(json.dumps(state.observation(None))) == state.observation(None)


def test_clone_is_independent(game: cardtable.Game) -> None:
    state = game.new_game(seed=4)
    for step, _ in enumerate(random_playout(state, 4)):
        if step % 10 == 0:
            snapshot = state.record()
            copy = state.clone()
            assert copy == state
            for _ in random_playout(copy, step):
                pass
            assert state.record() == snapshot


def test_a_pickled_state_plays_on_as_the_original(game: cardtable.Game) -> None:
    """OpenSpiel's adapter pickles states; a pickle keeps every field, and chance goes on the same."""
    state = game.new_game(seed=6)
    for step, _ in enumerate(random_playout(state, 6)):
        if step % 25 == 0:
            copy, clone = pickle.loads(pickle.dumps(state)), state.clone()
            assert copy == state
            for _ in random_playout(copy, step):
                pass
            for _ in random_playout(clone, step):
                pass
            assert copy.record() == clone.record()


def test_a_clone_keeps_its_legal_actions_while_the_original_plays_on(game: cardtable.Game) -> None:
    # A game may keep its legal actions in a list it updates as it plays; a clone taken after they
    # were read must not see the original's later moves (search clones, then plays on the original).
    state = game.new_game(seed=5)
    rng = random.Random(5)
    while not state.is_terminal():
        legal = state.legal_actions()
        copy = state.clone()
        state.apply_action(rng.choice(legal))
        assert copy.legal_actions() == legal


def _one_at_a_time(state: cardtable.State, rng: random.Random, moves: int | None, hand_end: bool) -> int:
    """``play_randomly``'s reference: the contract's loop, move by move."""
    made = 0
    while not state.is_terminal() and made != moves:
        before = state.event_count()
        state.apply_action(rng.choice(state.legal_actions()))
        made += 1
        if hand_end and state.event_count() != before + 1:
            break
    return made


@pytest.mark.parametrize(("moves", "hand_end"), [(None, False), (None, True), (7, False)])
def test_play_randomly_plays_as_the_loop_of_random_choices(
    game: cardtable.Game, moves: int | None, hand_end: bool
) -> None:
    """Search's rollouts rely on it: the same moves from the same draws, stopping where asked (the
    match's end, a number of moves, the rules' own event at a hand's end)."""
    for seed in SEEDS:
        fast, slow = game.new_game(seed=seed), game.new_game(seed=seed)
        fast_rng, slow_rng = random.Random(seed), random.Random(seed)
        while not fast.is_terminal():
            made = fast.play_randomly(fast_rng, moves, hand_end)
            assert made == _one_at_a_time(slow, slow_rng, moves, hand_end) and made > 0
            assert fast.record() == slow.record() and fast.legal_actions() == slow.legal_actions()
            assert fast_rng.getstate() == slow_rng.getstate()
        assert fast.play_randomly(fast_rng) == 0


def test_play_randomly_can_make_forced_moves_without_a_draw(game: cardtable.Game) -> None:
    state = game.new_game(seed=2)
    rng = random.Random(2)
    while not state.is_terminal():
        legal = state.legal_actions()
        if len(legal) == 1:
            before, expected = rng.getstate(), state.clone()
            expected.apply_action(legal[0])
            assert state.play_randomly(rng, 1, draw_forced=False) == 1
            assert rng.getstate() == before and state.record() == expected.record()
        else:
            state.apply_action(rng.choice(legal))


STOP_AT_HAND_END = {"slobberhannes", "troeven", "mue"}
"""The games that take up ``stop_at_hand_end``: the others deal on, as the contract allows."""


def test_a_world_stopped_at_the_hands_end_shows_what_the_world_dealt_on_shows(game: cardtable.Game) -> None:
    """Search tells its worlds to stop where a hand ends (``stop_at_hand_end``) and reads their public view
    there: it must show what the same world, dealt on, shows (a game may leave out the rest); a game that
    takes it up deals nothing after the hand's score."""
    for step, state in _positions(game, 5):
        if state.is_terminal():
            continue
        start = state.event_count()
        stopped, dealt = state.clone(), state.clone()
        stopped.stop_at_hand_end()
        stopped.play_randomly(random.Random(step), hand_end=True)
        dealt.play_randomly(random.Random(step), hand_end=True)
        assert stopped.is_terminal() == dealt.is_terminal()
        shown, full = stopped.observation(None), dealt.observation(None)
        assert shown and {key: full[key] for key in shown} == shown
        if game.name in STOP_AT_HAND_END and not dealt.is_terminal():
            assert "score" in stopped.events(start)[-1] and "deal" in dealt.events(start)[-1]


def test_states_keep_every_field_in_a_slot_through_play_clones_and_resamples(game: cardtable.Game) -> None:
    """Simulations rely on it for speed: CPython 3.11 reads slots as fast as the compact form of an
    instance dict, which holds 29 attributes only, and the compiled build reads them as C fields
    (core/game.State). So a state has no instance dict, nor do its clones and sampled worlds."""
    state = game.new_game(seed=5)
    rng = random.Random(5)
    for step, _ in enumerate(random_playout(state, 5)):
        if step % 7 == 0 and not state.is_terminal():
            copies = [state.clone(), state.resample(state.current_player(), rng)]
            for each in (state, *copies):
                assert not hasattr(each, "__dict__"), sorted(vars(each))


def test_replay_of_record_reaches_an_equal_state(game: cardtable.Game) -> None:
    for seed in SEEDS:
        state = game.new_game(seed=seed)
        for step, _ in enumerate(random_playout(state, seed)):
            if step == 40:
                assert cardtable.replay(state.record()) == state
        record = json.loads(json.dumps(state.record()))
        assert record["result"] is not None
        replayed = cardtable.replay(record)
        assert replayed == state and replayed.record() == record


def test_replayed_unfinished_game_continues_like_the_original(game: cardtable.Game) -> None:
    state = game.new_game(seed=8)
    for step, _ in enumerate(random_playout(state, 8)):
        if step == 30:
            break
    copy = cardtable.replay(state.record())
    for _ in random_playout(state, 99):
        pass
    for _ in random_playout(copy, 99):
        pass
    assert state.record() == copy.record()


def test_events_since_an_index_are_the_records_events_from_there(game: cardtable.Game) -> None:
    """What the online table sends after each move: the new events only, copies of the log's."""
    state, rng = game.new_game(seed=4), random.Random(4)
    seen: list[dict[str, object]] = state.events()
    for _ in range(300):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
        new = state.events(len(seen))
        assert new and "move" in new[0]
        seen += new
    assert seen == state.record()["events"] and state.events(len(seen)) == []
    written = json.dumps(seen)
    state.events()[0]["deal"].clear()  # a caller's changes never reach the state
    assert json.dumps(state.events()) == written


def test_replay_steps_go_move_by_move_as_the_record_says(game: cardtable.Game) -> None:
    record = play_to_end(game, 5).record()
    moves = [(e["seat"], e["move"]) for e in record["events"] if "move" in e]
    steps = [(step.seat, step.move, step.state.clone()) for step in cardtable.replay_steps(record)]
    assert steps[0][:2] == (None, None) and [step[:2] for step in steps[1:]] == moves
    versions = [state.event_count() for _, _, state in steps]
    assert versions == sorted(set(versions)) and versions[-1] == len(record["events"])
    assert steps[-1][2] == cardtable.replay(record) and steps[-1][2].is_terminal()


def test_a_recorded_deal_is_checked_before_it_is_used(game: cardtable.Game) -> None:
    record = game.new_game(seed=3).record()
    (deal,) = record["events"][0].values()
    role = next(key for key in deal if key != "deck")
    for bad, reason in [
        ({**deal, "extra": 1}, f"a deal holds '{role}' and 'deck'"),
        (
            {**deal, role: game.players},
            rf"{role} must be a seat 0..{game.players - 1} \(got {game.players}\)",
        ),
        ({**deal, role: True}, rf"{role} must be a seat 0..{game.players - 1} \(got True\)"),
        ({**deal, "deck": deal["deck"][1:]}, rf"deck must hold the {len(deal['deck'])} cards of this pack"),
    ]:
        with pytest.raises(RecordError, match=f"^event 0: bad 'deal' event: {reason}"):
            cardtable.replay({**record, "events": [{"deal": bad}]})


def test_returns_mark_the_winners(game: cardtable.Game) -> None:
    state = play_to_end(game, 6)
    returns = state.returns()
    assert len(returns) == game.players and set(returns) <= {0.0, 1.0}
    assert [s for s, r in enumerate(returns) if r == 1.0] == state.record()["result"]["winners"]


def test_tampered_record_is_refused_with_the_event_index(game: cardtable.Game) -> None:
    state = play_to_end(game, 7)
    record = state.record()
    index = next(i for i, e in enumerate(record["events"]) if "move" in e)
    record["events"][index]["seat"] = (record["events"][index]["seat"] + 1) % game.players
    with pytest.raises(RecordError, match=f"^event {index}: "):
        cardtable.replay(record)


def test_no_seat_outside_the_game_has_a_view(game: cardtable.Game) -> None:
    """``-1`` (OpenSpiel's chance player) read the last seat's hand, as a list reads its last item."""
    state = game.new_game(seed=2)
    for seat in (-1, game.players):
        with pytest.raises(ValueError, match=rf"has seats 0\.\.{game.players - 1}, not {seat}$"):
            state.observation(seat)
    assert state.observation(game.players - 1)["seat"] == game.players - 1


def test_a_number_that_is_no_action_id_has_no_notation(game: cardtable.Game) -> None:
    """``-1`` named the last action, as a table reads its last item."""
    for action in (-1, game.num_actions):
        with pytest.raises(ValueError, match=rf"^{action} is not an action id of {game.name} "):
            game.action_to_string(action)
    last = game.action_to_string(game.num_actions - 1)
    assert game.string_to_action(last) == game.num_actions - 1


def test_a_seat_or_labels_of_another_type_are_refused(game: cardtable.Game) -> None:
    """records.md: a seat is a JSON integer and ``players`` one text label per seat; ``1.0`` or labels
    that are no list of texts would replay as another record's twin."""
    record = play_to_end(game, 8).record(players=[f"p{seat}" for seat in range(game.players)])
    index = next(i for i, e in enumerate(record["events"]) if "move" in e)
    floated = copy.deepcopy(record)
    floated["events"][index]["seat"] = float(floated["events"][index]["seat"])
    with pytest.raises(RecordError, match=f"^event {index}: a seat is written as an integer, found"):
        cardtable.replay(floated)
    for labels in ["p" * game.players, record["players"][1:], list(range(game.players))]:
        with pytest.raises(RecordError, match=rf"^players must be a list of {game.players} names \(text\)"):
            cardtable.replay({**record, "players": labels})
    assert cardtable.replay(record).record(players=record["players"]) == record


def _positions(game: cardtable.Game, every: int) -> Iterator[tuple[int, cardtable.State]]:
    """Every ``every``-th position of seeded random matches, with its step (the state plays on after)."""
    for seed in SEEDS:
        state = game.new_game(seed=seed)
        for step, _ in enumerate(random_playout(state, seed)):
            if step % every == 0:
                yield step, state


def test_resample_keeps_the_seats_observation_and_stays_playable(game: cardtable.Game) -> None:
    """ISMCTS worlds: a resampled state looks the same to the seat and plays on legally to the end."""
    rng = random.Random(12)
    for step, state in _positions(game, 11):
        seat = state.current_player()
        world = state.resample(seat, rng)
        assert world.observation(seat) == state.observation(seat)
        assert world.observation(None) == state.observation(None)
        assert world.legal_actions() == state.legal_actions()
        for _ in random_playout(world, step, max_steps=2000):
            if world.current_player() == seat:
                break


def test_resample_for_any_seat_gives_a_world_that_plays_on(game: cardtable.Game) -> None:
    """The adapters resample for any seat (OpenSpiel's ``resample_from_infostate``), and the public view
    for none: the world agrees with everything that seat and the public know, so it has a move to make."""
    rng = random.Random(13)
    for _, state in _positions(game, 3):
        for seat in (None, *range(game.players)):
            world = state.resample(seat, rng)
            assert world.observation(None) == state.observation(None)
            assert world.is_terminal() == state.is_terminal()
            assert world.is_terminal() or world.legal_actions()


def test_max_game_length_bounds_every_match(game: cardtable.Game) -> None:
    """OpenSpiel, search depths and buffers rely on the bound: no match takes more decisions."""
    bound = game.max_game_length()
    assert isinstance(bound, int) and bound > 0
    for seed in SEEDS:
        state = game.new_game(seed=seed)
        decisions = sum(1 for _ in random_playout(state, seed))
        assert decisions <= bound


def test_only_a_finished_match_can_be_truncated(game: cardtable.Game) -> None:
    """A running match is never truncated; a finished one is exactly when a safeguard limit ended it,
    and its replay says the same."""
    for seed in SEEDS:
        state = game.new_game(seed=seed)
        for step, _ in enumerate(random_playout(state, seed)):
            if step % 13 == 0:
                assert not state.is_truncated()
        assert state.is_terminal()
        assert cardtable.replay(state.record()).is_truncated() == state.is_truncated()
