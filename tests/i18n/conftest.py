"""Readers of either language: a test client whose browser asks for Hungarian, or for English."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.factories import TeamFactory, UserFactory


@pytest.fixture
def hu_client(db) -> Client:
    return Client(HTTP_ACCEPT_LANGUAGE="hu-HU,hu;q=0.9,en;q=0.5")


@pytest.fixture
def en_client(db) -> Client:
    return Client(HTTP_ACCEPT_LANGUAGE="en-GB,en;q=0.9")


@pytest.fixture
def player(db):
    return UserFactory(username="cassia")


@pytest.fixture
def team(player):
    return TeamFactory(owner=player, name="Vasfarkasok")
