"""The push pages: the preferences page's section and its forms, the worker, the manifest."""

from django.urls import path

from webpush import web_views

app_name = "webpush"

urlpatterns = [
    path("sw.js", web_views.service_worker, name="service-worker"),
    path("manifest.webmanifest", web_views.manifest, name="manifest"),
    path("preferences/push/", web_views.section, name="section"),
    path("preferences/push/choices/", web_views.preferences, name="preferences"),
    path("preferences/push/dismiss/", web_views.dismiss, name="dismiss"),
    path("preferences/push/devices/<int:device_id>/remove/", web_views.remove, name="remove"),
]
