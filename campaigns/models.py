"""Leagues, their entries (each with its own campaign roster), fixtures, results and the campaign log.

The rules of HR-10 live in ``arena.engine.campaign``; these models store what the players chose and
what happened (ids, numbers, the rolls made), never a rule. Standings are computed from the results
every time they are shown, so a corrected result can never leave a stale table behind.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy
from simple_history.models import HistoricalRecords

from arena.engine.campaign.injuries import THUMBS_NAMES, Thumbs
from arena.engine.campaign.results import FORMAT_NAMES, Format, ResultKind, round_robin_name
from arena.engine.content.points import DEFAULT_TIER
from arena.engine.match.state import ROUND_LIMIT
from arena.engine.match.words import ArenaMode
from games.league_protocol import VIADAL, league_pages
from games.registry import GameInfo, GameWords, get_game
from teams.models import Team, notes_field, slot_choices, tier_choices

from .league_bounds import (
    ARENA_SCORE_MAX,
    MATCHES_MISSED_MAX,
    PATRONAGE_MAX,
    ROUND_LIMIT_BOUNDS,
    ROUNDS_PLAYED_MAX,
    TRAINING_MAX,
)
from .league_labels import choice_label

EngineFormat = Format  # League.Format (the choices) shadows the name inside the class
ROUND_LIMIT_DEFAULT = ROUND_LIMIT  # HR-10.1, the engine's
GROUP_COUNT_MAX = 16  # groups, then knockout: 16 groups send 32 teams into the knockout


def group_letter(group: int | None) -> str:
    """A group's letter: 0 is ``A``, 1 is ``B`` …; empty for no group."""
    return "" if group is None else chr(ord("A") + group)


def new_dice_seed() -> int:
    return secrets.randbits(48)


