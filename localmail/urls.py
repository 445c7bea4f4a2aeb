from django.urls import path

from localmail import views

app_name = "localmail"

urlpatterns = [
    path("", views.mailbox, name="mailbox"),
    path("<int:pk>/", views.message, name="message"),
    path("<int:pk>/html/", views.message_html, name="message-html"),
    path("<int:pk>/reply/", views.reply, name="reply"),
]
