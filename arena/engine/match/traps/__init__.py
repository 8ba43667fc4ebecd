"""Trap cards (RB p.18; HR-5): playing them, where they strike, what they do, lasting marks, trap insight."""
