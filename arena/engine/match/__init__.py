"""The match: its state, actions, events and their fold (``evolve``), set-up, dice, views, and the rules
that referee it (``rules/`` the core, ``traps/``, ``magic/`` and ``optional/`` on top of it)."""
