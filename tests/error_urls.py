"""The site's URLs and one that fails, for the 500 page's test."""

from django.urls import path

from scoresheet.urls import handler400, handler500, urlpatterns  # noqa: F401 - looked up here


def broken(request):
    raise RuntimeError("a bug")


urlpatterns = [*urlpatterns, path("broken/", broken)]
