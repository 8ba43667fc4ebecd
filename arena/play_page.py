"""A seat's play screen, built from what that seat may know and nothing else.

Every byte a seat's page, partial or polling answer carries comes from ``view(state, seat)``, the
seat's part of the log (``events_for``), the seat's own legal actions and its own roster (for the
"as in the team file" shortcut), plus the sheet values every team shows at set-up (HR-12 ruling
36; the engine's view carries no TÉ/VÉ, so those few public numbers are read from the match's
sheets). A spectator, or anyone who holds no seat, gets ``view(state, None)`` and the public log.
The seed and the set-up document never reach a template.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.utils import timezone
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

from arena.engine import (
    Action,
    State,
    action_to_json,
    apply,
    event_to_json,
    events_for,
    legal_actions,
    match_events,
    view,
)
from arena.i18n import reader_language

from .log_text import sentence
from .log_text.core import result_name
from .models import Match, MatchSeat
from .play_actions import ANSWER, SETUP, Choice, choices
from .play_board import BoardLayer, board_layer
from .play_words import (
    Names,
    amulet_name,
    cards_text,
    grip_text,
    item_name,
    mark_name,
    reason_text,
    spell_name,
    state_name,
    vial_name,
)
from .services.play import claimable_at
from .states import state_of

LOG_ON_PAGE = 80


@dataclass(frozen=True)
class ChoiceGroup:
    char: str | None
    title: str
    buttons: tuple[Choice, ...]  # shown as buttons
    on_board: tuple[Choice, ...]  # chosen on the board (also listed, folded, for keyboards)


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


@dataclass(frozen=True)
class SeatPage:
    match: Match
    seat: int | None
    version: int
    public: Mapping[str, Any]
    names: Names
    heading: str
    prompt: str
    my_turn: bool
    answers: tuple[Choice, ...]
    groups: tuple[ChoiceGroup, ...]
    concede: Choice | None
    end_step: Choice | None
    plan: str  # "as in the team file": the actions JSON, or ""
    plan_label: str
    board: BoardLayer
    characters: tuple[CharacterRow, ...]
    my_secrets: tuple[str, ...]
    opponent_info: tuple[str, ...]
    man: tuple[str, ...]
    log: tuple[SafeString, ...]
    log_count: int
    result: str
    result_detail: str
    claim_at: datetime | None
    can_claim: bool
    message: str = ""
    message_level: str = "warning"
    extras: dict[str, Any] = field(default_factory=dict)

    @property
    def is_live(self) -> bool:
        return self.match.is_live


def seat_for(match: Match, user: AbstractBaseUser | AnonymousUser) -> MatchSeat | None:
    if not user.is_authenticated:
        return None
    return MatchSeat.objects.filter(match=match, player=user).first()


# --- prompts ---------------------------------------------------------------------------------


def _heading(public: Mapping[str, Any], names: Names) -> str:
    phase = public["phase"]
    if phase == "over":
        return _("The match is over")
    if phase in ("naming", "acting"):
        return _("Round %(round)s of %(limit)s, step %(step)s: %(team)s's step") % {
            "round": public["round"],
            "limit": public["round_limit"],
            "step": public["step"],
            "team": names.team(public["seat_to_act"]),
        }
    titles = {
        "secrets": _("Set-up: amulets and ME tokens (secret)"),
        "role": _("Set-up: side or first step"),
        "half": _("Set-up: the side chooser picks his half"),
        "grips": _("Set-up: the gladiators' starting grips (secret)"),
        "deploy": _("Set-up: deployment"),
    }
    return titles.get(phase, phase)


def _pending_prompt(pending: Mapping[str, Any], names: Names) -> str:
    who = names.char(pending.get("char"))
    kind = pending["kind"]
    if kind == "dodge":
        return _("%(who)s is attacked: dodge (Kitérés) or not?") % {"who": who}
    if kind == "shift":
        return _("%(who)s won the roll: shift, or stay?") % {"who": who}
    if kind == "trap_window":
        return _("%(who)s is on the move: spring a direct trap on a hex of his path, or let him pass?") % {"who": who}
    if kind == "trap_dodge":
        return _("A trap strikes %(who)s: dodge (Kitérés) or not?") % {"who": who}
    if kind == "trap_insight":
        return _("Trap insight: keep 3 of your trap cards; the others go back into the deck.")
    if kind == "reroll":
        return _("%(who)s rolled %(result)s: spend 2 favour tokens to roll again?") % {
            "who": names.who(pending.get("who", "")),
            "result": pending.get("result"),
        }
    return kind


def _my_prompt(public: Mapping[str, Any], names: Names) -> str:
    pending = public["pending"]
    if pending is not None:
        return _pending_prompt(pending, names)
    prompts = {
        "secrets": _("Hand out your amulets, then your ME tokens. Your opponent does not see whom you choose."),
        "role": _("You won the side roll: choose the half, or take the first step."),
        "half": _("Choose your half of the arena; your opponent takes the opposite one."),
        "grips": _(
            "Record your gladiator's starting grip. It stays secret until the gladiators meet (round 1, step 5)."
        ),
        "deploy": _("Place your fighters one by one: tap a highlighted hex."),
        "naming": _("Name the characters who act in this step."),
        "acting": _("Your step: tap one of your characters to see what he may do, then a highlighted hex or a button."),
    }
    return prompts.get(public["phase"], "")


def _their_prompt(public: Mapping[str, Any], names: Names, seat: int | None) -> str:
    movers = public["to_move"]
    if not movers:
        return ""
    if seat is None:
        return _("Waiting for %(teams)s.") % {"teams": ", ".join(names.team(s) for s in movers)}
    pending = public["pending"]
    if pending is not None:
        return _("Waiting for %(team)s to answer.") % {"team": names.team(pending["seat"])}
    return _("Waiting for %(team)s.") % {"team": names.team(1 - seat)}


# --- choices ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Choices:
    answers: tuple[Choice, ...]  # answers to the prompt, and set-up choices: shown under the prompt
    groups: tuple[ChoiceGroup, ...]  # per character (and the board's choices of no character)
    concede: Choice | None
    end_step: Choice | None

    @property
    def on_board(self) -> list[Choice]:
        return [c for g in self.groups for c in (*g.buttons, *g.on_board)]


def _groups(found: Sequence[Choice], names: Names) -> Choices:
    concede = next((c for c in found if c.kind == "Concede"), None)
    end_step = next((c for c in found if c.kind == "EndStep"), None)
    rest = [c for c in found if c.kind not in ("Concede", "EndStep")]
    groups: list[ChoiceGroup] = []
    # a choice that points at a hex is made on the board (and listed, folded, for keyboards)
    answers = tuple(c for c in rest if c.hex is None and (c.group in (ANSWER, SETUP) or c.char is None))
    board_free = tuple(c for c in rest if c.char is None and c.hex is not None)
    if board_free:
        groups.append(ChoiceGroup(None, "", (), board_free))
    order: list[str] = []
    for c in rest:
        if c.char is not None and c not in answers and c.char not in order:
            order.append(c.char)
    for char in order:
        mine = [c for c in rest if c.char == char and c not in answers]
        groups.append(
            ChoiceGroup(
                char,
                names.char(char),
                tuple(c for c in mine if c.hex is None),
                tuple(c for c in mine if c.hex is not None),
            )
        )
    return Choices(answers, tuple(groups), concede, end_step)


def team_file_plan(state: State, seat: int) -> list[Action]:
    """The seat's amulets and ME tokens as its own team file hands them out, in the order the
    engine asks for them, each one legal when it comes (stops at the first the file does not
    settle). Reads only the seat's own roster."""
    roster = state.setup.teams[seat]
    plan: list[Action] = []
    for _step in range(16):
        found = None
        for action in legal_actions(state, seat):
            data = action_to_json(action)
            member = roster.member(str(data.get("char", "")).split(".", 1)[-1]) if "char" in data else None
            if member is None:
                continue
            if data["type"] == "AssignAmulet" and member.amulet == data["amulet"]:
                found = action
                break
            if data["type"] == "AssignMeToken" and member.me_token == data["value"]:
                found = action
                break
        if found is None:
            break
        plan.append(found)
        state, _events = apply(state, found)
    return plan


