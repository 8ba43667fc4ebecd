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


def pdf_text(pdf: bytes) -> str:
    """A PDF's text, page by page, as pypdf reads it (proves the words are in the file, not just drawn)."""
    import io

    import pypdf

    reader = pypdf.PdfReader(io.BytesIO(pdf))
    return "\f".join(page.extract_text() for page in reader.pages)
