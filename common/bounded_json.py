"""JSON carried by a request, read with limits (issue 28): its size and its nesting are checked on the
raw text before the parser sees it, so no value a client sends can make the parser recurse deeply or
work long. Every refusal is a :class:`BoundedJsonError` (a ``ValueError``), which the caller answers
with a clear message; nothing here raises anything else.
"""

from __future__ import annotations

import json
import re
from typing import Any, Final

# A string (to its closing quote, or to the end of an unterminated one), or a bracket.
_TOKEN: Final = re.compile(r'"(?:[^"\\]|\\.)*+(?:"|\\?\Z)|[\[{\]}]', re.DOTALL)


class BoundedJsonError(ValueError):
    """The text is too long, too deeply nested, or not JSON."""


def depth_of(text: str, most: int) -> int:
    """The deepest nesting of arrays and objects in ``text`` (strings skipped), counted up to ``most + 1``."""
    depth = deepest = 0
    for token in _TOKEN.finditer(text):
        first = token.group()[0]
        if first in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > most:
                    return deepest
        elif first in "]}":
            depth -= 1
    return deepest


def read_json(text: str, *, most_chars: int, most_depth: int) -> Any:
    """``text`` parsed, if it has at most ``most_chars`` characters and ``most_depth`` levels."""
    if len(text) > most_chars:
        raise BoundedJsonError(f"the JSON is longer than {most_chars} characters")
    if depth_of(text, most_depth) > most_depth:
        raise BoundedJsonError(f"the JSON is nested deeper than {most_depth} levels")
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as error:  # RecursionError: never past the depth check, kept as a guard
        raise BoundedJsonError(f"not JSON: {error}") from error
