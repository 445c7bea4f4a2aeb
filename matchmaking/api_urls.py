from django.urls import path

from matchmaking import views

urlpatterns = [
    path("matchmaking/entries/", views.EntriesView.as_view(), name="matchmaking-entries"),
    path(
        "matchmaking/entries/<int:entry_id>/", views.EntryView.as_view(), name="matchmaking-entry"
    ),
    path("games/<str:public_id>/rematch/", views.RematchView.as_view(), name="game-rematch"),
]
