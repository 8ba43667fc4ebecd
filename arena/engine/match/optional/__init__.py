"""The optional rules (HR-7), refereed when ``MatchOptions.optional`` names them."""
