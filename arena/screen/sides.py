"""The sides of the play screen: each character's row, the reader's secrets, MAN, the result.

Read from a seat's view (``view(state, seat)``), and the public values of the team sheets."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from django.urls import get_script_prefix
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from arena.engine import CharacterView, SeatView
from arena.engine.match.view_types import EffectView, SheetView
from arena.engine.match.words import ArenaMode
from arena.models import Match
from common.bounded_lru import RecentMemo
from reference.links import entry_link

from .log.core_sentences import result_name
from .reader_words import (
    Names,
    amulet_name,
    cards_text,
    character_label,
    grip_text,
    hex_text,
    item_name,
    mark_name,
    reason_text,
    spell_name,
    state_name,
    vial_name,
)


@dataclass(frozen=True)
class CharacterRow:
    id: str
    seat: int
    name: str
    short: str  # his own name, beside his team's colour
    role: str
    css: str
    alive: bool
    ep: str
    stp: str
    values: str  # the sheet's public values
    states: tuple[str, ...]
    secrets: tuple[str, ...]  # amulet, token, vial, grip: only the viewer's own or revealed ones
    kit: str
    team: str = ""  # his team's name: the colour in words
    place: str = ""  # where he stands, "(2, -5)", or "–" off the board


SHEET_VALUES = ("te", "ve", "ce", "eg", "me", "mov", "sfe")
SHEET_LABELS = {"te": "TÉ", "ve": "VÉ", "ce": "CÉ", "eg": "Eg", "me": "ME", "mov": "Mozgás", "sfe": "SFÉ"}


def public_sheet_values(public: SeatView) -> dict[str, str]:
    """The values a team sheet shows everyone (HR-12 ruling 36), per character, from the view: never
    the grip, amulets, tokens or vials."""
    return {c.id: _sheet_text(c.sheet) for c in public.characters}


@lru_cache(maxsize=1024)  # a match's sheets never change: a few per character of the matches served
def _sheet_text(sheet: SheetView) -> str:
    values = [(key, getattr(sheet, key)) for key in SHEET_VALUES]
    return " · ".join(f"{SHEET_LABELS[k]} {v}" for k, v in values if v)


_STATES = ("prone", "netted", "sneaking", "hiding")


def _states(c: CharacterView, effects: tuple[EffectView, ...], spells: tuple[str, ...]) -> tuple[str, ...]:
    """His states, debt, trap marks, the modifiers on him (``effects``) and the lasting spells on him
    (``spells``, each once: a spell of several lasting parts, Tűzalak, is one spell on him)."""
    flags = (c.prone, c.netted, c.sneaking, c.hiding)
    found = [state_name(name) for name, on in zip(_STATES, flags, strict=True) if on]
    if c.debt:
        found.append(_("owes %(man)s MAN") % {"man": c.debt})
    found += [mark_name(m.kind) for m in c.trap_marks]
    for e in effects:
        found.append(f"{SHEET_LABELS.get(e.value, e.value)} {e.amount:+d}")
    for spell in spells:
        found.append(entry_link("spells", spell, spell_name(spell)))
    if c.zombie is not None:
        found.append(_("zombie"))
    return tuple(found)


def _secrets(c: CharacterView, grip_recorded: bool) -> tuple[str, ...]:
    found = []
    if c.amulet:
        found.append(_("amulet: %(amulet)s") % {"amulet": amulet_name(c.amulet)})
    if c.me_token:
        found.append(_("ME token %(value)s") % {"value": c.me_token})
    if c.vial:
        found.append(_("vial: %(vial)s") % {"vial": vial_name(c.vial)})
    g = c.gladiator
    if g is not None and g.hand is not None and grip_recorded:
        found.append(_("grip: %(grip)s") % {"grip": grip_text(g.hand, g.main)})
    return tuple(found)


def _kit(c: CharacterView) -> str:
    parts = []
    if c.ammo is not None:
        parts.append(_("missiles: %(count)s") % {"count": c.ammo})
    g = c.gladiator
    if g is not None:
        parts.append(_("javelins: %(count)s, nets: %(nets)s") % {"count": g.javelins, "nets": g.nets})
        if g.pile:
            parts.append(_("pile: %(items)s") % {"items": ", ".join(item_name(i) for i in g.pile)})
    return " · ".join(parts)


# The rows of the characters a process has shown lately. A row is a pure function of the key it is kept
# under (the character's view, the names and the language it is worded in, what the view says of him
# elsewhere), and from one version to the next nine in ten characters are unchanged: only the rest are
# worded again.
ROWS_KEPT = 4096
_ROWS: RecentMemo[tuple[Any, ...], CharacterRow] = RecentMemo(ROWS_KEPT)


def character_row(
    c: CharacterView, public: SeatView, names: Names, sheet_values: Mapping[str, str], language: str
) -> CharacterRow:
    """One character's row, worded once per process for what it shows (``_ROWS``)."""
    effects = tuple(e for e in public.effects if e.char == c.id) if public.effects else ()
    spells = tuple(dict.fromkeys(s.spell for s in public.spells if s.target == c.id)) if public.spells else ()
    grip = public.seats[c.seat].grip_recorded
    values = sheet_values.get(c.id, "")
    where = get_script_prefix() if spells else ""  # a spell is a link to the rules, under the site's prefix
    key = (c, names, language, effects, spells, grip, values, where)
    row = _ROWS.get(key)
    if row is None:
        row = CharacterRow(
            id=c.id,
            seat=c.seat,
            name=names.char(c.id),
            short=character_label(c.id, c.name, names.stored_teams.get(c.seat, "")),
            role=c.role,
            css=f"seat-{c.seat}" + ("" if c.alive else " dead"),
            alive=c.alive,
            ep=f"{c.ep}/{c.ep_max}",
            stp=f"{c.stp}/{c.stp_max}",
            values=values,
            states=_states(c, effects, spells),
            secrets=_secrets(c, grip),
            kit=_kit(c),
            team=names.team(c.seat),
            place=hex_text(c.hex) if c.hex is not None else "–",
        )
        _ROWS.put(key, row)
    return row


