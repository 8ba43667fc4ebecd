"""The league pages: one module per screen family; each view parses, calls one service or selector,
and renders (under htmx, the changed partial)."""
