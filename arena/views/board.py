from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import translation

from ..screen.board_svg import board_drawing


def board(request: HttpRequest) -> HttpResponse:
    """The arena drawn from the engine's board data (HR-1), named in the reader's language."""
    return render(request, "arena/board.html", {"drawing": board_drawing(translation.get_language())})
