"""The games the site serves, and what each one offers (``games.registry``).

This app sits at the bottom of the project: it imports no game's app. Each game's Django app
registers its ``GameInfo`` in its ``AppConfig.ready()``; the home page, the team list and the inbox
ask the registry which games there are and speak of each one's things in its own words
(docs/games.md).
"""
