"""The forms of a warband league: its settings (WB-1.1, WB-7.2's ``WB_RESULT``, WB-4.4's
``WB_OPT_INCOMPATIBLE``) and the match report of WB-7.1.

The report asks, for every figure each side had on the table, its one end state and (optionally)
the enemy figure who took it out; whether a side conceded; under ``WB_RESULT = table`` the result the
players' scenario gave; the scenario's name and the date. Victory points and the result are never
typed: the rules compute them (``warbands.rules.league``). Every choice is one of a fixed list, so a
post can name no figure and no state the report does not offer.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django import forms
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from warbands.rules.league import END_STATE_NAMES, OUTCOME_NAMES, EndState, Fielded, FigureEnd, Outcome, SideReport
from warbands.rules.warband_content import POINTS_DEFAULT, POINTS_MAX, POINTS_MIN

SCENARIO_MAX_LENGTH = 80
SIDES = ("home", "away")
CONCEDED_NONE = ""
# dates a league is played on: as the league app's (campaigns.league_bounds), far from the calendar's ends
FIRST_DATE = datetime.date(2000, 1, 1)
LAST_DATE = datetime.date(2199, 12, 31)


def _language() -> str:
    return (get_language() or "en").split("-")[0]


def settings_fields(initial: dict[str, Any]) -> dict[str, forms.Field]:
    """A warband league's own settings, named as ``League.game_settings`` keys."""
    points = forms.IntegerField(
        label=_("Game size L (WB-1.1)"),
        min_value=POINTS_MIN,
        max_value=POINTS_MAX,
        initial=initial.get("points", POINTS_DEFAULT),
        help_text=_("150 to 300 points; a warband registers under it (WB-06, WB-07, WB-08, WB-10)."),
        error_messages={
            "min_value": _("Game size must be 150–300 (WB-05)."),
            "max_value": _("Game size must be 150–300 (WB-05)."),
        },
    )
    result = forms.ChoiceField(
        label=_("Match result (WB_RESULT, WB-7.2)"),
        choices=[("vp", _("By victory points")), ("table", _("As the players' scenario gave it"))],
        initial=initial.get("result", "vp"),
        widget=forms.RadioSelect,
    )
    incompatible = forms.BooleanField(
        label=_("Incompatible pairs may not serve together (WB_OPT_INCOMPATIBLE, WB-13)"),
        required=False,
        initial=initial.get("incompatible", True),
    )
    return {"points": points, "result": result, "incompatible": incompatible}


@dataclass(frozen=True)
class WarbandReport:
    """A WB-7.1 report as the form gives it: each side's figures' end states and concession, the
    result the players entered (``table`` leagues only, home's), the scenario and the date."""

    home: SideReport
    away: SideReport
    table_result: Outcome | None = None
    scenario: str = ""
    played_on: datetime.date | None = None

    def side(self, index: int) -> SideReport:
        return self.home if index == 0 else self.away


def state_choices() -> list[tuple[str, str]]:
    language = _language()
    return [(state.value, END_STATE_NAMES[state].get(language)) for state in EndState]


class WarbandReportForm(forms.Form):
    """The WB-7.1 report of one fixture. ``fielded`` is each side's figures on the table (home,
    away), in order; their fields are ``home-3-state`` and ``home-3-by`` (the 4th home figure)."""

    scenario = forms.CharField(label=_("Scenario"), max_length=SCENARIO_MAX_LENGTH, required=False)
    played_on = forms.DateField(
        label=_("Date played"), required=False, widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")
    )
    conceded = forms.ChoiceField(label=_("Concession"), required=False)

    def __init__(
        self,
        data: Any = None,
        *,
        fielded: tuple[Sequence[Fielded], Sequence[Fielded]],
        names: tuple[str, str],
        table_mode: bool,
        report: WarbandReport | None = None,
    ) -> None:
        super().__init__(data)
        self.fielded = fielded
        self.names = names
        self.table_mode = table_mode
        language = _language()
        concede = self.fields["conceded"]
        assert isinstance(concede, forms.ChoiceField)
        concede.choices = [
            (CONCEDED_NONE, _("Nobody conceded")),
            *((side, _("%(team)s conceded") % {"team": name}) for side, name in zip(SIDES, names, strict=True)),
        ]
        if table_mode:
            self.fields["table_result"] = forms.ChoiceField(
                label=_("%(team)s's result, as the scenario gave it") % {"team": names[0]},
                choices=[(o.value, OUTCOME_NAMES[o].get(language)) for o in (Outcome.WIN, Outcome.DRAW, Outcome.LOSS)],
            )
        states = state_choices()
        for index, side in enumerate(SIDES):
            enemies = [(f.name, f.name) for f in fielded[1 - index]]
            for number, figure in enumerate(fielded[index]):
                self.fields[f"{side}-{number}-state"] = forms.ChoiceField(
                    label=_("%(figure)s: end state") % {"figure": figure.name}, choices=states, initial=EndState.IN
                )
                self.fields[f"{side}-{number}-by"] = forms.ChoiceField(
                    label=_("%(figure)s: taken out by") % {"figure": figure.name},
                    choices=[("", _("nobody named")), *enemies],
                    required=False,
                )
        if report is not None:
            self._start_from(report)

    def _start_from(self, report: WarbandReport) -> None:
        """The fields filled from a stored report (the organiser corrects it)."""
        self.initial.update({"scenario": report.scenario, "played_on": report.played_on})
        if report.home.conceded or report.away.conceded:
            self.initial["conceded"] = "home" if report.home.conceded else "away"
        if report.table_result is not None:
            self.initial["table_result"] = report.table_result.value
        for index, side in enumerate(SIDES):
            ends = {end.name: end for end in report.side(index).ends}
            for number, figure in enumerate(self.fielded[index]):
                end = ends.get(figure.name)
                if end is not None:
                    self.initial[f"{side}-{number}-state"] = end.state
                    self.initial[f"{side}-{number}-by"] = end.taken_out_by or ""

    def clean_played_on(self) -> datetime.date | None:
        value = self.cleaned_data.get("played_on")
        if value is not None and not FIRST_DATE <= value <= LAST_DATE:
            raise forms.ValidationError(
                _("Enter a date from %(first)s to %(last)s.")
                % {"first": FIRST_DATE.isoformat(), "last": LAST_DATE.isoformat()}
            )
        return value

    def rows(self, index: int) -> list[tuple[Fielded, forms.BoundField, forms.BoundField]]:
        """One side's figures with their two fields, for the template."""
        side = SIDES[index]
        return [
            (figure, self[f"{side}-{number}-state"], self[f"{side}-{number}-by"])
            for number, figure in enumerate(self.fielded[index])
        ]

    @property
    def sides(self) -> list[tuple[str, str, list[tuple[Fielded, forms.BoundField, forms.BoundField]]]]:
        return [(SIDES[i], self.names[i], self.rows(i)) for i in range(2)]

    def report(self) -> WarbandReport:
        data = self.cleaned_data
        conceded = data.get("conceded") or CONCEDED_NONE
        sides = []
        for index, side in enumerate(SIDES):
            ends = tuple(
                FigureEnd(figure.name, data[f"{side}-{number}-state"], data.get(f"{side}-{number}-by") or None)
                for number, figure in enumerate(self.fielded[index])
            )
            sides.append(SideReport(ends, conceded=conceded == side))
        table = data.get("table_result")
        return WarbandReport(
            home=sides[0],
            away=sides[1],
            table_result=Outcome(table) if table else None,
            scenario=data.get("scenario", "").strip(),
            played_on=data.get("played_on"),
        )
