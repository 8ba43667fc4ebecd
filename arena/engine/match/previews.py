"""What a weapon attack will roll against, before it is made.

An attack is the attacker's value + d10 against the defender's value + d10; it hits when the
attack is higher (RB p.9-10: TÉ against VÉ in melee, CÉ against twice the line's obstacles for a
shot or a throw, every modifier of HR-3/HR-4 and of the spells and traps on the board included).
The preview does not compute those values a second time: it plays the attack on the state with
dice that all show 1 and reads the two totals from the ``AttackResolved`` event, so it can never
disagree with the attack itself. If the defender may answer with Kitérés first, the preview is
the attack without it and says that he may. Under the optional crowd-favour rule (HR-7) a seat
holding 2 favour tokens is offered a re-roll of his own d10 before the attack resolves; a re-roll
changes a die, never a value, so the preview lets every such roll stand and reads on.

Only what the log prints when the attack is made is shown, and every modifier in it comes from
what both seats see (sheets, states, effects on the board); the defender's secrets (amulets,
magic-resistance tokens, trap cards) never enter a weapon attack's values. Spells are not
previewed: their resistance roll adds the target's ME token, which may be a secret.

>>> hit_chance(5, 5)
0.45
>>> hit_chance(12, 1)
1.0
"""

from __future__ import annotations

from typing import NamedTuple

from arena.engine.match.actions import Action, Dodge, MeleeAttack, RangedAttack, Throw
from arena.engine.match.events import AttackResolved, Event
from arena.engine.match.match_errors import IllegalActionError
from arena.engine.match.optional.actions import Reroll
from arena.engine.match.optional.state import PendingReroll
from arena.engine.match.play import apply
from arena.engine.match.state import PendingDodge, State

D10 = 10
PREVIEWED = (MeleeAttack, RangedAttack, Throw)


class AttackPreview(NamedTuple):
    """An attack's two values before the dice, and the chance that it hits."""

    attack_value: int
    defence_value: int
    dodge_possible: bool  # the defender may declare Kitérés, which changes his value

    @property
    def chance(self) -> float:
        return hit_chance(self.attack_value, self.defence_value)


class _Ones:
    """Dice that all show 1: a total minus 1 is the value before the die."""

    __slots__ = ()

    def roll(self, sides: int, n: int) -> int:
        return 1


def hit_chance(attack_value: int, defence_value: int) -> float:
    """P(attack + d10 > defence + d10), over the 100 equally likely pairs of results."""
    wins = sum(1 for a in range(1, D10 + 1) for d in range(1, D10 + 1) if attack_value + a > defence_value + d)
    return wins / (D10 * D10)


def attack_preview(state: State, action: Action) -> AttackPreview | None:
    """The preview of ``action`` (one of ``legal_actions``), or None for an action that is not a
    weapon attack or whose dice would not be rolled at once."""
    if not isinstance(action, PREVIEWED):
        return None
    dice = _Ones()
    dodge_possible = False
    try:
        after, events = apply(state, action, dice)
        # at most: the attacker's re-roll, Kitérés, the defender's re-roll (HR-4, HR-7)
        for _answer in range(4):
            pending = after.pending
            if _first_resolved(events) is not None:
                break
            if isinstance(pending, PendingReroll):
                after, more = apply(after, Reroll(pending.seat, False), dice)
            elif isinstance(pending, PendingDodge):
                dodge_possible = True
                char = after.sheets[pending.defender].id
                after, more = apply(after, Dodge(pending.seat, char, False), dice)
            else:
                break
            events = [*events, *more]
    except IllegalActionError:
        return None
    resolved = _first_resolved(events)
    if resolved is None:
        return None
    return AttackPreview(resolved.attack_total - 1, resolved.defence_total - 1, dodge_possible)


def _first_resolved(events: list[Event]) -> AttackResolved | None:
    return next((e for e in events if isinstance(e, AttackResolved)), None)
