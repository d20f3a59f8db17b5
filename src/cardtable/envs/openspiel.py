"""Every cardtable game as an OpenSpiel Python game (extra ``cardtable[openspiel]``).

Importing this module registers each game with ``pyspiel`` as ``cardtable_<game>`` (dashes as
underscores), its options as game parameters:

>>> import pyspiel
>>> import cardtable.envs.openspiel
>>> game = pyspiel.load_game("cardtable_slobberhannes", {"players": 3})
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes()), state.chance_outcomes()[0]
(True, 256, (0, 0.00390625))
>>> for byte in [0, 0, 0, 0, 0, 0, 0, 7]:
...     state.apply_action(byte)
>>> state.cardtable_state().record()["seed"], state.current_player() in range(3)
(7, True)

Decisions:
- Chance is explicit and lives in the match's seed, as in the engine: a new state opens with eight
  chance nodes, each drawing one byte of a 64-bit seed (256 outcomes of equal probability), and then
  the match ``new_game(seed)`` starts. Every deal follows from that seed inside the engine, so the
  chance nodes are the whole of chance, exactly weighted, and each ``apply_action`` is deterministic
  (OpenSpiel's ``EXPLICIT_STOCHASTIC``, so states serialize and pickle by their history). Eight
  nodes of 256 rather than one of 2**64 keeps ``chance_outcomes()`` small. ``cardtable_state()``
  gives the engine state, whose ``record()`` replays the match in cardtable.
- A game whose chance is few enough deals to list (``Game.all_deals``: Troeven's ``mini``) opens
  instead with one chance node over those deals, exactly weighted, so that OpenSpiel's exact tree
  walks (CFR, ``exploitability.nash_conv``) take the whole tree; such a match's record has no seed.
- Information: imperfect. ``observation_string``/``observation_tensor`` are the seat's current view
  (``observation(seat)``, everything it may know now, ``docs/design.md`` §6): canonical JSON, and the
  game's encoder. The information state is perfect recall (``cardtable.envs.recall``):
  ``information_state_string`` is the seat's whole history in the match (its first view, then every
  move with its seat and what changed in the seat's view), and ``information_state_tensor`` is the
  current view followed by the current hand's moves and news (``Encoder.encode_info``): perfect recall
  within the hand, and so over the whole match where a match is one hand (Game of Trains, Cabooses, a
  trick game's ``single_hand`` option; OpenSpiel's hearts is one hand too). Only there does the game
  type say ``provides_information_state_tensor``: a match of many hands merges histories that differ
  in earlier hands, so tools that need perfect recall are told; the tensor is still given. A state
  starts following the history the first time one is asked for, by replaying its record, so searches
  that never ask pay nothing. The public observer
  (``IIGObservationType(private_info=NONE)``) is ``observation(None)``. Observers over all players'
  private information are refused: the engine gives none.
- ``resample_from_infostate`` is the engine's ``resample``: other seats' hidden cards redrawn,
  the seat's view unchanged, future chance reseeded from the sampler. The world keeps the seat's
  information state. It has none for the other seats: their past would be the real match's, which
  holds their real cards, not the world's, and would tell the seat searching the world what it may
  not know; asking for one raises ValueError (observation strings and tensors are the world's own).
- Utility follows the game parameter ``reward`` (``cardtable.envs.rewards``): ``win`` (the default)
  is general-sum in [0, 1]; ``zero_sum`` is ``ZERO_SUM`` in [-1, 1]; ``score`` pays each hand's points
  as it is scored (reward model ``REWARDS``). A match a safeguard limit ends is terminal for
  OpenSpiel, which has no truncation. ``max_game_length`` is the game's own bound
  (``Game.max_game_length``); options that turn off the safeguard (a limit of 0) leave a match
  unbounded, and OpenSpiel refuses them.
- Seat options whose default is null (``first_leader``…) are integer parameters with -1 for null:
  OpenSpiel parameters cannot be null.
- ``bot(spec, seed)`` seats any cardtable bot spec, and OpenSpiel's C++ IS-MCTS (``openspiel-ismcts``),
  as a ``pyspiel.Bot`` (for ``evaluate_bots`` and OpenSpiel's tools). ``ISMCTSBot`` seats OpenSpiel's
  C++ IS-MCTS; it also plays cardtable states as a cardtable bot (kind ``openspiel-ismcts`` of
  ``cardtable.bots.make`` once ``register_bot()`` has been called: the arena takes bot specs; its
  process workers are spawned, so they do not see it, and an arena seating it runs with
  ``workers=1``). It keys its search tree on observation strings, as it did before the information
  states had perfect recall: a history per node would make every key grow with the match.
"""

