from django.urls import path

from mailplay import views

app_name = "mailplay"

urlpatterns = [
    path("answer/<str:token>/", views.AnswerView.as_view(), name="answer"),
    path(
        "answer/<str:token>/login-link/",
        views.login_link_request,
        name="answer-login-link",
    ),
]
