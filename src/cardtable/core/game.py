"""The engine contract: a ``Game`` (options and static facts) and its ``State`` (one match in play).

Every game subclasses these two. The base classes hold what all games share: the seeded random
source, the event log that becomes the record, chance that comes either from the seed or, in a
replay, from the record, legality checked before anything changes, and cheap cloning.

>>> import cardtable
>>> state = cardtable.make("slobberhannes", players=4).new_game(seed=7)
>>> state.current_player() in range(4) and not state.is_terminal()
True
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Sequence
from numbers import Integral
from operator import add, attrgetter
from typing import Any, ClassVar, NamedTuple

from .cards import Pack
from .errors import IllegalAction, RecordError
from .events import RECORD_FORMAT, ChanceScript, Entry, json_copy, record_form
from .events import JsonDict as JsonDict  # the contract's type of observations and events
from .options import Option, OptionValue, validate_options
from .reasons import Reason, reason
from .story import Fact, logged_facts


class Verb(NamedTuple):
    """One kind of move and its block of action ids, ``base .. base + size - 1``.

    A state class lists its verbs in ``_verbs``; for each verb ``v`` it defines ``_why_not_v(seat, arg)``
    (the reason the move is illegal now, or None) and ``_v(seat, arg)`` (apply it), where ``arg`` is the
    action id minus ``base``. The contract finds them from the action id, so each kind of move has its
    rule and its reason side by side, and no branch tree on ids is written twice."""

    name: str
    base: int
    size: int


MoveFn = Callable[[Any, int, int], None]
WhyNotFn = Callable[[Any, int, int], "Reason | None"]


class Game(ABC):
    """A game with its options fixed: makes new matches and translates between action ids and notation."""

    name: ClassVar[str]
    """The id that the API, records and the command line use ("game-of-trains")."""
    title: ClassVar[str]
    """The name as players write it ("Game of Trains"): what every page and screen shows."""
    pack: ClassVar[Pack | None] = None
    """Its cards as people see them (drawn and named in the browser); None shows plain codes."""
    option_specs: ClassVar[tuple[Option, ...]]
    state_class: ClassVar[type[State]]
    num_actions: ClassVar[int]
    """Action ids are ``0 .. num_actions - 1`` (for masks and tensors)."""

    def __init__(self, **options: Any) -> None:
        """Raises ValueError naming the option when one is unknown or has a bad value."""
        self.options: dict[str, OptionValue] = validate_options(
            self.name, self.option_specs, options, self._check_options
        )
        players = self.options["players"]
        assert isinstance(players, int)
        self.players = players

    def int_option(self, name: str) -> int:
        """An integer option's value (typed, for the rules code)."""
        value = self.options[name]
        assert isinstance(value, int)
        return value

    def seat_option(self, name: str) -> int | None:
        """A seat option's value: a seat, or None for "drawn from the seed"."""
        value = self.options[name]
        assert value is None or isinstance(value, int)
        return value

    @classmethod
    def player_counts(cls) -> tuple[int, ...]:
        """The numbers of players the game can be played by (the values its ``players`` option takes)."""
        option = next(option for option in cls.option_specs if option.name == "players")
        return tuple(count for count in option.choices or (option.default,) if isinstance(count, int))

    def _check_options(self, options: dict[str, OptionValue]) -> None:  # noqa: B027 - optional hook
        """Checks between options (override where a game has them); raise ValueError."""

    @abstractmethod
    def max_game_length(self) -> int | None:
        """An upper bound on the decisions of one match with these options (for search depths, buffers
        and OpenSpiel), or None when the options turn off the safeguard that bounds a match."""

    def new_game(self, seed: int | None = None) -> State:
        """A whole match, deals included; the same seed always gives the same match. Raises ValueError
        for a seed that is not an integer or None: the record keeps it, and replays no other."""
        if seed is not None and type(seed) is not int:
            seed = _integer(seed)  # numpy's integers
            if type(seed) is not int:
                raise ValueError(f"seed must be an integer or None (got {seed!r})")
        return self.state_class(self, seed)

    def all_deals(self) -> list[tuple[list[JsonDict], float]] | None:
        """Where a match's chance is small enough to list (a variant made to be solved): every way it
        can go, as the chance events a replay reads, with its probability. None otherwise (default)."""
        return None

    def dealt_game(self, events: list[JsonDict]) -> State:
        """A match whose chance events are ``events`` (one entry of ``all_deals``) rather than a seed's,
        for exact tree walks. Its record has a null seed and replays as any other."""
        state = self.state_class(self, None, ChanceScript(events))
        state.end_replay()
        return state

    def action_to_string(self, action: int) -> str:
        """The notation of ``docs/records.md`` for an action id; raises ValueError for a number that is no
        action id (``-1`` would name the last action, as a table reads its last item)."""
        if not 0 <= action < self.num_actions:
            raise ValueError(f"{action!r} is not an action id of {self.name} (0..{self.num_actions - 1})")
        return self._action_to_string(action)

    @abstractmethod
    def _action_to_string(self, action: int) -> str:
        """``action_to_string`` of an action id of the game."""

    @abstractmethod
    def string_to_action(self, text: str) -> int:
        """The action id a move's notation names, legal now or not; raises InvalidNotation."""

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and (self.name, self.options) == (other.name, other.options)

    def __hash__(self) -> int:
        return hash((self.name, tuple(sorted(self.options.items()))))

    def __repr__(self) -> str:
        args = ", ".join(f"{k}={v!r}" for k, v in self.options.items())
        return f"cardtable.make({self.name!r}, {args})"


