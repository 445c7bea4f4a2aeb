from django.urls import path

from ratings import web_views

app_name = "ratings"

urlpatterns = [
    path("players/<str:username>/", web_views.player_page, name="player"),
    path("leaderboard/", web_views.leaderboard_page, name="leaderboard"),
    path("leaderboard/<str:game_type>/", web_views.leaderboard_page, name="leaderboard-of"),
    path(
        "leaderboard/<str:game_type>/<int:players>/",
        web_views.leaderboard_page,
        name="leaderboard-band",
    ),
]
