"""Parties, warriors, their rolls and their adventures (WQ-1…WQ-5).

What the players type is stored as typed and bounded; what the app rolls is a ``Roll`` row, written
once under a unique key per party (a second request for the same roll finds the first: a die once
rolled stands, WQ-6). An adventure's log is ``LogEntry`` rows, append-only: ``save`` refuses to change
a stored entry, and a correction is a new entry voiding the old (``quests.rules.adventure_log``).
"""

from __future__ import annotations

import secrets
import uuid
from typing import Any

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from common.fields import JSONField
from quests.rules import quest_content
from quests.rules.quest_content import WarriorClass

PARTY_NAME_MAX = 60
CLASS_LABELS = {
    WarriorClass.BARBARIAN: _("Barbarian"),
    WarriorClass.DWARF: _("Dwarf"),
    WarriorClass.ELF: _("Elf"),
    WarriorClass.WIZARD: _("Wizard"),
}


def new_seed() -> str:
    return secrets.token_hex(16)


class Party(models.Model):
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="quest_parties")
    name = models.CharField(_("name"), max_length=PARTY_NAME_MAX)
    # The secret the app's dice are drawn from; never shown, never sent to a browser.
    seed = models.CharField(max_length=64, default=new_seed, editable=False)
    share_token = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)
    history = HistoricalRecords(excluded_fields=["seed"])

    class Meta:
        ordering = ["-updated", "-pk"]

    def __str__(self) -> str:
        return self.name


class PartyMember(models.Model):
    """A player the owner invited: he records for his own warrior."""

    party = models.ForeignKey(Party, on_delete=models.CASCADE, related_name="members")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="quest_memberships")
    added = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["party", "user"], name="one_membership_per_party")]

    def __str__(self) -> str:
        return f"{self.user} in {self.party}"


def _stat(label: Any) -> models.PositiveSmallIntegerField:
    return models.PositiveSmallIntegerField(
        label, validators=[MinValueValidator(quest_content.STAT_MIN), MaxValueValidator(quest_content.STAT_MAX)]
    )


class Warrior(models.Model):
    """A warrior's record (WQ-2). ``gold``, ``treasure`` and ``equipment`` are what he carries between
    adventures (WQ-5): written back from the adventure's log, never typed. A dead or lost warrior's
    record is closed and frozen (WQ-3, WQ-13)."""

    class Status(models.TextChoices):
        ACTIVE = "active", _("active")
        DEAD = "dead", _("dead")
        LOST = "lost", _("lost")

    party = models.ForeignKey(Party, on_delete=models.CASCADE, related_name="warriors")
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="quest_warriors"
    )
    name = models.CharField(_("name"), max_length=quest_content.NAME_MAX)
    cls = models.CharField(_("class"), max_length=10, choices=[(c.value, label) for c, label in CLASS_LABELS.items()])
    move = _stat(_("Move"))
    weapon_skill = _stat(_("Weapon Skill"))
    ballistic_skill = _stat(_("Ballistic Skill"))
    strength = _stat(_("Strength"))
    toughness = _stat(_("Toughness"))
    initiative = _stat(_("Initiative"))
    attacks = _stat(_("Attacks"))
    wounds_bonus = models.PositiveSmallIntegerField(
        _("Wounds bonus"), validators=[MaxValueValidator(quest_content.WOUNDS_BONUS_MAX)]
    )
    pinning = models.PositiveSmallIntegerField(
        _("Pinning"),
        null=True,
        blank=True,
        validators=[MinValueValidator(quest_content.PINNING_MIN), MaxValueValidator(quest_content.PINNING_MAX)],
    )
    shooting = models.PositiveSmallIntegerField(
        _("Shooting to-hit"),
        validators=[MinValueValidator(quest_content.SHOOTING_MIN), MaxValueValidator(quest_content.SHOOTING_MAX)],
    )
    gold = models.PositiveIntegerField(default=0, validators=[MaxValueValidator(quest_content.GOLD_MAX)])
    treasure = JSONField(default=list, blank=True)  # [{"name", "value"}]
    equipment = JSONField(default=list, blank=True)  # names, besides the class item
    status = models.CharField(max_length=10, choices=Status, default=Status.ACTIVE)
    created = models.DateTimeField(auto_now_add=True)
    history = HistoricalRecords()

    class Meta:
        ordering = ["party", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["party", "cls"], condition=models.Q(status="active"), name="one_active_warrior_per_class"
            ),
            models.CheckConstraint(condition=models.Q(gold__lte=quest_content.GOLD_MAX), name="warrior_gold_bounded"),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def warrior_class(self) -> WarriorClass:
        return WarriorClass(self.cls)

    @property
    def is_active(self) -> bool:
        return self.status == self.Status.ACTIVE

    @property
    def key(self) -> str:
        return str(self.pk)

    def stats(self) -> dict[str, int]:
        return {key: getattr(self, key) for key in quest_content.STAT_KEYS}