from __future__ import annotations

import functools
import json
import random
from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel

import cardtable
from cardtable.bots import Bot
from cardtable.bots import make as bots_make
from cardtable.bots.base import register_kind
from cardtable.bots.ismcts import EXPLORATION
from cardtable.core.game import Game, JsonDict, State
from cardtable.core.options import Option

from . import ismcts_bridge
from .encoding import Encoder, encoder_for
from .recall import MatchRecall
from .rewards import Rewards

BOT_KIND = "openspiel-ismcts"
NULL = -1
"""The parameter value that stands for a null option (OpenSpiel parameters have no null)."""
NOBODY = -2
"""``SpielState._sampled_for`` of a world resampled again for another seat: no seat's recall fits it."""
SEED_BYTES = 8
"""Chance nodes at the root: each draws one byte of the match's 64-bit seed."""
BYTE_OUTCOMES = [(byte, 1 / 256) for byte in range(256)]


def spiel_name(game: str) -> str:
    """The pyspiel name of a cardtable game: ``cardtable_game_of_trains`` for ``game-of-trains``."""
    return "cardtable_" + game.replace("-", "_")


def parameters(game: Game, reward: str = "win") -> dict[str, Any]:
    """The pyspiel parameters that load ``game`` with its options (null options as -1)."""
    params: dict[str, Any] = {name: NULL if value is None else value for name, value in game.options.items()}
    params["reward"] = reward
    return params


def load(game: Game, reward: str = "win") -> SpielGame:
    """The pyspiel game for a cardtable game with its options and ``reward`` mode."""
    loaded = pyspiel.load_game(spiel_name(game.name), parameters(game, reward))
    assert isinstance(loaded, SpielGame)
    return loaded


class _Match:
    """The engine state inside a pyspiel state. OpenSpiel copies states with ``deepcopy`` of their
    attributes; this makes that copy the engine's cheap ``clone``."""

    __slots__ = ("state",)

    def __init__(self, state: State) -> None:
        self.state = state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Match:
        return _Match(self.state.clone())

    def __getstate__(self) -> State:
        return self.state

    def __setstate__(self, state: State) -> None:
        self.state = state


class _Branch:
    """Where a resampled world's history starts, until it is asked for: the recall of the state it
    was drawn from, and the world's engine state then (its own moves follow from there). Shared by
    the world's copies: neither is changed."""

    __slots__ = ("history", "world")

    def __init__(self, history: Callable[[], MatchRecall | None], world: State) -> None:
        self.history, self.world = history, world

    def __deepcopy__(self, memo: dict[int, Any]) -> _Branch:
        return self


