from django.urls import path

from chat import views

urlpatterns = [
    path("me/chat/", views.ChatPreferenceView.as_view(), name="me-chat"),
    path("games/<str:public_id>/chat/", views.ChatView.as_view(), name="game-chat"),
    path("games/<str:public_id>/chat/mutes/", views.ChatMuteView.as_view(), name="game-chat-mute"),
    path(
        "games/<str:public_id>/chat/<int:message_id>/",
        views.ChatMessageView.as_view(),
        name="game-chat-message",
    ),
    path(
        "games/<str:public_id>/chat/<int:message_id>/hide/",
        views.ChatHideView.as_view(),
        name="game-chat-hide",
    ),
]
