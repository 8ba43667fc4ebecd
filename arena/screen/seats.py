"""The seats of a match as the play screen lists them: colour, team, player, partner, whose step.

Read from a view (``view(state, seat)``) and the match's seat rows (who plays which seat); nothing
here is secret. Four seats (HR-8) get four colours; in pairs the partners (seats 0 and 1 against 2
and 3) are marked, and a free-for-all seat whose gladiator has fallen is shown as eliminated.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from django.utils.translation import gettext as _

from arena.engine import SeatView
from arena.engine.match.words import ArenaMode
from arena.models import Match
from arena.team_names import team_label


@dataclass(frozen=True)
class SeatLine:
    seat: int
    team: str
    player: str
    css: str  # seat-N: the seat's colour on the board and in the panels
    colour: str  # the colour's name, for the legend (colour is never the only sign)
    side: str  # pairs: "A" or "B"; else ""
    to_move: bool
    acting: bool  # the seat whose step it is
    eliminated: bool
    fallen: bool  # his gladiator is destroyed
    mine: bool


def colour_names() -> tuple[str, ...]:
    return (_("blue"), _("red"), _("green"), _("amber"))


def _gladiator_fallen(public: SeatView, seat: int) -> bool:
    if public.phase in ("secrets", "role", "half", "grips", "deploy"):
        return False
    gladiators = [c for c in public.characters if c.seat == seat and c.role == "gladiator"]
    return not gladiators or not any(c.alive for c in gladiators)


def is_eliminated(public: SeatView, mode: ArenaMode, seat: int) -> bool:
    """A free-for-all seat whose gladiator has fallen is out (HR-8); in pairs his team plays on."""
    if public.four is not None:  # the engine's view says so (four seats)
        return public.four.eliminated[seat]
    return mode is ArenaMode.FFA and _gladiator_fallen(public, seat)


def seat_lines(match: Match, public: SeatView, viewer: int | None, players: Mapping[int, str]) -> tuple[SeatLine, ...]:
    mode = match.arena_mode
    colours = colour_names()
    movers = set(public.to_move) if match.is_live else set()
    acting = public.seat_to_act if public.phase in ("naming", "acting") else None
    lines = []
    for side in public.seats:
        seat = side.seat
        lines.append(
            SeatLine(
                seat=seat,
                team=team_label(side.team),
                player=players.get(seat, ""),
                css=f"seat-{seat}",
                colour=colours[seat % len(colours)],
                side="AB"[mode.pair_of(seat)] if mode is ArenaMode.PAIRS else "",
                to_move=seat in movers,
                acting=seat == acting and match.is_live,
                eliminated=is_eliminated(public, mode, seat),
                fallen=_gladiator_fallen(public, seat),
                mine=seat == viewer,
            )
        )
    return tuple(lines)


def whose_step(lines: tuple[SeatLine, ...]) -> str:
    """ "Seat 3: Ködlovagok (vendeg)": the seat whose step it is, its team and its player."""
    for line in lines:
        if line.acting:
            return _("Seat %(number)s: %(team)s (%(player)s)") % {
                "number": line.seat + 1,
                "team": line.team,
                "player": line.player,
            }
    return ""