class State:
    """One match in play. Subclasses set ``_to_act`` as play goes on, and ``_finish`` the match.

    Every field of a state is a slot, a game's too (its class lists them in ``__slots__``, and
    ``_setup`` sets each): CPython 3.11 reads slots as fast as the compact form of an instance dict,
    which it keeps for 29 attributes only, and the compiled build (``setup.py``) declares them as C
    fields (a ``.pxd`` beside the module), which compiled code reads without a look-up, so each state
    class is an extension type there, from the same source. An extension type takes no ``ABC`` and no
    ``__init_subclass__``: this class builds its tables on first use instead (``class_tables``).
    """

    __slots__ = (
        "_dispatch",
        "_legal",
        "_log",
        "_rng",
        "_rng_seed",
        "_rng_shared",
        "_script",
        "_seed",
        "_stops_at_hand_end",
        "_to_act",
        "_truncated",
        "_winners",
        "game",
    )
    _copy_fields: ClassVar[tuple[str, ...]] = ()
    """Attributes holding flat mutable containers, copied shallowly by ``clone``."""
    _copy_nested: ClassVar[tuple[str, ...]] = ()
    """Attributes holding lists of lists, copied one level deeper by ``clone``."""
    _verbs: ClassVar[tuple[Verb, ...]] = ()
    """The game's kinds of move and their action-id blocks (see ``Verb``)."""
    _dispatch: tuple[tuple[MoveFn, WhyNotFn, int], ...]
    """Per action id: the verb's move method, its reason method and the argument (``class_tables``)."""
    _script: ChanceScript | None
    """Chance outcomes from a record being replayed; None while the seed decides."""
    _winners: Sequence[int]
    """The winning seats once the match is over."""
    _truncated: bool
    """True once a safeguard limit (not the rules' own end) stopped the match."""
    _rng_shared: bool
    """True while a clone shares ``_rng`` with its original (copied at the next chance event)."""
    _stops_at_hand_end: bool
    """Set by ``stop_at_hand_end`` on search's worlds: a hand's end is scored, and nothing more dealt."""
    _rng_seed: int | None
    """A sampled world's seed for its own future chance, made into ``_rng`` at its first chance event
    (seeding costs more than most rollouts' moves, and many rollouts meet no chance)."""

    def __init__(self, game: Game, seed: int | None, script: ChanceScript | None = None) -> None:
        self.game = game
        self._dispatch = class_tables(type(self)).dispatch
        self._seed = seed
        self._rng = random.Random(seed)
        self._rng_seed, self._rng_shared, self._script = None, False, script
        self._winners, self._truncated, self._stops_at_hand_end = (), False, False
        self._log: list[Entry] = []
        self._legal: Sequence[int] | None = None
        self._to_act: int | None = None
        self._setup()

    @property
    def _over(self) -> bool:
        """True once the match is over (the seat to act is None only then)."""
        return self._to_act is None

    # -- the contract -------------------------------------------------------------------------

    def current_player(self) -> int | None:
        """The seat to act, or None once the match is over."""
        return self._to_act

    def legal_actions(self) -> list[int]:
        """Sorted action ids the seat to act may take; never empty while the match runs."""
        legal = self._legal
        if legal is None:
            legal = self._legal = [] if self._to_act is None else self._legal_actions()
        return [*legal]  # a copy: in CPython 3.11 twice as fast as list(legal)

    def apply_action(self, action: int) -> None:
        """Take ``action`` for the seat to act; raises IllegalAction (state unchanged) if not legal."""
        if type(action) is not int:  # numpy's integers are ids; a float or bool equal to one is not
            action = _integer(action)
            if type(action) is not int:
                raise IllegalAction(self.why_illegal(action))  # never None: no id is of that type
        legal = self._legal
        if legal is None:
            legal = self._legal = [] if self._to_act is None else self._legal_actions()
        if action not in legal:
            raise IllegalAction(
                self.why_illegal(action) or reason("action {action} is not legal now", action=action)
            )
        self._legal = None
        seat: int = self._to_act  # type: ignore[assignment]  # not None: the action was legal
        self._log.append((seat, action))
        move, _, arg = self._dispatch[action]
        move(self, seat, arg)

    def play_randomly(
        self, rng: random.Random, moves: int | None = None, hand_end: bool = False, draw_forced: bool = True
    ) -> int:
        """Play uniformly random legal moves, each drawn as ``rng.choice(state.legal_actions())`` draws it,
        until the match ends, ``moves`` moves are made, or (``hand_end``) the rules log an event of their
        own after a move (a deal or a score: the hand is over); returns the moves made. With
        ``draw_forced`` False, a move that is the only legal one is made without a draw, as a rollout
        policy plays it. For search's rollouts: the loop of ``legal_actions`` and ``apply_action``
        without the copy of the legal moves and the check of the move, which a random pick needs neither."""
        log, dispatch, choice = self._log, self._dispatch, rng.choice
        made = 0
        while made != moves:
            seat = self._to_act
            if seat is None:
                break
            legal = self._legal
            if legal is None:
                legal = self._legal_actions()
            action = legal[0] if not draw_forced and len(legal) == 1 else choice(legal)
            self._legal = None
            log.append((seat, action))
            after = len(log)
            move, _, arg = dispatch[action]
            move(self, seat, arg)
            made += 1
            if hand_end and len(log) != after:
                break
        return made

    def stop_at_hand_end(self) -> None:
        """For search, whose rollouts stop where a hand ends (``Evaluation.hand_end``): from now on, the end
        of a hand is scored and the match stops there, the next hand not dealt. The state is then neither
        over nor playable: ask it only ``event_count()``, ``is_terminal()`` and ``observation()``, which a
        game may give as the table between hands (the scores and the hand just scored: nothing else is
        on it). A game that does not take it up deals on as before, and search stops there all the same;
        one that does saves the deal and the view of a table dealt afresh at the end of every rollout."""
        self._stops_at_hand_end = True

    def why_illegal(self, action: int) -> Reason | None:
        """Why ``action`` may not be taken now, or None when it may (the one source of reasons)."""
        seat = self._to_act
        if seat is None:
            return reason("the game is over")
        if type(action) is not int:
            action = _integer(action)
        if type(action) is not int or not 0 <= action < self.game.num_actions:
            return reason(
                "{action!r} is not an action id of {game} (0..{last})",
                action=action,
                game=self.game.name,
                last=self.game.num_actions - 1,
            )
        _, why_not, arg = self._dispatch[action]
        return why_not(self, seat, arg)

    def is_terminal(self) -> bool:
        """True once the match is over."""
        return self._to_act is None

    def is_truncated(self) -> bool:
        """True when the match is over because a safeguard limit stopped it (a game's ``turn_limit``,
        ``round_limit`` or ``hand_limit``), not because its rules ended it. The result still names the
        winners the limit's rule gives; learners treat the end as a cut, not as the game's outcome."""
        return self._truncated

    def returns(self) -> list[float]:
        """Per-seat payoff: 1.0 for each winner once the match is over, else 0.0."""
        return [1.0 if self._over and seat in self._winners else 0.0 for seat in range(self.game.players)]

    def action_to_string(self, action: int) -> str:
        """The notation of ``docs/records.md`` for an action id."""
        return self.game.action_to_string(action)

    def string_to_action(self, text: str) -> int:
        """The action id of a move's notation; raises InvalidNotation for text that is no move."""
        return self.game.string_to_action(text)

    def observation(self, seat: int | None) -> JsonDict:
        """Everything ``seat`` may know and nothing more; ``None`` gives the public view. Raises ValueError
        for a seat the game does not have: ``-1`` (OpenSpiel's chance player) would read the last seat's
        hand as a list reads its last item."""
        if seat is not None and not 0 <= seat < self.game.players:
            raise ValueError(f"{self.game.name} has seats 0..{self.game.players - 1}, not {seat!r}")
        return self._observation(seat)

    @abstractmethod
    def _observation(self, seat: int | None) -> JsonDict:
        """``observation`` of one of the game's seats, or None for the public view."""

    def record(self, players: list[str] | None = None) -> JsonDict:
        """The game record of ``docs/records.md`` so far (``result`` is null while the match runs);
        ``players`` are optional labels per seat (ValueError unless one per seat)."""
        record: JsonDict = {
            "format": RECORD_FORMAT,
            "game": self.game.name,
            "options": dict(self.game.options),
            "seed": self._seed,
        }
        if players is not None:
            if len(players) != self.game.players:
                raise ValueError(f"players needs {self.game.players} labels, got {len(players)}")
            record["players"] = [str(label) for label in players]
        record["events"] = self.events()
        record["result"] = self.result()
        return record

    def events(self, since: int = 0) -> list[JsonDict]:
        """The record's events from index ``since`` on, as ``record()`` writes them: to follow a match
        as it goes, paying only for the events that are new."""
        notation = self.game.action_to_string
        return [record_form(entry, notation) for entry in self._log[since:]]

    def result(self) -> JsonDict | None:
        """The record's ``result``: None while the match runs."""
        return json_copy(self._result()) if self._over else None

    @abstractmethod
    def resample(self, seat: int | None, rng: random.Random) -> State:
        """A copy in which every card hidden from ``seat`` is redrawn at random, consistent with all
        ``seat`` has seen (its observation is unchanged), and future chance reseeded from ``rng``.
        For search (ISMCTS): the copy's record still shows the real deals."""

    def _world_copy(self, rng: random.Random) -> State:
        """A clone whose future chance (later deals, reshuffles) comes from ``rng``, not the real seed."""
        world = self.clone()
        world._rng_seed = rng.getrandbits(64)
        world._legal = None  # the hidden cards are about to change
        return world

    # -- what happened, for the people watching (``story``) ---------------------------------------

    def describe(self, action: int) -> Fact:
        """What ``action`` means for the seat to act now: its verb and arguments, as a move's ``Fact``
        (legal now or not; the game over, the seat is None)."""
        _, _, arg = self._dispatch[action]
        return self._describe(class_tables(type(self)).verb_of[action], self._to_act, arg, action)

    def tell(self, action: int) -> list[Fact]:
        """Take ``action`` as ``apply_action`` does (IllegalAction, state unchanged, if not legal) and say
        what happened: the move's fact, then what the rules did on their own, in order. It keeps a copy
        of the state before the move: for the people watching a match, not for search."""
        fact = self.describe(action)
        before = self.clone()
        self.apply_action(action)
        facts = [self._made(fact), *self._aftermath(before, before.event_count() + 1)]
        if self._to_act is None:
            facts.append(Fact("end", None, {"winners": list(self._winners)}))
        return facts

    def opening(self) -> list[Fact]:
        """What the set-up did (the first deal and what followed it), for a state no move was made in."""
        return self._aftermath(None, 0)

    def event_count(self) -> int:
        """How many events the record holds so far."""
        return len(self._log)

    def turn_start(self) -> int:
        """The earliest event index a take-back ("undo within a turn") may return the match to: from it
        on, every event is a move of the seat to act in its turn still going on, and none revealed
        anything hidden (a card drawn). ``event_count()`` when nothing may be taken back, the default:
        a game whose every turn is one decision, or one whose several steps reveal a card first, keeps
        it. A game with turns of several steps (Cabooses in the Corner) says where its turn began."""
        return len(self._log)

    def end_replay(self) -> None:
        """Take chance from the seed again, as in a new match: a replay ends with this once every event
        of its record is used, so play can go on from the replayed state."""
        self._script = None

    def clone(self) -> State:
        """An independent copy that shares nothing mutable with this state. Search clones a state every
        iteration, so the slots are read in one call (``ClassTables.read_slots``) and copied by index."""
        cls = type(self)
        tables = class_tables(cls)
        new = cls.__new__(cls)  # no __init__; an extension type's own __new__ when compiled
        values = [*tables.read_slots(self)]
        for at in tables.shallow_copies:
            values[at] = values[at].copy()
        for at in tables.nested_copies:
            values[at] = [inner.copy() for inner in values[at]]
        legal = values[tables.legal_at]
        if type(legal) is list:  # it may be a list the game keeps up to date in place
            values[tables.legal_at] = legal.copy()
        self._rng_shared = values[tables.rng_shared_at] = True  # copied on the next chance event, not now
        for name, value in zip(tables.slot_names, values, strict=True):
            setattr(new, name, value)
        for name, value in getattr(self, "__dict__", {}).items():  # a Python subclass's own fields
            if name in self._copy_fields:
                value = value.copy()
            elif name in self._copy_nested:
                value = [inner.copy() for inner in value]
            setattr(new, name, value)
        return new

    def _fields(self) -> dict[str, Any]:
        """Every field of the state by name: the slots', and a Python subclass's instance dict."""
        tables = class_tables(type(self))
        return {
            **getattr(self, "__dict__", {}),
            **dict(zip(tables.slot_names, tables.read_slots(self), strict=True)),
        }

    def __reduce__(self) -> tuple[Any, ...]:
        """A pickle (OpenSpiel's adapter pickles states) holds the fields but the class's dispatch table,
        which the class gives again; the same in both builds."""
        fields = self._fields()
        del fields["_dispatch"]
        return _unpickled_state, (type(self), fields)

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return False
        assert isinstance(other, State)
        skip = ("_rng", "_rng_shared", "_legal", "_script")  # ``_rng_seed`` is compared as a field
        mine = {k: v for k, v in self._fields().items() if k not in skip}
        theirs = {k: v for k, v in other._fields().items() if k not in skip}
        return mine == theirs and self._rng.getstate() == other._rng.getstate()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        status = "over" if self._over else f"seat {self._to_act} to act"
        return f"<{self.game.name} state, {len(self._log)} events, {status}>"

    # -- what each game provides ------------------------------------------------------------------

    @abstractmethod
    def _setup(self) -> None:
        """Start the match: options, first deal, first seat to act."""

    @abstractmethod
    def _legal_actions(self) -> Sequence[int]:
        """Sorted legal action ids for the seat to act (the match is not over): a list or a tuple,
        which the state keeps until the next move (``legal_actions`` hands out copies). It may be a
        list the game itself keeps up to date as it plays: ``clone`` gives the copy its own.

        A move that already holds what this would return for the next decision may leave it in
        ``_legal`` itself (``apply_action`` clears it before the move): that saves a call a decision,
        which costs CPython about as much as a small game's whole rule."""

    # Each verb ``v`` of ``_verbs`` has ``_why_not_v(seat, arg)``, the reason the move is illegal now or
    # None (it must agree with ``_legal_actions``), and ``_v(seat, arg)``, which applies a legal move and
    # runs every forced step until a seat must decide or the match ends.

    def _describe(self, verb: str, seat: int | None, arg: int, action: int) -> Fact:
        """A move's fact (see ``describe``). The default names the verb and gives the move's notation;
        games give its arguments their meaning (the card played, the position in a train)."""
        return Fact(verb, seat, {"notation": self.game.action_to_string(action)}, move=True)

    def _made(self, fact: Fact) -> Fact:
        """The move's fact once the move is made, with what only its outcome says (the card a draw drew,
        a secret of its seat): chance decides it, so ``describe`` cannot know it. The default keeps the
        fact as described."""
        return fact

    def _aftermath(self, before: State | None, start: int) -> list[Fact]:
        """What the rules did on their own after a move (``before``: the state before it) or at the set-up
        (``before`` None), ending with the facts of the log's own events from index ``start`` (deals,
        scores). The default tells those events only; games add what their rules did (a trick taken)."""
        return self._logged_facts(start)

    def _logged_facts(self, start: int) -> list[Fact]:
        """The facts of the log's own events (deals, scores, shuffles) from index ``start``."""
        return logged_facts([event for event in self._log[start:] if isinstance(event, dict)])

    def _result(self) -> JsonDict:
        """The record's ``result`` object once the match is over."""
        return {"winners": list(self._winners)}

    # -- shared helpers for games -----------------------------------------------------------------

    def _chance(
        self,
        kind: str,
        draw: Callable[[random.Random], Any],
        check: Callable[[Any], None],
        decode: Callable[[Any], Any] | None = None,
    ) -> Any:
        """A chance outcome, logged as a ``kind`` event: drawn from the seed, or in a replay read from
        the record (the seeded draw is still made, so a replayed state continues exactly as the live one).
        ``check`` raises ValueError when a recorded outcome is impossible.

        With ``decode``, the game uses the outcome in another form than the record's (card ids for
        card codes): ``draw`` returns both, ``(payload, value)``, so a live deal is not translated back,
        and a recorded payload is checked, then decoded into the value. Returns the value."""
        if self._rng_seed is not None:
            self._rng, self._rng_seed, self._rng_shared = random.Random(self._rng_seed), None, False
        elif self._rng_shared:
            rng = random.Random.__new__(random.Random)  # unseeded: seeding from the OS costs 5x the copy
            rng.setstate(self._rng.getstate())  # the whole state, ``gauss_next`` too
            self._rng, self._rng_shared = rng, False
        outcome = draw(self._rng)
        if decode is not None:
            outcome, value = outcome
        if self._script is not None:
            index = len(self._log)
            outcome = self._script.outcome(kind, index)
            try:
                check(outcome)
            except (ValueError, TypeError, KeyError) as error:
                raise RecordError(f"bad '{kind}' event: {error}", index=index) from None
            if decode is not None:
                value = decode(outcome)
        self._log.append({kind: outcome})
        return outcome if decode is None else value

    def _log_score(self, deltas: Sequence[int], before: Sequence[int]) -> list[int]:
        """Add a hand's or round's ``deltas`` to the totals ``before``, write the ``score`` event that
        closes it, and return the new totals."""
        scores = list(map(add, before, deltas))
        self._log.append({"score": {"deltas": list(deltas), "scores": list(scores)}})
        return scores

    def _finish(self, winners: Iterable[int], *, truncated: bool = False) -> None:
        """End the match with these winners (ascending seats); ``truncated`` when a safeguard limit,
        not the rules, ends it."""
        self._to_act = None
        self._winners = sorted(winners)
        self._legal = None
        if truncated:
            self._truncated = True


