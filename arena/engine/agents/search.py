"""The search agent: Monte Carlo search over sampled states, paired (issue #33).

Information-set sampling as in ISMCTS (Cowling, Powley and Whitehouse 2012; OpenSpiel's
``ismcts``): every sample is a whole state consistent with what the seat may know
(:func:`arena.engine.agents.seen.determinize`), never the match's own. The candidates are the
tactical agent's best ``width`` moves (the rest are moves a club player would not consider). Each
sample comes with one dice seed and one rollout seed, and every candidate is played on it: the
move, then the tactical agent (:func:`arena.engine.agents.tactical.tactical_pick`) for ``horizon``
decisions, judged by :func:`arena.engine.agents.evaluate.values`. The candidates meet the same
hidden cards, the same dice and the same rollout choices (common random numbers), so the
difference between two of them on a sample is theirs rather than the dice's. The tactical
agent's first choice stands unless another beats it on those paired differences by more than
their standard error and ``MARGIN``: an earlier tree search (UCB1 over unpaired rollouts) mostly
measured the dice and scored 54% against the tactical agent at 100 iterations.

The budget is counted in iterations (one rollout each), never in wall time, so a seed and a
budget give the same decision on any machine. Set-up decisions (amulets, role, half, grips,
deployment) and decisions with one real choice are the tactical agent's.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from arena.engine.agents.basic import GreedyAgent
from arena.engine.agents.evaluate import values
from arena.engine.agents.seen import Observation, RngDice, determinize, observe
from arena.engine.agents.tactical import tactical_pick, tactical_scores
from arena.engine.match import actions as act
from arena.engine.match.actions import Action
from arena.engine.match.play import apply, legal_actions, seats_to_move
from arena.engine.match.state import Phase, State

BUDGET = 120  # iterations per decision: the hosted "hard" level (docs/agents.md, docs/hosting.md)
MOST_BUDGET = 100_000
WIDTH = 4  # children per node: the tactical agent's best
HORIZON = 20  # tactical decisions below the tree before the evaluation
MARGIN = 0.03  # how much better than the tactical choice another must look to be taken instead
# How the other camps play in the rollouts, sample by sample in turn: ``mixed`` (the default, the
# hosted hard level) as the tactical agent and as the greedy agent, so that the search does not
# assume its opponent thinks as it does; ``tactical`` as the tactical agent only (docs/agents.md).
OPPONENT_MODELS = {"tactical": ("tactical",), "mixed": ("tactical", "greedy")}
PLAYING = (Phase.NAMING, Phase.ACTING)


@dataclass(frozen=True)
class Analysis:
    """A searched decision: the choice, its estimated chance to win for the seat, and each
    considered action's (visits, estimate)."""

    action: Action
    win_chance: float
    options: tuple[tuple[Action, int, float], ...]

    def estimate(self, action: Action) -> float | None:
        for a, _, v in self.options:
            if a == action:
                return v
        return None


def candidates(s: State, actions: Sequence[Action], width: int) -> list[Action]:
    """The tactical agent's best ``width`` of ``actions`` on ``s`` (never Concede)."""
    scores = tactical_scores(s, actions)
    order = sorted(range(len(actions)), key=lambda i: (-scores[i], i))
    return [actions[i] for i in order[:width] if scores[i] != float("-inf")]


class SearchAgent:
    """ISMCTS with tactical rollouts cut off by an evaluation (see the module)."""

    def __init__(
        self,
        seed: int | str = 0,
        budget: int = BUDGET,
        width: int = WIDTH,
        horizon: int = HORIZON,
        opponents: str = "mixed",
    ) -> None:
        if not 1 <= budget <= MOST_BUDGET:
            raise ValueError(f"the search budget is 1-{MOST_BUDGET} iterations, not {budget}")
        if opponents not in OPPONENT_MODELS:
            raise ValueError(f"no opponent model {opponents!r}: one of {', '.join(OPPONENT_MODELS)}")
        self.opponents = OPPONENT_MODELS[opponents]
        self.rng = random.Random(str(seed))
        self.budget = budget
        self.width = width
        self.horizon = horizon
        self._include: list[Action] = []

    def choose(self, state: State, seat: int, actions: Sequence[Action]) -> Action:
        obs = observe(state, seat)
        if obs.public.phase not in PLAYING:
            return tactical_pick(obs.public, actions, self.rng)
        real = [a for a in actions if type(a) is not act.Concede]
        if len(real) == 1:
            return real[0]
        return self.analyse(obs, actions).action

    def analyse(self, obs: Observation, actions: Sequence[Action], include: Sequence[Action] = ()) -> Analysis:
        """Search the decision ``obs`` stands at; ``actions`` are its legal actions. ``include``:
        actions searched at the root even when the tactical agent would not consider them (a
        review estimates the move a player made).

        Paired sampling: each sample is one determinization with one dice seed and one rollout
        seed, and every candidate is played on it (a rollout each, one iteration of the budget).
        The candidates are compared on the same hidden cards, the same dice and the same
        rollout choices (common random numbers), so their difference is theirs and not the
        dice's. The tactical agent's first choice stands unless another beats it on the paired
        differences by more than their standard error and ``MARGIN``."""
        seat = obs.seat
        legal = [a for a in actions if type(a) is not act.Concede]
        # a budget below the width compares fewer of the tactical agent's best (a rollout each)
        options = candidates(obs.public, legal, min(self.width, self.budget)) if legal else []
        options += [a for a in include if a in legal and a not in options]
        options = list(dict.fromkeys(options))  # an action offered twice (two paths to one hex) is one candidate
        if not options:
            pick = tactical_pick(obs.public, actions, self.rng)
            return Analysis(pick, 0.5, ())
        samples = max(1, self.budget // len(options))
        values_of: dict[Action, list[float]] = {a: [] for a in options}
        for k in range(samples):
            base = determinize(obs, self.rng)
            dice_seed = self.rng.getrandbits(63)
            rollout_seed = self.rng.getrandbits(63)
            model = self.opponents[k % len(self.opponents)]  # the same for every candidate of the sample
            for a in options:
                t = base.fork()
                t.dice = RngDice(dice_seed)
                t, _ = apply(t, a)
                values_of[a].append(self._rollout(t, random.Random(rollout_seed), seat, model)[seat])
        first = options[0]
        estimates = {a: sum(v) / len(v) for a, v in values_of.items()}
        best, gain = first, 0.0
        for a in options[1:]:
            diffs = [x - y for x, y in zip(values_of[a], values_of[first], strict=True)]
            mean = sum(diffs) / len(diffs)
            spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / max(1, len(diffs) - 1) / len(diffs))
            if mean > MARGIN + spread and mean > gain:
                best, gain = a, mean
        ranked = sorted(options, key=lambda a: (a is not best, -estimates[a]))
        return Analysis(best, estimates[best], tuple((a, samples, estimates[a]) for a in ranked))

    def _rollout(self, s: State, rng: random.Random, seat: int, model: str) -> tuple[float, ...]:
        """Play on ``horizon`` decisions: the searching seat's camp as the tactical agent, the other
        camps as ``model`` says."""
        camp = s.seat_camp[seat]
        greedy = GreedyAgent(0) if model == "greedy" else None
        if greedy is not None:
            greedy.rng = rng
        for _ in range(self.horizon):
            if s.phase is Phase.OVER:
                break
            mover = seats_to_move(s)[0]
            legal = legal_actions(s, mover)
            if greedy is not None and s.seat_camp[mover] != camp:
                s, _ = apply(s, greedy.pick(s, legal))
            else:
                s, _ = apply(s, tactical_pick(s, legal, rng))
        return values(s)
