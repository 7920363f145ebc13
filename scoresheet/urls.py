from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from matches.views import accounts, health

urlpatterns = [
    path("", include("matches.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("healthz", health.health, name="health"),
    path("accounts/login/", accounts.login, name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("accounts/signup/", accounts.signup, name="signup"),
    path("admin/", admin.site.urls),
]
