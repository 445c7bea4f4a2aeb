from django.urls import path

from webhooks import views

urlpatterns = [
    path("me/webhooks/", views.EndpointListView.as_view(), name="me-webhooks"),
    path("me/webhooks/<int:endpoint_id>/", views.EndpointDetailView.as_view(), name="me-webhook"),
    path(
        "me/webhooks/<int:endpoint_id>/enable/",
        views.EndpointEnableView.as_view(),
        name="me-webhook-enable",
    ),
    path(
        "me/webhooks/<int:endpoint_id>/secret/rotate/",
        views.SecretRotateView.as_view(),
        name="me-webhook-secret-rotate",
    ),
    path(
        "me/webhooks/<int:endpoint_id>/deliveries/",
        views.DeliveryLogView.as_view(),
        name="me-webhook-deliveries",
    ),
]
