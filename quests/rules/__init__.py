"""The Warhammer Quest basic game (seed 003) for the party and adventure tracker: pure Python, no Django.

House rules ``shared/rules/quest-rules.md`` (WQ-1…WQ-6, checks WQ-01…WQ-15); the seed wins a clash
(docs/quest.md, "Readings"). Modules:

- ``content``: the classes, starting items, spell decks, stats and their bounds, statuses, outcomes,
  results and card kinds, with names in Hungarian and English and the seed's Finnish term.
- ``quest_dice``: ``SeededDice(seed)`` (SHA-256, replayable) and ``FixedDice`` (worked examples).
- ``rolls``: the app's rolls (starting Wounds with the one re-roll of a 1, power tokens, the adventure
  number, lots for the warriors, the leader and a dead warrior's equipment), the leader and turn order.
- ``checks``: WQ-01…WQ-15 as validators returning ``Violation(code, field, hu, en)``.
- ``log``: the adventure log's entries, ``apply``/``replay`` (append-only; corrections void, never edit).
- ``ranking``: WQ-4's gold, best warrior, adventure order and hall of fame.
- ``text``: every entry and roll as a plain sentence with its dice, in either language.
"""
