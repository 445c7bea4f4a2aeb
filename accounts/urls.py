from django.urls import path

from accounts import views

urlpatterns = [
    path("accounts/", views.AccountCreateView.as_view(), name="accounts"),
    path("auth/token/", views.TokenCreateView.as_view(), name="token"),
    path("auth/token/revoke/", views.TokenRevokeView.as_view(), name="token-revoke"),
    path("auth/token/revoke-all/", views.TokenRevokeAllView.as_view(), name="token-revoke-all"),
]
