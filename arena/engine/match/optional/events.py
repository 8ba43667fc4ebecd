"""The events of the optional rules (HR-7). Registered in :mod:`arena.engine.match.events`.

All are public but :class:`RerollStashed` (seen by nobody: the action a paused roll belongs to may
name secret trap cards). A vial is secret until used: :class:`VialUsed` is the first event that
names it. Damage, healing and modifiers reuse ``Damaged``, ``Healed``, ``EffectAdded`` and
``AmuletRevealed``.
"""

from __future__ import annotations

from typing import NamedTuple

from arena.engine.board.hexgrid import Hex


class VialUsed(NamedTuple):
    """A vial is shown and used up (HR-7): ``poison_vial`` coats his weapon for his next attack,
    ``potion`` heals (a ``Healed`` follows). ``man`` is paid."""

    seat: int
    char: str
    vial: str
    man: int
    visible_to: int | None = None


class CoatingEnded(NamedTuple):
    """The poison on his weapon is gone: his attack was made, or the step ended without one."""

    char: str
    reason: str
    visible_to: int | None = None


class VialPoisonResolved(NamedTuple):
    """The coated attack drew Ép: 6 + d10 against the target's Eg + d10 (HR-7); ``poisoned``
    when the poison's total is greater."""

    char: str
    target: str
    attack_total: int
    defence_total: int
    poisoned: bool
    visible_to: int | None = None


class AmmoLanded(NamedTuple):
    """A spent bolt or throwing dagger lies on the target's hex, hit or miss (HR-7)."""

    owner: str
    hex: Hex
    number: int
    visible_to: int | None = None


class AmmoCollected(NamedTuple):
    """``char`` picks up every spent missile of his team on his hex for ``man`` (HR-7); each
    owner gets his back (``owners`` and ``counts`` in step)."""

    seat: int
    char: str
    hex: Hex
    owners: tuple[str, ...]
    counts: tuple[int, ...]
    man: int
    visible_to: int | None = None


class BloodDrawn(NamedTuple):
    """A gladiator's attack took Ép from the enemy gladiator: the bloodthirsty crowd is content
    with him for this round (HR-7)."""

    char: str
    target: str
    ep: int
    visible_to: int | None = None


class StonesThrown(NamedTuple):
    """The bloodthirsty crowd stones the gladiators who drew no blood this round (HR-7, from
    round 13); each then takes 1 Ép (``Damaged``)."""

    round: int
    chars: tuple[str, ...]
    visible_to: int | None = None


class CrowdVerdict(NamedTuple):
    """The end of a round under the crowd rules (HR-7): the Ép each seat's gladiator lost this
    round, and the seat that gets a favour token (None: a tie, or no crowd favour)."""

    round: int
    taken: tuple[int, ...]
    favour: int | None
    visible_to: int | None = None


class RerollOffered(NamedTuple):
    """Crowd favour (HR-7): resolving an action paused at a d10 of ``seat``'s, who holds 2
    tokens; ``earlier`` are the public results rolled before it in that resolution."""

    seat: int
    who: str
    purpose: str
    result: int
    earlier: tuple[int, ...]
    visible_to: int | None = None


class RerollStashed(NamedTuple):
    """What the answer needs to resolve the action again: the action (JSON text) and every result
    rolled before the paused one. Seen by nobody (the action may name secret trap cards)."""

    action: str
    settled: tuple[int, ...]
    visible_to: int | None = -1


class RerollDecided(NamedTuple):
    """The answer: ``use`` spends 2 tokens and rolls again; the action is then resolved again
    from the state before it, with the earlier results as they were."""

    seat: int
    use: bool
    visible_to: int | None = None


OPTIONAL_EVENTS = (
    VialUsed, CoatingEnded, VialPoisonResolved, AmmoLanded, AmmoCollected, BloodDrawn,
    StonesThrown, CrowdVerdict, RerollOffered, RerollStashed, RerollDecided,
)  # fmt: skip
OptionalEvent = (
    VialUsed | CoatingEnded | VialPoisonResolved | AmmoLanded | AmmoCollected | BloodDrawn
    | StonesThrown | CrowdVerdict | RerollOffered | RerollStashed | RerollDecided
)  # fmt: skip
