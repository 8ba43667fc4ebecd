"""Posting the builder's forms as a browser would: every field with the value it shows."""

from __future__ import annotations

from typing import Any

from teams.builder import TeamBuilder
from teams.models import Team
from teams.selectors import team_characters


def team_post_data(team: Team, **changes: Any) -> dict[str, Any]:
    """The edit page's post data for ``team`` as it stands, with ``changes`` (``{"gladiator-ep": 21}``)."""
    builder = TeamBuilder(team, team_characters(team))
    data: dict[str, Any] = {}
    for form in builder.forms:
        for field in form:
            value = field.value()
            if not field.field.disabled:
                data[field.html_name] = "" if value is None else value
    return {**data, **changes}


def card_post_data(team: Team, *parts: str, **changes: Any) -> dict[str, Any]:
    """What a live check posts (static/js/viadal.js): only the fields of the cards ``parts`` (``team``
    or a member's slot), each card named in ``builder-part``, with ``changes``."""
    data = {
        name: value
        for name, value in team_post_data(team).items()
        if any(name.startswith(f"{part}-") for part in parts)
    }
    return {**data, **changes, "builder-part": list(parts)}


def pdf_text(pdf: bytes) -> str:
    """A PDF's text, page by page, as pypdf reads it (proves the words are in the file, not just drawn)."""
    import io

    import pypdf

    reader = pypdf.PdfReader(io.BytesIO(pdf))
    return "\f".join(page.extract_text() for page in reader.pages)
