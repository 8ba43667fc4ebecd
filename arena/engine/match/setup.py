"""Setting up a match (RB p.7; HR-1.7; HR-6; HR-12 ruling 39).

In order: trap cards and spell discs are dealt (the shuffling dice are seen by nobody, since a
seat that saw them could work out the other seat's cards); both seats hand out amulets and ME
tokens secretly, at the same time; each rolls a d10, ties re-rolled; the winner chooses to be
the side chooser or to take the first step; a strategist with trap insight draws his extra cards
and keeps 3, the starting seat's first (HR-9.5, :mod:`arena.engine.match.traps.insight`); the
side chooser picks his half; both record the gladiator's grip secretly; the starting player
deploys, then the side chooser. Then round 1.
"""

from __future__ import annotations

from collections.abc import Sequence

from arena.engine.board.data import HalfId
from arena.engine.content.amulets import can_hold_me_token
from arena.engine.content.discs import build_pool
from arena.engine.content.traps import TRAPS
from arena.engine.match.actions import (
    AssignAmulet,
    AssignMeToken,
    ChooseHalf,
    ChooseQuarter,
    ChooseRole,
    Deploy,
    RecordGrip,
)
from arena.engine.match.context import Context
from arena.engine.match.dice_sources import Dice, SeededDice
from arena.engine.match.events import (
    NOBODY,
    AmuletAssigned,
    Deployed,
    DiscsDealt,
    GripRecorded,
    GripsReady,
    HalfChosen,
    HandsDealt,
    MeTokenAssigned,
    PlacesRolled,
    QuarterChosen,
    RoleChosen,
    SecretsReady,
    SideRollWon,
    TrapsDealt,
)
from arena.engine.match.optional.rules import check_teams
from arena.engine.match.rules.base import HEXES, MAX_PER_HEX, G, check_char, fail, occupancy
from arena.engine.match.rules.gladiators import grips_of
from arena.engine.match.rules.turns import start_round
from arena.engine.match.state import HALF_IDS, QUARTER_IDS, MatchOptions, MatchSetup, Phase, State, initial_state
from arena.engine.match.traps.insight import MOST_DRAWN, TRAPS_KEPT, after_places, after_role, cards_drawn
from arena.engine.match.words import ArenaMode
from arena.engine.roster import Roster

ROLES = ("side", "first")  # RB p.7
QUARTERS_OF_HALF = {"N": ("NE", "NW"), "E": ("NE", "SE"), "S": ("SE", "SW"), "W": ("SW", "NW")}  # HR-1.7
_RING_DEPLOYMENT = {q.value: tuple(G.index[h] for h in hexes) for q, hexes in G.board.four_player_deployment.items()}


def new_match(
    teams: Sequence[Roster],
    options: MatchOptions | None = None,
    seed: int | str = 0,
    dice: Dice | None = None,
) -> State:
    """Start a match between ``teams`` (home, away): cards and discs are dealt (RB p.7).

    The dealing events are the start of the match's log (:func:`arena.engine.match_events`).
    ``dice`` replaces the seeded dice (tests, or physical dice at a table).
    """
    options = options or MatchOptions()
    if len(teams) != options.mode.seats:
        if options.mode is ArenaMode.DUEL:
            raise ValueError(f"a two-player match needs exactly two teams, not {len(teams)} (RB p.6)")
        raise ValueError(f"a {options.mode.value} match needs exactly four teams, not {len(teams)} (HR-8)")
    check_teams(teams, options)  # the optional rules (HR-7): the team must suit the match's
    setup = MatchSetup(tuple(teams), options, seed)
    roll_with = dice or SeededDice(seed)
    state = initial_state(setup, roll_with)
    ctx = Context(state, roll_with)
    deal(ctx)
    state.log = (None, tuple(ctx.events))
    return state


def deal(ctx: Context) -> None:
    """Three trap cards each from one shuffled deck; the witch-masters' discs (RB p.7, HR-6).

    Trap insight's extra cards come later, once step order is known (HR-9.5, :func:`decide_role`).
    """
    s = ctx.state
    for seat, roster in enumerate(s.setup.teams):
        if cards_drawn(s, seat) > MOST_DRAWN:
            raise ValueError(f"{roster.name}: a strategist draws at most {MOST_DRAWN} trap cards (HR-9.5)")
    deck = sorted(t.number for t in TRAPS.values())
    seats = range(s.seats)  # HR-8: everyone draws 3 traps and 6 discs
    for seat in seats:
        cards = [
            deck.pop(ctx.roll("deck", f"trap card for seat {seat}", len(deck), NOBODY) - 1) for _ in range(TRAPS_KEPT)
        ]
        ctx.emit(TrapsDealt(seat, tuple(sorted(cards)), seat))
    pool = build_pool()
    for seat, roster in enumerate(s.setup.teams):
        wm = roster.member("witch_master")
        fixed = tuple(wm.fixed_discs) if wm is not None else ()
        count = (wm.disc_count if wm is not None and wm.disc_count is not None else 6) - len(fixed)
        drawn_levels = [
            pool.pop(ctx.roll("deck", f"spell disc for seat {seat}", len(pool), NOBODY) - 1) for _ in range(count)
        ]
        ctx.emit(DiscsDealt(seat, tuple(sorted(drawn_levels + list(fixed))), seat))
    ctx.emit(HandsDealt(tuple(len(s.traps[x]) for x in seats), tuple(len(s.discs[x]) for x in seats)))


