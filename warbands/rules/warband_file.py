"""The warband file: a :class:`~warbands.rules.model.Warband` as versioned JSON
(``"format": "viadal-warband"``, ``"version": 1``), read with limits like Viadal's team files.

``dump_warband_file`` writes one; ``parse_warband_file`` reads one and raises
:class:`WarbandFileError` with every problem of the file at once, each a
:class:`~warbands.rules.warband_checks.Violation` with a ``FILE-…`` code, the path of the field and a message
in both languages that starts with that path. Values that are well formed but break a building rule
(a Quality of 9, an unknown rule id, a stated price that is wrong) are not the file's business: the
file loads and :func:`~warbands.rules.warband_checks.check_warband` reports them (an import runs both).

Limits, checked before the JSON parser runs: ``MAX_FILE_BYTES`` (``FILE-SIZE``), nesting deeper
than ``MAX_NESTING_DEPTH`` (``FILE-DEPTH``) and numbers longer than ``MAX_NUMBER_LENGTH`` characters
(``FILE-NUMBER``), on the raw text without recursion; then text holding control characters or lone
surrogates (``FILE-TEXT``), lists longer than their caps (``FILE-COUNT``), and the shape:
``FILE-JSON``, ``FILE-FORMAT``, ``FILE-VERSION``, ``FILE-TYPE``, ``FILE-FIELD``. At most
``MAX_PROBLEMS_PER_KIND`` problems of a code are listed.

The shape (``docs/warband-format.md``)::

    {"format": "viadal-warband", "version": 1, "name": str, "points": int,
     "figures": [figure], "pools": [{"skill": str, "borrowed": int, "summons": [figure]}],
     "illusions": [figure], "notes": str (optional)}
    figure = {"name": str, "quality": int, "combat": int, "rules": [str], "spells": [str],
              "skills": [str], "minions": [figure + {"grant": str | null}], "element": str | null,
              "price": int (optional)}

Writing is deterministic: fields in this order, names as UTF-8, two-space indent, a final newline;
the same warband always gives the same bytes. Readers refuse newer versions.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterable
from typing import Any, Final

from warbands.rules.bilingual import Text
from warbands.rules.figure_prices import figure_price
from warbands.rules.model import Figure, Minion, Pool, Warband
from warbands.rules.warband_checks import Violation
from warbands.rules.warband_content import POINTS_MAX, pool_cap

FORMAT: Final = "viadal-warband"
FORMAT_VERSION: Final = 1

MAX_FILE_BYTES: Final = 65_536  # as Viadal's team files
MAX_NESTING_DEPTH: Final = 16  # the format needs 6 (warband, figures, figure, minions, minion, rules)
MAX_NUMBER_LENGTH: Final = 20
MAX_FIGURES: Final = POINTS_MAX  # every figure costs at least 1 (WB-2), and T ≤ L ≤ 300
MAX_POOLS: Final = 4  # two pool skills (WB-4.2); a few more are read so that WB-10 can name them
MAX_SUMMONS: Final = 2 * pool_cap(POINTS_MAX)  # a pool holds at most 2 × 75, each summon costs ≥ 1
MAX_ILLUSIONS: Final = 50  # the site's limit
MAX_LIST_ITEMS: Final = 50  # rules, spells, skills or minions of one figure (WB-3 has 39 entries)
MAX_PROBLEMS_PER_KIND: Final = 50
NOTES_MAX_LENGTH: Final = 5000  # what the site stores, as for Viadal's team notes

WARBAND_FIELDS: Final = ("format", "version", "name", "points", "figures", "pools", "illusions", "notes")
FIGURE_FIELDS: Final = ("name", "quality", "combat", "rules", "spells", "skills", "minions", "element", "price")
MINION_FIELDS: Final = (*FIGURE_FIELDS, "grant")
POOL_FIELDS: Final = ("skill", "borrowed", "summons")
OPTIONAL_FIELDS: Final = frozenset({"notes", "price"})

_BAD_IN_TEXT: Final = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff]")
_BAD_IN_NOTES: Final = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff]")
_TOKEN: Final = re.compile(r'"(?:[^"\\]|\\.)*+(?:"|\\?\Z)|[\[{]|[\]}]|-?[0-9][0-9.eE+-]*+', re.DOTALL)


class WarbandFileError(ValueError):
    """A warband file that cannot be read; ``problems`` holds every problem found."""

    def __init__(self, problems: Iterable[Violation]) -> None:
        self.problems: tuple[Violation, ...] = _capped(problems)
        super().__init__(self.problems)

    def __str__(self) -> str:
        return self.text("en")

    def text(self, language: str) -> str:
        """Every problem, one ``CODE: message`` line each, under a heading, in ``language``."""
        lines = [f"{p.code}: {p.text(language)}" for p in self.problems]
        count = len(lines)
        heading = Text(
            "The warband file cannot be read ({n} problem{s}):", "Az osztagfájl nem olvasható be ({n} hiba):"
        ).format(n=count, s="" if count == 1 else "s")
        return "\n".join([heading.get(language), *lines])


def _capped(problems: Iterable[Violation]) -> tuple[Violation, ...]:
    listed: list[Violation] = []
    seen: Counter[str] = Counter()
    for problem in problems:
        seen[problem.code] += 1
        if seen[problem.code] <= MAX_PROBLEMS_PER_KIND:
            listed.append(problem)
    for code, count in seen.items():
        if count > MAX_PROBLEMS_PER_KIND:
            more = Text("… and {n} more of this kind.", "… és még {n} ilyen hiba.").format(
                n=count - MAX_PROBLEMS_PER_KIND
            )
            listed.append(Violation(code, "", more))
    return tuple(listed)


def _problem(code: str, path: str, text: Text) -> Violation:
    message = Text("{path}: {text}", "{path}: {text}").format(path=path, text=text) if path else text
    return Violation(code, path, message)


# --- Writing ---------------------------------------------------------------------------------------


def figure_to_dict(figure: Figure) -> dict[str, object]:
    """A figure as its file object; ``price`` is the WB-2 price (a stated one is not kept)."""
    return {
        "name": figure.name,
        "quality": figure.quality,
        "combat": figure.combat,
        "rules": list(figure.rules),
        "spells": list(figure.spells),
        "skills": list(figure.skills),
        "minions": [{**figure_to_dict(m.figure), "grant": m.grant} for m in figure.minions],
        "element": figure.element,
        "price": figure_price(figure),
    }


def warband_to_dict(warband: Warband) -> dict[str, object]:
    """The warband as plain JSON values: the file's body without its header (``notes`` only when
    there are some). :func:`warband_from_dict` reads it back."""
    body: dict[str, object] = {
        "name": warband.name,
        "points": warband.points,
        "figures": [figure_to_dict(f) for f in warband.figures],
        "pools": [
            {"skill": p.skill, "borrowed": p.borrowed, "summons": [figure_to_dict(s) for s in p.summons]}
            for p in warband.pools
        ],
        "illusions": [figure_to_dict(i) for i in warband.illusions],
    }
    if warband.notes:
        body["notes"] = warband.notes
    return body


def warband_to_document(warband: Warband) -> dict[str, object]:
    """The warband as the file's JSON values, header first."""
    return {"format": FORMAT, "version": FORMAT_VERSION, **warband_to_dict(warband)}