def _mark_team_file_grip(found: list[Choice], state: State, seat: int) -> list[Choice]:
    """The grip the seat's own team file starts with, marked among the grips the engine offers."""
    member = state.setup.teams[seat].member("gladiator")
    if member is None:
        return found
    grip = sorted(item for item in member.starting_grip if item != "dagger")
    marked = []
    for choice in found:
        if choice.kind == "RecordGrip" and sorted(json.loads(choice.value)["hand"]) == grip:
            choice = replace(choice, label=_("%(choice)s (as in the team file)") % {"choice": choice.label})
        marked.append(choice)
    return marked


# --- the sides -------------------------------------------------------------------------------

SHEET_VALUES = ("te", "ve", "ce", "eg", "me", "mov", "sfe")
SHEET_LABELS = {"te": "TÉ", "ve": "VÉ", "ce": "CÉ", "eg": "Eg", "me": "ME", "mov": "Mozgás", "sfe": "SFÉ"}


def public_sheet_values(state: State) -> dict[str, str]:
    """The values a team sheet shows everyone (HR-12 ruling 36), per character: never the grip,
    amulets, tokens or vials, which the sheets of the state also hold."""
    found = {}
    for sheet in state.sheets:
        values = [(key, getattr(sheet, key)) for key in SHEET_VALUES]
        found[sheet.id] = " · ".join(f"{SHEET_LABELS[k]} {v}" for k, v in values if v)
    return found