def _dispatch_table(cls: type[State]) -> tuple[tuple[MoveFn, WhyNotFn, int], ...]:
    """Per action id, the move and reason methods of its verb and the argument, from ``cls._verbs``;
    raises TypeError when the verbs leave a gap or overlap, or a verb lacks a method."""
    size = max(verb.base + verb.size for verb in cls._verbs)
    table: list[tuple[MoveFn, WhyNotFn, int] | None] = [None] * size
    for verb in cls._verbs:
        move, why_not = getattr(cls, f"_{verb.name}", None), getattr(cls, f"_why_not_{verb.name}", None)
        if move is None or why_not is None:
            name = verb.name
            raise TypeError(f"{cls.__name__} lists the verb {name!r} but lacks _{name} or _why_not_{name}")
        for arg in range(verb.size):
            if table[verb.base + arg] is not None:
                raise TypeError(f"{cls.__name__}: verb {verb.name!r} overlaps another at {verb.base + arg}")
            table[verb.base + arg] = (move, why_not, arg)
    gaps = [action for action, entry in enumerate(table) if entry is None]
    if gaps:
        raise TypeError(f"{cls.__name__}: no verb covers the action ids {gaps}")
    return tuple(entry for entry in table if entry is not None)


def _unpickled_state(cls: type[State], fields: dict[str, Any]) -> State:
    """A state from the fields ``State.__reduce__`` kept."""
    state = cls.__new__(cls)
    state._dispatch = class_tables(cls).dispatch
    for name, value in fields.items():
        setattr(state, name, value)
    return state


