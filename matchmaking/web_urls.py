from django.urls import path

from matchmaking import web_views

app_name = "matchmaking"

urlpatterns = [
    path("queue/find/", web_views.find_game, name="find"),
    path("queue/<int:entry_id>/leave/", web_views.leave, name="leave"),
    path("games/<str:public_id>/rematch/", web_views.rematch_accept, name="rematch"),
]