class League(models.Model):
    class Format(models.TextChoices):  # named by the engine, in the reader's language
        ROUND_ROBIN = "round_robin", choice_label(round_robin_name(double=False))
        DOUBLE_ROUND_ROBIN = "double_round_robin", choice_label(round_robin_name(double=True))
        SWISS = "swiss", choice_label(FORMAT_NAMES[Format.SWISS])
        KNOCKOUT = "knockout", choice_label(FORMAT_NAMES[Format.KNOCKOUT])
        GROUPS_KNOCKOUT = "groups_knockout", choice_label(FORMAT_NAMES[Format.GROUPS_KNOCKOUT])

    class Mode(models.TextChoices):  # how many sit at a match (HR-8), fixed once the fixtures are out
        DUEL = ArenaMode.DUEL.value, _("Duel (two players)")
        PAIRS = ArenaMode.PAIRS.value, _("Pairs (two against two)")
        FFA = ArenaMode.FFA.value, _("Free-for-all (four players)")

    class Validation(models.TextChoices):
        STRICT = "strict", _("Strict: only valid teams may enter")
        ADVISORY = "advisory", _("Advisory: problems are shown, entry is allowed")

    # the validation modes as another game's league shows them: Viadal's labels say "team"
    ENTRY_VALIDATION_LABELS = {"strict": _("Strict: only valid entries may enter")}

    organiser = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="organised_leagues")
    # the game its entries play (``games.league_protocol``): its plug-in gives the entries, the report, the
    # table's points and tie-breakers and the campaign steps; fixed once a team has entered
    game = models.CharField(max_length=20, default=VIADAL, db_index=True)
    game_settings = models.JSONField(
        default=dict, blank=True, help_text="The game's own league settings, as its plug-in checks them."
    )
    name = models.CharField(max_length=80)
    season = models.CharField(max_length=40, blank=True)
    tier = models.CharField(max_length=20, choices=tier_choices, default=DEFAULT_TIER)
    format = models.CharField(max_length=20, choices=Format, default=Format.ROUND_ROBIN)
    arena_mode = models.CharField(max_length=5, choices=Mode, default=Mode.DUEL)
    options = models.JSONField(default=list, blank=True, help_text=_("Ids of the optional rules in use."))
    validation_mode = models.CharField(max_length=10, choices=Validation, default=Validation.STRICT)
    sign_up_open = models.BooleanField(default=False)
    round_limit = models.PositiveSmallIntegerField(
        default=ROUND_LIMIT_DEFAULT,
        validators=[MinValueValidator(ROUND_LIMIT_BOUNDS[0]), MaxValueValidator(ROUND_LIMIT_BOUNDS[1])],
    )
    group_count = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        validators=[MinValueValidator(1), MaxValueValidator(GROUP_COUNT_MAX)],
        help_text=_("Groups, then knockout: the number of groups; empty for the fewest groups of at most 5 teams."),
    )
    dice_seed = models.BigIntegerField(default=new_dice_seed, editable=False)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created", "-pk"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(round_limit__gte=ROUND_LIMIT_BOUNDS[0], round_limit__lte=ROUND_LIMIT_BOUNDS[1]),
                name="league_round_limit_in_range",
            ),
            models.CheckConstraint(
                condition=models.Q(group_count__isnull=True)
                | models.Q(group_count__gte=1, group_count__lte=GROUP_COUNT_MAX),
                name="league_group_count_in_range",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} {self.season}".strip()

    def clean(self) -> None:
        if self.is_four_player and not self.is_viadal:
            raise ValidationError({"arena_mode": _("Only Shuluri Viadal seats four teams at a table.")})
        if self.is_four_player and not self.is_round_robin:
            raise ValidationError(
                {"arena_mode": _("A four-player league is played as a round robin of tables (single or double).")}
            )

    @property
    def is_viadal(self) -> bool:
        return self.game == VIADAL

    @property
    def game_info(self) -> GameInfo:
        """The league's game as the registry of games knows it (its name, its words)."""
        return get_game(self.game)

    @property
    def validation_label(self) -> str:
        """The validation mode in the league's game's words (Viadal's own label speaks of teams)."""
        if self.is_viadal:
            return str(self.get_validation_mode_display())
        return str(self.ENTRY_VALIDATION_LABELS.get(self.validation_mode, self.get_validation_mode_display()))

    @property
    def game_words(self) -> GameWords:
        """How the league's game speaks of its teams ("Teams", "Warbands" …)."""
        return self.game_info.words

    @property
    def size_label(self) -> str:
        """Viadal's tier, or the other game's size in its own words (``L 200``)."""
        if self.is_viadal:
            return str(self.get_tier_display())
        return league_pages(self.game).size_label(self)

    @property
    def mode(self) -> ArenaMode:
        return ArenaMode(self.arena_mode)

    @property
    def is_four_player(self) -> bool:
        """Its matches seat four entries (pairs or free-for-all, HR-8)."""
        return self.arena_mode != self.Mode.DUEL

    @property
    def is_strict(self) -> bool:
        return self.validation_mode == self.Validation.STRICT

    @property
    def engine_format(self) -> EngineFormat:
        """The HR-10.2 format the rules know; single and double round robins are one format."""
        formats: dict[str, EngineFormat] = {
            self.Format.SWISS: EngineFormat.SWISS,
            self.Format.KNOCKOUT: EngineFormat.KNOCKOUT,
            self.Format.GROUPS_KNOCKOUT: EngineFormat.GROUPS_KNOCKOUT,
        }
        return formats.get(self.format, EngineFormat.ROUND_ROBIN)

    @property
    def has_table(self) -> bool:
        """Round robins and Swiss leagues have a table, and a league of groups one per group; a
        knockout has a bracket (HR-10.3)."""
        return self.format != self.Format.KNOCKOUT

    @property
    def has_groups(self) -> bool:
        return self.format == self.Format.GROUPS_KNOCKOUT

    @property
    def is_round_robin(self) -> bool:
        """A round robin's fixtures are generated once, all rounds; the other formats a round (or a
        stage) at a time (HR-10.2)."""
        return self.format in (self.Format.ROUND_ROBIN, self.Format.DOUBLE_ROUND_ROBIN)

    @property
    def has_bracket(self) -> bool:
        return self.format in (self.Format.KNOCKOUT, self.Format.GROUPS_KNOCKOUT)


