"""`manage.py buildtranslations`: compile the web app's .po files to .mo in pure Python.

GNU gettext is not needed on a fresh machine: polib reads and writes both formats. `--fill`
first copies the Ukrainian strings of web/i18n/uk_strings.py into the .po (after
`makemessages`, which does need gettext, has added new message ids). The .mo files are
committed too, so a checkout runs without building anything.
"""

from pathlib import Path

import polib
from django.core.management.base import BaseCommand, CommandError

from accounts.i18n.uk_strings import UK as ACCOUNTS_UK
from chat.i18n.uk_strings import UK as CHAT_UK
from localmail.i18n.uk_strings import UK as LOCALMAIL_UK
from mailplay.i18n.uk_strings import UK as MAILPLAY_UK
from notifications.i18n.uk_strings import UK as NOTIFICATIONS_UK
from web.i18n.uk_strings import UK

LOCALE = Path(__file__).resolve().parents[2] / "locale"
# Every app catalog this command keeps, with the Ukrainian strings `--fill` writes into it.
CATALOGS = {
    LOCALE: UK,
    LOCALE.parents[1] / "notifications" / "locale": NOTIFICATIONS_UK,
    LOCALE.parents[1] / "mailplay" / "locale": MAILPLAY_UK,
    LOCALE.parents[1] / "localmail" / "locale": LOCALMAIL_UK,
    LOCALE.parents[1] / "accounts" / "locale": ACCOUNTS_UK,
    LOCALE.parents[1] / "chat" / "locale": CHAT_UK,
}


def build(po_path: Path) -> Path:
    mo_path = po_path.with_suffix(".mo")
    polib.pofile(str(po_path)).save_as_mofile(str(mo_path))
    return mo_path


def fill(po_path: Path, strings: dict = UK) -> list[str]:
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
        sources = [
            (po_path, strings)
            for locale, strings in CATALOGS.items()
            for po_path in sorted(locale.glob("*/LC_MESSAGES/django.po"))
        ]
        if not sources:
            raise CommandError(f"No .po files under {', '.join(map(str, CATALOGS))}.")
        for po_path, strings in sources:
            if fill_uk and po_path.parents[1].name == "uk":
                missing = fill(po_path, strings)
                if missing:
                    self.stderr.write(f"Untranslated in {po_path}: {missing}")
            self.stdout.write(f"Built {build(po_path)}")
