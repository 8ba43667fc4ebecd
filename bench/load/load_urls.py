"""The site's URLs and ``/load/bare/``: a bare Django view doing one indexed SELECT (a user by primary
key), anonymous, no template, the stack's own limit under the same load (issue 35's table)."""

from django.contrib.auth import get_user_model
from django.http import HttpRequest, HttpResponse
from django.urls import include, path
from django.views.decorators.http import require_safe

from viadal_site.urls import handler403, handler404, handler500  # noqa: F401


@require_safe
def bare(request: HttpRequest) -> HttpResponse:
    found = get_user_model().objects.filter(pk=1).values_list("pk", flat=True).first()
    return HttpResponse(str(found or 0), content_type="text/plain")


urlpatterns = [
    path("load/bare/", bare),
    path("", include("viadal_site.urls")),
]