class Invitation(models.Model):
    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="invitations")
    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="league_invitations")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["league", "player"], name="one_invitation_per_player")]

    def __str__(self) -> str:
        return f"{self.player} to {self.league}"


class Entry(models.Model):
    """A player's team in a league. ``roster`` is the campaign roster: a team-file document (see
    ``arena.engine.roster.teamfile``) copied when the team entered and changed only by the campaign."""

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="entries")
    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="league_entries")
    source_team = models.ForeignKey(Team, on_delete=models.SET_NULL, null=True, blank=True, related_name="entries")
    # another game's thing copied (a warband's pk): its app, not the league, reads it
    source_ref = models.PositiveBigIntegerField(null=True, blank=True)
    name = models.CharField(max_length=80)
    roster = models.JSONField()
    treasury = models.IntegerField(default=0, validators=[MinValueValidator(0)])
    broken = models.JSONField(
        default=list, blank=True, help_text="Pile items broken by Fegyvertörés, waiting for repair (HR-10.7)."
    )
    seed = models.PositiveSmallIntegerField(null=True, blank=True, help_text="Rating order, best first.")
    group = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Groups, then knockout: the group drawn (0 is group A)."
    )
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["pk"]
        verbose_name_plural = "entries"
        constraints = [
            models.UniqueConstraint(fields=["league", "player"], name="one_entry_per_player"),
            models.CheckConstraint(condition=models.Q(treasury__gte=0), name="entry_treasury_not_negative"),
        ]

    def __str__(self) -> str:
        return self.name


class MemberRecord(models.Model):
    """The campaign record of one member of an entry (HR-10.4) beside his roster line.

    The roster (``Entry.roster``) holds his profile and campaign status; this holds what the roster
    does not: experience, the advances taken, matches still missed, kills, injuries and training.
    A dead member's record stays (``current`` False) when a recruit takes his place.
    """

    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="members")
    slot = models.CharField(max_length=20, choices=slot_choices)
    name = models.CharField(max_length=100)
    current = models.BooleanField(default=True)
    xp = models.PositiveIntegerField(default=0)
    advances = models.JSONField(default=list, blank=True, help_text="Advances taken, in order.")
    matches_missed = models.PositiveSmallIntegerField(
        default=0, validators=[MaxValueValidator(MATCHES_MISSED_MAX)], help_text="Matches he still misses."
    )
    kills = models.PositiveIntegerField(default=0)
    injuries = models.JSONField(default=list, blank=True, help_text="Injury results, in order.")
    training = models.PositiveSmallIntegerField(
        default=0, validators=[MaxValueValidator(TRAINING_MAX)], help_text="Ép bought by training."
    )

    class Meta:
        ordering = ["pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["entry", "slot"], condition=models.Q(current=True), name="one_current_record_per_slot"
            ),
            models.CheckConstraint(
                condition=models.Q(matches_missed__lte=MATCHES_MISSED_MAX), name="record_matches_missed_in_range"
            ),
            models.CheckConstraint(condition=models.Q(training__lte=TRAINING_MAX), name="record_training_in_range"),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.slot})"


