"""Readers of either language for the rules reference."""

from __future__ import annotations

import pytest
from django.test import Client

LANGUAGES = {"hu": "hu-HU,hu;q=0.9,en;q=0.5", "en": "en-GB,en;q=0.9"}


@pytest.fixture(params=["hu", "en"])
def language(request) -> str:
    return request.param


@pytest.fixture
def reader(language) -> Client:
    return Client(HTTP_ACCEPT_LANGUAGE=LANGUAGES[language])