class SpielGame(pyspiel.Game):
    """A cardtable game with its options, as a pyspiel game. ``register`` makes one subclass per game,
    naming it in ``cardtable_name`` and ``game_type``."""

    cardtable_name: str
    game_type: pyspiel.GameType

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        """Raises ValueError for a bad option value or reward mode, and for options that leave a match
        unbounded (pyspiel itself refuses unknown parameters)."""
        params = dict(params or {})
        specs = {option.name: option for option in cardtable.make(self.cardtable_name).option_specs}
        options = {key: _option_value(specs[key], value) for key, value in params.items() if key in specs}
        self.cardtable_game = game = cardtable.make(self.cardtable_name, **options)
        self.encoder: Encoder = encoder_for(game)
        self.rewards = Rewards(game, params.get("reward", "win"))
        length = game.max_game_length()
        if length is None:
            raise ValueError(
                f"OpenSpiel needs a bound on a match's length, and {game!r} has none: keep its safeguard "
                "limit above 0"
            )
        self.deals = game.all_deals()
        """The listed deals the root draws from, or None: the root draws the seed."""
        self.deal_outcomes = BYTE_OUTCOMES
        if self.deals is not None:
            self.deal_outcomes = [(index, chance) for index, (_, chance) in enumerate(self.deals)]
        low, high = self.rewards.bounds()
        zero_sum = self.rewards.mode == "zero_sum"
        info = pyspiel.GameInfo(
            num_distinct_actions=game.num_actions,
            max_chance_outcomes=len(self.deal_outcomes),
            num_players=game.players,
            min_utility=low,
            max_utility=high,
            utility_sum=0.0 if zero_sum else None,
            max_game_length=length,
        )
        super().__init__(_of_instance(self.game_type, self.rewards, self.encoder), info, params)

    def new_initial_state(self) -> SpielState:
        """The root: the first of the chance nodes that draw the match's seed."""
        return SpielState(self)

    def wrap(self, match: State) -> SpielState:
        """A pyspiel state holding a copy of ``match`` (a state of this game), for bots that search
        from a cardtable position. Its OpenSpiel history is empty: the match began elsewhere."""
        if match.game != self.cardtable_game:
            raise ValueError(f"{match.game!r} is not this game ({self.cardtable_game!r})")
        state = SpielState(self)
        state._match = _Match(match.clone())
        return state

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: dict[str, Any] | None = None
    ) -> Observer:
        """The seat's view (default and information state), or the public view for
        ``private_info=NONE``; raises ValueError for views the engine does not give."""
        if params:
            raise ValueError(
                f"observers of {spiel_name(self.cardtable_game.name)} take no parameters: {params}"
            )
        private = pyspiel.PrivateInfoType.SINGLE_PLAYER if iig_obs_type is None else iig_obs_type.private_info
        public = True if iig_obs_type is None else iig_obs_type.public_info
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS or not public:
            raise ValueError(
                "cardtable observers give a seat's view (public and its own private information) or the "
                f"public view, not {iig_obs_type}"
            )
        public_only = private == pyspiel.PrivateInfoType.NONE
        if iig_obs_type is not None and iig_obs_type.perfect_recall and not public_only:
            return InfoStateObserver(self.encoder)
        return Observer(self.encoder, public_only=public_only)


