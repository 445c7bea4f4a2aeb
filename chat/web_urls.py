from django.urls import path

from chat import web_views

app_name = "chat"

urlpatterns = [
    path("games/<str:public_id>/chat/", web_views.post, name="post"),
    path("games/<str:public_id>/chat/mute/", web_views.mute, name="mute"),
    path("games/<str:public_id>/chat/digest/", web_views.digest, name="digest"),
    path("games/<str:public_id>/chat/<int:message_id>/delete/", web_views.delete, name="delete"),
    path("games/<str:public_id>/chat/<int:message_id>/hide/", web_views.hide, name="hide"),
]
