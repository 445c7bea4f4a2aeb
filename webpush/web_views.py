"""The push section of the preferences page (loaded into it by htmx), its forms, the service
worker at the site's root (its scope is the whole site) and the web app's manifest."""

from pathlib import Path

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse, JsonResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_GET, require_POST

from webpush import selectors, services

SERVICE_WORKER = Path(__file__).resolve().parent / "static" / "webpush" / "sw.js"


@login_required
@require_GET
def section(request):
    return _section(request)


@login_required
@require_POST
def preferences(request):
    services.preferences_update(
        user=request.user,
        changes={field: field in request.POST for field in services.PREFERENCES},
    )
    return _section(request, saved=True)


@login_required
@require_POST
def remove(request, device_id: int):
    services.unsubscribe(user=request.user, subscription_id=device_id)
    return _section(request)


@login_required
@require_POST
def dismiss(request):
    services.forget_removed_notice(user=request.user)
    return _section(request)


def _section(request, saved: bool = False):
    return render(
        request,
        "webpush/section.html",
        {"push": selectors.push_settings(request.user), "saved": saved},
    )


@require_GET
@cache_control(no_cache=True)
def service_worker(request):
    # Served from the root, not /static/: a worker controls only the paths under its own.
    return HttpResponse(SERVICE_WORKER.read_bytes(), content_type="text/javascript")


@require_GET
@cache_control(max_age=3600)
def manifest(request):
    icons = [
        {"src": static("webpush/icon.svg"), "sizes": "any", "type": "image/svg+xml"},
        {"src": static("webpush/icon-192.png"), "sizes": "192x192", "type": "image/png"},
        {"src": static("webpush/icon-512.png"), "sizes": "512x512", "type": "image/png"},
    ]
    return JsonResponse(
        {
            "name": "Khôra",
            "short_name": "Khôra",
            "start_url": "/",
            "scope": "/",
            "display": "standalone",
            "background_color": "#fffdf7",
            "theme_color": "#9c3d1f",
            "icons": icons,
        },
        content_type="application/manifest+json",
        json_dumps_params={"ensure_ascii": False},
    )
