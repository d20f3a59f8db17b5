"""Learn a Troeven hand from a stronger teacher: behaviour cloning of ``ismcts`` with DAgger rounds, a
small numpy network, measured against ``heuristic`` as CPU minutes go by.

Round 0 lets the teacher (``--teacher``, ``ismcts:iterations=300`` by default) play seat 0 of one
Troeven hand (``single_hand``) against ``heuristic`` in the vector environment
(``cardtable.envs.vector``, ``opponents={1: "heuristic"}``) and keeps, at each of its decisions with
more than one legal move, the observation, the mask and the teacher's move. A masked softmax network
(two ReLU layers) is fitted to them. Each later round (DAgger) lets the network play and the teacher
label the states the network reaches, adds them, and fits again. After every round the network plays
``--eval-hands`` hands against ``heuristic`` (greedy, seat 0; the dealer, so who calls trumps, is drawn
from each deal's seed) and a line gives its win rate with the arena's 95% interval
(``cardtable.arena.stats``): a hand won counts 1, a 20-20 hand 1/2 (the arena's win share), and the
strict share of hands won beside it. Rounds go on until ``--minutes`` of CPU (the teacher's searches,
the play and the fitting; not the evaluations, timed apart) are spent.

Decisions:
- Imitation rather than PPO: the teacher beats ``heuristic`` about 79% of hands at 13 ms a move, so a
  few CPU minutes buy tens of thousands of labelled decisions, while PPO on the hand's sparse win
  reward went from 18% to 27% of hands won in 2.2 CPU minutes (the README's run of
  ``examples/maskable_ppo_troeven.py``).
- numpy, not torch: the network is small enough that one core fits it in seconds, and the policy
  loads wherever cardtable's ``gymnasium`` extra is installed (``examples/baselines.py`` seats it).
- The network sees only the seat's observation vector and mask, so ``PolicyBot`` can seat it at any
  table (arenas: ``register_policy_bot``) and it never reads a hidden card.

    OMP_NUM_THREADS=1 python examples/imitation_troeven.py --seed 0 --minutes 30 --save troeven-bc.npz
"""

from __future__ import annotations

import argparse
import itertools
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

import cardtable
from cardtable import bots
from cardtable.arena.schedule import derived_seed
from cardtable.arena.stats import Interval, t_interval
from cardtable.bots import Bot, SeatView
from cardtable.bots.base import register_kind
from cardtable.core.game import State
from cardtable.envs.encoding import Encoder, encoder_for
from cardtable.envs.vector import VectorEnv

GAME = "troeven"
OPTIONS: dict[str, Any] = {"single_hand": True}
EVALUATION_SEED = 10**9
"""Every evaluation plays the same hands, none of which any training round is dealt."""
POLICY_KIND = "policy"