class Fixture(models.Model):
    class Status(models.TextChoices):
        SCHEDULED = "scheduled", _("Scheduled")
        REPORTED = "reported", _("Reported")
        CONFIRMED = "confirmed", _("Confirmed")
        DISPUTED = "disputed", _("Disputed")
        SETTLED = "settled", _("Settled")
        FORFEIT = "forfeit", _("Forfeit")
        BYE = "bye", _("Bye")

    FINAL = (Status.CONFIRMED, Status.SETTLED, Status.FORFEIT)
    DONE = (*FINAL, Status.BYE)  # nothing left to play or confirm

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="fixtures")
    round = models.PositiveSmallIntegerField()
    position = models.PositiveSmallIntegerField(default=0, help_text="Order in the round (bracket order).")
    home = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="home_fixtures")
    away = models.ForeignKey(Entry, on_delete=models.CASCADE, null=True, blank=True, related_name="away_fixtures")
    home_seed = models.PositiveSmallIntegerField(null=True, blank=True)
    away_seed = models.PositiveSmallIntegerField(null=True, blank=True)
    group = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        help_text="Groups, then knockout: the group of a group-stage fixture (0 is group A); "
        "empty in the knockout stage and in the other formats.",
    )
    scheduled_for = models.DateField(null=True, blank=True)
    status = models.CharField(max_length=10, choices=Status, default=Status.SCHEDULED)
    campaign_done = models.BooleanField(default=False, help_text="The post-match sequence has run.")
    seat_count = models.PositiveSmallIntegerField(
        default=2, help_text="2: home against away; 4: the entries in FixtureSeat (home is seat 0, away empty)."
    )

    class Meta:
        ordering = ["round", "position", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["league", "round", "position"], name="one_fixture_per_place"),
            models.CheckConstraint(condition=models.Q(seat_count__in=(2, 4)), name="fixture_two_or_four_seats"),
        ]

    def __str__(self) -> str:
        return f"R{self.round}: {self.home} v {self.away or 'bye'}"

    @property
    def is_four_seat(self) -> bool:
        return self.seat_count == 4

    @property
    def is_bye(self) -> bool:
        return self.away_id is None and not self.is_four_seat

    @property
    def is_final(self) -> bool:
        return self.status in self.FINAL

    @property
    def is_done(self) -> bool:
        return self.status in self.DONE

    @property
    def awaits_result(self) -> bool:
        return self.status == self.Status.SCHEDULED

    @property
    def group_letter(self) -> str:
        return group_letter(self.group)

    @property
    def is_knockout(self) -> bool:
        """A knockout match (no draws, HR-10.2): any fixture of a knockout, and the knockout stage of
        a league of groups (its fixtures have no group)."""
        league_format = self.league.format
        return league_format == League.Format.KNOCKOUT or (
            league_format == League.Format.GROUPS_KNOCKOUT and self.group is None
        )

    @property
    def sides(self) -> tuple[Entry, Entry]:
        """Home and away of a match that is played; a bye has no away side to play."""
        if self.is_four_seat:
            raise ValueError("a four-seat fixture has seats, not home and away")
        if self.away is None:
            raise ValueError("a bye has no away side")
        return self.home, self.away

    def entry_on(self, side: int) -> Entry:
        """The entry on ``side`` (0 home, 1 away) of a played match."""
        return self.sides[side]

    def side_of(self, entry_id: int) -> int | None:
        """0 for the home entry, 1 for the away entry, None for anyone else."""
        return {self.home_id: 0, self.away_id: 1}.get(entry_id)


class FixtureSeat(models.Model):
    """One entry's seat at a four-seat fixture (HR-8): seats 0-3 as the match numbers them; in pairs
    seats 0 and 1 are partners against seats 2 and 3."""

    fixture = models.ForeignKey(Fixture, on_delete=models.CASCADE, related_name="seats")
    seat = models.PositiveSmallIntegerField()
    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="fixture_seats")

    class Meta:
        ordering = ["fixture", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["fixture", "seat"], name="one_entry_per_seat"),
            models.UniqueConstraint(fields=["fixture", "entry"], name="one_seat_per_entry"),
            models.CheckConstraint(condition=models.Q(seat__lte=3), name="seat_of_four"),
        ]

    def __str__(self) -> str:
        return f"{self.fixture_id} seat {self.seat}: {self.entry_id}"


