"""The arena app's pages: the board, the lobby of hosted matches and the play screen."""
