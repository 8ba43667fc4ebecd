"""The report of a four-seat fixture (HR-8): rounds played, each seat's placing and, per team, its
members' fates and deeds and its broken pile items as the two-player report has them.

Free-for-all: each seat's place (seats given one place share it, HR-8), the round its gladiator
fell (empty: standing at the end), its arena score, the gladiators it destroyed and, for a
gladiator standing at the round limit, the Ép % he kept. Pairs: the first side's result (the other
side has the opposite), each seat's arena score and gladiators destroyed; the places follow from the
result. Every number is bounded by the rules; a placing that cannot happen is refused as a whole
with the engine's reason (``check_arena_facts``)."""

from __future__ import annotations

from collections import Counter
from types import MappingProxyType
from typing import Any, cast

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from arena.engine.campaign.four_player_facts import ArenaFacts, SeatPlacing
from arena.engine.campaign.four_player_results import check_arena_facts
from arena.engine.campaign.hirelings import fielded_roster
from arena.engine.campaign.results import PLAYED_RESULTS, ResultKind, opposite
from arena.engine.campaign.rule_error import CampaignRuleError
from arena.engine.match.words import ArenaMode
from common.i18n import problem_text
from teams.forms import bound, notes_form_field

from .league_bounds import ARENA_SEAT_SCORE_MAX, FIGHTERS_MAX
from .league_labels import result_label
from .models import Entry, Fixture
from .report_forms import BrokenForm, MemberFactsForm, copies, member_initial
from .result_facts import MemberFacts, SideFacts, too_many_enemies
from .rosters import entry_roster

SMALL = {"class": "form-control form-control-sm"}
PAIRS_PLACES = {  # the first side's result -> (its place, the other side's place), HR-8
    ResultKind.VICTORY: (1, 3),
    ResultKind.POINTS_VICTORY: (1, 3),
    ResultKind.DRAW: (1, 1),
    ResultKind.POINTS_DEFEAT: (3, 1),
    ResultKind.DEFEAT: (3, 1),
}


