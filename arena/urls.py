"""The arena app's routes: the board drawing under ``/arena/`` (namespace ``arena``) and hosted play
under ``/play/`` (namespace ``play``, issue 13)."""

from django.urls import include, path

from .views import board, four, hosted_play, lobby, replay, stream

board_urls = [
    path("board/", board.board, name="board"),
]

play_urls = [
    path("", lobby.lobby, name="lobby"),
    path("challenge/<uuid:token>/", lobby.invite, name="invite"),
    path("computer/", lobby.computer, name="computer"),
    path("live/", lobby.live, name="live"),
    path("four/", four.create, name="four"),
    path("<int:pk>/seat/", four.take_seat, name="take_seat"),
    path("table/", lobby.table, name="table"),
    path("fixture/<int:pk>/", lobby.fixture, name="fixture"),
    path("<int:pk>/accept/", lobby.accept, name="accept"),
    path("<int:pk>/withdraw/", lobby.withdraw, name="withdraw"),
    path("<int:pk>/", hosted_play.match_page, name="match"),
    path("<int:pk>/poll/", hosted_play.poll, name="poll"),
    path("<int:pk>/stream/", stream.stream, name="stream"),
    path("<int:pk>/act/", hosted_play.act, name="act"),
    path("<int:pk>/claim/", hosted_play.claim, name="claim"),
    path("<int:pk>/thumbs/", hosted_play.thumbs, name="thumbs"),
    path("<int:pk>/log/", hosted_play.match_log, name="log"),
    path("<int:pk>/replay/", replay.replay, name="replay"),
    path("<int:pk>/review/", replay.ask_review, name="review"),
    path("<int:pk>/record.json", replay.record, name="record"),
    path("<int:pk>/verify/", replay.verify_page, name="verify"),
    path("import/", replay.import_view, name="import"),
]

urlpatterns = [
    path("arena/", include((board_urls, "arena"))),
    path("play/", include((play_urls, "play"))),
]
