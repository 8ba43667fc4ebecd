from django.urls import path

from .views import board

app_name = "arena"

urlpatterns = [
    path("board/", board.board, name="board"),
]