def _states(c: Mapping[str, Any], public: Mapping[str, Any]) -> tuple[str, ...]:
    found = [state_name(s) for s in ("prone", "netted", "sneaking", "hiding") if c.get(s)]
    if c.get("debt"):
        found.append(_("owes %(man)s MAN") % {"man": c["debt"]})
    found += [mark_name(m["kind"]) for m in c.get("trap_marks", ())]
    for e in public.get("effects", ()):
        if e["char"] == c["id"]:
            found.append(f"{SHEET_LABELS.get(e['value'], e['value'])} {e['amount']:+d}")
    for spell in public.get("spells", ()):
        if spell.get("target") == c["id"]:
            found.append(spell_name(spell["spell"]))
    if c.get("zombie_of"):
        found.append(_("zombie"))
    return tuple(found)


def _secrets(c: Mapping[str, Any], public: Mapping[str, Any]) -> tuple[str, ...]:
    found = []
    if c.get("amulet"):
        found.append(_("amulet: %(amulet)s") % {"amulet": amulet_name(c["amulet"])})
    if c.get("me_token"):
        found.append(_("ME token %(value)s") % {"value": c["me_token"]})
    if c.get("vial"):
        found.append(_("vial: %(vial)s") % {"vial": vial_name(c["vial"])})
    if c.get("hand") is not None and public["seats"][c["seat"]]["grip_recorded"]:
        found.append(_("grip: %(grip)s") % {"grip": grip_text(c["hand"], c.get("main"))})
    return tuple(found)


def _kit(c: Mapping[str, Any]) -> str:
    parts = []
    if "ammo" in c:
        parts.append(_("missiles: %(count)s") % {"count": c["ammo"]})
    if "javelins" in c:
        parts.append(_("javelins: %(count)s, nets: %(nets)s") % {"count": c["javelins"], "nets": c["nets"]})
    if c.get("pile"):
        parts.append(_("pile: %(items)s") % {"items": ", ".join(item_name(i) for i in c["pile"])})
    return " · ".join(parts)


def _rows(
    public: Mapping[str, Any], names: Names, sheet_values: Mapping[str, str], seat: int | None
) -> tuple[CharacterRow, ...]:
    rows = []
    characters = sorted(public["characters"], key=lambda c: (c["seat"] != (seat if seat is not None else 0), c["seat"]))
    for c in characters:
        css = f"seat-{c['seat']}" + ("" if c["alive"] else " dead")
        rows.append(
            CharacterRow(
                id=c["id"],
                seat=c["seat"],
                name=names.char(c["id"]),
                short=c["name"],
                role=c["role"],
                css=css,
                alive=c["alive"],
                ep=f"{c['ep']}/{c['ep_max']}",
                stp=f"{c['stp']}/{c['stp_max']}",
                values=sheet_values.get(c["id"], ""),
                states=_states(c, public),
                secrets=_secrets(c, public),
                kit=_kit(c),
            )
        )
    return tuple(rows)


def _my_secrets(public: Mapping[str, Any], seat: int | None) -> tuple[str, ...]:
    if seat is None:
        return ()
    mine = public["seats"][seat]
    found = []
    if mine["traps"] is not None:
        found.append(_("Trap cards: %(cards)s") % {"cards": cards_text(mine["traps"])})
    if mine["disc_levels"] is not None:
        levels = ", ".join(str(level) for level in mine["disc_levels"]) or "–"
        found.append(_("Spell discs (levels): %(levels)s") % {"levels": levels})
    return tuple(found)


def _opponent_info(public: Mapping[str, Any], names: Names, seat: int | None) -> tuple[str, ...]:
    found = []
    for side in public["seats"]:
        if seat is not None and side["seat"] == seat:
            continue
        found.append(
            _("%(team)s holds %(traps)s trap cards and %(discs)s spell discs.")
            % {"team": names.team(side["seat"]), "traps": side["trap_cards"], "discs": side["discs"]}
        )
    return tuple(found)


