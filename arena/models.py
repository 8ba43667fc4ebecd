"""Hosted matches, stored as the engine stores them (issue 13; docs/hosting.md).

A ``Match`` row holds its options, its secret seed, the set-up the engine started from
(``setup_to_json``: both rosters as they were when the match began, the options and the seed), its
status and its version. ``MatchAction`` is the append-only log: one row per action taken (seq 0 is
the deal), with the events it caused as the engine wrote them (``event_to_json``); the state is
rebuilt from the set-up and those events with the engine's ``replay``. ``MatchSeat`` says who plays
which seat and keeps the denormalised "your move" flag the header counts.

Nothing here decides a rule: the engine referees every action (``arena.services``).
"""

from __future__ import annotations

import hashlib
import secrets
import uuid

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

from arena.engine.match.state import ROUND_LIMIT, ROUND_LIMIT_MAX, ROUND_LIMIT_MIN
from arena.engine.match.words import ArenaMode

HOME, AWAY = 0, 1
SEATS = (HOME, AWAY)
MOST_SEATS = 4  # the four-player modes (HR-8): seats 0-3
# HR-8: four seats play 24 rounds unless the match says otherwise (12-30, HR-10.1)
FOUR_SEAT_ROUND_LIMIT = 24
SEAT_CHOICES = [(HOME, _("home")), (AWAY, _("away")), (2, _("third")), (3, _("fourth"))]


def new_seed() -> str:
    """The match's dice seed: secret, from the operating system's CSPRNG."""
    return secrets.token_hex(16)


def new_salt() -> str:
    """The salt of the seed's commitment (docs/hosting.md, "Dice anyone can check")."""
    return secrets.token_hex(16)


def seed_commitment(seed: str, salt: str) -> str:
    """``sha256("viadal-dice:" + seed + ":" + salt)`` in hex: shown from the start, checked at the end."""
    return hashlib.sha256(f"viadal-dice:{seed}:{salt}".encode()).hexdigest()


class Agent(models.TextChoices):
    """The engine's agents a seat may be played by (``arena.engine.agents``), named by the
    strength a player chooses (docs/agents.md): easy is the greedy agent, normal the tactical one,
    hard the search agent."""

    GREEDY = "greedy", _("easy")
    TACTICAL = "tactical", _("normal")
    SEARCH = "search", _("hard")


AGENT_LINES = {
    Agent.GREEDY: _("Easy: attacks whenever it can, otherwise closes in; it looks one move ahead."),
    Agent.TACTICAL: _(
        "Normal: plays as a club player does: a good grip, blows on the wounded and on your gladiator, "
        "its witch-master kept out of reach, traps kept for the moment they hurt."
    ),
    Agent.SEARCH: _(
        "Hard: plays the normal level's moves ahead many times over what it may know of your secrets "
        "and takes the best; it thinks up to two seconds a move."
    ),
}


class Mode(models.TextChoices):
    """The engine's :class:`~arena.engine.match.words.ArenaMode`: how many play, and who with whom."""

    DUEL = ArenaMode.DUEL.value, _("Two players")
    PAIRS = ArenaMode.PAIRS.value, _("Pairs (two against two)")
    FFA = ArenaMode.FFA.value, _("Free-for-all (four players)")


class Match(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", _("Waiting for an opponent")
        SETUP = "setup", _("Set-up")
        PLAYING = "playing", _("In play")
        FINISHED = "finished", _("Finished")
        WITHDRAWN = "withdrawn", _("Withdrawn")

    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="matches_created")
    # The named player of an invitation; None: an open challenge anyone may accept.
    invited = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="match_invitations",
    )
    invite_token = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    mode = models.CharField(max_length=8, choices=Mode, default=Mode.DUEL)
    round_limit = models.PositiveSmallIntegerField(
        default=ROUND_LIMIT, validators=[MinValueValidator(ROUND_LIMIT_MIN), MaxValueValidator(ROUND_LIMIT_MAX)]
    )
    optional_rules = models.JSONField(default=list, blank=True, help_text=_("Ids of the optional rules in use."))
    trap_insight = models.BooleanField(
        default=True, help_text=_("Off: every strategist draws 3 trap cards, whatever his team paid for.")
    )
    status = models.CharField(max_length=10, choices=Status, default=Status.OPEN)
    # Secret while the match runs: never rendered, never sent to a browser (docs/hosting.md).
    seed = models.CharField(max_length=64, default=new_seed, editable=False)
    # Published with the seed once the match is over; ``commitment`` is shown from the start.
    seed_salt = models.CharField(max_length=64, default=new_salt, editable=False)
    commitment = models.CharField(max_length=64, blank=True, editable=False)
    # A league fixture played here (docs/hosting.md, "League fixtures"): its result goes to the league.
    fixture = models.ForeignKey(
        "campaigns.Fixture", on_delete=models.SET_NULL, null=True, blank=True, related_name="hosted_matches"
    )
    # Table mode: played with the physical board and dice, refereed on one device; the d10s are
    # entered as rolled, so the dice are not checkable (docs/hosting.md, "Table mode").
    table_played = models.BooleanField(default=False, editable=False)
    # An imported record (a match played elsewhere, replayed here from its file): finished, no players.
    imported = models.BooleanField(default=False, editable=False)
    setup = models.JSONField(null=True, blank=True, editable=False)
    version = models.PositiveIntegerField(default=0)
    result = models.JSONField(null=True, blank=True)
    winner_seat = models.SmallIntegerField(null=True, blank=True)
    forfeit = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    last_action_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # Tests only (settings.VIADAL_TEST_DICE): the d10 results to roll, in order (arena/runtime/hosted_dice.py).
    # No form, view or service fills it; it is ignored unless the test settings turn it on.
    dice_script = models.JSONField(null=True, blank=True, editable=False)

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name_plural = "matches"
        indexes = [models.Index(fields=["status", "-created_at"], name="arena_match_status_created")]

    def __str__(self) -> str:
        return f"Match {self.pk}"

    @property
    def is_live(self) -> bool:
        return self.status in (self.Status.SETUP, self.Status.PLAYING)

    @property
    def is_over(self) -> bool:
        return self.status in (self.Status.FINISHED, self.Status.WITHDRAWN)

    @property
    def arena_mode(self) -> ArenaMode:
        return ArenaMode(self.mode)

    @property
    def seat_count(self) -> int:
        return self.arena_mode.seats

    @property
    def four_seats(self) -> bool:
        return self.seat_count == MOST_SEATS

    @property
    def seed_published(self) -> bool:
        """The seed (and the set-up) may be shown: the match has ended (docs/hosting.md)."""
        return self.status == self.Status.FINISHED and self.setup is not None