class SpielState(pyspiel.State):
    """A match of a cardtable game as a pyspiel state (chance at the root, then the engine)."""

    def __init__(self, game: SpielGame) -> None:
        super().__init__(game)
        self._seed_bytes: list[int] = []
        self._match: _Match | None = None
        self._recall: MatchRecall | None = None
        self._branch: _Branch | None = None
        self._sampled_for: int | None = None
        """In a world drawn by ``resample_from_infostate``, the one seat with an information state."""
        self._rewards = self._returns = [0.0] * game.num_players()

    def current_player(self) -> int:
        if self._match is None:
            return int(pyspiel.PlayerId.CHANCE)
        seat = self._match.state.current_player()
        return int(pyspiel.PlayerId.TERMINAL) if seat is None else seat

    def _legal_actions(self, player: int) -> list[int]:
        assert self._match is not None
        return self._match.state.legal_actions()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        game: SpielGame = self.get_game()
        return game.deal_outcomes

    def _apply_action(self, action: int) -> None:
        if self._match is not None:
            match = self._match.state
            seat, since = match.current_player(), match.event_count()
            match.apply_action(action)
            rewards = self.get_game().rewards
            self._rewards = rewards.after(match, match.events(since + 1) if rewards.dense else ())
            self._returns = [sum(pair) for pair in zip(self._returns, self._rewards, strict=True)]
            if self._recall is not None:
                assert seat is not None
                self._recall.step(match, seat, action)
            return
        game = self.get_game()
        if game.deals is not None:
            if action not in range(len(game.deals)):
                raise ValueError(f"a deal is 0..{len(game.deals) - 1}, not {action}")
            self._match = _Match(game.cardtable_game.dealt_game(game.deals[action][0]))
            return
        if action not in range(256):
            raise ValueError(f"a seed byte is 0..255, not {action}")
        self._seed_bytes.append(action)
        if len(self._seed_bytes) == SEED_BYTES:
            seed = int.from_bytes(bytes(self._seed_bytes), "big")
            self._match = _Match(self.get_game().cardtable_game.new_game(seed=seed))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            deals = self.get_game().deals
            if deals is not None:
                return f"deal {action}: {json.dumps(deals[action][0], separators=(',', ':'))}"
            return f"seed byte {len(self._seed_bytes) + 1} of {SEED_BYTES}: {action}"
        return self.get_game().cardtable_game.action_to_string(action)

    def is_terminal(self) -> bool:
        return self._match is not None and self._match.state.is_terminal()

    def rewards(self) -> list[float]:
        """The rewards of the last move (``score``: the hand just scored; else only at the end)."""
        return list(self._rewards)

    def returns(self) -> list[float]:
        return list(self._returns)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> SpielState:
        """A state that ``player_id`` cannot tell from this one: the engine's ``resample``, seeded by
        one draw of the sampler (a callable returning a float in [0, 1), as OpenSpiel passes)."""
        world = self.clone()
        if self._match is not None:
            world._sampled_for = player_id if self._sampled_for in (None, player_id) else NOBODY
            rng = random.Random(int(probability_sampler() * 2**53))
            world._match = _Match(self._match.state.resample(player_id, rng))
            if self._recall is not None:
                world._recall = self._recall.copy()
            else:  # the world's record shows the real deals: its history must start from this one's
                world._branch = _Branch(self.clone().recall, world._match.state.clone())
        return world

    def cardtable_state(self) -> State:
        """A copy of the engine state (for records and cardtable tools); raises ValueError before the deal."""
        if self._match is None:
            raise ValueError("the match has not started: its seed is still being drawn")
        return self._match.state.clone()

    def view(self, seat: int | None) -> JsonDict | None:
        """``observation(seat)`` of the match, or None before the deal."""
        return None if self._match is None else self._match.state.observation(seat)

    def recall_for(self, player: int) -> MatchRecall | None:
        """``recall()``, to read ``player``'s information state: raises ValueError in a world resampled
        for another seat, whose recall of ``player`` is the real match's (its real cards)."""
        if self._sampled_for is not None and player != self._sampled_for:
            raise ValueError(
                f"this state was resampled for player {self._sampled_for}: it has no information state for "
                f"player {player}, whose past is the real match's (ask its observation instead)"
            )
        return self.recall()

    def recall(self) -> MatchRecall | None:
        """Every seat's history of the match (None before the deal), followed from now on."""
        if self._match is None:
            return None
        if self._recall is None:
            match = self._match.state
            if self._branch is None:
                self._recall = MatchRecall.of(match)
            else:
                history = self._branch.history()
                assert history is not None
                self._recall = recall = history.copy()
                world = self._branch.world.clone()
                for event in match.events(world.event_count()):
                    if "move" in event:
                        action = world.string_to_action(event["move"])
                        world.apply_action(action)
                        recall.step(world, event["seat"], action)
                self._branch = None
        return self._recall

    def __str__(self) -> str:
        if self._match is None:
            return f"chance: seed bytes so far {self._seed_bytes}"
        match = self._match.state
        seats = [match.observation(seat) for seat in range(match.game.players)]
        return json.dumps(seats, sort_keys=True, separators=(",", ":"))


class Observer:
    """pyspiel's observer protocol over the encoder: ``tensor``, named views in ``dict``, and
    ``set_from``/``string_from``."""

    def __init__(self, encoder: Encoder, *, public_only: bool) -> None:
        self.encoder = encoder
        self.public_only = public_only
        self.tensor = np.zeros(encoder.size, np.float32)
        self.dict = {f.name: self.tensor[f.offset : f.stop] for f in encoder.layout.fields}

    def set_from(self, state: SpielState, player: int) -> None:
        view = state.view(None if self.public_only else player)
        if view is None:
            self.tensor[:] = 0.0
        else:
            self.encoder.encode_into(self.tensor, view)

    def string_from(self, state: SpielState, player: int) -> str:
        view = state.view(None if self.public_only else player)
        return "" if view is None else json.dumps(view, sort_keys=True, separators=(",", ":"))