def _man(public: Mapping[str, Any], names: Names) -> tuple[str, ...]:
    found = []
    if public["phase"] == "acting":
        found.append(_("MAN left in this step: %(pool)s") % {"pool": public["pool"]})
        if public["granted"]:
            found.append(_("Strategist MAN handed to the active character: %(man)s") % {"man": public["granted"]})
    for side in public["seats"]:
        found.append(
            _("%(team)s's strategist: %(man)s MAN") % {"team": names.team(side["seat"]), "man": side["strategist_man"]}
        )
    if public.get("favour_tokens"):
        tokens = public["favour_tokens"]
        found.append(
            _("Favour tokens: %(home)s %(a)s, %(away)s %(b)s")
            % {"home": names.team(0), "a": tokens[0], "away": names.team(1), "b": tokens[1]}
        )
    return tuple(found)


def _result(match: Match, names: Names) -> tuple[str, str]:
    result = match.result
    if not result:
        return "", ""
    if result.get("kind") == "forfeit":
        return (
            _("%(team)s wins by forfeit: the opponent did not move in time.") % {"team": names.team(result["winner"])},
            "",
        )
    scores = result.get("scores") or [0, 0]
    detail = _("Arena score: %(home)s %(a)s, %(away)s %(b)s after %(rounds)s rounds.") % {
        "home": names.team(0),
        "a": scores[0],
        "away": names.team(1),
        "b": scores[1],
        "rounds": result.get("round"),
    }
    reason = reason_text(result.get("reason", ""), names)
    if result.get("winner") is None:
        return _("%(result)s: %(reason)s.") % {"result": result_name(result["kind"]), "reason": reason}, detail
    return (
        _("%(result)s for %(team)s: %(reason)s.")
        % {"result": result_name(result["kind"]), "team": names.team(result["winner"]), "reason": reason},
        detail,
    )


def log_lines(
    state: State, seat: int | None, names: Names, last: int | None = LOG_ON_PAGE
) -> tuple[int, list[SafeString]]:
    """The seat's part of the log as sentences, the newest first (``last`` of them)."""
    visible = events_for(match_events(state), seat)
    chosen = visible if last is None else visible[-last:]
    return len(visible), [sentence(event_to_json(e), names) for e in reversed(chosen)]


def seat_page(
    match: Match, user: AbstractBaseUser | AnonymousUser, *, message: str = "", level: str = "warning"
) -> SeatPage:
    """Everything the play screen shows ``user``: his seat's view, or the public one."""
    mine = seat_for(match, user)
    seat = mine.seat if mine is not None else None
    state = state_of(match)
    public = view(state, seat)
    names = Names(public, seat)
    live = match.is_live
    actions = legal_actions(state, seat) if seat is not None and live else []
    found = choices(actions, names, public)
    if seat is not None and public["phase"] == "grips":
        found = _mark_team_file_grip(found, state, seat)
    my_turn = live and seat is not None and seat in public["to_move"]
    offered = (
        _groups(found, names)
        if my_turn
        else Choices((), (), next((c for c in found if c.kind == "Concede"), None), None)
    )
    plan_actions = team_file_plan(state, seat) if my_turn and public["phase"] == "secrets" and seat is not None else []
    plan_json = ""
    plan_label = ""
    if plan_actions:
        plan_json = json.dumps([action_to_json(a) for a in plan_actions], separators=(",", ":"), ensure_ascii=False)
        plan_label = _("As in the team file: %(list)s") % {
            "list": "; ".join(c.label for c in choices(plan_actions, names, public))
        }
    if my_turn:
        prompt = _my_prompt(public, names)
    elif live:
        prompt = _their_prompt(public, names, seat)
    else:
        prompt = ""
    count, lines = log_lines(state, seat, names)
    result, detail = _result(match, names)
    claim_at = None
    can_claim = False
    if live and seat is not None and seat not in public["to_move"] and (1 - seat) in public["to_move"]:
        claim_at = claimable_at(match)
        can_claim = timezone.now() >= claim_at
    return SeatPage(
        match=match,
        seat=seat,
        version=match.version,
        public=public,
        names=names,
        heading=_heading(public, names),
        prompt=prompt,
        my_turn=my_turn,
        answers=offered.answers,
        groups=offered.groups,
        concede=offered.concede,
        end_step=offered.end_step,
        plan=plan_json,
        plan_label=plan_label,
        board=board_layer(public, names, offered.on_board, reader_language()),
        characters=_rows(public, names, public_sheet_values(state), seat),
        my_secrets=_my_secrets(public, seat),
        opponent_info=_opponent_info(public, names, seat),
        man=_man(public, names),
        log=tuple(lines),
        log_count=count,
        result=result,
        result_detail=detail,
        claim_at=claim_at,
        can_claim=can_claim,
        message=message,
        message_level=level,
    )


__all__ = ["SeatPage", "log_lines", "seat_page", "team_file_plan"]
