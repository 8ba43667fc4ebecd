"""The reference's search: what players type, found and ranked (docs/rules-reference.md, "Search").

An entry matches when every word of the query is found in it. The words are matched whole, as word
forms (``dodge`` finds Dodging, ``villámot`` finds Villám), never inside another word (``átok`` is not
in "varázslatok"). Case is ignored; accents are ignored when the query has none (``villam`` finds
Villám), and kept when it has them (``kör`` is not ``kor``).

Ranks, best first: 0 the name in the reader's language is the query; 1 the name in the other
language is; 2 the names hold every word; 3 the rulebook's terms and synonyms of the entry (its
spell type, its kind of trap, the words players use for it) hold the rest; 4 its effect text (in
both languages), numbers or group do, or a word of its name begins with the query word (compounds:
"rontás" in "rontáselhárító"); 5 close spellings of its names (RapidFuzz), offered as "Did you
mean …?" when nothing else is found. Within a rank, the document's order (spells first, by their
number in the rulebook). Each entry's words are kept by their first three letters, which a word form
always shares, so a query word is compared with a handful of words, not every word of every entry.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import cache

from rapidfuzz import fuzz

from .catalog import Entry, catalog, document
from .entry_words import KIND_TERMS, SPELL_TYPE_TERMS, SYNONYMS, TRAP_KIND_TERMS

WORD = re.compile(r"[^\W_]+")
CLOSE_ENOUGH = 75  # RapidFuzz's 0-100 similarity of a misspelt name or word to count as close
MAX_SUFFIX = 4  # letters a word form may add to the shared stem ("dodg|ing", "villám|ot")
LENGTHENED = {("a", "á"), ("e", "é")}


def fold(text: str) -> str:
    """Case and accents ignored."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def words_of(text: str) -> tuple[str, ...]:
    return tuple(WORD.findall(unicodedata.normalize("NFC", text.casefold())))


def is_plain(word: str) -> bool:
    return fold(word) == word