class ArenaResult(models.Model):
    """A four-seat fixture's result (HR-8): ``ArenaFacts`` as stored (``campaigns.arena_facts``).

    ``placings`` is a list of four dicts, seat order; ``members`` and ``broken`` are keyed by seat
    (``"0"``-``"3"``). ``confirmations`` lists the users (pks) who confirmed a table report: it is
    final when every seated player but the reporter has. History keeps every change, with who and why.
    """

    fixture = models.OneToOneField(Fixture, on_delete=models.CASCADE, related_name="arena_result")
    rounds_played = models.PositiveSmallIntegerField(default=0, validators=[MaxValueValidator(ROUNDS_PLAYED_MAX)])
    placings = models.JSONField(default=list)
    members = models.JSONField(default=dict, blank=True)
    broken = models.JSONField(default=dict, blank=True)
    notes = notes_field()
    hosted = models.BooleanField(default=False)
    reported_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    reported_at = models.DateTimeField(auto_now_add=True)
    confirmations = models.JSONField(default=list, blank=True)
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    confirmed_at = models.DateTimeField(null=True, blank=True)
    dispute_reason = notes_field()
    history = HistoricalRecords()

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=models.Q(rounds_played__lte=ROUNDS_PLAYED_MAX), name="arena_result_rounds_played_in_range"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.fixture}: {self.placings}"


class Result(models.Model):
    """A fixture's result, seen from the home side (the away side's is its opposite).

    ``members`` holds each side's per-member facts as reported: ``{"home": {slot: {...}}, "away": …}``;
    ``broken`` the pile items each side's gladiator had broken by Fegyvertörés: ``{"home": [ids], "away": …}``.
    Every change is kept by django-simple-history: who reported, confirmed, disputed or corrected it.
    """

    fixture = models.OneToOneField(Fixture, on_delete=models.CASCADE, related_name="result")
    home_result = models.CharField(max_length=20, choices=[(kind.value, kind.value) for kind in ResultKind])
    rounds_played = models.PositiveSmallIntegerField(default=0, validators=[MaxValueValidator(ROUNDS_PLAYED_MAX)])
    home_score = models.PositiveSmallIntegerField(default=0, validators=[MaxValueValidator(ARENA_SCORE_MAX)])
    away_score = models.PositiveSmallIntegerField(default=0, validators=[MaxValueValidator(ARENA_SCORE_MAX)])
    members = models.JSONField(default=dict, blank=True)
    broken = models.JSONField(default=dict, blank=True)
    thumbs = models.CharField(
        max_length=4, blank=True, choices=[(t.value, choice_label(THUMBS_NAMES[t])) for t in Thumbs]
    )
    notes = notes_field()
    hosted = models.BooleanField(default=False)
    reported_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    reported_at = models.DateTimeField(auto_now_add=True)
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    confirmed_at = models.DateTimeField(null=True, blank=True)
    dispute_reason = notes_field()
    # another game's own report (a warband match's figures and victory points, WB-7), as its
    # league plug-in stores it; empty for Shuluri Viadal, whose facts are the columns above
    report = models.JSONField(default=dict, blank=True)
    history = HistoricalRecords()

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=models.Q(rounds_played__lte=ROUNDS_PLAYED_MAX), name="result_rounds_played_in_range"
            ),
            models.CheckConstraint(
                condition=models.Q(home_score__lte=ARENA_SCORE_MAX, away_score__lte=ARENA_SCORE_MAX),
                name="result_scores_in_range",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.fixture}: {self.home_result} {self.home_score}–{self.away_score}"

    @property
    def shown_scores(self) -> tuple[int, int]:
        """The scores the pages show: Viadal's arena scores, or another game's own (a warband
        match's victory points, WB-7.2) as its plug-in stored them in ``report["scores"]``."""
        scores = (self.report or {}).get("scores")
        return (int(scores[0]), int(scores[1])) if scores else (self.home_score, self.away_score)

    @property
    def home_shown(self) -> int:
        return self.shown_scores[0]

    @property
    def away_shown(self) -> int:
        return self.shown_scores[1]


