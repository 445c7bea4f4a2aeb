"""One name, one account: letter case and Unicode forms are one name, enforced by the database
even when sign-ups race; names mixing scripts are refused (issue 13, D2)."""

import threading

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from rest_framework.test import APIClient

from accounts.models import Profile
from tests.players import PASSWORD, assert_problem

User = get_user_model()


def sign_up(username: str, email: str = "someone@example.com"):
    return APIClient().post(
        "/api/v1/accounts/",
        {"username": username, "email": email, "password": PASSWORD},
        format="json",
    )


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_racing_sign_ups_of_one_name_in_three_cases_make_one_account():
    names = ["racer", "RACER", "Racer"] * 4
    barrier = threading.Barrier(len(names))
    responses: list = [None] * len(names)

    def send(index: int, name: str) -> None:
        try:
            barrier.wait()
            responses[index] = sign_up(name, f"r{index}@example.com")
        finally:
            connection.close()

    threads = [threading.Thread(target=send, args=item) for item in enumerate(names)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    statuses = sorted(response.status_code for response in responses)
    assert statuses == [201] + [409] * 11, [r.content for r in responses]
    for response in responses:
        if response.status_code == 409:
            assert_problem(response, 409, "username_taken")
    assert User.objects.filter(username__iexact="racer").count() == 1


def test_the_database_refuses_a_second_profile_for_one_folded_name(db):
    Profile.objects.create(user=User.objects.create_user("Straße", password=PASSWORD))
    from django.db import IntegrityError, transaction

    with pytest.raises(IntegrityError), transaction.atomic():
        Profile.objects.create(user=User.objects.create_user("STRASSE", password=PASSWORD))


@pytest.mark.parametrize("taken,twin", [("man1", "ｍａｎ1"), ("Zoé", "ZOÉ"), ("straße", "STRASSE")])
def test_twins_of_a_taken_name_are_taken(db, taken, twin):
    assert sign_up(taken).status_code == 201
    assert_problem(sign_up(twin), 409, "username_taken")


@pytest.mark.parametrize("name", ["Ivаn", "pаypal", "Αlice"])  # a Cyrillic а, a Greek Α
def test_a_name_mixing_scripts_is_refused(db, name):
    body = assert_problem(sign_up(name), 422, "username_mixed_scripts")
    assert "script" in body["errors"]["username"][0]


@pytest.mark.parametrize("name", ["Іван", "Αθηνά", "さくら桜", "zoe_42"])
def test_names_in_one_script_are_welcome(db, name):
    assert sign_up(name).status_code == 201
