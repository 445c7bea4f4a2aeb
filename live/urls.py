from django.urls import path

from live import views

urlpatterns = [
    path("games/<str:public_id>/stream/", views.GameStreamView.as_view(), name="game-stream"),
    path("me/stream/", views.PlayerStreamView.as_view(), name="me-stream"),
]