class CampaignEvent(models.Model):
    """One line of a league's log: a die roll, or a change to a team's roster or treasury.

    ``seq`` counts from 1 per league. Rolls carry ``purpose``, ``sides`` and ``result``; every event
    carries ``summary`` for people and ``data`` for the record (before/after values, gold). League
    draws (a Swiss first round, a knockout seeding) have no entry.
    """

    class Kind(models.TextChoices):
        ENTERED = "entered", _("Entered")
        DRAW = "draw", pgettext_lazy("drawing lots", "Draw")
        ROLL = "roll", _("Die roll")
        RESULT = "result", _("Result")
        ABSENCE = "absence", _("Absence served")
        INJURY = "injury", _("Injury")
        XP = "xp", _("Experience")
        ADVANCE = "advance", _("Advance")
        INCOME = "income", _("Income")
        PURCHASE = "purchase", _("Purchase")
        HEALER = "healer", _("Healer")
        HIRELING = "hireling", _("Hireling")
        BROKEN = "broken", _("Broken weapon")
        MATCH_ITEM = "match_item", _("One-match purchase")
        ITEMS_USED = "items_used", _("One-match items used")
        ILLUSION = "illusion", _("Illusion victim")
        RAISED = "raised", _("Raised")
        VALUE = "value", _("Value recomputed")

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="events")
    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, null=True, blank=True, related_name="events")
    fixture = models.ForeignKey(Fixture, on_delete=models.SET_NULL, null=True, blank=True, related_name="events")
    seq = models.PositiveIntegerField()
    kind = models.CharField(max_length=12, choices=Kind)
    slot = models.CharField(max_length=20, blank=True)
    summary = models.CharField(max_length=300)
    purpose = models.CharField(max_length=120, blank=True)
    sides = models.PositiveSmallIntegerField(null=True, blank=True)
    result = models.PositiveSmallIntegerField(null=True, blank=True)
    data = models.JSONField(default=dict, blank=True)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["league", "seq"]
        constraints = [models.UniqueConstraint(fields=["league", "seq"], name="one_event_per_seq")]

    def __str__(self) -> str:
        return f"#{self.seq} {self.kind}: {self.summary}"

    @property
    def is_roll(self) -> bool:
        return self.kind == self.Kind.ROLL


class MatchPreparation(models.Model):
    """What one side takes into one fixture besides its roster: the one-match items bought for it
    with gold (HR-10.7) or patronage points (HR-10.8).

    ``items`` lists them in the order bought, each ``{"kind", "value", "item", "slot", "paid", "price"}``
    (``paid`` is ``gold`` or ``patronage``; ``price`` in gold or points; see ``campaigns.bought_items``).
    ``patronage`` is the points the side received, fixed at its first patronage purchase or, unspent,
    when the result becomes final (None until then: the match report works them out from the team
    values). ``consumed``: the result is final and the items have been used; they never reach the
    campaign roster, so every match starts without them.
    """

    fixture = models.ForeignKey(Fixture, on_delete=models.CASCADE, related_name="preparations")
    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="preparations")
    items = models.JSONField(default=list, blank=True)
    patronage = models.PositiveSmallIntegerField(null=True, blank=True, validators=[MaxValueValidator(PATRONAGE_MAX)])
    consumed = models.BooleanField(default=False)

    class Meta:
        ordering = ["fixture", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["fixture", "entry"], name="one_preparation_per_side"),
            models.CheckConstraint(
                condition=models.Q(patronage__isnull=True) | models.Q(patronage__lte=PATRONAGE_MAX),
                name="preparation_patronage_in_range",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.entry} for {self.fixture}"
