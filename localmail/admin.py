from django.contrib import admin

from localmail.models import LocalMail


@admin.register(LocalMail)
class LocalMailAdmin(admin.ModelAdmin):
    list_display = ("sent_at", "subject", "recipients")
    readonly_fields = ("sent_at", "sender", "recipients", "subject")
    exclude = ("raw",)
