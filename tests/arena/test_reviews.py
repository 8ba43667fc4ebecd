"""What would the computer have done? (issue #33): a player of a finished match asks for his
seat's review; the worker computes it with the search agent (never a request); the replay viewer
shows the computer's choice and the chances to win per decision, the three biggest drops flagged."""

from __future__ import annotations

from datetime import timedelta
from io import StringIO

import pytest
from django.core.exceptions import PermissionDenied
from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone

from arena.engine import action_from_json
from arena.models import HOME, MatchReview
from arena.play_errors import MatchError
from arena.services import review_claim, review_compute, review_request
from arena.worker import review_pass
from tests.arena.hosted import begin, finished, make_players

pytestmark = pytest.mark.django_db


@pytest.fixture
def done_match(settings):  # type: ignore[no-untyped-def]
    settings.VIADAL_REVIEW_BUDGET = 4  # iterations: the test's
    players = make_players()
    return players, finished(players, seed="reviewed", steps=200)


def test_the_worker_reviews_the_players_decisions_and_flags_the_three_biggest_drops(done_match):
    players, match = done_match
    with pytest.raises(PermissionDenied):  # only the seat's own player asks
        review_request(match=match, player=players.away, seat=HOME)
    with pytest.raises(MatchError, match="no such seat"):
        review_request(match=match, player=players.home, seat=3)
    live = begin(players, seed="still-playing")
    with pytest.raises(MatchError, match="once it is over"):
        review_request(match=live, player=players.home, seat=HOME)
    assert not MatchReview.objects.exists()
    review = review_request(match=match, player=players.home, seat=HOME)
    assert review.status == MatchReview.Status.PENDING and review.budget == 4
    assert review_request(match=match, player=players.home, seat=HOME).pk == review.pk  # one per seat
    assert review_pass() == 1 and review_pass() == 0
    review.refresh_from_db()
    assert review.status == MatchReview.Status.DONE and review.finished_at is not None
    assert review.verdicts, "a player who reached the rounds made decisions with a choice"
    seats = {action_from_json(v["played"]).seat for v in review.verdicts}
    assert seats == {HOME}
    for v in review.verdicts:
        assert 0.0 <= v["played_chance"] <= 1.0 and 0.0 <= v["best_chance"] <= 1.0
    drops = sorted(((v["best_chance"] - v["played_chance"], v["seq"]) for v in review.verdicts), reverse=True)
    assert len(review.flagged) <= 3 and set(review.flagged) <= {seq for _d, seq in drops[:3]} | {
        seq for d, seq in drops if d == drops[min(2, len(drops) - 1)][0]
    }


def test_the_replay_viewer_offers_the_review_then_shows_it(client, done_match):
    players, match = done_match
    client.force_login(players.home)
    url = reverse("play:replay", args=[match.pk])
    page = client.get(url).content.decode()
    assert "What would the computer have done?" in page and 'id="ask-review-0"' in page
    response = client.post(reverse("play:review", args=[match.pk]), {"seat": HOME})
    assert response.status_code == 302 and response["Location"].endswith("#computer-review")
    page = client.get(url).content.decode()
    assert "Waiting for the computer" in page
    call_command("run_agents", "--once", stdout=StringIO())
    page = client.get(url).content.decode()
    review = MatchReview.objects.get()
    assert review.status == MatchReview.Status.DONE, (review.status, review.error)
    assert 'id="review-table-0"' in page and "Win chance" in page
    if review.flagged:
        assert 'id="review-flagged-0"' in page
    client.force_login(players.away)
    assert 'id="review-table-0"' not in client.get(url).content.decode()  # his own seats only


def test_a_review_left_running_by_a_stopped_worker_is_claimed_again(done_match):
    players, match = done_match
    review = review_request(match=match, player=players.home, seat=HOME)
    claimed = review_claim()
    assert claimed is not None and claimed.pk == review.pk and claimed.status == MatchReview.Status.RUNNING
    assert review_claim() is None  # another worker does not take it while it runs
    later = timezone.now() + timedelta(minutes=20)  # the first worker died
    again = review_claim(now=later)
    assert again is not None and again.pk == review.pk
    first = review_compute(again)
    MatchReview.objects.filter(pk=review.pk).update(status=MatchReview.Status.PENDING, verdicts=[], flagged=[])
    second = review_compute(MatchReview.objects.get(pk=review.pk))
    assert first.verdicts == second.verdicts and first.flagged == second.flagged  # deterministic
