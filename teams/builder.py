"""The edit page's forms: the team's own and one per member, with the engine's problems placed."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from typing import Any

from django import forms

from arena.engine.roster import Problem

from .forms import TeamForm
from .member_forms import MemberForm
from .models import Character, Team
from .problems import SectionView, member_scope
from .services import TeamEdit, team_update


class TeamBuilder:
    def __init__(self, team: Team, characters: Iterable[Character], data: Mapping[str, Any] | None = None) -> None:
        self.team = team
        self.team_form = TeamForm(data, team=team)
        self.member_forms = [
            MemberForm(data, character=character, team_options=list(team.options)) for character in characters
        ]

    @property
    def forms(self) -> list[forms.Form]:
        return [self.team_form, *self.member_forms]

    def is_valid(self) -> bool:
        results = [form.is_valid() for form in self.forms]  # every form, so each shows its errors
        return all(results)

    def save(self) -> TeamEdit:
        return team_update(
            team=self.team,
            changes=self.team_form.team_changes(),
            member_changes={form.character.slot: form.character_changes() for form in self.member_forms},
        )

    def place(self, problems: Iterable[Problem]) -> None:
        """Put each problem beside its field, under its section, or on its member's or the team's card."""
        by_slot = {form.character.slot: form for form in self.member_forms}
        member_problems: dict[str, list[tuple[str, Problem]]] = defaultdict(list)
        team_problems: list[tuple[str, Problem]] = []
        for problem in problems:
            scope = member_scope(problem.path)
            if scope is not None and scope[0] in by_slot:
                member_problems[scope[0]].append((scope[1], problem))
            else:
                team_problems.append((problem.path, problem))
        self.team_form.board.place(team_problems)
        for slot, placed in member_problems.items():
            by_slot[slot].board.place(placed)

    def team_sections(self) -> list[SectionView]:
        return self.team_form.board.views(self.team_form)

    def members(self) -> list[tuple[MemberForm, list[SectionView]]]:
        return [(form, form.board.views(form)) for form in self.member_forms]