class InfoStateObserver:
    """The perfect-recall observer: ``string_from`` is the seat's history in the match, ``tensor`` its
    view now and at the deal, and the current hand's tokens (``Encoder.encode_info``); named views
    ``dict`` per field of the view now, then ``dealt`` and ``history``."""

    def __init__(self, encoder: Encoder) -> None:
        self.encoder = encoder
        self.tensor = np.zeros(encoder.info_size, np.float32)
        self.dict = {f.name: self.tensor[f.offset : f.stop] for f in encoder.layout.fields}
        self.dict["dealt"] = self.tensor[encoder.size : 2 * encoder.size]
        self.dict["history"] = self.tensor[2 * encoder.size :]

    def set_from(self, state: SpielState, player: int) -> None:
        recall = state.recall_for(player)
        if recall is None:
            self.tensor[:] = 0.0
        else:
            self.tensor[:] = self.encoder.encode_info(
                recall.view(player), recall.dealt(player), recall.tokens(player)
            )

    def string_from(self, state: SpielState, player: int) -> str:
        recall = state.recall_for(player)
        return "" if recall is None else recall.string(player)


# -- OpenSpiel's C++ IS-MCTS ----------------------------------------------------------------------------


class ISMCTSBot(Bot):
    """OpenSpiel's C++ ``ISMCTSBot`` with random-rollout evaluation, drawing worlds with the engine's
    ``resample`` (through ``ismcts_bridge``).

    ``seconds`` bounds the search per move by wall clock (``iterations`` is then ignored), as our
    ``ismcts:seconds=…`` does; ``uct_c`` defaults to our ``ismcts``'s exploration constant. The move
    is the most visited one (``policy="max_visits"``), or drawn from the visit counts with
    ``policy="visits"``. As a cardtable bot, ``choose`` searches from a copy of the cardtable state;
    ``step`` takes a pyspiel state of a ``cardtable_*`` game.
    """

    def __init__(
        self,
        seed: int | None = None,
        *,
        seconds: float = 0.0,
        iterations: int = 1000,
        uct_c: float = EXPLORATION,
        rollouts: int = 1,
        policy: str = "max_visits",
    ) -> None:
        """Raises ValueError for a bad setting."""
        policies = {
            "max_visits": pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
            "visits": pyspiel.ISMCTSFinalPolicyType.NORMALIZED_VISIT_COUNT,
        }
        if policy not in policies:
            raise ValueError(f"policy must be one of {', '.join(policies)} (got {policy!r})")
        if seconds < 0 or iterations < 1 or rollouts < 1 or uct_c <= 0:
            raise ValueError("seconds must be >= 0, iterations and rollouts >= 1, uct_c > 0")
        seeds = random.Random(seed)

        def cpp_bot(simulations: int, wall_clock: float) -> Any:
            bot = pyspiel.ISMCTSBot(
                seed=seeds.getrandbits(31),
                evaluator=pyspiel.RandomRolloutEvaluator(rollouts, seeds.getrandbits(31)),
                uct_c=uct_c,
                max_simulations=simulations,
                max_world_samples=-1,
                final_policy_type=policies[policy],
                use_observation_string=True,
                allow_inconsistent_action_sets=False,
                max_wall_clock_time=wall_clock,
            )
            ismcts_bridge.set_resampler(bot, _resample)
            return bot

        self.bot = cpp_bot(iterations, float(seconds))
        self._two_simulations = cpp_bot(2, -1.0) if seconds > 0 else None

    def step(self, state: pyspiel.State) -> int:
        """The bot's action at a decision node of a pyspiel state (keeps the GIL: see ismcts_bridge).

        OpenSpiel's timed search fails ("total_visits > 0") when its time runs out before a second
        simulation has begun; that move is then searched with two simulations, a little over time."""
        try:
            _, action = self.bot.step_with_policy(state)
        except pyspiel.SpielError as error:
            if self._two_simulations is None or "total_visits" not in str(error):
                raise
            _, action = self._two_simulations.step_with_policy(state)
        return int(action)

    def choose(self, state: State) -> int:
        return self.step(_loaded(state.game).wrap(state))


def _resample(state: SpielState, player: int, rng: Any) -> SpielState:
    return state.resample_from_infostate(player, rng)


