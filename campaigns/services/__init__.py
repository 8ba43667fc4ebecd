"""Writes of the league app, one module per concern; every service is keyword-only and atomic."""
