"""What a seat, or a spectator, may know (RB p.7; HR-12 rulings 35-36).

``view(state, seat)`` is a :class:`~arena.engine.match.view_types.SeatView`, frozen and typed
(``to_json()`` writes it as the plain JSON-ready dict). Public for everyone: positions, gates, Ép,
STP, MAN, debts, states (sneaking, hiding, prone, netted), ammunition, the gladiators' shot
eligibility, how many trap cards and discs each side holds, the team sheets. Secret until play
shows them: which characters wear which amulet, who holds the ME tokens, the trap cards, the
disc levels, and the gladiator's grip (public from round 1, step 5, HR-3.2). A seat sees its own
secrets; spectators (``seat=None``) see none.
"""

from __future__ import annotations

from typing import Any

from arena.engine.board.data import HALF_TABLE
from arena.engine.board.grid import grid
from arena.engine.match.magic.view import spells_view, zombie_view
from arena.engine.match.memo import Table
from arena.engine.match.optional.state import PendingReroll
from arena.engine.match.play import seats_to_move
from arena.engine.match.rules.damage import arena_scores
from arena.engine.match.state import (
    CharSheet,
    PendingDodge,
    PendingShift,
    PendingTrapDodge,
    PendingTrapInsight,
    PendingTrapWindow,
    Phase,
    State,
)
from arena.engine.match.traps.marks import JAM, marks_of
from arena.engine.match.view_types import (
    AmmoLyingView,
    CharacterView,
    DroppedView,
    EffectView,
    FourView,
    GladiatorView,
    Hex,
    OptionalView,
    PendingView,
    SeatInfo,
    SeatView,
    SheetView,
    TrapMarkView,
)

_G = grid()
_QR: tuple[tuple[int, int], ...] = tuple((x.q, x.r) for x in _G.hexes)
# the gates whose state changes a hex's slices (RB p.6): most hexes have none
_GATE_MASK_AT: tuple[int, ...] = tuple(sum(_G.gate_bit[g] for g in set(gates)) for gates in _G.gates_at)
_SLICES: Table[tuple[int, int], tuple[str, ...]] = Table(
    "views: board slices"
)  # (hex, its gates open): at most a few per hex
_PHASE_NAMES = {p: p.name.lower() for p in Phase}
# HR-1.7, HR-8: the half two quarters make up (NE + SE → E)
_HALF_OF_QUARTERS = {frozenset(q.value for q in quarters): half.value for half, quarters, *_ in HALF_TABLE}


def _hex(h: int) -> Hex | None:
    if h < 0:
        return None
    return _QR[h]


def _slices(s: State, h: int, gates: int) -> tuple[str, ...]:
    """:meth:`Grid.slices_of`, memoised per hex and the state of its own gates."""
    key = (h, gates & _GATE_MASK_AT[h])
    table = _SLICES.of(s.memo)
    found = table.get(key)
    if found is None:
        found = table[key] = tuple(_G.slices_of(h, gates))
    return found


# What a view shows of a sheet never changes: read once per match's sheets (the enum's value and
# the sorted skills cost more than the rest of a character's view).
_Static = tuple[str, int, str, str, str, int, int, tuple[str, ...], SheetView]
_STATIC: Table[int, tuple[tuple[CharSheet, ...], tuple[_Static, ...]]] = Table("views: the sheets' static parts", 16)


def _statics(s: State) -> tuple[_Static, ...]:
    sheets = s.sheets
    table = _STATIC.of(s.memo)
    entry = table.get(id(sheets))
    if entry is None or entry[0] is not sheets:  # the id of a tuple no longer kept may be reused
        made = tuple(
            (
                sh.id,
                sh.seat,
                sh.slot,
                sh.role.value,
                sh.name,
                sh.ep,
                sh.stp,
                tuple(sorted(sh.skills)),
                SheetView(sh.te, sh.ve, sh.ce, sh.eg, sh.me, sh.mov, sh.sfe),
            )
            for sh in sheets
        )
        entry = table[id(sheets)] = (sheets, made)
    return entry[1]


def _token_shown(s: State, c: int) -> bool:
    """A token shown by a roll against a mental spell (RB p.7)."""
    return s.magic is not None and bool(s.magic.tokens_shown >> c & 1)


