from django.contrib.auth import views as auth_views
from django.urls import path

from web import throttling
from web.views import accounts, game, lobby, long_game, rules, table_say

app_name = "web"

urlpatterns = [
    path("", lobby.home, name="home"),
    path("rules/", rules.rules_page, name="rules"),
    path("rules/khlor/", rules.khlor_rules_page, name="rules-khlor"),
    path("signup/", throttling.sign_up(accounts.signup), name="signup"),
    path("preferences/", accounts.preferences, name="preferences"),
    path("language/", accounts.language_switch, name="language"),
    path("login/link/<str:token>/", accounts.login_link, name="login-link"),
    path(
        "login/link/<str:token>/resend/",
        throttling.account_recovery(accounts.login_link_resend),
        name="login-link-resend",
    ),
    path("games/new/", throttling.game_create(lobby.game_create), name="game-create"),
    path("games/new/against-bots/", throttling.game_create(lobby.play_bots), name="play-bots"),
    path("games/<str:public_id>/", game.game_page, name="game"),
    path("games/<str:public_id>/decide/", game.decide, name="decide"),
    path("games/<str:public_id>/revise/", game.revise, name="revise"),
    path("games/<str:public_id>/join/", throttling.game_join_start(game.join), name="join"),
    path("games/<str:public_id>/leave/", game.leave, name="leave"),
    path("games/<str:public_id>/start/", throttling.game_join_start(game.start), name="start"),
    path("games/<str:public_id>/replay/", game.replay, name="replay"),
    # Long games among people (absences/): pauses, nudges and holidays.
    path("games/<str:public_id>/pause/", long_game.pause_propose, name="pause-propose"),
    path("games/<str:public_id>/pause/accept/", long_game.pause_accept, name="pause-accept"),
    path("games/<str:public_id>/pause/decline/", long_game.pause_decline, name="pause-decline"),
    path("games/<str:public_id>/nudge/", long_game.nudge, name="nudge"),
    path(
        "games/<str:public_id>/seats/<int:position>/substitute/",
        long_game.substitute_invite,
        name="substitute-invite",
    ),
    path(
        "games/<str:public_id>/substitute/<str:token>/",
        long_game.substitute_take,
        name="substitute-take",
    ),
    # The table's say: a vote to let a bot play an absent player's seat; taking one's back.
    path("games/<str:public_id>/seats/<int:position>/vote/", table_say.vote, name="seat-vote"),
    path("games/<str:public_id>/take-back/", table_say.take_back, name="take-back"),
    path("holidays/", long_game.holidays_page, name="holidays"),
    path("holidays/<int:absence_id>/cancel/", long_game.holiday_cancel, name="holiday-cancel"),
    path("holidays/automatic/", long_game.holiday_automatic, name="holiday-automatic"),
]

# Django's own log in, log out and password reset under their usual names ("login", ...), with
# our templates named here (the admin's registration/ templates would otherwise win).
auth_urlpatterns = [
    path(
        "accounts/login/",
        throttling.login(
            auth_views.LoginView.as_view(
                template_name="web/auth/login.html", redirect_authenticated_user=True
            )
        ),
        name="login",
    ),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path(
        "accounts/password_reset/",
        throttling.account_recovery(
            auth_views.PasswordResetView.as_view(
                template_name="web/auth/password_reset_form.html",
                email_template_name="web/auth/password_reset_email.txt",
                subject_template_name="web/auth/password_reset_subject.txt",
            )
        ),
        name="password_reset",
    ),
    path(
        "accounts/password_reset/done/",
        auth_views.PasswordResetDoneView.as_view(template_name="web/auth/message.html"),
        name="password_reset_done",
    ),
    path(
        "accounts/reset/<uidb64>/<token>/",
        auth_views.PasswordResetConfirmView.as_view(
            template_name="web/auth/password_reset_confirm.html"
        ),
        name="password_reset_confirm",
    ),
    path(
        "accounts/reset/done/",
        auth_views.PasswordResetCompleteView.as_view(template_name="web/auth/message.html"),
        name="password_reset_complete",
    ),
]