# --- amulets and ME tokens -------------------------------------------------------------------


def secrets_options(s: State, seat: int) -> list[AssignAmulet | AssignMeToken]:
    """The next amulet, then the ME tokens 2 and 3 (RB p.7, HR-12 ruling 32)."""
    if s.amulets_left[seat]:
        amulet = s.amulets_left[seat][0]
        return [AssignAmulet(seat, amulet, s.sheets[c].id) for c in s.seat_chars(seat) if s.amulet[c] is None]
    if s.tokens_left[seat]:
        value = s.tokens_left[seat][0]
        return [
            AssignMeToken(seat, value, s.sheets[c].id)
            for c in s.seat_chars(seat)
            if can_hold_me_token(s.sheets[c].role) and s.token[c] == 0
        ]
    return []


def decide_amulet(ctx: Context, a: AssignAmulet) -> None:
    s = ctx.state
    _in_secrets(s, a.seat)
    c = check_char(s, a.seat, a.char)
    if a.amulet not in s.amulets_left[a.seat]:
        fail(f"seat {a.seat} has no unassigned {a.amulet} amulet", "RB p.7")
    if s.amulet[c] is not None:
        fail(f"{a.char} already wears an amulet; one at a time", "RB p.7")
    ctx.emit(AmuletAssigned(a.seat, a.char, a.amulet, a.seat))
    _secrets_done(ctx, a.seat)


def decide_token(ctx: Context, a: AssignMeToken) -> None:
    s = ctx.state
    _in_secrets(s, a.seat)
    c = check_char(s, a.seat, a.char)
    if s.amulets_left[a.seat]:
        fail("hand out the amulets first", "HR-12 ruling 39")
    if a.value not in s.tokens_left[a.seat]:
        fail(f"seat {a.seat} has no unassigned ME token of {a.value}", "RB p.7")
    if not can_hold_me_token(s.sheets[c].role):
        fail(
            f"{a.char} cannot take an ME token (not the witch-master, not the strategist)",
            "RB p.7, HR-12 ruling 32",
        )
    if s.token[c]:
        fail(f"{a.char} already holds a token; nobody receives both", "RB p.7")
    ctx.emit(MeTokenAssigned(a.seat, a.char, a.value, a.seat))
    _secrets_done(ctx, a.seat)


def _in_secrets(s: State, seat: int) -> None:
    if s.phase is not Phase.SECRETS or not (s.amulets_left[seat] or s.tokens_left[seat]):
        fail(f"seat {seat} has nothing left to hand out", "RB p.7, HR-12 ruling 39")


def _secrets_done(ctx: Context, seat: int) -> None:
    s = ctx.state
    if s.amulets_left[seat] or s.tokens_left[seat]:
        return
    ctx.emit(SecretsReady(seat))
    if any(s.amulets_left[x] or s.tokens_left[x] for x in range(s.seats)):
        return
    if s.four is not None:
        _roll_places(ctx)
        return
    while True:  # RB p.7: a d10 each, re-roll ties (digest A13, HR-11)
        rolls = (ctx.roll("seat 0", "side roll"), ctx.roll("seat 1", "side roll"))
        if rolls[0] != rolls[1]:
            break
    ctx.emit(SideRollWon(0 if rolls[0] > rolls[1] else 1, rolls))


# --- side, half, grips ---------------------------------------------------------------------------


def decide_role(ctx: Context, a: ChooseRole) -> None:
    s = ctx.state
    if s.phase is not Phase.ROLE or a.seat != s.roll_winner:
        fail("only the winner of the side roll chooses now", "RB p.7")
    if a.role not in ROLES:
        fail("choose 'side' (choose the half) or 'first' (take the first step)", "RB p.7")
    other = 1 - a.seat if s.four is None else a.seat ^ 2  # pairs: the other side's speaker (HR-8)
    starting, chooser = (other, a.seat) if a.role == "side" else (a.seat, other)
    ctx.emit(RoleChosen(a.seat, a.role, starting, chooser))
    after_role(ctx)  # trap insight, in step order (HR-9.5)


