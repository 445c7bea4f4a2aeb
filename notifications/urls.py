"""Pages reached from emails, without logging in."""

from django.urls import path

from notifications import views

app_name = "notifications"

urlpatterns = [
    path("unsubscribe/<str:token>/", views.UnsubscribeView.as_view(), name="unsubscribe"),
]
