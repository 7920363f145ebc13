"""Error pages in the site's layout and the visitor's language (settings: handler500).

Django renders 400, 403 and 404 pages with the request, so the templates alone are enough;
its 500 handler renders without it, so this one passes the request, and falls back to a
plain page in both languages if even that fails.
"""

import logging

from django.http import HttpResponseServerError
from django.shortcuts import render
from django.views.decorators.csrf import requires_csrf_token

logger = logging.getLogger(__name__)

PLAIN_500 = """<!DOCTYPE html>
<html lang="zh-hans"><head><meta charset="utf-8"><title>服务器出错 · Server error</title></head>
<body><h1>服务器出错 · Server error</h1>
<p>服务器出错，未能完成这次操作。之前保存的内容都不会丢失，请稍后再试。</p>
<p lang="en">The server had an error. Nothing saved before is lost; try again in a moment.</p>
</body></html>"""


@requires_csrf_token
def server_error(request):
    try:
        return render(request, "500.html", status=500)
    except Exception:  # noqa: BLE001 - the page of last resort must not fail
        logger.exception("the 500 page could not be rendered")
        return HttpResponseServerError(PLAIN_500)