class Network:
    """A masked softmax policy over action ids: ``sizes[0]`` inputs, ReLU hidden layers, ``sizes[-1]``
    logits; trained by cross-entropy with Adam. Called with an observation dict (one ``[D]`` or a batch
    ``[k, D]`` with its masks), it returns the legal action of highest probability for each."""

    def __init__(self, sizes: list[int], seed: int = 0) -> None:
        rng = np.random.default_rng(seed)
        self.weights = [
            (rng.standard_normal((a, b)) * np.sqrt(2.0 / a)).astype(np.float32)
            for a, b in itertools.pairwise(sizes)
        ]
        self.biases = [np.zeros(b, np.float32) for b in sizes[1:]]
        self._moments: list[np.ndarray] = [np.zeros_like(p) for p in self.params() for _ in (0, 1)]
        self._updates = 0

    def params(self) -> list[np.ndarray]:
        return [*self.weights, *self.biases]

    def logits(self, x: np.ndarray, mask: np.ndarray) -> tuple[np.ndarray, list[np.ndarray]]:
        """Masked logits (illegal actions at -1e9) and each layer's input, for the backward pass."""
        inputs = [x]
        for w, b in zip(self.weights[:-1], self.biases[:-1], strict=True):
            x = np.maximum(x @ w + b, 0.0)
            inputs.append(x)
        out = x @ self.weights[-1] + self.biases[-1]
        return np.where(mask > 0, out, np.float32(-1e9)), inputs

    def __call__(self, obs: dict[str, np.ndarray]) -> np.ndarray | int:
        x, mask = obs["observation"], obs["action_mask"]
        logits, _ = self.logits(np.atleast_2d(x), np.atleast_2d(mask))
        actions = logits.argmax(axis=1)
        return int(actions[0]) if x.ndim == 1 else actions

    def fit(
        self, data: Samples, epochs: int, rng: np.random.Generator, batch: int = 256, lr: float = 1e-3
    ) -> float:
        """Minibatch Adam on the cross-entropy of ``data``'s labels; returns the last epoch's mean loss."""
        n = len(data.labels)
        loss = 0.0
        for _ in range(epochs):
            order, total = rng.permutation(n), 0.0
            for start in range(0, n, batch):
                at = order[start : start + batch]
                total += self._step(data.observations[at], data.masks[at], data.labels[at], lr) * len(at)
            loss = total / n
        return loss

    def _step(self, x: np.ndarray, mask: np.ndarray, labels: np.ndarray, lr: float) -> float:
        logits, inputs = self.logits(x, mask)
        logits -= logits.max(axis=1, keepdims=True)
        probs = np.exp(logits)
        probs /= probs.sum(axis=1, keepdims=True)
        rows = np.arange(len(labels))
        loss = float(-np.log(probs[rows, labels] + 1e-12).mean())
        grad = probs
        grad[rows, labels] -= 1.0
        grad /= len(labels)
        grads_w, grads_b = [], []
        for layer in range(len(self.weights) - 1, -1, -1):
            grads_w.append(inputs[layer].T @ grad)
            grads_b.append(grad.sum(axis=0))
            if layer:
                grad = (grad @ self.weights[layer].T) * (inputs[layer] > 0)
        self._adam([*reversed(grads_w), *reversed(grads_b)], lr)
        return loss

    def _adam(self, grads: list[np.ndarray], lr: float, b1: float = 0.9, b2: float = 0.999) -> None:
        self._updates += 1
        t = self._updates
        for i, (param, grad) in enumerate(zip(self.params(), grads, strict=True)):
            m, v = self._moments[2 * i], self._moments[2 * i + 1]
            m *= b1
            m += (1 - b1) * grad
            v *= b2
            v += (1 - b2) * grad * grad
            param -= lr * (m / (1 - b1**t)) / (np.sqrt(v / (1 - b2**t)) + 1e-8)

    def save(self, path: str) -> None:
        np.savez(path, *self.weights, *self.biases)

    @classmethod
    def load(cls, path: str) -> Network:
        """The network ``save`` wrote to ``path``."""
        with np.load(path) as saved:
            arrays = [saved[f"arr_{i}"] for i in range(len(saved.files))]
        layers = len(arrays) // 2
        network = cls([arrays[0].shape[0], *(w.shape[1] for w in arrays[:layers])])
        network.weights, network.biases = arrays[:layers], arrays[layers:]
        return network


