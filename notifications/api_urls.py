"""The notifications part of /api/v1/."""

from django.urls import path

from notifications import views

urlpatterns = [
    path("me/preferences/", views.PreferencesView.as_view(), name="me-preferences"),
]