def same_word(query: str, word: str) -> bool:
    """``query`` is ``word`` or one of its forms, sharing a stem of at least four letters: the query
    adds at most ``MAX_SUFFIX`` letters to the whole word ("villámot", "csapdák"), or it is the
    word's beginning, its last letter aside, and the word adds at most that many ("dodge" →
    "dodging", the English final e only). A misspelling ("lightnig") is no word form: it is a close
    spelling."""
    if query == word:
        return True
    if len(query) < 4:  # "me" is ME, not "méreg"
        return False
    stem = 0
    for a, b in zip(query, word, strict=False):
        if a != b:
            break
        stem += 1
    if stem == len(word) - 1 and stem < len(query) and (word[stem], query[stem]) in LENGTHENED:
        stem += 1  # Hungarian lengthens a final a or e before a suffix: "csapda" → "csapdák"
    if stem < 4:
        return False
    if stem == len(word):  # a suffix, short beside the word ("villám|ot", not "great|sord")
        return len(query) - stem <= min(MAX_SUFFIX, stem // 2)
    if stem == len(query) - 1 and query[-1] != "e":  # only a final e gives way ("dodg|e" → "dodg|ing")
        return False
    return stem >= len(query) - 1 and len(word) - stem <= MAX_SUFFIX


KEY = 3  # words are looked up by their first letters: a word form shares at least these (``same_word``)


@dataclass(frozen=True, slots=True)
class Words:
    """Words by their first ``KEY`` letters, in both spellings (as written, case folded; without accents)."""

    written: dict[str, tuple[str, ...]]
    folded: dict[str, tuple[str, ...]]

    def near(self, word: str) -> tuple[str, ...]:
        """The words that may be ``word`` or begin with it: those sharing its first letters."""
        return (self.folded if is_plain(word) else self.written).get(word[:KEY], ())


def _bucket(words: list[str]) -> dict[str, tuple[str, ...]]:
    found: dict[str, list[str]] = {}
    for word in dict.fromkeys(words):
        found.setdefault(word[:KEY], []).append(word)
    return {key: tuple(group) for key, group in found.items()}


def _words(*texts: str) -> Words:
    written = [w for t in texts for w in words_of(t)]
    return Words(_bucket(written), _bucket([fold(w) for w in written]))


@dataclass(frozen=True, slots=True)
class Indexed:
    """One entry's words, each in two spellings: as written (case folded) and without accents."""

    position: int
    entry: Entry
    own_name: str  # the reader's name, folded
    other_name: str
    names: Words
    terms: Words
    text: Words
    name_strings: tuple[str, ...]  # every name, folded, for close spellings
    close_words: tuple[str, ...]  # the names' words and the synonyms, folded, for close spellings


@cache
def _typed() -> dict[tuple[str, str], tuple[str, ...]]:
    """The rulebook's terms each entry falls under: a spell's (or an amulet's) type, a card's kind."""
    doc = document()
    terms: dict[tuple[str, str], tuple[str, ...]] = {}
    for spell in doc["spells"]:
        terms[("spells", spell["id"])] = SPELL_TYPE_TERMS[spell["spell_type"]]
    for amulet in doc["amulets"]:
        terms[("amulets", amulet["id"])] = SPELL_TYPE_TERMS[amulet["protects_against"]]
    for trap in doc["traps"]:
        terms[("traps", trap["id"])] = TRAP_KIND_TERMS[trap["kind"]]
    return terms


def _terms_of(key: tuple[str, str]) -> tuple[str, ...]:
    return _typed().get(key, ())


@cache
def index(language: str) -> tuple[Indexed, ...]:
    """The language's catalogue as the search reads it (built once per language and process)."""
    other = catalog("en" if language == "hu" else "hu")
    found = []
    for position, (key, entry) in enumerate(catalog(language).entries.items()):
        twin = other.entries[key]
        names = (entry.name, *entry.names)
        terms = [*KIND_TERMS[key[0]], *_terms_of(key), *SYNONYMS.get(key, ()), entry.group, twin.group]
        found.append(
            Indexed(
                position=position,
                entry=entry,
                own_name=fold(entry.name),
                other_name=fold(twin.name),
                names=_words(*names),
                terms=_words(*terms),
                text=_words(entry.effect, twin.effect, entry.numbers, twin.numbers),
                name_strings=tuple(dict.fromkeys(fold(n) for n in names)),
                close_words=tuple(
                    dict.fromkeys(fold(w) for t in (*names, *SYNONYMS.get(key, ())) for w in words_of(t))
                ),
            )
        )
    return tuple(found)


def _found_in(word: str, words: Words) -> bool:
    return any(same_word(word, other) for other in words.near(word))


def _begins_a_name_word(word: str, words: Words) -> bool:
    return len(word) >= KEY and any(other.startswith(word) for other in words.near(word))


def _rank(item: Indexed, phrase: str, words: tuple[str, ...]) -> int | None:
    if phrase == item.own_name:
        return 0
    if phrase == item.other_name:
        return 1
    worst = 2
    for word in words:
        if _found_in(word, item.names):
            continue
        if _found_in(word, item.terms):
            worst = max(worst, 3)
        elif _found_in(word, item.text) or _begins_a_name_word(word, item.names):
            worst = 4
        else:
            return None
    return worst


def closeness(item: Indexed, phrase: str, words: tuple[str, ...]) -> tuple[float, float]:
    """How close the query is to one of the entry's names: the words (each to its nearest name
    word), then the whole name; 0-100 each."""
    per_word = [max((fuzz.ratio(w, n) for n in item.close_words), default=0.0) for w in words]
    whole = max((fuzz.ratio(phrase, n) for n in item.name_strings), default=0.0)
    return (min(per_word) if per_word else 0.0, whole)


@dataclass(frozen=True, slots=True)
class Found:
    entries: list[Entry]
    suggestion: Entry | None  # "Did you mean …?": the closest name when nothing else matched


def search(language: str, query: str, kind: str | None = None) -> Found:
    """What ``query`` finds in ``language``'s reference (of one kind, or all), best first."""
    words = tuple(fold(w) if is_plain(w) else w for w in words_of(query))
    if not words:
        return Found([], None)
    phrase = fold(" ".join(words))
    ranked: list[tuple[int, int, Entry]] = []
    close: list[tuple[float, float, int, Entry]] = []
    for item in index(language):
        if kind is not None and item.entry.kind != kind:
            continue
        rank = _rank(item, phrase, words)
        if rank is None:
            score = closeness(item, phrase, tuple(fold(w) for w in words))
            if max(score) >= CLOSE_ENOUGH:
                close.append((-score[0], -score[1], item.position, item.entry))
            continue
        ranked.append((rank, item.position, item.entry))
    ranked.sort(key=lambda r: r[:2])
    close.sort(key=lambda c: c[:3])
    entries = [r[-1] for r in ranked] + [c[-1] for c in close]
    suggestion = close[0][-1] if close and not ranked else None
    return Found(entries, suggestion)
