"""Placing the engine's problems on the page: beside a field, under a section, or on the card.

A ``Problem.path`` is dotted: ``members.gladiator.stats.te``, ``members.laeva.skills``, ``tier``,
``amulets``. A form routes the paths it shows (``stats.te`` to its field ``te``); a problem goes to the
longest routed prefix of its path, and to the card when nothing matches.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field

from django import forms
from django.utils.safestring import SafeString

from arena.engine.roster import Problem
from common.i18n import problem_text

from .builder_html import problems_box, row_html

MEMBERS = "members"


def member_scope(path: str) -> tuple[str, str] | None:
    """``(slot, rest)`` for a member's path: ``members.laeva.stats.te`` gives ``("laeva", "stats.te")``."""
    parts = path.split(".")
    if len(parts) >= 2 and parts[0] == MEMBERS:
        return parts[1], ".".join(parts[2:])
    return None


@dataclass(frozen=True)
class Route:
    section: str
    field: str | None  # None: the path covers several fields, so the section shows it


@dataclass(frozen=True)
class FieldRow:
    field: forms.BoundField
    problems: list[Problem]

    @property
    def html(self) -> SafeString:
        """The field in its column with its problems (``teams.builder_html``)."""
        return row_html(self.field, self.column_class, self.problems)

    @property
    def column_class(self) -> str:
        """Numbers sit four to a row, checkbox lists take the whole row, the rest half of it."""
        widget = self.field.field.widget
        if isinstance(widget, forms.NumberInput):
            return "col-6 col-md-3"
        if isinstance(widget, (forms.CheckboxSelectMultiple, forms.Textarea)):
            return "col-12"
        return "col-md-6"


@dataclass(frozen=True)
class SectionView:
    title: str
    rows: list[FieldRow]
    problems: list[Problem]
    box_id: str  # the id of the box that holds the section's problems

    @property
    def problems_html(self) -> SafeString:
        return problems_box(self.box_id, self.problems)

    @property
    def align_inputs(self) -> bool:
        """Inputs line up along the row's bottom when no field has help text below it (labels that
        wrap, as the weapon pile's do, would push their inputs out of line)."""
        return not any(row.field.help_text for row in self.rows)


@dataclass
class ProblemBoard:
    routes: dict[str, Route] = field(default_factory=dict)
    sections: dict[str, list[str]] = field(default_factory=dict)
    by_field: dict[str, list[Problem]] = field(default_factory=lambda: defaultdict(list))
    by_section: dict[str, list[Problem]] = field(default_factory=lambda: defaultdict(list))
    general: list[Problem] = field(default_factory=list)

    def copy(self) -> ProblemBoard:
        """A board with the same routes and no problems placed."""
        return ProblemBoard(
            routes=dict(self.routes), sections={title: list(names) for title, names in self.sections.items()}
        )

    def route(self, path: str, *, section: str, field: str) -> None:
        self.sections.setdefault(section, []).append(field)
        known = self.routes.get(path)
        self.routes[path] = Route(section, field if known is None or known.field == field else None)
        parts = path.split(".")
        for size in range(1, len(parts)):
            self.routes.setdefault(".".join(parts[:size]), Route(section, None))

    def place(self, problems: Iterable[tuple[str, Problem]]) -> None:
        """Place ``(path within the form, problem)`` pairs."""
        for path, problem in problems:
            route = self._route_for(path)
            if route is None:
                self.general.append(problem)
            elif route.field is None:
                self.by_section[route.section].append(problem)
            else:
                self.by_field[route.field].append(problem)

    def _route_for(self, path: str) -> Route | None:
        parts = path.split(".") if path else []
        for size in range(len(parts), 0, -1):
            route = self.routes.get(".".join(parts[:size]))
            if route is not None:
                return route
        return None

    def views(self, form: forms.Form) -> list[SectionView]:
        return [
            SectionView(
                title=title,
                rows=[FieldRow(form[name], self.by_field.get(name, [])) for name in names],
                problems=self.by_section.get(title, []),
                box_id=section_box_id(form, index),
            )
            for index, (title, names) in enumerate(self.sections.items())
        ]

    def messages(self, form: forms.Form) -> dict[str, list[str]]:
        """What the page says about the form, by the id of the piece that says it: each field's
        errors and problems (``row-<field>``), each section's and the card's problems. Pieces that
        say nothing are left out."""
        said: dict[str, list[str]] = {}
        if self.general:
            said[card_box_id(form)] = _texts(self.general)
        for index, title in enumerate(self.sections):
            if self.by_section.get(title):
                said[section_box_id(form, index)] = _texts(self.by_section[title])
        errors = form.errors if form.is_bound else {}
        for name in form.fields:
            texts = [str(error) for error in errors.get(name, ())] + _texts(self.by_field.get(name, ()))
            if texts:
                said[f"row-{form[name].html_name}"] = texts
        return said


class OnTheBoard:
    """A form whose problems are placed on a ``ProblemBoard`` (``board``)."""

    board: ProblemBoard
    prefix: str | None

    @property
    def card_problems(self) -> SafeString:
        """The box of the problems about the form as a whole, at the top of its card."""
        return problems_box(card_box_id(self), self.board.general)


def _texts(problems: Iterable[Problem]) -> list[str]:
    return [f"{problem.code} {problem_text(problem)}" for problem in problems]


def card_box_id(form: forms.Form | OnTheBoard) -> str:
    return f"problems-{form.prefix}"


def section_box_id(form: forms.Form, index: int) -> str:
    return f"problems-{form.prefix}-s{index}"
