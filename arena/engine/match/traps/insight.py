"""The strategist's trap insight (HR-9.5): draw 4 or 5 trap cards, keep 3.

Every seat first holds its 3 dealt cards (RB p.7). The extra cards are drawn "after every player
holds his 3, in step order": step order is known once the side-roll winner has chosen his role
(``RoleChosen``: the starting seat takes step 1), so the starting seat draws and keeps first, then
the other. The deck is every card no hand holds, so the cards the first seat sends back are
shuffled in and may be drawn by the second. The keep is a pending decision
(:class:`PendingTrapInsight`) answered with :class:`KeepTraps`; the half is chosen after it.

Which cards were drawn, kept or returned is the seat's secret (RB p.7, HR-12 ruling 36): the deck
dice go to nobody, ``TrapInsightDrawn`` and ``TrapsKept`` to the seat only. That he drew and kept
is public (``TrapInsightOwed``, ``TrapInsightDone``), as his roster is.
"""

from __future__ import annotations

from itertools import combinations

from arena.engine.content.traps import TRAPS
from arena.engine.match.actions import KeepTraps
from arena.engine.match.context import Context
from arena.engine.match.events import NOBODY, TrapInsightDone, TrapInsightDrawn, TrapInsightOwed, TrapsKept
from arena.engine.match.rules.base import fail
from arena.engine.match.state import PendingTrapInsight, State

TRAPS_KEPT = 3  # RB p.7
MOST_DRAWN = 5  # HR-9.5: draw 4 or 5
RULE = "HR-9.5"


def cards_drawn(s: State, seat: int) -> int:
    """How many cards the seat's strategist draws in all (3 without insight)."""
    strategist = s.setup.teams[seat].member("strategist")
    drawn = strategist.trap_cards_drawn if strategist is not None else None
    return drawn if drawn is not None else TRAPS_KEPT


def deck(s: State) -> list[int]:
    """The cards no hand holds, in number order (the dice pick from it)."""
    held = {card for hand in s.traps for card in hand}
    return sorted(t.number for t in TRAPS.values() if t.number not in held)


def after_role(ctx: Context) -> None:
    """Step order is known now: the starting seat's insight first (HR-9.5). Four seats wait for
    the quarters (:func:`after_places`)."""
    if ctx.state.four is not None:
        return
    starting = ctx.state.starting
    _begin(ctx, (starting, 1 - starting))


def after_places(ctx: Context) -> None:
    """Four seats (HR-8): every quarter is taken, so step order is known; insight in that order."""
    four = ctx.state.four
    assert four is not None
    _begin(ctx, four.order[:4])


def _begin(ctx: Context, seats: tuple[int, ...]) -> None:
    """Draw for the first of ``seats`` with insight; that seat then owes its keep."""
    for seat in seats:
        extra = cards_drawn(ctx.state, seat) - TRAPS_KEPT
        if extra > 0:
            _draw(ctx, seat, extra)
            return


def _draw(ctx: Context, seat: int, extra: int) -> None:
    cards = deck(ctx.state)
    drawn = [
        cards.pop(ctx.roll("deck", f"insight card for seat {seat}", len(cards), NOBODY) - 1) for _ in range(extra)
    ]  # the dice go to nobody: they would tell which cards were left in the deck
    ctx.emit(TrapInsightDrawn(seat, tuple(sorted(drawn)), seat))
    ctx.emit(TrapInsightOwed(seat, extra))


def keep_options(s: State, p: PendingTrapInsight) -> list[KeepTraps]:
    """Every 3 of the cards held (4 of 4, 10 of 5)."""
    return [KeepTraps(p.seat, kept) for kept in combinations(s.traps[p.seat], TRAPS_KEPT)]


def decide_keep(ctx: Context, a: KeepTraps) -> None:
    s = ctx.state
    p = s.pending
    if not isinstance(p, PendingTrapInsight) or p.seat != a.seat:
        fail(f"seat {a.seat} has no trap insight to settle now", RULE)
    held = s.traps[a.seat]
    if not all(type(card) is int for card in a.cards):  # a JSON client may send anything
        fail("name the cards to keep by their numbers (1-16)", RULE)
    kept = tuple(sorted(set(a.cards)))
    if len(kept) != TRAPS_KEPT or len(a.cards) != TRAPS_KEPT:
        fail(f"keep exactly {TRAPS_KEPT} different cards of the {len(held)} held, not {len(a.cards)}", RULE)
    missing = [card for card in kept if card not in held]
    if missing:
        fail(f"seat {a.seat} does not hold trap card {missing[0]}", RULE)
    returned = tuple(card for card in held if card not in kept)
    ctx.emit(TrapsKept(a.seat, kept, returned, a.seat))
    ctx.emit(TrapInsightDone(a.seat))
    if s.four is not None:  # the seats after him in step order (HR-8)
        once = s.four.order[:4]
        _begin(ctx, once[once.index(a.seat) + 1 :])
    elif a.seat == s.starting:
        _begin(ctx, (1 - a.seat,))  # the other seat draws from a deck its returns are back in
