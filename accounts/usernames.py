"""What makes two usernames the same name, and which names we refuse.

Django stores a username after NFKC normalisation, so a fullwidth `ｍａｎ1` is stored as `man1`.
Two names are the same player's name when they are equal after NFKC and case folding; the
folded form is kept in a unique column (`Profile.username_key`), so the database refuses a twin
even when two sign-ups race. Names mixing scripts (a Cyrillic "о" in a Latin name) are refused:
in a seat list they impersonate another player.
"""

import unicodedata

# Scripts that are written together in one name (Japanese mixes kanji with both kana; Korean
# can mix hangul with hanja).
_SCRIPTS_WRITTEN_TOGETHER = [{"CJK", "HIRAGANA", "KATAKANA"}, {"HANGUL", "CJK"}]


def normalize(username: str) -> str:
    return unicodedata.normalize("NFKC", username)


def username_key(username: str) -> str:
    """The form in which two usernames count as the same name."""
    return unicodedata.normalize("NFKC", normalize(username).casefold())


def scripts_of(username: str) -> set[str]:
    """The scripts of the letters in the name (digits and punctuation belong to none)."""
    scripts = set()
    for char in normalize(username):
        if not char.isalpha():
            continue
        name = unicodedata.name(char, "")
        scripts.add(name.split(" ", 1)[0] if name else "UNKNOWN")
    return scripts


def mixes_scripts(username: str) -> bool:
    scripts = scripts_of(username)
    if len(scripts) <= 1:
        return False
    return not any(scripts <= allowed for allowed in _SCRIPTS_WRITTEN_TOGETHER)
