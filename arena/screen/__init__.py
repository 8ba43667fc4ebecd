"""Hosted play's screens: what a seat (or a spectator, or a replay) sees, built from the engine's seat view.

``page`` is the play page, ``replay`` the replay page; ``choices`` (the legal actions as buttons), ``board``
and ``board_svg`` (the board drawing), ``sides`` (the characters and sheets), ``prompts``, ``seats`` and
``reader_words`` (names in the reader's language) are their parts; ``log`` writes the match log's sentences.
"""