def character_rows(
    public: SeatView, names: Names, sheet_values: Mapping[str, str], seat: int | None
) -> tuple[CharacterRow, ...]:
    """Every character's row, the reader's own side first (a spectator: seat 0's)."""
    language = get_language() or ""
    characters = sorted(public.characters, key=lambda c: (c.seat != (seat if seat is not None else 0), c.seat))
    return tuple(character_row(c, public, names, sheet_values, language) for c in characters)


def my_secrets(public: SeatView, seat: int | None) -> tuple[str, ...]:
    if seat is None:
        return ()
    mine = public.seats[seat]
    found = []
    if mine.traps is not None:
        found.append(_("Trap cards: %(cards)s") % {"cards": cards_text(mine.traps)})
    if mine.disc_levels is not None:
        levels = ", ".join(str(level) for level in mine.disc_levels) or "–"
        found.append(_("Spell discs (levels): %(levels)s") % {"levels": levels})
    return tuple(found)


def opponent_info(public: SeatView, names: Names, seat: int | None) -> tuple[str, ...]:
    found = []
    for side in public.seats:
        if seat is not None and side.seat == seat:
            continue
        found.append(
            _("%(team)s holds %(traps)s trap cards and %(discs)s spell discs.")
            % {"team": names.team(side.seat), "traps": side.trap_cards, "discs": side.discs}
        )
    return tuple(found)


def man_lines(public: SeatView, names: Names) -> tuple[str, ...]:
    found = []
    if public.phase == "acting":
        found.append(_("MAN left in this step: %(pool)s") % {"pool": public.pool})
        if public.granted:
            found.append(_("Strategist MAN handed to the active character: %(man)s") % {"man": public.granted})
    for side in public.seats:
        found.append(
            _("%(team)s's strategist: %(man)s MAN") % {"team": names.team(side.seat), "man": side.strategist_man}
        )
    if public.optional is not None and public.optional.favour_tokens:
        found.append(_("Favour tokens: %(list)s") % {"list": seat_numbers(public.optional.favour_tokens, names)})
    return tuple(found)


def seat_numbers(numbers: Sequence[Any], names: Names) -> str:
    """ "Vasfarkasok 3, Ködlovagok 1, …": one number per seat, by its team."""
    return ", ".join(f"{names.team(seat)} {number}" for seat, number in enumerate(numbers))


def result_lines(match: Match, names: Names) -> tuple[str, str]:
    result = match.result
    if not result:
        return "", ""
    if result.get("kind") == "forfeit":
        return (
            _("%(team)s wins by forfeit: the opponent did not move in time.") % {"team": names.team(result["winner"])},
            "",
        )
    scores = result.get("scores") or [0] * len(names.teams)
    detail = _("Arena score: %(list)s after %(rounds)s rounds.") % {
        "list": seat_numbers(scores, names),
        "rounds": result.get("round"),
    }
    reason = reason_text(result.get("reason", ""), names)
    winner = result.get("winner")
    if winner is not None and match.arena_mode is ArenaMode.PAIRS:  # the side: the winner and his partner (HR-8)
        return (
            _("%(result)s for %(team)s and %(partner)s: %(reason)s.")
            % {
                "result": result_name(result["kind"]),
                "team": names.team(winner),
                "partner": names.team(winner ^ 1),
                "reason": reason,
            },
            detail,
        )
    if result.get("winner") is None:
        return _("%(result)s: %(reason)s.") % {"result": result_name(result["kind"]), "reason": reason}, detail
    return (
        _("%(result)s for %(team)s: %(reason)s.")
        % {"result": result_name(result["kind"]), "team": names.team(result["winner"]), "reason": reason},
        detail,
    )
