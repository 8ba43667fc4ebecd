from django.urls import path

from . import views

app_name = "arena"

urlpatterns = [
    path("board/", views.board, name="board"),
]