def _gladiator_view(s: State, c: int, own: bool) -> GladiatorView:
    sh = s.sheets[c]
    shown = own or s.revealed[sh.seat]
    lost = sh.stp - s.stp[c]
    return GladiatorView(
        gladiator_type=sh.gladiator_type,
        javelins=s.javelins[c],
        nets=s.nets[c],
        team_pile=tuple(sh.pile),
        hand=tuple(s.hand[c]) if shown else None,
        main=s.main[c] if shown else None,
        pile=tuple(s.pile[c]) if shown else None,
        shootable_by_crossbow=lost >= sh.crossbow_after,
        shootable_by_daggers=lost >= sh.daggers_after,
    )


def _char_view(s: State, c: int, seat: int | None, static: _Static) -> CharacterView:
    sh = s.sheets[c]
    o = s.opt
    own = seat == sh.seat or (o is not None and o.open)  # Nyílt lapok: nothing is secret (HR-7)
    cid, cseat, slot, role, name, ep_max, stp_max, skills, sheet = static
    h = s.pos[c]
    return CharacterView(
        id=cid,
        seat=cseat,
        slot=slot,
        role=role,
        name=name,
        hex=_QR[h] if h >= 0 else None,
        slices=_slices(s, h, s.gates) if sh.on_board and h >= 0 else (),
        alive=s.alive[c],
        ep=s.ep[c],
        ep_max=ep_max,
        stp=s.stp[c],
        stp_max=stp_max,
        sneaking=s.sneaking[c],
        hiding=s.hiding[c],
        prone=s.prone[c],
        netted=s.netted[c],
        debt=s.debt[c],
        acted=s.acted[c],
        skills=skills,
        sheet=sheet,
        amulet=s.amulet[c] if own or s.amulet_shown[c] else None,
        trap_marks=tuple(TrapMarkView(m.kind, m.until) for m in marks_of(s, c)) if s.trap_marks else (),
        me_token=(s.token[c] or None) if own or _token_shown(s, c) else None,
        # issue #4: what spells do to him, all public (HR-12 ruling 35)
        zombie=zombie_view(s, c) if s.magic is not None else None,
        vial=o.vials[c] if o is not None and own else None,  # HR-7: his unused vial, secret until used
        ammo=s.ammo[c] if sh.range_blocks else None,
        gladiator=_gladiator_view(s, c, own) if sh.is_gladiator else None,
    )


def _jammed(s: State) -> tuple[str, ...]:
    """The gates a portcullis jams (HR-5 card 11)."""
    marks = [m.where for m in marks_of(s, -1) if m.kind == JAM]
    return tuple(g for g in _G.gate_ids if _G.gate_bit[g] in marks)


def _pending(s: State) -> PendingView | None:
    p = s.pending
    if p is None:
        return None
    if isinstance(p, PendingShift):
        kind, who = "shift", p.winner
    elif isinstance(p, PendingTrapInsight):  # how many he drew is public, which ones not (HR-9.5)
        kind, who = "trap_insight", s.strategist_of(p.seat)
    elif isinstance(p, PendingTrapWindow):  # the cards he might name stay secret (HR-12 ruling 27)
        kind, who = "trap_window", p.mover
    elif isinstance(p, PendingReroll):  # crowd favour (HR-7): the roll, never the action
        kind, who = "reroll", s.index.get(p.who, -1)
    else:
        kind, who = ("dodge" if isinstance(p, PendingDodge) else "trap_dodge"), p.defender
    char = s.sheets[who].id if who >= 0 else None
    if isinstance(p, PendingReroll):
        return PendingView(kind, p.seat, char, who=p.who, purpose=p.purpose, result=p.result)
    if isinstance(p, PendingTrapDodge):
        return PendingView(kind, p.seat, char, card=p.card)
    if isinstance(p, PendingTrapInsight):
        return PendingView(kind, p.seat, char, extra=p.extra)
    return PendingView(kind, p.seat, char)