# -- any cardtable bot as a pyspiel.Bot ------------------------------------------------------------------


class SpielBot(pyspiel.Bot):
    """A cardtable bot seated in OpenSpiel (``evaluate_bots``, OpenSpiel's tools): it chooses from the
    engine state of a ``cardtable_*`` pyspiel state, and needs no history (``restart_at`` and
    ``inform_action`` change nothing)."""

    def __init__(self, bot: Bot) -> None:
        pyspiel.Bot.__init__(self)
        self.bot = bot

    def step(self, state: pyspiel.State) -> int:
        if isinstance(self.bot, ISMCTSBot):
            return self.bot.step(state)
        return self.bot.choose(state.cardtable_state())

    def restart_at(self, state: pyspiel.State) -> None:
        pass

    def inform_action(self, state: pyspiel.State, player_id: int, action: int) -> None:
        pass

    def provides_policy(self) -> bool:
        return False


def bot(spec: str, seed: int | None = None) -> SpielBot:
    """The bot of a cardtable bot spec (``random``, ``hard``, ``ismcts:iterations=300``…, and
    ``openspiel-ismcts:…`` for OpenSpiel's C++ IS-MCTS) as a ``pyspiel.Bot``; raises ValueError for
    a bad spec."""
    if spec.partition(":")[0].strip() == BOT_KIND:
        register_bot()
    return SpielBot(bots_make(spec, seed=seed))


@functools.lru_cache(maxsize=64)
def _loaded(game: Game) -> SpielGame:
    return load(game)


# -- registration ---------------------------------------------------------------------------------------


def _option_value(option: Option, value: Any) -> Any:
    """A pyspiel parameter value as the option's value (-1 for a null option)."""
    if option.default is None and value == NULL:
        return None
    return value


def _of_instance(game_type: pyspiel.GameType, rewards: Rewards, encoder: Encoder) -> pyspiel.GameType:
    """The game type of one reward mode (zero-sum utility, or rewards along the way for ``score``) and
    options: an information-state tensor is provided only where it is perfect recall (one hand)."""
    kind = pyspiel.GameType
    return kind(
        short_name=game_type.short_name,
        long_name=game_type.long_name,
        dynamics=game_type.dynamics,
        chance_mode=game_type.chance_mode,
        information=game_type.information,
        utility=kind.Utility.ZERO_SUM if rewards.mode == "zero_sum" else kind.Utility.GENERAL_SUM,
        reward_model=kind.RewardModel.REWARDS if rewards.dense else kind.RewardModel.TERMINAL,
        max_num_players=game_type.max_num_players,
        min_num_players=game_type.min_num_players,
        provides_information_state_string=True,
        provides_information_state_tensor=encoder.one_hand,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=game_type.parameter_specification,
    )


def _game_type(name: str) -> pyspiel.GameType:
    game = cardtable.make(name)
    params: dict[str, Any] = {}
    for option in game.option_specs:
        params[option.name] = NULL if option.default is None else option.default
    params["reward"] = "win"
    counts = game.player_counts()
    return pyspiel.GameType(
        short_name=spiel_name(name),
        long_name=f"cardtable {name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(counts),
        min_num_players=min(counts),
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params,
    )


def register() -> None:
    """Register every cardtable game with pyspiel (done on import; registering again changes nothing).

    Each game gets a class, as OpenSpiel's own Python games register theirs: pyspiel keeps the
    factory until after the interpreter has shut down, and a class outlives that safely."""
    known = set(pyspiel.registered_names())
    for name in cardtable.games():
        game_type = _game_type(name)
        if game_type.short_name in known:
            continue
        attributes = {"cardtable_name": name, "game_type": game_type, "__module__": __name__}
        game_class = type(f"SpielGame_{name.replace('-', '_')}", (SpielGame,), attributes)
        pyspiel.register_game(game_type, game_class)


def register_bot() -> None:
    """Make ``openspiel-ismcts`` a kind of ``cardtable.bots.make`` (for arenas, which take specs).
    Explicit, so that importing the adapter leaves the list of bots as it was."""
    register_kind(BOT_KIND, ISMCTSBot)


register()
