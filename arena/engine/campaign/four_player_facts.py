"""What a finished four-seat match tells the league (HR-8, HR-10): a place per seat.

The engine's :func:`arena.engine.campaign.match_facts.arena_facts` (four seats) fills
:class:`ArenaFacts` from a finished match; a league's report form for a four-player fixture
fills it by hand. The league reads it for standings (HR-8's league points) and runs the campaign
sequence (HR-10.5-10.7) for every seat's team from ``sides[seat]``, as it does for a two-player
match from :class:`~arena.engine.campaign.facts.MatchFacts`.

Seats are the match's: 0-3. In pairs, seats 0 and 1 are partners against seats 2 and 3
(:class:`arena.engine.match.words.ArenaMode`).
"""

from __future__ import annotations

from dataclasses import dataclass

from arena.engine.campaign.facts import SideFacts
from arena.engine.campaign.results import ResultKind
from arena.engine.match.words import ArenaMode


@dataclass(frozen=True)
class SeatPlacing:
    """One seat's end of a four-seat match.

    ``place`` is 1-4, the best place of the group that shares it; ``shared`` is how many seats share
    it (HR-8: players eliminated in the same step share their places; survivors tied on every
    HR-8 criterion too). In pairs both partners share their side's place (1 and 1, 3 and 3; a draw:
    all four 1). ``result`` is the side's two-player result in pairs (HR-8: "as two-player",
    HR-10.1), None in free-for-all. ``gladiators_destroyed``: enemy gladiators this seat destroyed
    by its own attack, spell or trap (HR-8's +1 each in free-for-all). ``arena_score``: HR-10.1
    counted over every enemy's losses. ``eliminated_round`` is the round its gladiator fell (None:
    he stands at the end).
    """

    seat: int
    place: int
    shared: int = 1
    result: ResultKind | None = None
    arena_score: int = 0
    gladiators_destroyed: int = 0
    gladiator_ep_percent: int = 100
    eliminated_round: int | None = None


@dataclass(frozen=True)
class ArenaFacts:
    """A four-seat match: its mode, rounds played, each seat's placing and its members' facts."""

    mode: ArenaMode
    rounds_played: int
    placings: tuple[SeatPlacing, SeatPlacing, SeatPlacing, SeatPlacing]
    sides: tuple[SideFacts, SideFacts, SideFacts, SideFacts]
    notes: str = ""

    def __post_init__(self) -> None:
        if self.mode is ArenaMode.DUEL:
            raise ValueError("a duel's facts are MatchFacts, not ArenaFacts")
        if sorted(p.seat for p in self.placings) != [0, 1, 2, 3]:
            raise ValueError("a four-seat match places each of the seats 0-3 once")
        for p in self.placings:
            if not 1 <= p.place <= 4 or not 1 <= p.shared <= 4 or p.place + p.shared - 1 > 4:
                raise ValueError(f"seat {p.seat}: place {p.place} shared by {p.shared} is not a place of four")
            if (p.result is None) != (self.mode is ArenaMode.FFA):
                raise ValueError(f"seat {p.seat}: a pairs result has a result kind, a free-for-all one has none")

    def placing(self, seat: int) -> SeatPlacing:
        return next(p for p in self.placings if p.seat == seat)

    def won(self, seat: int) -> bool:
        """The seat's side won: pairs, its result is a win; free-for-all, it placed first alone."""
        p = self.placing(seat)
        if self.mode is ArenaMode.PAIRS:
            return p.result in (ResultKind.VICTORY, ResultKind.POINTS_VICTORY, ResultKind.FORFEIT_WIN)
        return p.place == 1 and p.shared == 1
