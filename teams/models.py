"""Teams and their six characters as the players chose them: ids and values, never prices.

Costs and rule checks come from the engine (``arena.engine.roster.point_rules``) every time they are shown,
so a change of the point rules never leaves stale numbers in the database.
"""

from __future__ import annotations

import uuid
from typing import Any

from django.conf import settings
from django.core.validators import MaxLengthValidator, MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

from arena.engine.content.common import Stat
from arena.engine.content.points import DEFAULT_TIER, TIERS
from arena.engine.content.profiles import MEMBER_SLOTS, PROFILES
from arena.engine.roster import TEAM_NOTES_MAX_LENGTH
from common.fields import JSONField
from common.i18n import entry_name

from .constraints import character_constraints
from .team_bounds import DISC_COUNT_BOUNDS, ME_TOKENS, TRAP_CARDS_DRAWN_BOUNDS, stat_envelope

# Notes (a team's, a result's) are free text: room for any note a player writes, not for a book. The
# engine's team-file reader refuses longer notes (docs/team-format.md), so the two cannot disagree.
NOTES_MAX_LENGTH = TEAM_NOTES_MAX_LENGTH


def notes_field(**options: Any) -> models.TextField:
    """A free-text field of at most NOTES_MAX_LENGTH characters (the forms say so; ``full_clean`` checks)."""
    return models.TextField(
        blank=True, max_length=NOTES_MAX_LENGTH, validators=[MaxLengthValidator(NOTES_MAX_LENGTH)], **options
    )


def tier_choices() -> list[tuple[str, str]]:
    """The tiers, named in the reader's language (called each time they are shown)."""
    return [(tier.id, entry_name(tier)) for tier in TIERS.values()]


def slot_choices() -> list[tuple[str, str]]:
    """The six places, named in the reader's language (Gladiátor / Gladiator …)."""
    return [(slot, entry_name(PROFILES[slot])) for slot in MEMBER_SLOTS]


class Team(models.Model):
    class Status(models.TextChoices):
        DRAFT = "draft", _("Draft")
        READY = "ready", _("Ready")

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="teams")
    name = models.CharField(max_length=80)
    tier = models.CharField(max_length=20, choices=tier_choices, default=DEFAULT_TIER)
    notes = notes_field()
    status = models.CharField(max_length=10, choices=Status, default=Status.DRAFT)
    share_token = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    options = JSONField(default=list, blank=True, help_text=_("Ids of the optional rules in use."))
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated", "-pk"]

    def __str__(self) -> str:
        return self.name

    @property
    def is_ready(self) -> bool:
        return self.status == self.Status.READY


def _stat_validators(stat: Stat) -> list[Any]:
    low, high = stat_envelope(stat)
    return [MinValueValidator(low), MaxValueValidator(high)]


def _range_validators(bounds: tuple[int, int]) -> list[Any]:
    return [MinValueValidator(bounds[0]), MaxValueValidator(bounds[1])]


class Character(models.Model):
    """One member of a team. A profile value the member does not have (the strategist's TÉ) is null.

    Every number is bounded (``teams.team_bounds``): each field by the widest range any place may have
    (its validators), each place by its own (the CHECK constraints, which ``full_clean`` checks too).
    """

    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="characters")
    slot = models.CharField(max_length=20, choices=slot_choices)
    # Longer than any name the rules allow: an over-long name is kept in a draft and reported.
    name = models.CharField(max_length=100, blank=True)
    te = models.SmallIntegerField(null=True, blank=True, validators=_stat_validators(Stat.TE))
    ve = models.SmallIntegerField(null=True, blank=True, validators=_stat_validators(Stat.VE))
    ce = models.SmallIntegerField(null=True, blank=True, validators=_stat_validators(Stat.CE))
    ep = models.SmallIntegerField(validators=_stat_validators(Stat.EP))
    eg = models.SmallIntegerField(validators=_stat_validators(Stat.EG))
    me = models.SmallIntegerField(validators=_stat_validators(Stat.ME))
    mov = models.SmallIntegerField(null=True, blank=True, validators=_stat_validators(Stat.MOV))
    sfe = models.SmallIntegerField(validators=_stat_validators(Stat.SFE))
    stp = models.SmallIntegerField(validators=_stat_validators(Stat.STP))
    skills = JSONField(default=list, blank=True)
    gladiator_type = models.CharField(max_length=30, null=True, blank=True)  # noqa: DJ001 None: no type, as in the engine
    pile = JSONField(default=list, blank=True)
    kit = JSONField(default=dict, blank=True)
    starting_grip = JSONField(default=list, blank=True)
    armour = models.CharField(max_length=20, blank=True)
    ammunition = JSONField(default=dict, blank=True)
    amulet = models.CharField(max_length=30, null=True, blank=True)  # noqa: DJ001 None: no amulet
    me_token = models.SmallIntegerField(
        null=True, blank=True, validators=_range_validators((min(ME_TOKENS), max(ME_TOKENS)))
    )
    vial = models.CharField(max_length=30, null=True, blank=True)  # noqa: DJ001 None: no vial
    disc_count = models.SmallIntegerField(null=True, blank=True, validators=_range_validators(DISC_COUNT_BOUNDS))
    fixed_discs = JSONField(default=list, blank=True)
    trap_cards_drawn = models.SmallIntegerField(
        null=True, blank=True, validators=_range_validators(TRAP_CARDS_DRAWN_BOUNDS)
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["team", "slot"], name="unique_slot_per_team"),
            *character_constraints(),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.slot})"

    @property
    def sheet_order(self) -> int:
        return MEMBER_SLOTS.index(self.slot) if self.slot in MEMBER_SLOTS else len(MEMBER_SLOTS)
