"""The absences part of /api/v1/: named after what each does, so a client author finds it."""

from django.urls import path

from games.absences import views, vote_views

urlpatterns = [
    path("me/holidays/", views.HolidaysView.as_view(), name="me-holidays"),
    path("me/holidays/<int:absence_id>/", views.AbsenceView.as_view(), name="me-holiday"),
    path("games/<str:public_id>/pause/", views.PauseView.as_view(), name="game-pause"),
    path(
        "games/<str:public_id>/pause/accept/",
        views.PauseAcceptView.as_view(),
        name="game-pause-accept",
    ),
    path(
        "games/<str:public_id>/pause/decline/",
        views.PauseDeclineView.as_view(),
        name="game-pause-decline",
    ),
    path("games/<str:public_id>/nudge/", views.NudgeView.as_view(), name="game-nudge"),
    path(
        "games/<str:public_id>/seats/<int:position>/substitute/",
        views.SubstituteInviteView.as_view(),
        name="game-seat-substitute",
    ),
    path(
        "games/<str:public_id>/seats/<int:position>/substitute/leave/",
        views.SubstituteLeaveView.as_view(),
        name="game-seat-substitute-leave",
    ),
    path("games/<str:public_id>/votes/", vote_views.SeatVotesView.as_view(), name="game-votes"),
    path(
        "games/<str:public_id>/seats/<int:position>/vote/",
        vote_views.SeatVoteView.as_view(),
        name="game-seat-vote",
    ),
    path(
        "games/<str:public_id>/take-back/",
        vote_views.TakeBackView.as_view(),
        name="game-take-back",
    ),
    path(
        "games/<str:public_id>/substitute/accept/",
        views.SubstituteAcceptView.as_view(),
        name="game-substitute-accept",
    ),
]
