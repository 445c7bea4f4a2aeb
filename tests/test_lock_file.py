"""requirements.lock pins every dependency, and what is installed is what it pins (issue 13,
D10). When this fails after adding a dependency to pyproject.toml, regenerate the lock with the
command in its header (README, "Dependencies") and reinstall."""

import re
from importlib import metadata
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

LOCK = Path(__file__).resolve().parent.parent / "requirements.lock"
EXTRAS = ("dev", "prod")
# The installer's own tools (pip-tools needs them) are left to the virtual environment, as
# pip-compile does unless told otherwise.
INSTALLER = {"pip", "setuptools", "wheel"}


def pinned() -> dict[str, str]:
    pins = {}
    for line in LOCK.read_text().splitlines():
        match = re.match(r"^([A-Za-z0-9_.\-]+)==([^\s;]+)", line)
        if match:
            pins[canonicalize_name(match[1])] = match[2]
    return pins


def required(distribution: str, extras: tuple[str, ...] = ()) -> set[Requirement]:
    """The requirements of `distribution` (with `extras`) that apply on this interpreter."""
    found = set()
    for text in metadata.requires(distribution) or []:
        requirement = Requirement(text)
        environments = [{"extra": extra} for extra in extras] or [{"extra": ""}]
        if requirement.marker is None or any(
            requirement.marker.evaluate(environment) for environment in environments
        ):
            found.add(requirement)
    return found


def test_every_dependency_is_pinned_to_one_exact_version_within_its_range():
    pins = pinned()
    assert all(re.fullmatch(r"[0-9][0-9A-Za-z.+!]*", version) for version in pins.values())
    seen: set[tuple[str, tuple[str, ...]]] = set()
    queue: list[tuple[Requirement, tuple[str, ...]]] = [(Requirement("khora-turn-server"), EXTRAS)]
    while queue:
        requirement, extras = queue.pop()
        name = canonicalize_name(requirement.name)
        if name in INSTALLER:
            continue
        if name != "khora-turn-server":
            assert name in pins, f"{name} is not in requirements.lock; regenerate it"
            assert requirement.specifier.contains(pins[name], prereleases=True), (
                f"requirements.lock pins {name}=={pins[name]} outside {requirement}"
            )
        if (name, extras) in seen:
            continue
        seen.add((name, extras))
        try:
            children = required(requirement.name, tuple(requirement.extras) or extras)
        except metadata.PackageNotFoundError:
            continue  # an extra's dependency not installed here (gunicorn outside production)
        queue.extend((child, tuple(sorted(child.extras))) for child in children)
    stale = sorted(set(pins) - {name for name, _ in seen} - INSTALLER)
    assert not stale, f"requirements.lock pins what nothing needs: {stale}; regenerate it"


def test_what_is_installed_is_what_the_lock_pins():
    for name, version in pinned().items():
        try:
            installed = metadata.version(name)
        except metadata.PackageNotFoundError:
            continue  # e.g. the prod extra (gunicorn) in a development install
        assert installed == version, f"{name} {installed} is installed, the lock pins {version}"
