from csp.constants import UNSAFE_INLINE
from csp.decorators import csp_update
from django.conf import settings
from django.contrib import admin
from django.templatetags.static import static
from django.urls import include, path, re_path
from django.views.generic import RedirectView
from drf_spectacular.views import SpectacularAPIView, SpectacularRedocView, SpectacularSwaggerView

from common.problems import api_not_found
from web.urls import auth_urlpatterns


def _docs_page(view_class):
    """Swagger UI and ReDoc write inline styles as they draw: these two pages alone allow
    inline styles (never inline scripts: theirs carry the nonce)."""
    return csp_update({"style-src": [UNSAFE_INLINE]})(view_class.as_view(url_name="schema"))


api_v1 = [
    path("", include("accounts.urls")),
    path("", include("games.api.urls")),
    path("", include("notifications.api_urls")),
    path("", include("chat.api_urls")),
    path("", include("ratings.api_urls")),
    path("", include("matchmaking.api_urls")),
    path("", include("live.urls")),
    path("", include("webhooks.urls")),
    path("", include("webpush.api_urls")),
    path("", include("games.absences.urls")),
    path("", include("games.standing.urls")),
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    path("docs/", _docs_page(SpectacularSwaggerView), name="docs"),
    path("redoc/", _docs_page(SpectacularRedocView), name="redoc"),
    re_path(r"^.*$", api_not_found),
]

urlpatterns = [
    path("", include("web.urls")),
    path("", include("web.standing_urls")),
    path("", include("chat.web_urls")),
    path("", include("ratings.web_urls")),
    path("", include("matchmaking.web_urls")),
    *auth_urlpatterns,
    path("api/v1/", include(api_v1)),
    path("api-auth/", include("rest_framework.urls")),
    path("notifications/", include("notifications.urls")),
    # The service worker (/sw.js: its scope is the whole site), the manifest, push choices.
    path("", include("webpush.web_urls")),
    path("mail/provider/", include("mailplay.provider_urls")),
    path("mail/", include("mailplay.urls")),
    path("admin/", admin.site.urls),
    # Pages without our <link rel="icon"> (the admin's, a browser's own guess) ask for this.
    path("favicon.ico", RedirectView.as_view(url=static("web/favicon.svg"), permanent=True)),
]
handler404 = "web.error_pages.page_not_found"

if settings.LOCAL_MAILBOX:  # the embedded default only: every email sent, readable by anyone
    urlpatterns.append(path("mailbox/", include("localmail.urls")))
