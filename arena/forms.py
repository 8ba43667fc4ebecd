"""The lobby's forms: a challenge (team, options, open or for a named player) and accepting one.

Labels are lazy and choices callables, so each form reads in the language of its request. The
engine still judges the options (``MatchOptions``) and the team (``new_match``) in the services.
"""

from __future__ import annotations

from typing import Any, cast

from django import forms
from django.contrib.auth import get_user_model
from django.db.models import QuerySet
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from arena.engine.match.state import ROUND_LIMIT, ROUND_LIMIT_MAX, ROUND_LIMIT_MIN
from arena.models import AWAY, HOME, Agent
from teams.forms import optional_rule_choices
from teams.models import Team


def round_limit_field() -> forms.IntegerField:
    """The match's round limit, bounded by the engine's range (HR-10.1)."""
    return forms.IntegerField(
        label=gettext_lazy("Round limit (12–30)"),
        initial=ROUND_LIMIT,
        min_value=ROUND_LIMIT_MIN,
        max_value=ROUND_LIMIT_MAX,
    )


class ChallengeForm(forms.Form):
    team = forms.ModelChoiceField(queryset=Team.objects.none(), label=gettext_lazy("Your team"), empty_label=None)
    round_limit = round_limit_field()
    optional_rules = forms.MultipleChoiceField(
        label=gettext_lazy("Optional rules (HR-7)"),
        choices=optional_rule_choices,
        required=False,
        widget=forms.CheckboxSelectMultiple,
    )
    trap_insight = forms.BooleanField(
        label=gettext_lazy("Trap insight (HR-9.5)"),
        initial=True,
        required=False,
        help_text=gettext_lazy(
            "On: a strategist draws the 4 or 5 trap cards his team paid for and keeps 3. Off: every strategist draws 3."
        ),
    )
    invite = forms.CharField(
        label=gettext_lazy("Invite a player (username)"),
        max_length=150,
        required=False,
        help_text=gettext_lazy("Leave it empty for an open challenge anyone may accept."),
    )

    def __init__(self, *args: Any, teams: QuerySet[Team], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        cast(forms.ModelChoiceField, self.fields["team"]).queryset = teams

    def clean_invite(self) -> Any:
        username = self.cleaned_data["invite"].strip()
        if not username:
            return None
        player = get_user_model().objects.filter(username=username).first()
        if player is None:
            raise forms.ValidationError(_("There is no player called %(name)s.") % {"name": username})
        return player


class AcceptForm(forms.Form):
    team = forms.ModelChoiceField(queryset=Team.objects.none(), label=gettext_lazy("Your team"), empty_label=None)

    def __init__(self, *args: Any, teams: QuerySet[Team], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        cast(forms.ModelChoiceField, self.fields["team"]).queryset = teams


class ComputerForm(forms.Form):
    """A match against the engine's agent, begun at once: only the agents that exist are offered."""

    team = forms.ModelChoiceField(queryset=Team.objects.none(), label=gettext_lazy("Your team"), empty_label=None)
    agent = forms.ChoiceField(
        label=gettext_lazy("Computer opponent"),
        choices=Agent.choices,
        initial=Agent.GREEDY,
        help_text=gettext_lazy("Greedy attacks whenever it can and otherwise closes in on your characters."),
    )
    seat = forms.TypedChoiceField(
        label=gettext_lazy("Your seat"),
        choices=[(HOME, gettext_lazy("Home (you challenge)")), (AWAY, gettext_lazy("Away"))],
        coerce=int,
        initial=HOME,
    )
    round_limit = round_limit_field()

    def __init__(self, *args: Any, teams: QuerySet[Team], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        cast(forms.ModelChoiceField, self.fields["team"]).queryset = teams


class TableForm(forms.Form):
    """Table mode: both teams on this device (the away team one's own, or the base team)."""

    home_team = forms.ModelChoiceField(queryset=Team.objects.none(), label=gettext_lazy("Home team"), empty_label=None)
    away_team = forms.ModelChoiceField(
        queryset=Team.objects.none(),
        label=gettext_lazy("Away team"),
        required=False,
        empty_label=gettext_lazy("The base team"),
    )
    round_limit = round_limit_field()

    def __init__(self, *args: Any, teams: QuerySet[Team], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        cast(forms.ModelChoiceField, self.fields["home_team"]).queryset = teams
        cast(forms.ModelChoiceField, self.fields["away_team"]).queryset = teams