class ClassTables(NamedTuple):
    """What a state class derives from its declarations once (``class_tables``)."""

    dispatch: tuple[tuple[MoveFn, WhyNotFn, int], ...]
    """Per action id: the verb's move method, its reason method and the argument (from ``_verbs``)."""
    verb_of: tuple[str, ...]
    """Per action id: the name of its verb (for ``describe``)."""
    slot_names: tuple[str, ...]
    """The ``__slots__`` of the class and its bases: every field of a game's state."""
    read_slots: Callable[[State], tuple[Any, ...]]
    """The values of ``slot_names``, in one call (``clone``)."""
    shallow_copies: tuple[int, ...]
    """Where in ``slot_names`` the log and ``_copy_fields`` are: ``clone`` copies them."""
    nested_copies: tuple[int, ...]
    """Where in ``slot_names`` the ``_copy_nested`` are: ``clone`` copies them one level deeper."""
    legal_at: int
    """Where ``_legal`` is in ``slot_names``."""
    rng_shared_at: int
    """Where ``_rng_shared`` is in ``slot_names``."""


_class_tables: dict[type[State], ClassTables] = {}


def class_tables(cls: type[State]) -> ClassTables:
    """The tables of a state class, made at its first match: TypeError, as an ``ABC`` would give,
    when it leaves an abstract method of its bases undefined, or when its verbs are not well formed."""
    tables = _class_tables.get(cls)
    if tables is None:
        abstract = sorted(
            name for name in dir(cls) if getattr(getattr(cls, name), "__isabstractmethod__", False)
        )
        if abstract:
            raise TypeError(f"Can't instantiate abstract class {cls.__name__} without {', '.join(abstract)}")
        verbs = sorted(cls._verbs, key=lambda verb: verb.base)
        slots = (name for klass in reversed(cls.__mro__) for name in vars(klass).get("__slots__", ()))
        names = tuple(name for name in slots if name != "__dict__")
        tables = _class_tables[cls] = ClassTables(
            dispatch=_dispatch_table(cls) if verbs else (),
            verb_of=tuple(verb.name for verb in verbs for _ in range(verb.size)),
            slot_names=names,
            read_slots=attrgetter(*names),
            shallow_copies=tuple(names.index(name) for name in ("_log", *cls._copy_fields) if name in names),
            nested_copies=tuple(names.index(name) for name in cls._copy_nested if name in names),
            legal_at=names.index("_legal"),
            rng_shared_at=names.index("_rng_shared"),
        )
    return tables


def _integer(value: Any) -> Any:
    """An integer of another type than ``int`` (numpy's, an ``IntEnum``) as the ``int`` it stands for;
    anything else (a bool, a float, text) as it is, which no action id or seed is."""
    if isinstance(value, Integral) and not isinstance(value, bool):
        return int(value)
    return value
