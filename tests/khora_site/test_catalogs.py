"""Every app's committed Ukrainian catalog holds exactly the translatable strings of its code
and templates: Django's makemessages, run on a copy of the app into a temporary folder (as
docs/playing.md says to run it), finds none missing and none obsolete. A string marked in one
app but translated only in another's catalog fails here: it is that app's own catalog's.

makemessages is the reference rather than a lexer of our own: it is what writes the catalogs,
and it needs GNU gettext (xgettext), which this machine type has (Debian's `gettext`)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import polib
import pytest
from django.core.management import call_command

ROOT = Path(__file__).resolve().parents[2]
CATALOGS = sorted(ROOT.glob("*/locale/uk/LC_MESSAGES/django.po"))
SOURCES = {".py", ".html", ".txt"}


def _keys(path: Path) -> set[tuple[str, str, str]]:
    return {
        (entry.msgctxt or "", entry.msgid, entry.msgid_plural)
        for entry in polib.pofile(str(path))
        if not entry.obsolete
    }


def _copy_sources(app: Path, into: Path) -> None:
    def ignored(folder: str, names: list[str]) -> list[str]:
        return [
            name
            for name in names
            if name in ("locale", "__pycache__")
            or (Path(folder, name).is_file() and Path(name).suffix not in SOURCES)
        ]

    shutil.copytree(app, into, ignore=ignored)
    (into / "locale").mkdir()


@pytest.fixture(scope="module")
def xgettext():
    if shutil.which("xgettext") is None:
        message = "GNU gettext is missing: apt-get install gettext"
        if os.environ.get("CI") == "true":
            pytest.fail(message)
        pytest.skip(message)


@pytest.mark.parametrize("catalog", CATALOGS, ids=lambda path: path.parts[-5])
def test_the_catalog_holds_every_string_of_its_app_and_nothing_else(
    xgettext, catalog, tmp_path, monkeypatch
):
    app = catalog.parents[3]
    copy = tmp_path / app.name
    _copy_sources(app, copy)
    monkeypatch.chdir(copy)
    call_command("makemessages", locale=["uk"], no_location=True, no_wrap=True, verbosity=0)
    fresh = _keys(copy / "locale/uk/LC_MESSAGES/django.po")
    committed = _keys(catalog)
    missing, obsolete = sorted(fresh - committed), sorted(committed - fresh)
    assert not missing and not obsolete, (
        f"{app.name}: missing {missing}, obsolete {obsolete}. Run: cd {app.name} && python "
        "../manage.py makemessages -l uk --no-location --no-wrap --no-obsolete, add the "
        f"Ukrainian to {app.name}/i18n/uk_strings.py, then manage.py buildtranslations --fill"
    )