def decide_half(ctx: Context, a: ChooseHalf) -> None:
    s = ctx.state
    if s.phase is not Phase.HALF or a.seat != s.chooser:
        fail("only the side chooser picks the half now", "RB p.7, HR-1.7")
    if s.pending is not None:
        fail("the trap insight is settled first (keep 3 cards)", "HR-9.5")
    if a.half not in HALF_IDS:
        fail(f"a half is one of {HALF_IDS}", "HR-1.7")
    if s.four is not None and (s.four.picks or s.four.quarters[a.seat] is not None):
        fail("the half is chosen; the speakers now split their quarters", "HR-8")
    ctx.emit(HalfChosen(a.seat, a.half, HalfId(a.half).opposite.value))


def grip_options(s: State, seat: int) -> list[RecordGrip]:
    if s.phase is not Phase.GRIPS or s.grips_done[seat]:
        return []
    g = s.gladiator_of(seat)
    return [RecordGrip(seat, hand, main) for hand, main in grips_of(s, s.pile[g], s.sheets[g].gladiator_type)]


def decide_grip(ctx: Context, a: RecordGrip) -> None:
    s = ctx.state
    if s.phase is not Phase.GRIPS or s.grips_done[a.seat]:
        fail(f"seat {a.seat} records no grip now", "RB p.7")
    g = s.gladiator_of(a.seat)
    hand = tuple(sorted(i for i in a.hand if i != "dagger"))
    legal = grips_of(s, s.pile[g], s.sheets[g].gladiator_type)
    if not any(h == hand and (a.main is None or m is None or m == a.main) for h, m in legal):
        fail(f"{hand} is not a legal grip from the pile", "HR-3.1, TB-15")
    ctx.emit(GripRecorded(a.seat, s.sheets[g].id, hand, a.main, a.seat))
    ctx.emit(GripsReady(a.seat))


# --- deployment (RB p.7, HR-1.7) ----------------------------------------------------------------


def _next_to_deploy(s: State, seat: int) -> int:
    for c in s.seat_chars(seat):
        if s.sheets[c].on_board and s.pos[c] < 0:
            return c
    return -1


def _deploy_hexes(s: State, c: int) -> tuple[int, ...]:
    seat = s.sheets[c].seat
    half = s.halves[seat]
    assert half is not None
    tables = G.halves[HalfId(half)]
    if s.sheets[c].is_gladiator:
        return tables.starts
    if s.four is not None:  # HR-8: the hexes touching his quarter's ring gate (HR-1.7)
        quarter = s.four.quarters[seat]
        assert quarter is not None
        return _RING_DEPLOYMENT[quarter]
    return tables.deployment


def deploy_options(s: State, seat: int) -> list[Deploy]:
    if s.phase is not Phase.DEPLOY or s.seat_to_act != seat:
        return []
    c = _next_to_deploy(s, seat)
    occ = occupancy(s)
    cid = s.sheets[c].id
    return [Deploy(seat, cid, HEXES[h]) for h in _deploy_hexes(s, c) if occ.get(h, 0) < MAX_PER_HEX]


def decide_deploy(ctx: Context, a: Deploy) -> None:
    s = ctx.state
    if s.phase is not Phase.DEPLOY or s.seat_to_act != a.seat:
        fail("the starting player deploys first, then the side chooser", "RB p.7")
    c = check_char(s, a.seat, a.char)
    if c != _next_to_deploy(s, a.seat):
        fail(f"deploy {s.sheets[_next_to_deploy(s, a.seat)].id} next (sheet order)", "RB p.7")
    h = G.index.get(a.hex, -1)
    if h not in _deploy_hexes(s, c):
        where = "a start hex next to his tower" if s.sheets[c].is_gladiator else "a hex touching a home gate"
        if s.four is not None and not s.sheets[c].is_gladiator:
            where = "a hex touching his quarter's ring gate"
        fail(f"{a.char} deploys on {where}", "RB p.7, HR-1.7" if s.four is None else "HR-1.7, HR-8")
    if occupancy(s).get(h, 0) >= MAX_PER_HEX:
        fail(f"{a.hex} already holds three characters", "RB p.8")
    ctx.emit(Deployed(a.seat, a.char, a.hex))
    if all(s.pos[x] >= 0 for x in range(len(s.pos)) if s.sheets[x].on_board):
        start_round(ctx, 1)


# --- four seats: places (HR-8) -------------------------------------------------------------------


