from django.urls import path

from games.api import views

urlpatterns = [
    path("games/", views.GameListCreateView.as_view(), name="games"),
    path("games/<str:public_id>/", views.GameDetailView.as_view(), name="game-detail"),
    path("games/<str:public_id>/join/", views.GameJoinView.as_view(), name="game-join"),
    path("games/<str:public_id>/leave/", views.GameLeaveView.as_view(), name="game-leave"),
    path("games/<str:public_id>/start/", views.GameStartView.as_view(), name="game-start"),
    path("games/<str:public_id>/prompt/", views.GamePromptView.as_view(), name="game-prompt"),
    path(
        "games/<str:public_id>/decisions/",
        views.GameDecisionsView.as_view(),
        name="game-decisions",
    ),
    path("games/<str:public_id>/revise/", views.GameReviseView.as_view(), name="game-revise"),
    path("games/<str:public_id>/log/", views.GameLogView.as_view(), name="game-log"),
    path("games/<str:public_id>/history/", views.GameHistoryView.as_view(), name="game-history"),
    path("games/<str:public_id>/state/", views.GameStateView.as_view(), name="game-state"),
]
