"""The standing answers' sections (web.views.standing): the game page's and the preferences
page's, each loaded by URL into its place, and their forms."""

from django.urls import path

from web.views import standing

app_name = "standing"

urlpatterns = [
    path("games/<str:public_id>/standing/", standing.game_section, name="game-section"),
    path("games/<str:public_id>/standing/add/", standing.add, name="game-add"),
    path("preferences/standing/", standing.defaults_section, name="defaults-section"),
    path("preferences/standing/add/", standing.add, name="defaults-add"),
    path("standing/<int:answer_id>/cancel/", standing.cancel, name="cancel"),
]