def dump_warband_file(warband: Warband) -> str:
    """The file's text: indented JSON, names kept as UTF-8, ending with a newline; prices are the
    WB-2 ones."""
    return json.dumps(warband_to_document(warband), ensure_ascii=False, indent=2) + "\n"


# --- Reading: limits on the raw text ------------------------------------------------------------------


def parse_warband_file(text: str | bytes) -> Warband:
    """Read a warband file (a UTF-8 BOM is allowed); ``WarbandFileError`` lists every problem."""
    return warband_from_document(parse_json(text))


def parse_json(text: str | bytes) -> object:
    """Strict JSON within the limits: size first, then depth and numbers on the raw text, then the
    parser (no NaN or Infinity, no key twice in an object)."""
    size = len(text) if isinstance(text, bytes) else len(text.encode("utf-8", "surrogatepass"))
    if size > MAX_FILE_BYTES:
        limit = Text("The file is larger than {n} bytes.", "A fájl nagyobb {n} bájtnál.").format(n=MAX_FILE_BYTES)
        raise WarbandFileError([_problem("FILE-SIZE", "", limit)])
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as error:
            message = Text(
                "The file is not UTF-8 text (byte {byte}).", "A fájl nem UTF-8 kódolású szöveg (a hibás bájt: {byte})."
            ).format(byte=error.start)
            raise WarbandFileError([_problem("FILE-JSON", "", message)]) from None
    text = text.removeprefix("\ufeff")
    beyond = _raw_problems(text)
    if beyond:
        raise WarbandFileError(beyond)
    duplicates: list[str] = []
    try:
        return json.loads(text, object_pairs_hook=lambda pairs: _object(pairs, duplicates), parse_constant=_constant)
    except json.JSONDecodeError as error:
        message = Text(
            "Invalid JSON at line {line}, column {column}: {error}.",
            "Hibás JSON: {line}. sor, {column}. oszlop: {error}.",
        ).format(line=error.lineno, column=error.colno, error=error.msg)
        raise WarbandFileError([_problem("FILE-JSON", "", message)]) from None
    except _ConstantError as error:
        message = Text("Invalid JSON: {c} is not a number.", "Hibás JSON: {c} nem szám.").format(c=str(error))
        raise WarbandFileError([_problem("FILE-JSON", "", message)]) from None
    finally:
        if duplicates:
            twice = Text(
                "Invalid JSON: the key {key} appears twice in one object.",
                "Hibás JSON: egy objektumban kétszer szerepel ez a kulcs: {key}.",
            )
            raise WarbandFileError(
                _problem("FILE-JSON", "", twice.format(key=repr(k))) for k in dict.fromkeys(duplicates)
            )


