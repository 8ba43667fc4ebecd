"""The edit page's forms: the team's own and one per member, with the engine's problems placed.

A live check (a change posted under htmx) answers with only what it changed (``changes``): the
fields the player changed, every piece whose messages differ from what the page showed, and the
side panels. The page tells what it shows in its ``builder-shown`` input (``shown_state``): each
piece that says something, with a digest of what it says (docs/decisions.md, "Builder speed").
"""

from __future__ import annotations

import hashlib
from collections import OrderedDict, defaultdict
from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from django.template.loader import render_to_string
from django.utils.safestring import SafeString

from arena.engine.roster import Problem

from .builder_html import problems_box, row_html
from .forms import TeamForm
from .member_forms import MemberForm
from .models import Character, Team
from .problems import FieldRow, SectionView, card_box_id, member_scope, section_box_id
from .services import TeamEdit, team_update

# The hidden input that tells the server what the page shows (``shown_state``).
SHOWN_FIELD = "builder-shown"
# What a live check names as posted: the card of the field changed (its form's prefix) and the cards
# of the last post when it was not saved (static/js/viadal.js, ``unsaved_parts``). A post without it
# (the Save button, a browser without JavaScript) holds the whole form.
PART_FIELD = "builder-part"
# A post naming more pieces than this is not the page's own: it gets the whole editor.
SHOWN_MAX_PIECES = 500


def digest(texts: list[str]) -> str:
    return hashlib.blake2s("\x1f".join(texts).encode(), digest_size=4).hexdigest()


def _flat(messages: Mapping[str, list[str]]) -> list[str]:
    return [f"{key}:{text}" for key, texts in messages.items() for text in texts]


def piece_prefix(key: str) -> str:
    """The form a piece of the page belongs to, by its id: ``row-laeva-te``, ``problems-laeva`` and
    ``problems-laeva-s2`` are the laeva's (``builder_html``)."""
    return key.split("-")[1] if key.count("-") >= 1 else ""


def parse_shown(value: str | None) -> dict[str, str] | None:
    """The ``builder-shown`` input's ``id=digest;…`` as a dict; None when it is missing or not the
    page's own (then the answer is the whole editor)."""
    if value is None:
        return None
    shown: dict[str, str] = {}
    for item in filter(None, value.split(";")):
        key, equals, hashed = item.partition("=")
        if not equals or not key or len(shown) >= SHOWN_MAX_PIECES:
            return None
        shown[key] = hashed
    return shown


# The page's member cards as rendered, by what they are rendered from (``member_cards``).
CARDS_KEPT = 256
_cards: OrderedDict[Hashable, SafeString] = OrderedDict()


@dataclass(frozen=True)
class Changes:
    """What a live check sends back: the pieces (rows and problem boxes) as out-of-band HTML, and
    the new ``builder-shown`` value."""

    pieces: list[str]
    shown: str


def posted_parts(values: Iterable[str], slots: Iterable[str]) -> frozenset[str] | None:
    """The forms a live check posted (``PART_FIELD``, each a form's prefix: ``team`` or a member's
    slot); None, meaning every form, when it names none or a form the team does not have."""
    known = {TeamForm.PREFIX, *slots}
    parts = frozenset(values)
    if not parts or len(parts) > len(known) or not parts <= known:
        return None
    return parts