@dataclass
class Samples:
    """Labelled decisions: observation vectors, int8 masks and the teacher's action ids."""

    observations: np.ndarray
    masks: np.ndarray
    labels: np.ndarray

    def __add__(self, other: Samples) -> Samples:
        return Samples(*(np.concatenate(pair) for pair in zip(self.astuple(), other.astuple(), strict=True)))

    def astuple(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        return self.observations, self.masks, self.labels


def collect(
    hands: int,
    teacher: Bot,
    seed: int,
    learner: Callable[[dict[str, np.ndarray]], Any] | None = None,
    num_envs: int = 16,
) -> Samples:
    """The teacher's moves at seat 0's decisions with a choice, over ``hands`` hands against
    ``heuristic``: the teacher plays them (``learner`` None) or labels the states ``learner`` reaches
    (DAgger). Moves with one legal action are played and not kept."""
    envs = VectorEnv(GAME, num_envs, seed=seed, opponents={1: "heuristic"}, **OPTIONS)
    obs, _ = envs.reset()
    kept: list[tuple[np.ndarray, np.ndarray, int]] = []
    finished = 0
    while finished < hands:
        masks = obs["action_mask"]
        played = np.asarray(learner(obs)) if learner is not None else np.zeros(num_envs, np.int64)
        for slot in range(num_envs):
            legal = np.flatnonzero(masks[slot])
            if len(legal) == 1:
                played[slot] = legal[0]
                continue
            label = teacher.choose(envs.state(slot))
            kept.append((obs["observation"][slot], masks[slot], label))
            if learner is None:
                played[slot] = label
        obs, _, _, _, info = envs.step(played)
        finished += len(info.get("final", ()))
    return Samples(
        np.stack([k[0] for k in kept]), np.stack([k[1] for k in kept]), np.array([k[2] for k in kept])
    )


@dataclass(frozen=True)
class Result:
    """A policy's hands against the opponent: win share (1, 1/2 at 20-20, 0) and strict wins."""

    share: Interval
    wins: float


def evaluate(
    policy: Callable[[dict[str, np.ndarray]], Any], hands: int, opponent: str = "heuristic"
) -> Result:
    """``policy`` at seat 0 of ``hands`` hands (the same ones at every call) against ``opponent``."""
    envs = VectorEnv(GAME, 64, seed=EVALUATION_SEED, reward="zero_sum", opponents={1: opponent}, **OPTIONS)
    obs, _ = envs.reset()
    returns: list[float] = []
    while len(returns) < hands:
        obs, _, _, _, info = envs.step(np.asarray(policy(obs)))
        if "final" in info:
            returns.extend(info["final_returns"][:, 0].tolist())
    returns = returns[:hands]
    share = t_interval([(r + 1.0) / 2.0 for r in returns])
    return Result(share, sum(r > 0 for r in returns) / hands)


class PolicyBot(Bot):
    """A policy over observation vectors seated as a cardtable bot: it sees the seat's observation
    (through ``SeatView``) and legal actions, encoded as the research environments encode them.
    ``seed`` is taken as every bot kind takes it, and unused: the network plays greedily."""

    def __init__(self, policy: Callable[[dict[str, np.ndarray]], Any], seed: int | None = None) -> None:
        self.policy = policy
        self._encoders: dict[str, Encoder] = {}

    def choose(self, state: State) -> int:
        view = SeatView(state)
        key = repr(sorted(view.game.options.items()))
        encoder = self._encoders.get(key) or self._encoders.setdefault(key, encoder_for(view.game))
        mask = np.zeros(view.game.num_actions, np.int8)
        mask[view.legal_actions()] = 1
        return int(self.policy({"observation": encoder.encode(view.observation()), "action_mask": mask}))


def register_policy_bot() -> None:
    """Make ``policy:path=FILE.npz`` a bot spec (for arenas run in this process): the saved network."""
    register_kind(POLICY_KIND, lambda seed=None, path="troeven-bc.npz": PolicyBot(Network.load(path), seed))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--minutes", type=float, default=30.0, help="CPU minutes of training (no evals)")
    parser.add_argument("--teacher", default="ismcts:iterations=300", help="the teacher's bot spec")
    parser.add_argument("--hands", type=int, default=150, help="hands the teacher labels per round")
    parser.add_argument("--epochs", type=int, default=8, help="passes over all samples per round")
    parser.add_argument("--hidden", type=int, default=128, help="units of each of the two hidden layers")
    parser.add_argument("--eval-hands", type=int, default=2000, help="hands per evaluation")
    parser.add_argument("--save", help="write the network here (.npz) after every round")
    args = parser.parse_args()

    game = cardtable.make(GAME, **OPTIONS)
    network = Network([encoder_for(game).size, args.hidden, args.hidden, game.num_actions], seed=args.seed)
    rng = np.random.default_rng(args.seed)
    print(
        f"teacher {args.teacher}, seed {args.seed}, {args.hands} hands a round, budget {args.minutes} CPU min"
    )
    print("| round | samples | CPU min | win share [95%] | hands won | loss |")
    print("|---|---|---|---|---|---|")
    before = evaluate(network, args.eval_hands)
    print(f"| - | 0 | 0.0 | {shown(before.share)} | {before.wins:.1%} | - |", flush=True)
    data: Samples | None = None
    spent, round_ = 0.0, 0
    while spent < args.minutes * 60:
        start = time.process_time()
        teacher = bots.make(args.teacher, seed=derived_seed(args.seed, "teacher", round_))
        collected = collect(
            args.hands, teacher, derived_seed(args.seed, "collect", round_), network if round_ else None
        )
        data = collected if data is None else data + collected
        loss = network.fit(data, args.epochs, rng)
        spent += time.process_time() - start
        if args.save:
            network.save(args.save)
        result = evaluate(network, args.eval_hands)
        print(
            f"| {round_} | {len(data.labels)} | {spent / 60:.1f} | {shown(result.share)} | "
            f"{result.wins:.1%} | {loss:.3f} |",
            flush=True,
        )
        round_ += 1


def shown(rate: Interval) -> str:
    return f"{rate.mean:.1%} [{rate.low:.1%}, {rate.high:.1%}]"


if __name__ == "__main__":
    main()
