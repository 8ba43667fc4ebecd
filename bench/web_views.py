"""The yardstick of ``make bench-web``: a bare Django view rendering a 50-item template, through the
same middleware as every page. What the builder's requests are compared with."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

ITEMS = [{"number": number, "name": f"Item {number}", "points": number * 3 % 17} for number in range(1, 51)]


def bare(request: HttpRequest) -> HttpResponse:
    return render(request, "bench/bare.html", {"items": ITEMS})
