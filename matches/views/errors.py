"""Error pages in the site's layout and the visitor's language (scoresheet/urls.py:
handler400, handler404, handler500).

Django renders 403 and 404 pages with the request, so the templates alone are enough; its
500 handler renders without it, so this one passes the request. A post to an address
that does not exist with a body that cannot be read (a broken upload) gets the 400 page:
Django's 404 page would read the body for its CSRF token and fail there. The 400 and 500 pages fall
back to a plain page in both languages if even that fails (a request whose form cannot be
read fails again in the CSRF token every page's form needs): an error page never raises,
so it always passes back through the middleware that add the security headers.
"""

import logging

from django.core.exceptions import SuspiciousOperation
from django.http import HttpResponseBadRequest, HttpResponseServerError
from django.http.multipartparser import MultiPartParserError
from django.shortcuts import render
from django.views.decorators.csrf import requires_csrf_token
from django.views.defaults import page_not_found

logger = logging.getLogger(__name__)

PLAIN_500 = """<!DOCTYPE html>
<html lang="zh-hans"><head><meta charset="utf-8"><title>服务器出错 · Server error</title></head>
<body><h1>服务器出错 · Server error</h1>
<p>服务器出错，未能完成这次操作。之前保存的内容都不会丢失，请稍后再试。</p>
<p lang="en">The server had an error. Nothing saved before is lost; try again in a moment.</p>
</body></html>"""


PLAIN_400 = """<!DOCTYPE html>
<html lang="zh-hans"><head><meta charset="utf-8"><title>请求有误 · Bad request</title></head>
<body><h1>请求有误 · Bad request</h1>
<p>服务器无法理解这次请求，没有保存任何内容。请返回再试。</p>
<p lang="en">The server could not understand this request. Nothing was saved. Go back and try
again.</p>
</body></html>"""


@requires_csrf_token
def rendered(request, template: str, status: int):
    return render(request, template, status=status)


def server_error(request):
    try:
        return rendered(request, "500.html", 500)
    except Exception:  # noqa: BLE001 - the page of last resort must not fail
        logger.exception("the 500 page could not be rendered")
        return HttpResponseServerError(PLAIN_500)


def bad_request(request, exception=None):
    try:
        return rendered(request, "400.html", 400)
    except Exception:  # noqa: BLE001 - an answer to a broken request must not fail
        logger.warning("the 400 page could not be rendered", exc_info=True)
        return HttpResponseBadRequest(PLAIN_400)


def not_found(request, exception=None):
    if request.method == "POST":
        try:
            request.POST  # noqa: B018 - read once here, where a broken body is caught
        except (MultiPartParserError, SuspiciousOperation, OSError):
            logger.warning("a post to a missing page had a body not read: %s", request.path)
            return bad_request(request, exception)
    return page_not_found(request, exception)