def _side_half(s: State, seat: int) -> str | None:
    """The half ``seat``'s side holds (HR-8): in pairs the half of both partners' quarters (the
    half chosen, before the quarters are); in free-for-all no side holds a half, only a quarter."""
    four = s.four
    assert four is not None
    partner = four.mode.partner(seat)
    if partner is None:
        return None
    mine, theirs = four.quarters[seat], four.quarters[partner]
    if mine is None or theirs is None:
        return s.halves[seat]
    return _HALF_OF_QUARTERS[frozenset((mine, theirs))]


def phase_name(state: State) -> str:
    """The match's phase as every view names it (``SeatView.phase``), without building a view."""
    return _PHASE_NAMES[state.phase]


def view(state: State, seat: int | None) -> SeatView:
    """The match as ``seat`` may see it; ``None`` is the spectators' public view."""
    s = state
    o = s.opt
    open_all = o is not None and o.open  # Nyílt lapok (HR-7)
    four = s.four
    # four seats (HR-8): a partner sees no more of his partner than anyone
    seats = tuple(
        SeatInfo(
            seat=x,
            team=s.setup.teams[x].name,
            half=_side_half(s, x) if four is not None else s.halves[x],
            strategist_man=s.strat_man[x],
            trap_cards=len(s.traps[x]),
            discs=len(s.discs[x]),
            traps=tuple(s.traps[x]) if seat == x or open_all else None,
            disc_levels=tuple(s.discs[x]) if seat == x or open_all else None,
            secrets_ready=not (s.amulets_left[x] or s.tokens_left[x]),
            grip_recorded=s.grips_done[x],
            quarter=four.quarters[x] if four is not None else None,
            partner=four.mode.partner(x) if four is not None else None,
            # his strategist's tower, pile and gladiator's start are his quarter's tower half's
            tower_half=s.halves[x] if four is not None and four.quarters[x] is not None else None,
        )
        for x in range(s.seats)
    )
    return SeatView(
        viewer=seat,
        phase=_PHASE_NAMES[s.phase],
        round=s.round,
        step=s.step,
        round_limit=s.setup.options.round_limit,
        to_move=tuple(seats_to_move(s)),
        starting=s.starting if s.starting >= 0 else None,
        side_chooser=s.chooser if s.chooser >= 0 else None,
        seat_to_act=s.seat_to_act if s.seat_to_act >= 0 else None,
        gates_open=tuple(g for g in _G.gate_ids if s.gates & _G.gate_bit[g]),
        gates_jammed=_jammed(s) if s.trap_marks else (),
        named=tuple(s.sheets[c].id for c in s.named),
        active=s.sheets[s.active].id if s.active >= 0 else None,
        pool=s.pool,
        granted=s.granted,
        pending=_pending(s),
        dropped=tuple(DroppedView(s.sheets[w].id, i, _hex(h)) for w, i, h in s.dropped),
        effects=tuple(EffectView(s.sheets[e.char].id, e.value.value, e.amount, e.source) for e in s.effects),
        spells=spells_view(s),  # lasting spells, areas, zombies: public (issue #4)
        seats=seats,
        characters=tuple(_char_view(s, c, seat, static) for c, static in enumerate(_statics(s))),
        scores=tuple(arena_scores(s)),
        result=s.result,
        four=None
        if four is None
        else FourView(  # HR-8: all public
            mode=four.mode.value,
            quarters=tuple(four.quarters),
            step_order=tuple(four.order),
            eliminated=tuple(bool(x) for x in four.out),
            gladiators_destroyed=tuple(four.destroyed[: s.seats]),
        ),
        optional=None
        if o is None
        else OptionalView(  # the optional rules (HR-7): all public but the vials
            optional_rules=tuple(sorted(s.setup.options.optional)),
            coated=s.sheets[o.coated].id if o.coated >= 0 else None,
            ammo_lying=tuple(AmmoLyingView(s.sheets[w].id, _hex(h), n) for w, h, n in o.lying),
            favour_tokens=tuple(o.tokens),
            ep_taken=tuple(o.taken),
            blood_drawn=tuple(bool(o.dealt >> x & 1) for x in range(s.seats)),
        ),
    )


def view_json(state: State, seat: int | None) -> dict[str, Any]:
    """:func:`view` as the plain JSON-ready dict (``SeatView.to_json``): for match files and tests
    that compare whole views."""
    return view(state, seat).to_json()