class SeatForm(forms.Form):
    place = forms.TypedChoiceField(
        label=gettext_lazy("Place"),
        coerce=int,
        choices=[(n, str(n)) for n in range(1, 5)],
        widget=forms.Select(attrs={"class": "form-select form-select-sm"}),
    )
    fell_in_round = forms.IntegerField(
        label=gettext_lazy("Gladiator fell in round"), required=False, widget=forms.NumberInput(attrs=SMALL)
    )
    ep_percent = forms.IntegerField(
        label=gettext_lazy("Gladiator's Ép left, per cent"), initial=100, widget=forms.NumberInput(attrs=SMALL)
    )
    arena_score = forms.IntegerField(
        label=gettext_lazy("Arena score"), initial=0, widget=forms.NumberInput(attrs=SMALL)
    )
    gladiators_destroyed = forms.IntegerField(
        label=gettext_lazy("Enemy gladiators destroyed"), initial=0, widget=forms.NumberInput(attrs=SMALL)
    )

    def __init__(self, *args: Any, mode: ArenaMode, round_limit: int, team: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if mode is ArenaMode.PAIRS:  # the places follow from the side's result; no eliminations
            for name in ("place", "fell_in_round", "ep_percent"):
                del self.fields[name]
        else:
            bound(self.fields["fell_in_round"], 1, round_limit, "HR-8")
            bound(self.fields["ep_percent"], 0, 100, "HR-8")
        bound(self.fields["arena_score"], 0, ARENA_SEAT_SCORE_MAX, "HR-10.1")
        bound(self.fields["gladiators_destroyed"], 0, mode.enemy_teams, "HR-8")
        for field in self.fields.values():
            field.widget.attrs["aria-label"] = _("%(member)s: %(column)s") % {"member": team, "column": field.label}


class ArenaResultForm(forms.Form):
    side_result = forms.ChoiceField(
        label=gettext_lazy("Result"), widget=forms.RadioSelect(attrs={"class": "form-check-input"})
    )
    rounds_played = forms.IntegerField(label=gettext_lazy("Rounds played"), widget=forms.NumberInput(SMALL))
    notes = notes_form_field(gettext_lazy("Notes"), rows=2)

    def __init__(self, *args: Any, fixture: Fixture, seats: list[Entry], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        league = fixture.league
        if league.mode is ArenaMode.PAIRS:
            first = _("%(a)s and %(b)s") % {"a": seats[0].name, "b": seats[1].name}
            second = _("%(a)s and %(b)s") % {"a": seats[2].name, "b": seats[3].name}
            cast(forms.ChoiceField, self.fields["side_result"]).choices = [
                (ResultKind.VICTORY.value, _("%(team)s won: Victory") % {"team": first}),
                (ResultKind.POINTS_VICTORY.value, _("%(team)s won on points") % {"team": first}),
                (ResultKind.DRAW.value, result_label(ResultKind.DRAW)),
                (ResultKind.POINTS_DEFEAT.value, _("%(team)s won on points") % {"team": second}),
                (ResultKind.DEFEAT.value, _("%(team)s won: Victory") % {"team": second}),
            ]
        else:
            del self.fields["side_result"]
        self.fields["rounds_played"].initial = league.round_limit
        bound(self.fields["rounds_played"], 1, league.round_limit, "HR-10.1")


class ArenaReport:
    """The result form, a seat form per seat and, per seat, its team's member forms and broken items
    (as ``report_forms.ResultReport`` has them per side). ``facts`` seeds the forms (corrections)."""

    def __init__(self, fixture: Fixture, seats: list[Entry], data: Any = None, facts: ArenaFacts | None = None) -> None:
        self.fixture, self.mode = fixture, fixture.league.mode
        limit = fixture.league.round_limit
        self.form = ArenaResultForm(data, fixture=fixture, seats=seats, initial=_initial(facts), prefix="result")
        self.seats: list[tuple[Entry, SeatForm, list[MemberFactsForm], BrokenForm]] = []
        for index, entry in enumerate(seats):
            known = facts.sides[index] if facts else SideFacts()
            roster = entry_roster(entry)
            seat_form = SeatForm(
                data,
                mode=self.mode,
                round_limit=limit,
                team=entry.name,
                prefix=f"seat{index}",
                initial=_seat_initial(facts.placing(index)) if facts else None,
            )
            members = [
                MemberFactsForm(
                    data,
                    member=member,
                    enemies=self.enemies,
                    prefix=f"seat{index}-{member.slot}",
                    initial=member_initial(known.members.get(member.slot, MemberFacts())),
                )
                for member in fielded_roster(roster).members
            ]
            for member_form in members:  # three enemies' non-gladiators in a free-for-all
                bound(member_form.fields["fighters_killed"], 0, FIGHTERS_MAX * self.enemies, "HR-10.1")
            broken = BrokenForm(
                data,
                roster=roster,
                recorded=known.broken,
                prefix=f"seat{index}-pile",
                initial={"broken": copies(known.broken)},
            )
            self.seats.append((entry, seat_form, members, broken))

    @property
    def enemies(self) -> int:
        return self.mode.enemy_teams

    @property
    def forms(self) -> list[forms.Form]:
        return [self.form, *(f for _, seat, members, broken in self.seats for f in (seat, *members, broken))]

    def is_valid(self) -> bool:
        if not all([form.is_valid() for form in self.forms]):  # every form, so each shows its errors
            return False
        if not self._kills_hold_together():
            return False
        try:
            check_arena_facts(self.facts(), round_limit=self.fixture.league.round_limit)
        except CampaignRuleError as error:
            self.form.add_error(None, problem_text(error))
            return False
        return True

    def _kills_hold_together(self) -> bool:
        """Per team, no more non-gladiators killed than its enemies field (4 each), no more enemy
        strategists killed or gladiators destroyed than there are enemies, and the seat's gladiators
        destroyed its members' sum; each refusal beside the counts it compares."""
        most = FIGHTERS_MAX * self.enemies
        holds = True
        for _entry, seat, members, _broken in self.seats:
            kills = sum(form.cleaned_data["fighters_killed"] for form in members)
            if kills > most:
                holds = False
                text = _("This side killed %(kills)s non-gladiators in all; the enemy has only %(most)s (HR-10.1).")
                for form in members:
                    if form.cleaned_data["fighters_killed"]:
                        form.add_error("fighters_killed", text % {"kills": kills, "most": most})
            for name in ("strategists_killed", "gladiators_destroyed"):
                if sum(form.cleaned_data[name] or 0 for form in members) > self.enemies:
                    holds = False
                    for form in members:
                        if form.cleaned_data[name]:
                            form.add_error(name, too_many_enemies(self.enemies))
            # The seat's count (its league points, HR-8) and its members' deeds (their experience,
            # HR-10.6) are one count of the same gladiators, as a hosted match gives them.
            by_members = sum(form.cleaned_data["gladiators_destroyed"] or 0 for form in members)
            by_seat = seat.cleaned_data["gladiators_destroyed"]
            if by_seat != by_members:
                holds = False
                seat.add_error(
                    "gladiators_destroyed",
                    ngettext(
                        "The seat destroyed %(seat)s enemy gladiator, but its members' deeds count %(members)s: "
                        "both count the same gladiators (HR-8, HR-10.6).",
                        "The seat destroyed %(seat)s enemy gladiators, but its members' deeds count %(members)s: "
                        "both count the same gladiators (HR-8, HR-10.6).",
                        by_seat,
                    )
                    % {"seat": by_seat, "members": by_members},
                )
        return holds

    def facts(self) -> ArenaFacts:
        data = self.form.cleaned_data
        seat_data = [seat.cleaned_data for _, seat, _m, _b in self.seats]
        if self.mode is ArenaMode.PAIRS:
            first = ResultKind(data["side_result"])
            placings = _pairs_placings(first, seat_data)
        else:
            placings = _ffa_placings(seat_data)
        sides = tuple(
            SideFacts(MappingProxyType({f.member.slot: f.facts() for f in members}), broken.items())
            for _, _seat, members, broken in self.seats
        )
        return ArenaFacts(self.mode, data["rounds_played"], placings, sides, data["notes"])  # type: ignore[arg-type]


def _pairs_placings(first: ResultKind, seats: list[dict[str, Any]]) -> tuple[SeatPlacing, ...]:
    if first not in PLAYED_RESULTS:
        raise ValueError(first)
    shared = 4 if first is ResultKind.DRAW else 2
    return tuple(
        SeatPlacing(
            seat=index,
            place=PAIRS_PLACES[first][index // 2],
            shared=shared,
            result=first if index < 2 else opposite(first),
            arena_score=data["arena_score"],
            gladiators_destroyed=data["gladiators_destroyed"],
        )
        for index, data in enumerate(seats)
    )


def _ffa_placings(seats: list[dict[str, Any]]) -> tuple[SeatPlacing, ...]:
    sharing = Counter(data["place"] for data in seats)
    return tuple(
        SeatPlacing(
            seat=index,
            place=data["place"],
            shared=sharing[data["place"]],
            arena_score=data["arena_score"],
            gladiators_destroyed=data["gladiators_destroyed"],
            gladiator_ep_percent=0 if data["fell_in_round"] else data["ep_percent"],
            eliminated_round=data["fell_in_round"],
        )
        for index, data in enumerate(seats)
    )


def _initial(facts: ArenaFacts | None) -> dict[str, Any] | None:
    if facts is None:
        return None
    first = facts.placing(0).result
    return {
        "side_result": first.value if first else "",
        "rounds_played": facts.rounds_played,
        "notes": facts.notes,
    }


def _seat_initial(placing: SeatPlacing) -> dict[str, Any]:
    return {
        "place": placing.place,
        "fell_in_round": placing.eliminated_round,
        "ep_percent": placing.gladiator_ep_percent,
        "arena_score": placing.arena_score,
        "gladiators_destroyed": placing.gladiators_destroyed,
    }
