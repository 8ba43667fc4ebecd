"""League forms: settings, invitations, entering, fixtures, and the result report.

Labels are lazy and choices are callables, so every form reads in the language of the request
that shows it.
"""

from __future__ import annotations

import datetime
from typing import Any, cast

from django import forms
from django.contrib.auth import get_user_model
from django.db.models import QuerySet
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from arena.engine.content.points import DEFAULT_TIER
from arena.engine.match.state import ROUND_LIMIT, ROUND_LIMIT_FOUR
from games.league_protocol import VIADAL, league_pages
from teams.forms import bound, notes_form_field, optional_rule_choices, tier_choices_with_budget
from teams.models import Team

from .league_bounds import FIRST_DATE, LAST_DATE, ROUND_LIMIT_BOUNDS
from .models import GROUP_COUNT_MAX, League

DATE_WIDGET = forms.DateInput(attrs={"type": "date", "class": "form-control"}, format="%Y-%m-%d")


class LeagueForm(forms.ModelForm):
    tier = forms.ChoiceField(label=gettext_lazy("Tier"), choices=tier_choices_with_budget, initial=DEFAULT_TIER)
    options = forms.MultipleChoiceField(
        label=gettext_lazy("Optional rules"),
        choices=optional_rule_choices,
        required=False,
        widget=forms.CheckboxSelectMultiple,
    )

    class Meta:
        model = League
        fields = [
            "name",
            "season",
            "tier",
            "format",
            "arena_mode",
            "group_count",
            "options",
            "validation_mode",
            "sign_up_open",
            "round_limit",
        ]
        widgets = {"validation_mode": forms.RadioSelect}
        labels = {
            "name": gettext_lazy("Name"),
            "season": gettext_lazy("Season"),
            "format": gettext_lazy("Format"),
            "arena_mode": gettext_lazy("Arena mode"),
            "sign_up_open": gettext_lazy("Open sign-up: any player may enter a team"),
            "validation_mode": gettext_lazy("Team validation"),
            "group_count": gettext_lazy("Number of groups"),
        }
        help_texts = {
            "arena_mode": gettext_lazy(
                "Pairs and free-for-all seat four teams at each table (HR-8) and are played as a round robin of "
                "tables; their round limit is 24 (HR-10.1). Fixed once the fixtures are out."
            ),
            "group_count": gettext_lazy(
                "Only for groups, then knockout: at least 3 teams a group, the top 2 of each go on. Leave it empty "
                "for the fewest groups of at most 5 teams."
            ),
        }

    VIADAL_ONLY = ("tier", "options", "arena_mode", "round_limit")

    def __init__(self, *args: Any, game: str = VIADAL, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.game = self.instance.game if self.instance.pk is not None else game
        self.instance.game = self.game  # the model's checks know the league's game
        if self.game != VIADAL:
            # another game's league: its own settings (``games.league_protocol``) instead of Viadal's tier,
            # optional rules, arena mode and round limit; its matches are duels
            for name in self.VIADAL_ONLY:
                del self.fields[name]
            # Viadal's labels speak of teams; another game's entries are its own (warbands, parties)
            self.fields["sign_up_open"].label = _("Open sign-up: any player may enter")
            self.fields["validation_mode"].label = _("Entry validation")
            validation = self.fields["validation_mode"]
            assert isinstance(validation, forms.ChoiceField)  # the model field's choices make it one
            validation.choices = [
                (value, League.ENTRY_VALIDATION_LABELS.get(value, label)) for value, label in League.Validation.choices
            ]
            self.fields["group_count"].help_text = _(
                "Only for groups, then knockout: at least 3 entries a group, the top 2 of each go on. Leave it "
                "empty for the fewest groups of at most 5 entries."
            )
            pages = league_pages(self.game)
            self.game_fields = tuple(pages.settings_fields(self.instance if self.instance.pk else None))
            self.fields.update(pages.settings_fields(self.instance if self.instance.pk else None))
            return
        self.game_fields = ()
        low, high = ROUND_LIMIT_BOUNDS  # HR-10.1, the engine's
        self.fields["round_limit"].label = _("Round limit (%(low)s–%(high)s)") % {"low": low, "high": high}
        bound(self.fields["round_limit"], low, high, "HR-10.1")
        bound(self.fields["group_count"], 1, GROUP_COUNT_MAX, "HR-10.2")
        self.fields["arena_mode"].required = False  # a form without it keeps the league's (a duel when new)
        if self.instance.pk is None:
            # A new league may leave it empty: the mode's own limit (20 for two players, 24 for four).
            self.fields["round_limit"].required = False
            self.initial["round_limit"] = None
            self.fields["round_limit"].help_text = _(
                "Leave it empty for the mode's: %(duel)s rounds for two players, %(four)s for four (HR-10.1, HR-8)."
            ) % {"duel": ROUND_LIMIT, "four": ROUND_LIMIT_FOUR}

    def clean_arena_mode(self) -> str:
        return self.cleaned_data.get("arena_mode") or self.instance.arena_mode or League.Mode.DUEL

    def clean_round_limit(self) -> int:
        limit = self.cleaned_data.get("round_limit")
        if limit is None:  # only a new league leaves it empty: its mode's own limit
            mode = self.cleaned_data.get("arena_mode") or self.instance.arena_mode  # cleaned before it
            return ROUND_LIMIT if mode == League.Mode.DUEL else ROUND_LIMIT_FOUR
        return int(limit)

    def settings(self) -> dict[str, Any]:
        settings = {name: self.cleaned_data[name] for name in self.Meta.fields if name in self.fields}
        if self.game != VIADAL:
            settings["game"] = self.game
            settings["game_settings"] = {name: self.cleaned_data[name] for name in self.game_fields}
        if settings["format"] != League.Format.GROUPS_KNOCKOUT:
            settings["group_count"] = None  # only a league of groups has groups
        return settings


class InviteForm(forms.Form):
    username = forms.CharField(label=gettext_lazy("Invite a player (username)"), max_length=150)

    def clean_username(self) -> Any:
        username = self.cleaned_data["username"]
        player = get_user_model().objects.filter(username=username).first()
        if player is None:
            raise forms.ValidationError(_("There is no player called %(name)s.") % {"name": username})
        return player


class EnterCopyForm(forms.Form):
    """Enter one of the player's things of the league's game (a ready warband)."""

    source = forms.TypedChoiceField(coerce=int, label=gettext_lazy("Yours, ready to enter"))

    def __init__(self, *args: Any, choices: list[tuple[int, str]], label: Any = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = cast(forms.TypedChoiceField, self.fields["source"])
        field.choices = choices
        if label:
            field.label = label


class EnterForm(forms.Form):
    team = forms.ModelChoiceField(queryset=Team.objects.none(), label=gettext_lazy("Your team"), empty_label=None)

    def __init__(self, *args: Any, teams: QuerySet[Team], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        cast(forms.ModelChoiceField, self.fields["team"]).queryset = teams


def check_date(value: datetime.date | None) -> datetime.date | None:
    """A date a league can be played on (``campaigns.league_bounds``): far from the calendar's end, so that
    no schedule built from it runs past the last date there is."""
    if value is not None and not FIRST_DATE <= value <= LAST_DATE:
        raise forms.ValidationError(
            _("Enter a date from %(first)s to %(last)s.")
            % {"first": FIRST_DATE.isoformat(), "last": LAST_DATE.isoformat()}
        )
    return value


class GenerateFixturesForm(forms.Form):
    # the first round of a round robin, or the next round of the other formats: the round drawn now
    start = forms.DateField(label=gettext_lazy("Date of the round drawn now"), required=False, widget=DATE_WIDGET)
    interval_days = forms.IntegerField(
        label=gettext_lazy("Days between rounds"),
        min_value=1,
        max_value=60,
        initial=7,
        widget=forms.NumberInput(attrs={"class": "form-control"}),
    )

    def clean_start(self) -> datetime.date | None:
        return check_date(self.cleaned_data["start"])


class RescheduleForm(forms.Form):
    scheduled_for = forms.DateField(label=gettext_lazy("Date"), required=False, widget=DATE_WIDGET)

    def clean_scheduled_for(self) -> datetime.date | None:
        return check_date(self.cleaned_data["scheduled_for"])


class DisputeForm(forms.Form):
    reason = notes_form_field(gettext_lazy("What is wrong with this result?"), rows=2, required=True)
