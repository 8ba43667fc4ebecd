"""Warbands as their owners built them: choices by id, never prices.

A warband's figures, pools, summons and illusions are JSON in the plain shape of
``warbands.rules`` (docs/warband.md, "The model"); prices and checks come from the rules package
each time they are shown, so a change of WB-2 or WB-3 leaves no stale number in the database. Every
value a player sends is bounded before it is stored (``warbands.shape``).

This model's fields and ``Warband.Status`` are the API other apps use (a league entry copies a
ready warband): kept stable.
"""

from __future__ import annotations

import uuid

from django.conf import settings
from django.core.validators import MaxLengthValidator, MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

from common.fields import JSONField

# WB-1.1: a game of L points, 150 to 300 (S4 l.159); 200 unless the player or the league says otherwise.
POINTS_BOUNDS = (150, 300)
DEFAULT_POINTS = 200
NAME_MAX_LENGTH = 80
NOTES_MAX_LENGTH = 5000


class Warband(models.Model):
    class Status(models.TextChoices):
        DRAFT = "draft", _("Draft")
        READY = "ready", _("Ready")

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="warbands")
    name = models.CharField(max_length=NAME_MAX_LENGTH)
    points = models.SmallIntegerField(
        default=DEFAULT_POINTS, validators=[MinValueValidator(POINTS_BOUNDS[0]), MaxValueValidator(POINTS_BOUNDS[1])]
    )
    status = models.CharField(max_length=10, choices=Status, default=Status.DRAFT)
    share_token = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    notes = models.TextField(blank=True, max_length=NOTES_MAX_LENGTH, validators=[MaxLengthValidator(NOTES_MAX_LENGTH)])
    # The warband's contents in the plain shape of ``warbands.rules.model`` (``Warband.to_dict``'s
    # "figures", "pools" and "illusions", without prices): lists of dicts of ids and numbers.
    figures = JSONField(default=list, blank=True)
    pools = JSONField(default=list, blank=True)
    illusions = JSONField(default=list, blank=True)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated", "-pk"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(points__gte=POINTS_BOUNDS[0], points__lte=POINTS_BOUNDS[1]),
                name="warband_points_in_bounds",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def is_ready(self) -> bool:
        return self.status == self.Status.READY