def _roll_order(ctx: Context, seats: tuple[int, ...], who: tuple[str, ...]) -> list[int]:
    """Free-for-all: ``seats`` from the highest d10 down; tied seats roll again among themselves
    (HR-8)."""
    rolls = [ctx.roll(name, "place roll") for name in who]
    order: list[int] = []
    for value in sorted(set(rolls), reverse=True):
        tied = tuple(x for x, r in zip(seats, rolls, strict=True) if r == value)
        if len(tied) == 1:
            order.append(tied[0])
        else:
            order += _roll_order(ctx, tied, tuple(w for x, w in zip(seats, who, strict=True) if x in tied))
    return order


def _roll_places(ctx: Context) -> None:
    """Pairs: a d10 per side, the higher side's speaker chooses side or first (RB p.7, HR-8).
    Free-for-all: a d10 each, the order in which the seats pick their quarters."""
    s = ctx.state
    assert s.four is not None
    if s.four.mode is ArenaMode.PAIRS:  # the side's first seat (0 or 2) rolls and speaks for it
        while True:  # as RB p.7: a d10 a side, ties rolled again
            rolls = (ctx.roll("seat 0", "side roll"), ctx.roll("seat 2", "side roll"))
            if rolls[0] != rolls[1]:
                break
        winner = 0 if rolls[0] > rolls[1] else 2
        ctx.emit(PlacesRolled((winner, winner ^ 2)))
        ctx.emit(SideRollWon(winner, rolls))
        return
    seats = tuple(range(s.seats))
    ctx.emit(PlacesRolled(tuple(_roll_order(ctx, seats, tuple(f"seat {x}" for x in seats)))))


def quarter_options(s: State, seat: int) -> list[ChooseQuarter]:
    """The quarters ``seat`` may take now (HR-8)."""
    four = s.four
    if four is None or s.phase is not Phase.HALF or not four.picks or four.picks[0] != seat:
        return []
    if four.mode is ArenaMode.PAIRS:
        half = s.halves[seat]
        if half is None:
            return []
        return [ChooseQuarter(seat, q) for q in QUARTERS_OF_HALF[half]]
    taken = set(four.quarters)
    return [ChooseQuarter(seat, q) for q in QUARTER_IDS if q not in taken]


def decide_quarter(ctx: Context, a: ChooseQuarter) -> None:
    s = ctx.state
    four = s.four
    if four is None:
        fail("quarters are chosen only in a four-seat match", "HR-8")
    if s.phase is not Phase.HALF or not four.picks or four.picks[0] != a.seat:
        who = "nobody" if not four.picks else f"seat {four.picks[0]}"
        fail(f"{who} chooses a quarter now", "HR-8")
    if a.quarter not in QUARTER_IDS:
        fail(f"a quarter is one of {QUARTER_IDS}", "HR-8")
    partner_quarter = None
    if four.mode is ArenaMode.PAIRS:
        half = s.halves[a.seat]
        if half is None:
            fail("the half is chosen first", "RB p.7, HR-8")
        if a.quarter not in QUARTERS_OF_HALF[half]:
            fail(f"{a.quarter} is not a quarter of the side's half {half}", "HR-8")
        partner_quarter = next(q for q in QUARTERS_OF_HALF[half] if q != a.quarter)
    elif a.quarter in four.quarters:
        fail(f"{a.quarter} is taken", "HR-8")
    quarters = list(four.quarters)
    quarters[a.seat] = a.quarter
    if partner_quarter is not None:
        quarters[a.seat ^ 1] = partner_quarter
    order: tuple[int, ...] = ()
    deploy: tuple[int, ...] = ()
    if all(q is not None for q in quarters):
        order, deploy = step_order(s, four.mode, quarters, a.seat)
    ctx.emit(QuarterChosen(a.seat, a.quarter, partner_quarter, order, deploy))
    if order:
        after_places(ctx)  # trap insight, in step order (HR-9.5)


def step_order(
    s: State, mode: ArenaMode, quarters: list[str | None], last: int
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The seat of each of the 12 steps of a round, and the deployment order (HR-8).

    Pairs: A1, B1, A2, B2 twice, then the gladiators A1, B1, A2, B2; side A starts, and each side's
    speaker (its first seat) is its 1, his partner its 2; the starting side deploys first, both
    partners. Free-for-all: from the seat that picked last, clockwise NE → SE → SW → NW; each seat's
    first step, then everyone's second, then the gladiators; deployment in the same order."""
    if mode is ArenaMode.PAIRS:
        a, b = s.starting, s.starting ^ 2
        pairs: tuple[int, ...] = (a, b, a ^ 1, b ^ 1)
        return pairs * 3, (a, a ^ 1, b, b ^ 1)
    ring = [quarters.index(q) for q in QUARTER_IDS]
    first = ring.index(last)
    once = tuple(ring[first:] + ring[:first])
    return once * 3, once
