"""What a seat may know, and full states sampled to agree with it (determinizations).

An agent decides for one seat from an :class:`Observation`: the seat's ``view`` (RB p.7, HR-12
rulings 35-36), the public facts of the seat's events (the trap cards played, the disc levels
cast) and ``public``, the match with every other seat's secrets erased: their trap cards and
disc levels, amulet holders and ME tokens not yet shown, the grip before round 1 step 5, a
direct-trap owner's named strikes, unused vials (HR-7), and the dice and seed (which would tell
every future roll). Erasing only overwrites those fields; nothing read from them reaches the
agent, and ``tests/engine/test_agents_information.py`` checks it: the same view with other hidden
secrets gives every agent the same decision.

A search needs a whole state to play on. :func:`determinize` samples one from the observation
alone, as information-set search does (OpenSpiel's ``ismcts``): each other seat's cards from the
deck less what this seat holds and what was played, its discs from the pool less this seat's
own and the levels cast (its roster's fixed discs first), its amulets and ME tokens among the
characters who may hold them (the shown ones where they were shown), its grip among the grips
its gladiator's pile allows, and fresh dice. Unused vials of other seats are taken as none: the
roster's vial is secret and no play tells it before it is used.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, replace

from arena.engine.content.amulets import ME_TOKEN_VALUES, can_hold_me_token
from arena.engine.content.discs import build_pool
from arena.engine.content.traps import TRAPS
from arena.engine.match.events import Event, TrapPlayed, events_for
from arena.engine.match.magic.events import SpellCast
from arena.engine.match.play import match_events
from arena.engine.match.rules.gladiators import grips_of
from arena.engine.match.seat_view import view
from arena.engine.match.state import State, team_amulets
from arena.engine.match.view_types import SeatView

DECK: tuple[int, ...] = tuple(sorted(t.number for t in TRAPS.values()))


class NoDice:
    """The dice of an observation: a state with other seats' secrets erased must not roll
    (its dice would be the match's own); :func:`determinize` gives fresh ones."""

    __slots__ = ()

    def roll(self, sides: int, n: int) -> int:
        raise RuntimeError("an observed state has no dice: determinize it before playing on it")


class RngDice:
    """Dice for a determinization: a seeded ``random.Random`` (fast; never the match's own)."""

    __slots__ = ("_rng",)

    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)

    def roll(self, sides: int, n: int) -> int:
        return self._rng.randrange(sides) + 1


@dataclass(frozen=True)
class Observation:
    """Everything one seat may know at a decision."""

    seat: int
    view: SeatView  # the typed view (arena.engine.match.view_types)
    public: State  # the match with every other seat's secrets erased (read it, never play on it)
    played: tuple[int, ...]  # trap cards shown so far, every seat's
    cast: tuple[tuple[int, int], ...]  # (seat, disc level) of every spell cast so far


def erase(state: State, seat: int) -> State:
    """``state`` with what ``seat`` may not know overwritten (never read): see the module."""
    s = state.fork()
    s.dice = NoDice()
    s.log = None
    s.setup = replace(state.setup, seed=0)
    opt = s.opt
    if opt is not None and opt.open:  # Nyílt lapok: nothing is secret but the dice (HR-7)
        return s
    n = len(s.pos)
    others = [x for x in range(s.seats) if x != seat]
    traps = list(s.traps)
    discs = list(s.discs)
    for x in others:
        traps[x] = ()
        discs[x] = ()
    s.traps, s.discs = traps, discs
    mine = set(state.traps[seat])
    if s.readied and not all(card in mine for card, _ in s.readied):
        s.readied = ()  # another seat's named strikes (a card is in one hand only)
    shown_tokens = s.magic.tokens_shown if s.magic is not None else 0
    amulet, token = list(s.amulet), list(s.token)
    hand, main, pile = list(s.hand), list(s.main), list(s.pile)
    for c in range(n):
        sheet = s.sheets[c]
        if sheet.seat == seat:
            continue
        if not s.amulet_shown[c]:
            amulet[c] = None
        if not shown_tokens >> c & 1:
            token[c] = 0
        if sheet.is_gladiator and not s.revealed[sheet.seat]:
            hand[c], main[c], pile[c] = (), None, sheet.pile
    s.amulet, s.token, s.hand, s.main, s.pile = amulet, token, hand, main, pile
    if opt is not None:
        s.opt = opt._replace(vials=tuple(v if s.sheets[c].seat == seat else None for c, v in enumerate(opt.vials)))
    return s


def observe(state: State, seat: int) -> Observation:
    """What ``seat`` may know now: its view, its events' public facts, the erased state."""
    played: list[int] = []
    cast: list[tuple[int, int]] = []
    for e in events_for(match_events(state), seat):
        if type(e) is TrapPlayed:
            played.append(e.card)
        elif type(e) is SpellCast:
            cast.append((e.seat, e.level))
    return Observation(seat, view(state, seat), erase(state, seat), tuple(played), tuple(cast))


