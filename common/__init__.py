"""Helpers every app may use: the reader's language and bilingual names (``i18n``), typed requests
(``http``), the reader's address (``client_ip``), formula-safe CSV (``csv_export``), the project's JSON
model field (``fields``) and queries compiled once per process (``prepared``).

This package sits below every app: it imports none of them (docs/architecture.md, "Layers").
"""
