"""How much a team file may hold, and how much the validator says of it.

Team files come from anyone (an upload, a league entry, ``validate_team``), so the reader bounds
what it reads before it reads it, and every refusal is one ``FILE-…`` problem like any other bad
file (``docs/team-format.md``, *Limits*):

- ``MAX_FILE_BYTES``: the file's size in bytes, checked first (``FILE-SIZE``);
- ``MAX_NESTING_DEPTH``: arrays and objects inside each other, counted on the raw text without
  recursion before the JSON parser (which recurses) sees it (``FILE-DEPTH``); the format needs 4;
- ``MAX_NUMBER_LENGTH``: the characters of one number, counted on the raw text too, so that no
  number reaches Python's int-string conversion limit (``FILE-NUMBER``);
- ``MAX_FILE_MEMBERS``: the members a file may list (``FILE-MEMBERS``), read from the data: the
  six places of ``MEMBER_SLOTS``, each with its member and a hireling standing in for him
  (HR-10.8); more are refused as one problem before any member is read;
- text holds no control characters (line breaks and tabs in ``notes`` aside) and no lone
  surrogates (``FILE-TEXT``): PostgreSQL cannot store a NUL, and no encoder can write a lone
  surrogate.

``capped`` bounds what is said: at most ``MAX_PROBLEMS_PER_KIND`` problems of one code (one
``FILE-…`` code, one rule TB-01 … TB-25), then one line saying how many more there are.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Iterable, Iterator
from typing import Final

from arena.engine.content.profiles import MEMBER_SLOTS
from arena.engine.roster import Problem
from arena.engine.roster.labels import Localized, localized_problem, phrase
from arena.engine.roster.teamfile_messages import (
    TEXT,
    control_character,
    field_name,
    lone_surrogate,
    not_listed,
    number_too_long,
    too_deep,
    too_large,
)

MAX_FILE_BYTES: Final = 65_536  # 64 KiB; the base team's file is 3.3 KB
FORMAT_DEPTH: Final = 4  # team, members, member, stats: how deep the format nests
MAX_NESTING_DEPTH: Final = 16
MAX_NUMBER_LENGTH: Final = 20  # characters of a number: sign, digits, point, exponent
# Six places (RB p.4–5), each holding its member and at most one hireling standing in for him (HR-10.8).
MAX_FILE_MEMBERS: Final = 2 * len(MEMBER_SLOTS)
# Lines of one kind: more than any rule can say of a team of six (TB-06: 48 stats in all).
MAX_PROBLEMS_PER_KIND: Final = 50
# Control characters (C0, DEL, C1) and lone surrogates; notes, free text of several lines, may
# hold tabs and line breaks.
_BAD_IN_TEXT: Final = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff]")
_BAD_IN_NOTES: Final = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff]")

# --- The raw text: size, then nesting and numbers, without recursion --------------------------------

# A string (to its closing quote, or to the end of an unterminated one), a bracket, or a number.
_TOKEN: Final = re.compile(r'"(?:[^"\\]|\\.)*+(?:"|\\?\Z)|[\[{]|[\]}]|-?[0-9][0-9.eE+-]*+', re.DOTALL)


def size_problem(text: str | bytes) -> Problem | None:
    """``FILE-SIZE`` when the file has more than ``MAX_FILE_BYTES`` bytes (as UTF-8, for text)."""
    # A character is at least one byte: only text short enough in characters needs encoding.
    over = len(text) > MAX_FILE_BYTES or (
        isinstance(text, str) and len(text.encode("utf-8", "surrogatepass")) > MAX_FILE_BYTES
    )
    return localized_problem("FILE-SIZE", "", too_large(MAX_FILE_BYTES)) if over else None


def raw_problems(text: str) -> list[Problem]:
    """``FILE-DEPTH`` at the first bracket too deep and ``FILE-NUMBER`` at the first number too long,
    found on the raw text in one pass (strings skipped), so that the JSON parser, which recurses and
    converts digits to ``int``, never sees them."""
    problems: list[Problem] = []
    depth = 0
    deep_at = long_at = -1
    for token in _TOKEN.finditer(text):
        first = token.group()[0]
        if first == '"':
            continue
        if first in "[{":
            depth += 1
            if depth > MAX_NESTING_DEPTH and deep_at < 0:
                deep_at = token.start()
                problems.append(_at_place("FILE-DEPTH", text, deep_at, None))
        elif first in "]}":
            depth -= 1
        elif len(token.group()) > MAX_NUMBER_LENGTH and long_at < 0:
            long_at = token.start()
            problems.append(_at_place("FILE-NUMBER", text, long_at, len(token.group())))
        if deep_at >= 0 and long_at >= 0:
            break
    return problems


def _at_place(code: str, text: str, offset: int, length: int | None) -> Problem:
    line = text.count("\n", 0, offset) + 1
    column = offset - (text.rfind("\n", 0, offset) + 1) + 1
    if length is None:
        message = too_deep(MAX_NESTING_DEPTH, line, column, FORMAT_DEPTH)
    else:
        message = number_too_long(length, MAX_NUMBER_LENGTH, line, column)
    return localized_problem(code, "", message)


# --- Text: no control characters, no lone surrogates ------------------------------------------------


def text_problems(document: object) -> list[Problem]:
    """``FILE-TEXT`` for every string, key or value, holding a control character (line breaks and
    tabs are allowed in ``notes``) or a lone surrogate; walked without recursion, in file order. A
    bad key is reported at its object, named with JSON escapes; what lies under it is not looked at."""
    problems: list[Problem] = []
    stack: list[tuple[str, object]] = [("", document)]
    while stack:
        path, value = stack.pop()
        if isinstance(value, str):
            found = _bad_character(value, _BAD_IN_NOTES if path == "notes" else _BAD_IN_TEXT)
            if found is not None:
                problems.append(_text_problem(path, TEXT, found))
        elif isinstance(value, dict):
            children: list[tuple[str, object]] = []
            for key, child in value.items():
                found = _bad_character(key, _BAD_IN_TEXT) if isinstance(key, str) else None
                if found is not None:
                    problems.append(_text_problem(path, field_name(key), found))
                else:
                    children.append((f"{path}.{key}" if path else str(key), child))
            stack.extend(reversed(children))
        elif isinstance(value, list):
            stack.extend(reversed([(f"{path}[{index}]", item) for index, item in enumerate(value)]))
    return problems


def _bad_character(text: str, pattern: re.Pattern[str]) -> str | None:
    found = pattern.search(text)
    return found.group() if found else None


def _text_problem(path: str, where: Localized, character: str) -> Problem:
    code_point = f"U+{ord(character):04X}"
    if unicodedata.category(character) == "Cs":
        text = lone_surrogate(where, code_point)
    else:
        text = control_character(where, code_point)
    message = phrase("{path}: {text}", "{path}: {text}", path=path, text=text) if path else text
    return localized_problem("FILE-TEXT", path, message)


# --- How much is said -------------------------------------------------------------------------------


def capped(problems: Iterable[Problem], limit: int = MAX_PROBLEMS_PER_KIND) -> tuple[Problem, ...]:
    """At most ``limit`` problems of each code, in their order; after the last one listed of a code
    that had more, one line of that code saying how many more there were."""
    listed: list[Problem] = []
    seen: Counter[str] = Counter()
    last: dict[str, int] = {}
    for problem in problems:
        seen[problem.code] += 1
        if seen[problem.code] <= limit:
            listed.append(problem)
            last[problem.code] = len(listed)
    for code, at in sorted(last.items(), key=lambda item: -item[1]):
        if seen[code] > limit:
            listed.insert(at, localized_problem(code, "", not_listed(seen[code] - limit, limit)))
    return tuple(listed)


def capped_rule(problems: Iterable[Problem], limit: int = MAX_PROBLEMS_PER_KIND) -> Iterator[Problem]:
    """The problems of one rule: the first ``limit`` of them, then a line counting the rest."""
    count, code = 0, ""
    for problem in problems:
        count, code = count + 1, problem.code
        if count <= limit:
            yield problem
    if count > limit:
        yield localized_problem(code, "", not_listed(count - limit, limit))
