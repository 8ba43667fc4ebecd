"""What the play screen says is happening and what is asked of the reader, from a view."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from arena.engine import SeatView
from arena.engine.match.view_types import PendingView
from common.i18n import gettext_as

from .reader_words import Names


def heading(public: SeatView, names: Names) -> str:
    phase = public.phase
    if phase == "over":
        return gettext_as(names.language, "The match is over")
    if phase in ("naming", "acting"):
        return gettext_as(names.language, "Round %(round)s of %(limit)s, step %(step)s: %(team)s's step") % {
            "round": public.round,
            "limit": public.round_limit,
            "step": public.step,
            "team": names.team(public.seat_to_act),
        }
    if phase == "half" and public.four is not None:
        return gettext_as(names.language, "Set-up: halves and quarters (HR-8)")
    title = _SET_UP_TITLES.get(phase)
    return gettext_as(names.language, title) if title is not None else phase


_SET_UP_TITLES = {
    "secrets": gettext_noop("Set-up: amulets and ME tokens (secret)"),
    "role": gettext_noop("Set-up: side or first step"),
    "half": gettext_noop("Set-up: the side chooser picks his half"),
    "grips": gettext_noop("Set-up: the gladiators' starting grips (secret)"),
    "deploy": gettext_noop("Set-up: deployment"),
}


def _pending_prompt(pending: PendingView, names: Names) -> str:
    who = names.char(pending.char)
    kind = pending.kind
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
            "who": names.who(pending.who or ""),
            "result": pending.result,
        }
    return kind


def my_prompt(public: SeatView, names: Names) -> str:
    pending = public.pending
    if pending is not None:
        return _pending_prompt(pending, names)
    four = _four_prompt(public)
    if four:
        return four
    prompt = _PROMPTS.get(public.phase)
    return gettext_as(names.language, prompt) if prompt is not None else ""


_PROMPTS = {
    "secrets": gettext_noop("Hand out your amulets, then your ME tokens. Your opponent does not see whom you choose."),
    "role": gettext_noop("You won the side roll: choose the half, or take the first step."),
    "half": gettext_noop("Choose your half of the arena; your opponent takes the opposite one."),
    "grips": gettext_noop(
        "Record your gladiator's starting grip. It stays secret until the gladiators meet (round 1, step 5)."
    ),
    "deploy": gettext_noop("Place your fighters one by one: tap a highlighted hex."),
    "naming": gettext_noop("Name the characters who act in this step."),
    # after the "Your move" badge: the prompt says what to do, not "your step" again
    "acting": gettext_noop("Tap one of your characters to see what he may do, then a highlighted hex or a button."),
}


def _four_prompt(public: SeatView) -> str:
    """Four seats (HR-8): the set-up steps that differ from a duel's."""
    mode = public.four.mode if public.four is not None else None
    if mode is not None and public.phase == "secrets":
        return _("Hand out your amulets, then your ME tokens. The other players do not see whom you choose.")
    if mode == "ffa" and public.phase == "half":
        return _("Choose your quarter of the arena (HR-8): you deploy at its ring gate.")
    if mode == "pairs" and public.phase == "half":
        return _("You speak for your side: choose its half, then your quarter of it; your partner takes the other.")
    if mode == "pairs" and public.phase == "role":
        return _("Your side won the roll: choose the half, or take the first step.")
    return ""


def their_prompt(public: SeatView, names: Names, seat: int | None) -> str:
    movers = public.to_move
    if not movers:
        return ""
    if seat is None:
        return _("Waiting for %(teams)s.") % {"teams": ", ".join(names.team(s) for s in movers)}
    pending = public.pending
    if pending is not None:
        return _("Waiting for %(team)s to answer.") % {"team": names.team(pending.seat)}
    return _("Waiting for %(teams)s.") % {"teams": ", ".join(names.team(s) for s in movers if s != seat)}
