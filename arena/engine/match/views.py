"""What a seat, or a spectator, may know (RB p.7; HR-12 rulings 35-36).

``view(state, seat)`` is a plain JSON-ready dict. Public for everyone: positions, gates, Ép,
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
from arena.engine.match.magic.view import magic_view, spells_view
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


def _hex(h: int) -> list[int] | None:
    if h < 0:
        return None
    return list(_QR[h])


def _slices(s: State, h: int, gates: int) -> list[str]:
    """:meth:`Grid.slices_of`, memoised per hex and the state of its own gates."""
    key = (h, gates & _GATE_MASK_AT[h])
    table = _SLICES.of(s.memo)
    found = table.get(key)
    if found is None:
        found = table[key] = _G.slices_of(h, gates)
    return list(found)


# What a view shows of a sheet never changes: read once per match's sheets (the enum's value and
# the sorted skills cost more than the rest of a character's view).
_Static = tuple[str, int, str, str, str, int, int, tuple[str, ...]]
_STATIC: Table[int, tuple[tuple[CharSheet, ...], tuple[_Static, ...]]] = Table("views: the sheets' static parts", 16)


def _statics(s: State) -> tuple[_Static, ...]:
    sheets = s.sheets
    table = _STATIC.of(s.memo)
    entry = table.get(id(sheets))
    if entry is None or entry[0] is not sheets:  # the id of a tuple no longer kept may be reused
        made = tuple(
            (sh.id, sh.seat, sh.slot, sh.role.value, sh.name, sh.ep, sh.stp, tuple(sorted(sh.skills))) for sh in sheets
        )
        entry = table[id(sheets)] = (sheets, made)
    return entry[1]


def _token_shown(s: State, c: int) -> bool:
    """A token shown by a roll against a mental spell (RB p.7)."""
    return s.magic is not None and bool(s.magic.tokens_shown >> c & 1)


def _char_view(s: State, c: int, seat: int | None, static: _Static) -> dict[str, Any]:
    sh = s.sheets[c]
    o = s.opt
    own = seat == sh.seat or (o is not None and o.open)  # Nyílt lapok: nothing is secret (HR-7)
    cid, cseat, slot, role, name, ep_max, stp_max, skills = static
    h = s.pos[c]
    out: dict[str, Any] = {
        "id": cid,
        "seat": cseat,
        "slot": slot,
        "role": role,
        "name": name,
        "hex": list(_QR[h]) if h >= 0 else None,
        "slices": _slices(s, h, s.gates) if sh.on_board and h >= 0 else [],
        "alive": s.alive[c],
        "ep": s.ep[c],
        "ep_max": ep_max,
        "stp": s.stp[c],
        "stp_max": stp_max,
        "sneaking": s.sneaking[c],
        "hiding": s.hiding[c],
        "prone": s.prone[c],
        "netted": s.netted[c],
        "debt": s.debt[c],
        "acted": s.acted[c],
        "skills": list(skills),
        "amulet": s.amulet[c] if own or s.amulet_shown[c] else None,
        "trap_marks": [{"kind": m.kind, "until": m.until} for m in marks_of(s, c)] if s.trap_marks else [],
        "me_token": (s.token[c] or None) if own or _token_shown(s, c) else None,
    }
    if s.magic is not None:  # issue #4: what spells do to him, all public (HR-12 ruling 35)
        out.update(magic_view(s, c))
    if o is not None:  # HR-7: his unused vial, secret until used
        out["vial"] = o.vials[c] if own else None
    if sh.range_blocks:
        out["ammo"] = s.ammo[c]
    if sh.is_gladiator:
        shown = own or s.revealed[sh.seat]
        out["gladiator_type"] = sh.gladiator_type
        out["javelins"] = s.javelins[c]
        out["nets"] = s.nets[c]
        out["team_pile"] = list(sh.pile)
        out["hand"] = list(s.hand[c]) if shown else None
        out["main"] = s.main[c] if shown else None
        out["pile"] = list(s.pile[c]) if shown else None
        lost = sh.stp - s.stp[c]
        out["shootable_by_crossbow"] = lost >= sh.crossbow_after
        out["shootable_by_daggers"] = lost >= sh.daggers_after
    return out


def _jammed(s: State) -> list[str]:
    """The gates a portcullis jams (HR-5 card 11)."""
    marks = [m.where for m in marks_of(s, -1) if m.kind == JAM]
    return [g for g in _G.gate_ids if _G.gate_bit[g] in marks]


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


def view(state: State, seat: int | None) -> dict[str, Any]:
    """The match as ``seat`` may see it; ``None`` is the spectators' public view."""
    s = state
    pending: dict[str, Any] | None = None
    p = s.pending
    if p is not None:
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
        pending = {"kind": kind, "seat": p.seat, "char": s.sheets[who].id if who >= 0 else None}
        if isinstance(p, PendingReroll):
            pending.update(who=p.who, purpose=p.purpose, result=p.result)
        elif isinstance(p, PendingTrapDodge):
            pending["card"] = p.card
        elif isinstance(p, PendingTrapInsight):
            pending["extra"] = p.extra
    o = s.opt
    open_all = o is not None and o.open  # Nyílt lapok (HR-7)
    seats = []
    for x in range(s.seats):  # four seats (HR-8): a partner sees no more of his partner than anyone
        seats.append(
            {
                "seat": x,
                "team": s.setup.teams[x].name,
                "half": s.halves[x],
                "strategist_man": s.strat_man[x],
                "trap_cards": len(s.traps[x]),
                "discs": len(s.discs[x]),
                "traps": list(s.traps[x]) if seat == x or open_all else None,
                "disc_levels": list(s.discs[x]) if seat == x or open_all else None,
                "secrets_ready": not (s.amulets_left[x] or s.tokens_left[x]),
                "grip_recorded": s.grips_done[x],
            }
        )
    out: dict[str, Any] = {
        "viewer": seat,
        "phase": _PHASE_NAMES[s.phase],
        "round": s.round,
        "step": s.step,
        "round_limit": s.setup.options.round_limit,
        "to_move": list(seats_to_move(s)),
        "starting": s.starting if s.starting >= 0 else None,
        "side_chooser": s.chooser if s.chooser >= 0 else None,
        "seat_to_act": s.seat_to_act if s.seat_to_act >= 0 else None,
        "gates_open": [g for g in _G.gate_ids if s.gates & _G.gate_bit[g]],
        "gates_jammed": _jammed(s) if s.trap_marks else [],
        "named": [s.sheets[c].id for c in s.named],
        "active": s.sheets[s.active].id if s.active >= 0 else None,
        "pool": s.pool,
        "granted": s.granted,
        "pending": pending,
        "dropped": [{"owner": s.sheets[o].id, "item": i, "hex": _hex(h)} for o, i, h in s.dropped],
        "effects": [
            {"char": s.sheets[e.char].id, "value": e.value.value, "amount": e.amount, "source": e.source}
            for e in s.effects
        ],
        "spells": spells_view(s),  # lasting spells, areas, zombies: public (issue #4)
        "seats": seats,
        "characters": [_char_view(s, c, seat, static) for c, static in enumerate(_statics(s))],
        "scores": list(arena_scores(s)),
        "result": None if s.result is None else s.result._asdict(),
    }
    four = s.four
    if four is not None:  # HR-8: all public
        out["mode"] = four.mode.value
        out["quarters"] = list(four.quarters)
        out["step_order"] = list(four.order)
        out["eliminated"] = [bool(x) for x in four.out]
        out["gladiators_destroyed"] = list(four.destroyed[: s.seats])
        for x, entry in enumerate(seats):
            entry["quarter"] = four.quarters[x]
            entry["partner"] = four.mode.partner(x)
            # his strategist's tower, pile and gladiator's start are his quarter's tower half's
            entry["tower_half"] = s.halves[x] if four.quarters[x] is not None else None
            entry["half"] = _side_half(s, x)
    if o is not None:  # the optional rules (HR-7): all public but the vials
        out["optional_rules"] = sorted(s.setup.options.optional)
        out["coated"] = s.sheets[o.coated].id if o.coated >= 0 else None
        out["ammo_lying"] = [{"owner": s.sheets[w].id, "hex": _hex(h), "count": n} for w, h, n in o.lying]
        out["favour_tokens"] = list(o.tokens)
        blood = [bool(o.dealt >> x & 1) for x in range(s.seats)]
        out["crowd_round"] = {"ep_taken": list(o.taken), "blood_drawn": blood}
    return out
