"""A match's set-up as plain JSON, so a stored match is rebuilt from its database row.

``setup_to_json(setup)`` writes ``{"format": "viadal-match-setup", "version": 1, "teams": [home,
away], "options": {...}, "seed": ...}``; each team is a team file document
(:mod:`arena.engine.roster.teamfile`, the roster exactly as it was when the match began) and the
options are :func:`options_to_json`'s. ``setup_from_json`` reads one back and raises
:class:`SetupError` (a ``ValueError``) naming every problem: a wrong format or version, a team file's
problems (with their path), a round limit outside 12-30 (HR-10.1), an unknown optional rule (HR-7),
a seed that is neither an integer nor a string.

The seed decides every die of the match: the document is for the server's database and for the
published record of a finished match, never for a player's browser while the match runs.

    >>> from arena.engine.roster import base_roster
    >>> setup = MatchSetup((base_roster(), base_roster()), MatchOptions(round_limit=24), seed=7)
    >>> setup_from_json(setup_to_json(setup)) == setup
    True
    >>> options_from_json({"round_limit": 40, "optional": []})
    Traceback (most recent call last):
    ...
    arena.engine.match.setup_json.SetupError: options.round_limit: the round limit is 12-30, not 40 (HR-10.1)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from arena.engine.content.amulets import OPTIONAL_RULES
from arena.engine.match.state import MatchOptions, MatchSetup, check_round_limit
from arena.engine.match.words import ArenaMode
from arena.engine.roster.teamfile import TeamFileError, roster_from_document, roster_to_document

FORMAT: Final = "viadal-match-setup"
VERSION: Final = 1
_KEYS: Final = frozenset({"format", "version", "teams", "options", "seed"})
_OPTION_KEYS: Final = frozenset({"round_limit", "optional", "mode"})
_MODES: Final = {m.value: m for m in ArenaMode}


class SetupError(ValueError):
    """A set-up document that cannot be read; ``problems`` lists every problem, each with its path."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("; ".join(problems))
        self.problems = tuple(problems)


def options_to_json(options: MatchOptions) -> dict[str, Any]:
    """``{"round_limit": 20, "optional": ["opt_potion", ...]}``, the rules sorted; a four-seat
    match adds ``"mode": "pairs"`` or ``"ffa"`` (HR-8; a duel's document is as it always was)."""
    out: dict[str, Any] = {"round_limit": options.round_limit, "optional": sorted(options.optional)}
    if options.mode is not ArenaMode.DUEL:
        out["mode"] = options.mode.value
    return out


def options_from_json(data: object, path: str = "options") -> MatchOptions:
    """Read :func:`options_to_json`'s form; a missing key takes its default."""
    problems = _option_problems(data, path)
    if problems:
        raise SetupError(problems)
    assert isinstance(data, Mapping)
    mode = _MODES[data.get("mode", "duel")]
    return MatchOptions(
        round_limit=data.get("round_limit", MatchOptions(mode=mode).round_limit),
        optional=frozenset(data.get("optional", ())),
        mode=mode,
    )


def setup_to_json(setup: MatchSetup) -> dict[str, Any]:
    """The whole set-up: both rosters as team file documents, the options and the seed."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "teams": [roster_to_document(team) for team in setup.teams],
        "options": options_to_json(setup.options),
        "seed": setup.seed,
    }


def setup_from_json(data: object) -> MatchSetup:
    """The :class:`MatchSetup` a :func:`setup_to_json` document describes."""
    if not isinstance(data, Mapping):
        raise SetupError([f"a match set-up is a JSON object, not {type(data).__name__}"])
    problems = [f"{key}: unexpected field" for key in sorted(set(data) - _KEYS)]
    if data.get("format") != FORMAT:
        problems.append(f"format: expected {FORMAT!r}, found {data.get('format')!r}")
    if data.get("version") != VERSION:
        problems.append(f"version: this reader knows version {VERSION}, found {data.get('version')!r}")
    seed = data.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, int | str):
        problems.append(f"seed: an integer or a string, not {type(seed).__name__}")
    problems += _option_problems(data.get("options", {}), "options")
    teams = data.get("teams")
    rosters = []
    options = data.get("options", {})
    mode = options.get("mode", "duel") if isinstance(options, Mapping) else "duel"
    seats = _MODES[mode].seats if isinstance(mode, str) and mode in _MODES else 2
    if not isinstance(teams, list) or len(teams) != seats:
        if seats == 2:
            problems.append("teams: a list of the two teams' documents (home, away)")
        else:
            problems.append(f"teams: a list of the four teams' documents, seats 0-3 ({mode}, HR-8)")
    else:
        for i, document in enumerate(teams):
            try:
                rosters.append(roster_from_document(document))
            except TeamFileError as error:
                problems += [f"teams[{i}]: {p.code}: {p.message}" for p in error.problems]
    if problems:
        raise SetupError(problems)
    return MatchSetup(tuple(rosters), options_from_json(data.get("options", {})), seed)


def _option_problems(data: object, path: str) -> list[str]:
    if not isinstance(data, Mapping):
        return [f"{path}: an object with round_limit and optional"]
    problems = [f"{path}.{key}: unexpected field" for key in sorted(set(data) - _OPTION_KEYS)]
    limit = data.get("round_limit", 20)
    if isinstance(limit, bool) or not isinstance(limit, int):
        problems.append(f"{path}.round_limit: a whole number of rounds, not {limit!r}")
    else:
        problems += [f"{path}.round_limit: {p}" for p in check_round_limit(limit)]
    mode = data.get("mode", "duel")
    if not isinstance(mode, str) or mode not in _MODES:
        problems.append(f"{path}.mode: one of {', '.join(_MODES)}, not {mode!r} (HR-8)")
    optional = data.get("optional", [])
    if not isinstance(optional, list) or not all(isinstance(rule, str) for rule in optional):
        problems.append(f"{path}.optional: a list of optional rule ids")
    else:
        unknown = sorted(set(optional) - set(OPTIONAL_RULES))
        if unknown:
            problems.append(f"{path}.optional: unknown optional rule {', '.join(unknown)} (HR-7)")
    return problems
