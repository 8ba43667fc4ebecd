"""The rules of the two-player match, one module per area; each exports deciders and listers."""