class _ConstantError(ValueError):
    pass


def _constant(name: str) -> object:
    raise _ConstantError(name)


def _object(pairs: list[tuple[str, Any]], duplicates: list[str]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            duplicates.append(key)
        result[key] = value
    return result


def _raw_problems(text: str) -> list[Violation]:
    problems: list[Violation] = []
    depth = 0
    deep = long = False
    for token in _TOKEN.finditer(text):
        first = token.group()[0]
        if first == '"':
            continue
        if first in "[{":
            depth += 1
            if depth > MAX_NESTING_DEPTH and not deep:
                deep = True
                line, column = _place(text, token.start())
                problems.append(
                    _problem(
                        "FILE-DEPTH",
                        "",
                        Text(
                            "Nested more than {n} deep at line {line}, column {column}.",
                            "{line}. sor, {column}. oszlop: {n} szintnél mélyebb beágyazás.",
                        ).format(n=MAX_NESTING_DEPTH, line=line, column=column),
                    )
                )
        elif first in "]}":
            depth -= 1
        elif len(token.group()) > MAX_NUMBER_LENGTH and not long:
            long = True
            line, column = _place(text, token.start())
            problems.append(
                _problem(
                    "FILE-NUMBER",
                    "",
                    Text(
                        "A number of more than {n} characters at line {line}, column {column}.",
                        "{line}. sor, {column}. oszlop: {n} karakternél hosszabb szám.",
                    ).format(n=MAX_NUMBER_LENGTH, line=line, column=column),
                )
            )
        if deep and long:
            break
    return problems


def _place(text: str, offset: int) -> tuple[int, int]:
    line = text.count("\n", 0, offset) + 1
    return line, offset - (text.rfind("\n", 0, offset) + 1) + 1


# --- Reading: the document ------------------------------------------------------------------------------


def warband_from_document(document: object) -> Warband:
    """A warband from a parsed document; format and version are read first."""
    reader = _Reader()
    root = reader.obj(document, "")
    if root is None or not reader.header(root):
        raise WarbandFileError(reader.problems)
    body = {k: v for k, v in root.items() if k not in ("format", "version")}
    return warband_from_dict(body)


def warband_from_dict(body: object) -> Warband:
    """A warband from the file's fields without the header (what :func:`warband_to_dict` writes);
    ``WarbandFileError`` lists every problem."""
    bad = _text_problems(body)
    if bad:
        raise WarbandFileError(bad)
    reader = _Reader()
    warband = reader.warband(body)
    if reader.problems or warband is None:
        raise WarbandFileError(reader.problems)
    return warband


def _text_problems(document: object) -> list[Violation]:
    """``FILE-TEXT`` for a control character (tabs and line breaks allowed in notes) or a lone
    surrogate in any key or string, walked without recursion."""
    problems: list[Violation] = []
    stack: list[tuple[str, object]] = [("", document)]
    while stack:
        path, value = stack.pop()
        if isinstance(value, str):
            found = (_BAD_IN_NOTES if path == "notes" else _BAD_IN_TEXT).search(value)
            if found:
                problems.append(_bad_text(path, found.group()))
        elif isinstance(value, dict):
            children: list[tuple[str, object]] = []
            for key, child in value.items():
                found = _BAD_IN_TEXT.search(key) if isinstance(key, str) else None
                if found:
                    problems.append(_bad_text(path, found.group()))
                else:
                    children.append((f"{path}.{key}" if path else str(key), child))
            stack.extend(reversed(children))
        elif isinstance(value, list):
            stack.extend(reversed([(f"{path}[{i}]", item) for i, item in enumerate(value)]))
    return problems


def _bad_text(path: str, character: str) -> Violation:
    text = Text(
        "holds the character U+{cp:04X}, which a text may not hold",
        "tiltott karaktert tartalmaz: U+{cp:04X}",
    ).format(cp=ord(character))
    return _problem("FILE-TEXT", path or "(root)", text)


def _at(path: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else key


def _json_type(value: object) -> Text:
    if value is None:
        return Text("null", "null")
    if isinstance(value, bool):
        return Text("true or false", "logikai érték")
    if isinstance(value, int):
        return Text("an integer", "egész szám")
    if isinstance(value, float):
        return Text("a number with a fraction", "törtszám")
    if isinstance(value, str):
        return Text("a string", "szöveg")
    if isinstance(value, list):
        return Text("an array", "tömb")
    return Text("an object", "objektum")


class _Reader:
    """Reads a document field by field, noting every problem instead of stopping at the first."""

    def __init__(self) -> None:
        self.problems: list[Violation] = []

    def report(self, code: str, path: str, text: Text) -> None:
        self.problems.append(_problem(code, path, text))

    def expected(self, path: str, what: Text, value: object) -> None:
        found = _json_type(value)
        self.report(
            "FILE-TYPE",
            path,
            Text("expected {what}, found {found}", "{what} kell, de ez áll itt: {found}").format(
                what=what, found=found
            ),
        )

    def obj(self, value: object, path: str) -> dict[str, object] | None:
        if isinstance(value, dict):
            return value
        self.expected(path or "(root)", Text("an object", "objektum"), value)
        return None

    def array(self, value: object, path: str, limit: int) -> list[object]:
        if not isinstance(value, list):
            self.expected(path, Text("an array", "tömb"), value)
            return []
        if len(value) > limit:
            self.report(
                "FILE-COUNT",
                path,
                Text(
                    "{n} entries; a file may list at most {limit}",
                    "{n} elem; a fájl legfeljebb {limit} elemet sorolhat fel",
                ).format(n=len(value), limit=limit),
            )
            return []
        return value

    def string(self, value: object, path: str) -> str:
        if isinstance(value, str):
            return value
        self.expected(path, Text("a string", "szöveg"), value)
        return ""

    def integer(self, value: object, path: str) -> int:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        self.expected(path, Text("an integer", "egész szám"), value)
        return 0

    def nullable_string(self, value: object, path: str) -> str | None:
        return None if value is None else self.string(value, path)

    def fields(self, obj: dict[str, object], path: str, wanted: tuple[str, ...]) -> None:
        for field in wanted:
            if field not in obj and field not in OPTIONAL_FIELDS:
                self.report("FILE-FIELD", _at(path, field), Text("missing field", "hiányzó mező"))
        for field in obj:
            if field not in wanted:
                self.report("FILE-FIELD", _at(path, field), Text("unexpected field", "ismeretlen mező"))

    def header(self, root: dict[str, object]) -> bool:
        if root.get("format") != FORMAT:
            self.report("FILE-FORMAT", "format", Text('expected "{f}"', 'ennek kell állnia: "{f}"').format(f=FORMAT))
            return False
        version = root.get("version")
        if not isinstance(version, int) or isinstance(version, bool) or version < 1:
            self.report("FILE-VERSION", "version", Text("expected a version number (1)", "verziószám kell (1)"))
            return False
        if version > FORMAT_VERSION:
            self.report(
                "FILE-VERSION",
                "version",
                Text(
                    "version {v} is newer than this reader, which reads up to {latest}",
                    "a fájl verziója ({v}) újabb annál, amit ez a program olvasni tud (legfeljebb {latest})",
                ).format(v=version, latest=FORMAT_VERSION),
            )
            return False
        return True

    def warband(self, body: object) -> Warband | None:
        root = self.obj(body, "")
        if root is None:
            return None
        self.fields(root, "", tuple(f for f in WARBAND_FIELDS if f not in ("format", "version")))
        name = self.string(root.get("name", ""), "name")
        points = self.integer(root.get("points", 0), "points")
        figures = tuple(
            self.figure(v, _at("figures", i))
            for i, v in enumerate(self.array(root.get("figures", []), "figures", MAX_FIGURES))
        )
        pools = tuple(
            self.pool(v, _at("pools", i)) for i, v in enumerate(self.array(root.get("pools", []), "pools", MAX_POOLS))
        )
        illusions = tuple(
            self.figure(v, _at("illusions", i))
            for i, v in enumerate(self.array(root.get("illusions", []), "illusions", MAX_ILLUSIONS))
        )
        notes = self.string(root["notes"], "notes") if "notes" in root else ""
        if len(notes) > NOTES_MAX_LENGTH:
            too_long = Text(
                "a warband's notes have at most {limit} characters (these have {n})",
                "az osztag jegyzete legfeljebb {limit} karakter lehet (ez {n})",
            )
            self.report("FILE-FIELD", "notes", too_long.format(limit=NOTES_MAX_LENGTH, n=len(notes)))
        if self.problems:
            return None
        return Warband(name=name, figures=figures, points=points, pools=pools, illusions=illusions, notes=notes)

    def ids(self, value: object, path: str) -> tuple[str, ...]:
        return tuple(self.string(v, _at(path, i)) for i, v in enumerate(self.array(value, path, MAX_LIST_ITEMS)))

    def figure(self, value: object, path: str, fields: tuple[str, ...] = FIGURE_FIELDS) -> Figure:
        obj = self.obj(value, path) or {}
        if obj:
            self.fields(obj, path, fields)
        minions: tuple[Minion, ...] = ()
        if "minions" in obj:
            listed = self.array(obj["minions"], _at(path, "minions"), MAX_LIST_ITEMS)
            minions = tuple(self.minion(v, _at(_at(path, "minions"), i)) for i, v in enumerate(listed))
        price = obj.get("price")
        return Figure(
            name=self.string(obj.get("name", ""), _at(path, "name")),
            quality=self.integer(obj.get("quality", 0), _at(path, "quality")),
            combat=self.integer(obj.get("combat", 0), _at(path, "combat")),
            rules=self.ids(obj.get("rules", []), _at(path, "rules")),
            spells=self.ids(obj.get("spells", []), _at(path, "spells")),
            skills=self.ids(obj.get("skills", []), _at(path, "skills")),
            minions=minions,
            element=self.nullable_string(obj.get("element"), _at(path, "element")),
            price=None if "price" not in obj else self.integer(price, _at(path, "price")),
        )

    def minion(self, value: object, path: str) -> Minion:
        obj = self.obj(value, path) or {}
        figure = self.figure(obj, path, MINION_FIELDS) if obj else Figure("", 0, 0)
        return Minion(figure, self.nullable_string(obj.get("grant"), _at(path, "grant")))

    def pool(self, value: object, path: str) -> Pool:
        obj = self.obj(value, path) or {}
        if obj:
            self.fields(obj, path, POOL_FIELDS)
        summons_path = _at(path, "summons")
        summons = self.array(obj.get("summons", []), summons_path, MAX_SUMMONS)
        return Pool(
            skill=self.string(obj.get("skill", ""), _at(path, "skill")),
            borrowed=self.integer(obj.get("borrowed", 0), _at(path, "borrowed")),
            summons=tuple(self.figure(v, _at(summons_path, i)) for i, v in enumerate(summons)),
        )
