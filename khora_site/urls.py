from django.conf import settings
from django.contrib import admin
from django.urls import include, path, re_path
from drf_spectacular.views import SpectacularAPIView, SpectacularRedocView, SpectacularSwaggerView

from games.problems import api_not_found
from web.urls import auth_urlpatterns

api_v1 = [
    path("", include("accounts.urls")),
    path("", include("games.urls")),
    path("", include("notifications.api_urls")),
    path("", include("live.urls")),
    path("", include("webhooks.urls")),
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    path("docs/", SpectacularSwaggerView.as_view(url_name="schema"), name="docs"),
    path("redoc/", SpectacularRedocView.as_view(url_name="schema"), name="redoc"),
    re_path(r"^.*$", api_not_found),
]

urlpatterns = [
    path("", include("web.urls")),
    *auth_urlpatterns,
    path("api/v1/", include(api_v1)),
    path("api-auth/", include("rest_framework.urls")),
    path("notifications/", include("notifications.urls")),
    path("mail/provider/", include("mailplay.provider_urls")),
    path("mail/", include("mailplay.urls")),
    path("admin/", admin.site.urls),
]
handler404 = "web.error_pages.page_not_found"

if settings.LOCAL_MAILBOX:  # the embedded default only: every email sent, readable by anyone
    urlpatterns.append(path("mailbox/", include("localmail.urls")))
