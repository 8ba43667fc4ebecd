"""The arena board (HR-1): the hex grid, the board's regions, walls and gates, lines of fire, and the
integer-indexed tables the match engine reads on its hot paths."""
