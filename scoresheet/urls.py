from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path
from django.views.decorators.csrf import csrf_exempt
from django.views.i18n import set_language

from matches.views import accounts, health

urlpatterns = [
    path("", include("matches.urls")),
    # Choosing the language only sets a cookie: no CSRF token needed, so that the public
    # pages, which all carry the language switch, can be cached whole for every visitor.
    path("i18n/setlang/", csrf_exempt(set_language), name="set_language"),
    path("healthz", health.health, name="health"),
    path("accounts/login/", accounts.login, name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("accounts/signup/", accounts.signup, name="signup"),
    path("admin/login/", accounts.admin_login, name="admin-login"),  # with the login limit
    path("admin/", admin.site.urls),
]

handler400 = "matches.views.errors.bad_request"
handler404 = "matches.views.errors.not_found"
handler500 = "matches.views.errors.server_error"