class TeamBuilder:
    """The team's form and its members' forms. With ``data``, the forms named by ``parts`` (their
    prefixes; every form when None) are bound to it and the others show the saved team: a live
    check posts only the card the player changed (``posted_parts``).

    Each form is built when it is first needed: a live check needs the forms posted, the forms the
    engine's problems are placed on and the forms whose pieces the page shows messages in; the page
    needs them all."""

    def __init__(
        self,
        team: Team,
        characters: Iterable[Character],
        data: Mapping[str, Any] | None = None,
        parts: frozenset[str] | None = None,
    ) -> None:
        self.team = team
        self.saved = False
        self._characters = {character.slot: character for character in characters}
        self._data = data
        self._parts = parts
        self._built: dict[str, TeamForm | MemberForm] = {}
        self._placed: dict[str, list[tuple[str, Problem]]] | None = None

    def _bound(self, prefix: str) -> Mapping[str, Any] | None:
        return self._data if self._parts is None or prefix in self._parts else None

    def _form(self, prefix: str) -> TeamForm | MemberForm:
        form = self._built.get(prefix)
        if form is None:
            if prefix == TeamForm.PREFIX:
                form = TeamForm(self._bound(prefix), team=self.team)
            else:
                character = self._characters[prefix]
                form = MemberForm(self._bound(prefix), character=character, team_options=list(self.team.options))
            if self._placed is not None:
                form.board.place(self._placed.get(prefix, []))
            self._built[prefix] = form
        return form

    @property
    def team_form(self) -> TeamForm:
        form = self._form(TeamForm.PREFIX)
        assert isinstance(form, TeamForm)
        return form

    @property
    def member_forms(self) -> list[MemberForm]:
        forms = [self._form(slot) for slot in self._characters]
        return [form for form in forms if isinstance(form, MemberForm)]

    @property
    def forms(self) -> list[TeamForm | MemberForm]:
        return [self.team_form, *self.member_forms]

    def _prefixes(self) -> list[str]:
        return [TeamForm.PREFIX, *self._characters]

    @property
    def bound_forms(self) -> list[TeamForm | MemberForm]:
        if self._data is None:
            return []
        return [self._form(prefix) for prefix in self._prefixes() if self._parts is None or prefix in self._parts]

    def is_valid(self) -> bool:
        results = [form.is_valid() for form in self.bound_forms]  # every form, so each shows its errors
        return bool(results) and all(results)

    def unsaved_parts(self) -> str:
        """The cards posted and not saved (a value refused in one of them), space-separated: the page
        posts them again with its next change, so that nothing it shows is left unsaved."""
        return "" if self.saved else " ".join(form.prefix or "" for form in self.bound_forms)

    def save(self) -> TeamEdit:
        self.saved = True
        bound = self.bound_forms
        return team_update(
            team=self.team,
            characters=self._characters.values(),
            changes=next((form.team_changes() for form in bound if isinstance(form, TeamForm)), {}),
            member_changes={
                form.character.slot: form.character_changes() for form in bound if isinstance(form, MemberForm)
            },
        )

    def place(self, problems: Iterable[Problem]) -> None:
        """Put each problem beside its field, under its section, or on its member's or the team's card
        (on the forms built so far, and on each form built later)."""
        placed: dict[str, list[tuple[str, Problem]]] = defaultdict(list)
        for problem in problems:
            scope = member_scope(problem.path)
            if scope is not None and scope[0] in self._characters:
                placed[scope[0]].append((scope[1], problem))
            else:
                placed[TeamForm.PREFIX].append((problem.path, problem))
        self._placed = dict(placed)
        for prefix, form in self._built.items():
            form.board.place(self._placed.get(prefix, []))

    def reshaped(self) -> bool:
        """Whether the saved change alters the forms themselves: the optional rules add or remove
        the vial fields, a gladiator's type sets his profile's ranges, grips and the values tied to
        it. Such a change needs the forms rebuilt and the whole editor sent."""
        for form in self.bound_forms:
            if isinstance(form, TeamForm) and "options" in form.changed_data:
                return True
            if isinstance(form, MemberForm) and "gladiator_type" in form.changed_data:
                return True
        return False

    def _placed_on(self, prefix: str) -> bool:
        return bool(self._placed and self._placed.get(prefix))

    def messages(self) -> dict[str, list[str]]:
        """Every piece of the page that says something, with what it says (after ``place``)."""
        said: dict[str, list[str]] = {}
        for form in self.forms:
            said.update(form.board.messages(form))
        return said

    def shown_state(self) -> str:
        """The ``builder-shown`` value of the page as rendered now."""
        return ";".join(f"{key}={digest(texts)}" for key, texts in self.messages().items())

    def changes(self, shown: Mapping[str, str]) -> Changes:
        """The pieces that differ from what the page ``shown`` (its ``builder-shown``): each field
        the post changed (against the saved team), each piece whose messages changed. Only the forms
        that may say something are built: those posted, those with problems, those the page shows
        messages in."""
        needed = {prefix for prefix in self._prefixes() if prefix in self._built or self._placed_on(prefix)}
        needed |= {piece_prefix(key) for key in shown} & set(self._prefixes())
        forms = [self._form(prefix) for prefix in self._prefixes() if prefix in needed]
        now = {key: digest(texts) for form in forms for key, texts in form.board.messages(form).items()}
        differ = {key for key in now.keys() | shown.keys() if now.get(key) != shown.get(key)}
        pieces: list[str] = []
        for form in forms:
            board = form.board
            if card_box_id(form) in differ:
                pieces.append(problems_box(card_box_id(form), board.general, oob=True))
            for index, title in enumerate(board.sections):
                if section_box_id(form, index) in differ:
                    pieces.append(problems_box(section_box_id(form, index), board.by_section.get(title, []), oob=True))
            changed = set(form.changed_data) if form.is_bound else set()
            for name in form.fields:
                if name in changed or f"row-{form.add_prefix(name)}" in differ:  # a bound field only when sent
                    field = form[name]
                    row = FieldRow(field, board.by_field.get(name, []))
                    pieces.append(row_html(field, row.column_class, row.problems, oob=True))
        shown_now = ";".join(f"{key}={hashed}" for key, hashed in now.items())
        return Changes(pieces=pieces, shown=shown_now)

    def team_sections(self) -> list[SectionView]:
        return self.team_form.board.views(self.team_form)

    def members(self) -> list[tuple[MemberForm, list[SectionView]]]:
        return [(form, form.board.views(form)) for form in self.member_forms]

    def member_cards(self) -> list[SafeString]:
        """Each member's card (``teams/_member_card.html``), after ``place``. A card of an unbound form
        depends only on the form's blueprint (the character, the language, the optional rules) and the
        problems placed on it, so each process keeps the cards it rendered by those: the page of a team
        renders only the cards of members changed since."""
        cards = []
        for form, sections in self.members():
            key = None if form.is_bound else (form.blueprint_key, digest(_flat(form.board.messages(form))))
            card = _cards.get(key) if key is not None else None
            if card is None:
                card = SafeString(render_to_string("teams/_member_card.html", {"form": form, "sections": sections}))
                if key is not None:
                    _cards[key] = card
                    while len(_cards) > CARDS_KEPT:
                        _cards.popitem(last=False)
            elif key is not None:
                _cards.move_to_end(key)
            cards.append(card)
        return cards
