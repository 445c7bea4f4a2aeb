"""`manage.py buildtranslations`: compile every app's .po files to .mo in pure Python.

GNU gettext is not needed on a fresh machine: polib reads and writes both formats. `--fill`
first copies the Ukrainian strings of each app's i18n/uk_strings.py (its `UK`) into its .po
(after
`makemessages`, which does need gettext, has added new message ids). The .mo files are
committed too, so a checkout runs without building anything.
"""

import importlib
from pathlib import Path

import polib
from django.apps import apps
from django.core.management.base import BaseCommand, CommandError


def catalogs() -> dict[Path, dict]:
    """Every installed app with a locale/ folder and an i18n.uk_strings module: its locale
    folder, with the Ukrainian strings `--fill` writes into it."""
    found = {}
    for app in apps.get_app_configs():
        locale = Path(app.path) / "locale"
        if not locale.is_dir():
            continue
        try:
            strings = importlib.import_module(f"{app.name}.i18n.uk_strings")
        except ModuleNotFoundError:
            continue
        found[locale] = strings.UK
    return found


def build(po_path: Path) -> Path:
    mo_path = po_path.with_suffix(".mo")
    polib.pofile(str(po_path)).save_as_mofile(str(mo_path))
    return mo_path


def fill(po_path: Path, strings: dict) -> list[str]:
    """Write the known translations into the .po; return the message ids still missing."""
    po = polib.pofile(str(po_path))
    po.metadata["Language"] = po_path.parents[1].name
    missing = []
    for entry in po:
        key = (entry.msgid, entry.msgid_plural) if entry.msgid_plural else entry.msgid
        if entry.msgctxt:  # gettext's own notation: context, EOT, message id
            key = f"{entry.msgctxt}\x04{entry.msgid}"
        known = strings.get(key)
        if known is None:
            missing.append(entry.msgid)
        elif entry.msgid_plural:
            entry.msgstr_plural = dict(enumerate(known))
        else:
            entry.msgstr = known
        if "fuzzy" in entry.flags:
            entry.flags.remove("fuzzy")
    po.save()
    return missing


class Command(BaseCommand):
    help = "Compile the web's and emails' locale/*/LC_MESSAGES/django.po to .mo with polib."

    def add_arguments(self, parser):
        parser.add_argument(
            "--fill", dest="fill_uk", action="store_true", help="Fill uk from uk_strings first."
        )

    def handle(self, *args, fill_uk: bool = False, **options):
        found = catalogs()
        sources = [
            (po_path, strings)
            for locale, strings in found.items()
            for po_path in sorted(locale.glob("*/LC_MESSAGES/django.po"))
        ]
        if not sources:
            raise CommandError(f"No .po files under {', '.join(map(str, found))}.")
        for po_path, strings in sources:
            if fill_uk and po_path.parents[1].name == "uk":
                missing = fill(po_path, strings)
                if missing:
                    self.stderr.write(f"Untranslated in {po_path}: {missing}")
            self.stdout.write(f"Built {build(po_path)}")
