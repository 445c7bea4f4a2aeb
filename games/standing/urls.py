"""The standing answers' part of /api/v1/."""

from django.urls import path

from games.standing import views

urlpatterns = [
    path(
        "games/<str:public_id>/standing-answers/",
        views.GameStandingAnswersView.as_view(),
        name="game-standing-answers",
    ),
    path("me/standing-answers/", views.MyStandingAnswersView.as_view(), name="me-standing-answers"),
    path(
        "me/standing-answers/<int:answer_id>/",
        views.StandingAnswerView.as_view(),
        name="me-standing-answer",
    ),
]
