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
from arena.models import AGENT_LINES, AWAY, FOUR_SEAT_ROUND_LIMIT, HOME, Agent, Mode
from arena.services.seating import SeatKind, SeatPlan
from teams.forms import optional_rule_choices
from teams.models import Team


def round_limit_field(initial: int = ROUND_LIMIT) -> forms.IntegerField:
    """The match's round limit, bounded by the engine's range (HR-10.1)."""
    return forms.IntegerField(
        label=gettext_lazy("Round limit (12–30)"),
        initial=initial,
        min_value=ROUND_LIMIT_MIN,
        max_value=ROUND_LIMIT_MAX,
    )


def _player(username: str) -> Any:
    username = username.strip()
    if not username:
        return None
    player = get_user_model().objects.filter(username=username).first()
    if player is None:
        raise forms.ValidationError(_("There is no player called %(name)s.") % {"name": username})
    return player


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
        return _player(self.cleaned_data["invite"])


class AcceptForm(forms.Form):
    team = forms.ModelChoiceField(queryset=Team.objects.none(), label=gettext_lazy("Your team"), empty_label=None)

    def __init__(self, *args: Any, teams: QuerySet[Team], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        cast(forms.ModelChoiceField, self.fields["team"]).queryset = teams


def agent_choices() -> list[tuple[str, str]]:
    """The computer's strengths, each with its line (in the reader's language)."""
    return [(str(value), str(AGENT_LINES[Agent(value)])) for value in Agent.values]


class ComputerForm(forms.Form):
    """A match against the engine's agent, begun at once: only the agents that exist are offered."""

    team = forms.ModelChoiceField(queryset=Team.objects.none(), label=gettext_lazy("Your team"), empty_label=None)
    agent = forms.ChoiceField(
        label=gettext_lazy("Computer opponent"),
        choices=agent_choices,
        initial=Agent.GREEDY,
        widget=forms.RadioSelect,
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


SEAT_KINDS = [
    (SeatKind.OPEN, gettext_lazy("Open: any player may take it")),
    (SeatKind.INVITED, gettext_lazy("Kept for the player named below")),
    (SeatKind.COMPUTER, gettext_lazy("The computer (the base team, at the strength chosen below)")),
]
OTHER_SEATS = (1, 2, 3)


class FourSeatForm(forms.Form):
    """A four-seat match (HR-8): the creator's team in seat 1, and how each other seat is filled."""

    team = forms.ModelChoiceField(queryset=Team.objects.none(), label=gettext_lazy("Your team"), empty_label=None)
    mode = forms.ChoiceField(
        label=gettext_lazy("Mode"),
        choices=[(Mode.PAIRS, Mode.PAIRS.label), (Mode.FFA, Mode.FFA.label)],
        initial=Mode.PAIRS,
        help_text=gettext_lazy("Pairs: seats 1 and 2 against seats 3 and 4."),
    )
    computer = forms.ChoiceField(
        label=gettext_lazy("The computer's strength (its seats)"),
        choices=agent_choices,
        initial=Agent.GREEDY,
        required=False,  # no computer seat, or not said: easy
        widget=forms.RadioSelect,
    )
    round_limit = round_limit_field(FOUR_SEAT_ROUND_LIMIT)
    optional_rules = ChallengeForm.base_fields["optional_rules"]
    trap_insight = ChallengeForm.base_fields["trap_insight"]

    def __init__(self, *args: Any, teams: QuerySet[Team], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        cast(forms.ModelChoiceField, self.fields["team"]).queryset = teams
        for seat in OTHER_SEATS:
            self.fields[f"seat_{seat}"] = forms.ChoiceField(
                label=_("Seat %(number)s") % {"number": seat + 1}, choices=SEAT_KINDS, initial=SeatKind.OPEN
            )
            self.fields[f"player_{seat}"] = forms.CharField(
                label=_("Seat %(number)s: the invited player (username)") % {"number": seat + 1},
                max_length=150,
                required=False,
            )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        plans = []
        for seat in OTHER_SEATS:
            kind = data.get(f"seat_{seat}", SeatKind.OPEN)
            try:
                player = _player(data.get(f"player_{seat}", "")) if kind == SeatKind.INVITED else None
            except forms.ValidationError as error:
                self.add_error(f"player_{seat}", error)
                continue
            if kind == SeatKind.INVITED and player is None:
                self.add_error(f"player_{seat}", _("Name the player you invite to this seat."))
            plans.append(SeatPlan(kind, player, data.get("computer") or Agent.GREEDY))
        data["others"] = plans
        return data


class TakeSeatForm(forms.Form):
    """Taking a seat of a four-seat match: which seat, with which ready team."""

    team = forms.ModelChoiceField(queryset=Team.objects.none(), label=gettext_lazy("Your team"), empty_label=None)
    seat = forms.TypedChoiceField(choices=[(s, s) for s in range(4)], coerce=int)

    def __init__(self, *args: Any, teams: QuerySet[Team], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        cast(forms.ModelChoiceField, self.fields["team"]).queryset = teams
