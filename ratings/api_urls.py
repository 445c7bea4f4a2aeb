from django.urls import path

from ratings import views

urlpatterns = [
    path("players/<str:username>/", views.PlayerView.as_view(), name="player"),
    path(
        "ratings/<str:game_type>/leaderboard/",
        views.LeaderboardView.as_view(),
        name="ratings-leaderboard",
    ),
]