class Adventure(models.Model):
    class Stage(models.TextChoices):
        SETUP = "setup", _("set-up")
        RUNNING = "running", _("under way")
        ENDED = "ended", _("ended")

    party = models.ForeignKey(Party, on_delete=models.CASCADE, related_name="adventures")
    number = models.PositiveIntegerField()  # the party's 1st, 2nd … adventure
    objective = models.CharField(_("objective room"), max_length=80)
    stage = models.CharField(max_length=10, choices=Stage, default=Stage.SETUP)
    result = models.CharField(max_length=10, blank=True)
    # WQ-4's figures once ended, written with the log (read by the rankings without replaying it).
    survivors = models.PositiveSmallIntegerField(default=0)
    gold = models.PositiveIntegerField(default=0)
    leader = models.ForeignKey(Warrior, on_delete=models.PROTECT, related_name="+")
    # The warriors as they set out (quests.rules.adventure_log.Setup as plain data), fixed when the adventure begins.
    setup = JSONField(default=dict, blank=True)
    created = models.DateTimeField(auto_now_add=True)
    history = HistoricalRecords()

    class Meta:
        ordering = ["party", "-number"]
        constraints = [models.UniqueConstraint(fields=["party", "number"], name="one_adventure_per_number")]

    def __str__(self) -> str:
        return f"{self.party} #{self.number}"


class Roll(models.Model):
    """One roll the app made (WQ-6), with its dice; ``key`` is unique per party, so it is made once."""

    party = models.ForeignKey(Party, on_delete=models.CASCADE, related_name="rolls")
    adventure = models.ForeignKey(Adventure, on_delete=models.CASCADE, null=True, blank=True, related_name="rolls")
    warrior = models.ForeignKey(Warrior, on_delete=models.CASCADE, null=True, blank=True, related_name="rolls")
    key = models.CharField(max_length=80)
    purpose = models.CharField(max_length=20)
    dice = JSONField(default=list)
    total = models.PositiveSmallIntegerField()
    bonus = models.PositiveSmallIntegerField(default=0)
    lot = JSONField(default=dict, blank=True)
    by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["party", "pk"]
        constraints = [models.UniqueConstraint(fields=["party", "key"], name="one_roll_per_key")]

    def __str__(self) -> str:
        return f"{self.key}: {self.dice}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        if self.pk is not None:
            raise ValueError("a roll once made stands: it is never changed")
        super().save(*args, **kwargs)


class Spell(models.Model):
    """One of the Wizard's three spells for one adventure, typed from the card drawn (WQ-2, S3 l.67)."""

    adventure = models.ForeignKey(Adventure, on_delete=models.CASCADE, related_name="spells")
    warrior = models.ForeignKey(Warrior, on_delete=models.CASCADE, related_name="spells")
    deck = models.CharField(max_length=10, choices=[(d.value, d.value) for d in quest_content.SpellDeck])
    name = models.CharField(max_length=quest_content.NAME_MAX)
    casting_number = models.PositiveSmallIntegerField(validators=[MaxValueValidator(quest_content.SPELL_NUMBER_MAX)])
    power_cost = models.PositiveSmallIntegerField(validators=[MaxValueValidator(quest_content.SPELL_NUMBER_MAX)])

    class Meta:
        ordering = ["adventure", "pk"]
        constraints = [models.UniqueConstraint(fields=["adventure", "deck"], name="one_spell_per_deck")]

    def __str__(self) -> str:
        return self.name


class LogEntry(models.Model):
    """One line of an adventure's log, in ``quests.rules.adventure_log``'s plain-dict form; never changed."""

    adventure = models.ForeignKey(Adventure, on_delete=models.CASCADE, related_name="entries")
    seq = models.PositiveIntegerField()
    data = JSONField(default=dict)
    author = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["adventure", "seq"]
        constraints = [models.UniqueConstraint(fields=["adventure", "seq"], name="one_entry_per_seq")]

    def __str__(self) -> str:
        return f"{self.adventure} {self.seq}: {self.data.get('kind')}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        if self.pk is not None:
            raise ValueError("the log is append-only: correct an entry by voiding it")
        super().save(*args, **kwargs)