def observe_events(state: State, seat: int, events: Iterable[Event]) -> Observation:
    """:func:`observe` when the caller already holds the seat's events (the worker's log)."""
    played = [e.card for e in events if type(e) is TrapPlayed]
    cast = [(e.seat, e.level) for e in events if type(e) is SpellCast]
    return Observation(seat, view(state, seat), erase(state, seat), tuple(played), tuple(cast))


def _less(items: Iterable[int], taken: Iterable[int]) -> list[int]:
    """``items`` less ``taken`` as multisets (what is not there is ignored)."""
    left = Counter(items)
    left.subtract(taken)
    return sorted(left.elements())


def determinize(obs: Observation, rng: random.Random) -> State:
    """A whole state that agrees with everything ``obs`` shows, its other seats' secrets drawn
    at random from what is still possible, with fresh dice (see the module)."""
    s = obs.public.fork()
    s.dice = RngDice(rng.getrandbits(63))
    opt = s.opt
    if opt is not None and opt.open:
        return s
    seats = obs.view.seats
    seat = obs.seat
    others = [x for x in range(s.seats) if x != seat]
    # trap cards: the deck less this seat's hand and every card shown (RB p.7, p.18)
    deck = _less(DECK, [*s.traps[seat], *obs.played])
    rng.shuffle(deck)
    traps = list(s.traps)
    for x in others:
        count = seats[x].trap_cards
        traps[x] = tuple(sorted(deck[:count]))
        del deck[:count]
    s.traps = traps
    # discs: each seat's fixed discs (its roster) not yet cast, the rest from the pool less this
    # seat's own draws and every drawn level cast (RB p.7, HR-6, HR-9.5)
    fixed = [_fixed_discs(s, x) for x in range(s.seats)]
    cast_by = [[level for who, level in obs.cast if who == x] for x in range(s.seats)]
    pool_out: list[int] = []
    left_fixed: list[list[int]] = []
    for x in range(s.seats):
        still = _less(fixed[x], cast_by[x])
        left_fixed.append(still)
        pool_out.extend(_less(cast_by[x], fixed[x]))  # cast levels that were not fixed ones
    pool_out.extend(_less(s.discs[seat], left_fixed[seat]))
    pool = _less(build_pool(), pool_out)
    rng.shuffle(pool)
    discs = list(s.discs)
    for x in others:
        count = seats[x].discs
        kept = list(left_fixed[x])
        rng.shuffle(kept)
        held = kept[:count]
        need = count - len(held)
        held += pool[:need]
        del pool[:need]
        discs[x] = tuple(sorted(held))
    s.discs = discs
    amulet, token = list(s.amulet), list(s.token)
    hand, main, pile = list(s.hand), list(s.main), list(s.pile)
    for x in others:
        chars = list(s.seat_chars(x))
        if seats[x].secrets_ready:
            _deal_amulets(s, x, chars, amulet, rng)
            _deal_tokens(s, chars, token, rng)
        g = s.gladiator_of(x)
        if s.grips_done[x] and not s.revealed[x]:
            sheet = s.sheets[g]
            options = grips_of(s, sheet.pile, sheet.gladiator_type)  # the grips his pile allows (HR-3.1)
            grip_hand, grip_main = options[rng.randrange(len(options))]
            hand[g], main[g] = grip_hand, grip_main
            pile[g] = tuple(_less_items(sheet.pile, grip_hand))
    s.amulet, s.token, s.hand, s.main, s.pile = amulet, token, hand, main, pile
    return s


def _fixed_discs(s: State, x: int) -> list[int]:
    member = s.setup.teams[x].member("witch_master")
    return list(member.fixed_discs) if member is not None else []


def _less_items(pile: tuple[str, ...], hand: tuple[str, ...]) -> list[str]:
    out = list(pile)
    for item in hand:
        if item in out:
            out.remove(item)
    return out


def _deal_amulets(s: State, x: int, chars: list[int], amulet: list[str | None], rng: random.Random) -> None:
    """The seat's amulets not shown, one each to characters not known to wear one (RB p.7)."""
    shown = [amulet[c] for c in chars if amulet[c] is not None]
    free = [c for c in chars if amulet[c] is None]
    rng.shuffle(free)
    for c, name in zip(free, _less_items(team_amulets(s.setup.teams[x]), tuple(a for a in shown if a)), strict=False):
        amulet[c] = name


def _deal_tokens(s: State, chars: list[int], token: list[int], rng: random.Random) -> None:
    """The ME tokens not shown, to distinct characters who may hold one (RB p.7, ruling 32)."""
    shown = [token[c] for c in chars if token[c]]
    free = [c for c in chars if not token[c] and can_hold_me_token(s.sheets[c].role)]
    rng.shuffle(free)
    for c, value in zip(free, _less(ME_TOKEN_VALUES, shown), strict=False):
        token[c] = value
