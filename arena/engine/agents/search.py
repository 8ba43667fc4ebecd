"""The search agent: information-set Monte Carlo tree search over sampled states (issue #33).

Single-observer ISMCTS (Cowling, Powley and Whitehouse 2012; OpenSpiel's ``ismcts``): every
iteration samples a whole state consistent with what the seat may know
(:func:`arena.engine.agents.seen.determinize`) and walks one tree of action sequences on it. A
node's children are the actions legal in the sampled state, narrowed to the tactical agent's best
``width`` (the rest are moves a club player would not consider; the tree's iterations go to the
ones worth comparing); among the children legal in this sample it follows UCB1 counted over the
iterations in which each was available. Below the tree the tactical agent
(:func:`arena.engine.agents.tactical.tactical_pick`) plays on for ``horizon`` decisions, and
:func:`arena.engine.agents.evaluate.values` judges where that ends. The values are kept per seat, so
the same tree serves two players, pairs and free-for-all: each node's mover maximises his own.

The budget is counted in iterations, never in wall time, so a seed and a budget give the same
decision on any machine. Set-up decisions (amulets, role, half, grips, deployment) and decisions
with one real choice are the tactical agent's.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from arena.engine.agents.evaluate import values
from arena.engine.agents.seen import Observation, determinize, observe
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
EXPLORE = 0.7  # UCB1's constant (values are 0-1)
PLAYING = (Phase.NAMING, Phase.ACTING)


@dataclass
class Node:
    """One information set of the tree: the actions taken from the root to here."""

    visits: int = 0
    children: dict[Action, Node] = field(default_factory=dict)
    # per child: times it was legal here (availability), summed value for the mover here
    avail: dict[Action, int] = field(default_factory=dict)
    total: dict[Action, float] = field(default_factory=dict)
    count: dict[Action, int] = field(default_factory=dict)


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
    ) -> None:
        if not 1 <= budget <= MOST_BUDGET:
            raise ValueError(f"the search budget is 1-{MOST_BUDGET} iterations, not {budget}")
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
        review estimates the move a player made)."""
        seat = obs.seat
        root = Node()
        legal_root = set(actions)
        self._include = [a for a in include if a in legal_root]
        root_first = None
        for _ in range(self.budget):
            s = determinize(obs, self.rng)
            first = self._iterate(root, s, seat, legal_root)
            if root_first is None:
                root_first = first
        options = sorted(
            ((a, root.count.get(a, 0), root.total.get(a, 0.0) / max(1, root.count.get(a, 0))) for a in root.total),
            key=lambda x: (-x[1], -x[2]),
        )
        if not options:  # no iteration reached a choice: the tactical one
            pick = tactical_pick(obs.public, actions, self.rng)
            return Analysis(pick, 0.5, ())
        return Analysis(*self._decide(options, root_first), tuple(options))

    @staticmethod
    def _decide(options: list[tuple[Action, int, float]], first: Action | None) -> tuple[Action, float]:
        """The best-valued action among the well-visited ones (half the most visits or more);
        the tactical agent's first choice unless that one looks better by ``MARGIN``: the
        estimates carry the dice's noise, and a small difference is more likely noise than
        insight."""
        most = options[0][1]
        solid = [o for o in options if 2 * o[1] >= most]
        best = max(solid, key=lambda o: o[2])
        for a, _, v in options:
            if a == first and v + MARGIN >= best[2]:
                return a, v
        return best[0], best[2]

    def _iterate(self, root: Node, s: State, seat: int, legal_root: set[Action]) -> Action | None:
        """One iteration on the sample ``s``; the tactical agent's first choice at the root."""
        path: list[tuple[Node, Action, int]] = []
        first: Action | None = None
        node = root
        depth = 0
        while s.phase is not Phase.OVER:
            mover = seats_to_move(s)[0]
            legal = legal_actions(s, mover)
            if depth == 0:
                legal = [a for a in legal if a in legal_root]
            options = candidates(s, legal, self.width)
            if depth == 0:
                first = options[0] if options else None
                options += [a for a in self._include if a not in options and a in legal]
            if not options:
                break
            for a in options:
                node.avail[a] = node.avail.get(a, 0) + 1
            untried = [a for a in options if a not in node.children]
            if untried:
                a = untried[0]
                node.children[a] = Node()
                path.append((node, a, mover))
                s, _ = apply(s, a)
                break
            a = self._ucb(node, options)
            path.append((node, a, mover))
            s, _ = apply(s, a)
            node = node.children[a]
            depth += 1
        result = self._rollout(s)
        for parent, a, mover in path:
            parent.visits += 1
            parent.count[a] = parent.count.get(a, 0) + 1
            parent.total[a] = parent.total.get(a, 0.0) + result[mover]
        return first

    def _ucb(self, node: Node, options: list[Action]) -> Action:
        best, top = options[0], -1.0
        for a in options:
            n = node.count.get(a, 0)
            if n == 0:
                return a
            score = node.total[a] / n + EXPLORE * math.sqrt(math.log(node.avail[a]) / n)
            if score > top:
                best, top = a, score
        return best

    def _rollout(self, s: State) -> tuple[float, ...]:
        rng = self.rng
        for _ in range(self.horizon):
            if s.phase is Phase.OVER:
                break
            mover = seats_to_move(s)[0]
            s, _ = apply(s, tactical_pick(s, legal_actions(s, mover), rng))
        return values(s)