class MatchSeat(models.Model):
    """Who plays a seat (0 home, the challenger; 1 away; in the four-player modes also 2 and 3),
    with the team he brought.

    A four-seat match has a row for every seat from its creation: a seat still to be filled has no
    player, no agent and no team; ``invited`` names the only player who may take it (None: anyone
    signed in may). ``filled`` says whether someone plays it.

    ``to_move`` is denormalised: the seat owes a decision now (the engine's ``seats_to_move``),
    written with every action so the header's "your move" count is one indexed query.
    ``prompt_version`` is the version at which the seat's own choices (its legal actions) last
    changed: a page built from an older version is stale for that seat, a newer one is not, so both
    seats' simultaneous set-up choices never reject each other (docs/hosting.md).
    """

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="seats")
    seat = models.SmallIntegerField(choices=SEAT_CHOICES)
    # None for a seat the engine's agent plays (``agent``) and for the seats of an imported record.
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, null=True, blank=True, related_name="match_seats"
    )
    agent = models.CharField(max_length=16, choices=Agent, blank=True)
    # A four-seat match's seat kept for a named player until he takes it (None: an open seat).
    invited = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="seat_invitations"
    )
    team = models.ForeignKey("teams.Team", on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    team_name = models.CharField(max_length=80)
    to_move = models.BooleanField(default=False)
    prompt_version = models.PositiveIntegerField(default=0)
    prompt_digest = models.CharField(max_length=64, blank=True)

    class Meta:
        ordering = ["match", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["match", "seat"], name="unique_seat_per_match"),
            models.CheckConstraint(condition=models.Q(seat__gte=0, seat__lt=MOST_SEATS), name="arena_seat_0_to_3"),
        ]
        indexes = [
            models.Index(fields=["player", "to_move"], name="arena_seat_player_to_move"),
            models.Index(fields=["agent", "to_move"], name="arena_seat_agent_to_move"),
        ]

    def __str__(self) -> str:
        return f"{self.match} seat {self.seat}"

    @property
    def is_agent(self) -> bool:
        return bool(self.agent)

    @property
    def filled(self) -> bool:
        return self.player_id is not None or bool(self.agent)


class MatchAction(models.Model):
    """One action as the engine took it and the events it caused: append-only.

    ``seq`` is the match's version after it (0: the deal, with no action and no seat)."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="actions")
    seq = models.PositiveIntegerField()
    seat = models.SmallIntegerField(null=True, blank=True)
    action = models.JSONField(null=True, blank=True)
    events = models.JSONField(default=list)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["match", "seq"]
        constraints = [models.UniqueConstraint(fields=["match", "seq"], name="unique_action_seq_per_match")]

    def __str__(self) -> str:
        return f"{self.match} #{self.seq}"


class MatchReview(models.Model):
    """ "What would the computer have done?" for one seat of a finished match (issue #33): the
    search agent's choice and both chances to win for each of the seat's decisions, computed by the
    ``run_agents`` worker (never in a request). ``verdicts``: ``{"seq", "played", "best",
    "played_chance", "best_chance"}`` per decision (actions as engine JSON); ``flagged`` the seqs of
    the three biggest drops."""

    class Status(models.TextChoices):
        PENDING = "pending", _("Waiting for the computer")
        RUNNING = "running", _("Being computed")
        DONE = "done", _("Ready")
        FAILED = "failed", _("Could not be computed")

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="reviews")
    seat = models.SmallIntegerField()
    requested_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True)
    status = models.CharField(max_length=8, choices=Status, default=Status.PENDING)
    budget = models.PositiveIntegerField()
    verdicts = models.JSONField(default=list, blank=True)
    flagged = models.JSONField(default=list, blank=True)
    error = models.CharField(max_length=200, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    claimed_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["created_at", "pk"]
        constraints = [models.UniqueConstraint(fields=["match", "seat"], name="one_review_per_match_seat")]
        indexes = [models.Index(fields=["status", "created_at"], name="arena_review_status_created")]

    def __str__(self) -> str:
        return f"{self.match} seat {self.seat} review"
