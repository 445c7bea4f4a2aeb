"""The push part of /api/v1/."""

from django.urls import path

from webpush import views

urlpatterns = [
    path("me/push/", views.PushView.as_view(), name="me-push"),
    path("me/push/devices/", views.DevicesView.as_view(), name="me-push-devices"),
    path("me/push/devices/<int:device_id>/", views.DeviceView.as_view(), name="me-push-device"),
]
