"""Time zones as people choose them: canonical names grouped by region, old names mapped.

A profile may hold any name zoneinfo knows (the API has always taken them); what a person is
offered, and what a browser's guess is stored as, is the canonical zone.
"""

from __future__ import annotations

from accounts.models import TIME_ZONES
from accounts.time_zone_data import ALIASES, CANONICAL

KNOWN = frozenset(TIME_ZONES)  # zoneinfo's names, listed once at start-up (accounts.models)
_CANONICAL = frozenset(CANONICAL)
UTC_NAMES = frozenset({"UTC", "Etc/UTC", "Etc/UCT", "Etc/Universal", "Etc/Zulu", "UCT", "Zulu"})
# The tz database's regions, in its order; a zone's name starts with its region.
REGIONS = (
    "Africa",
    "America",
    "Antarctica",
    "Asia",
    "Atlantic",
    "Australia",
    "Europe",
    "Indian",
    "Pacific",
)


def canonical(name: str) -> str | None:
    """The canonical zone for `name` (itself, the zone an old name stands for, UTC for its
    spellings); a known zone without a canonical one (Etc/GMT+5) stays; unknown: None."""
    name = (name or "").strip()
    if name in _CANONICAL:
        return name
    if name in UTC_NAMES:
        return "UTC"
    if name in ALIASES:
        return ALIASES[name]
    return name if name in KNOWN else None


def label(zone: str) -> str:
    """ "America/Argentina/Buenos_Aires" -> "Argentina / Buenos Aires" (the region is the group)."""
    return " / ".join(part.replace("_", " ") for part in zone.split("/")[1:]) or zone


def grouped_choices(region_names: dict[str, str], current: str | None = None) -> list:
    """Choices for a form: UTC first, then each region's zones by name under the region's name
    in `region_names`; a profile's current zone that is not canonical (Etc/GMT+5) is offered
    too, so that saving keeps it."""
    groups: dict[str, list[tuple[str, str]]] = {region: [] for region in REGIONS}
    for zone in CANONICAL:
        groups[zone.split("/")[0]].append((zone, label(zone)))
    choices: list = [("UTC", "UTC")]
    if current and current != "UTC" and current not in _CANONICAL and current in KNOWN:
        choices.append((current, current))
    for region, zones in groups.items():
        choices.append((region_names[region], sorted(zones, key=lambda choice: choice[1])))
    return choices
