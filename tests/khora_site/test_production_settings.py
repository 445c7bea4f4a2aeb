"""Production is the same settings module with debugging off: safe by default, documented."""

import json
import os
import re
import secrets
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# The settings package: one module per concern, every one of them reading the environment.
SETTINGS_DIR = ROOT / "khora_site" / "settings"
CONFIGURATION_DOC = ROOT / "docs" / "operations.md"


def production_env(**overrides) -> dict[str, str]:
    """The process environment minus every variable the settings read, plus a production set."""
    env = {k: v for k, v in os.environ.items() if k not in variables_read_by_settings()}
    env |= {
        "DJANGO_SETTINGS_MODULE": "khora_site.settings",
        "DJANGO_DEBUG": "false",
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
        "DJANGO_ALLOWED_HOSTS": "khora.example.org",
    }
    return env | overrides


def run(args: list[str], env: dict[str, str]) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, *args], env=env, cwd=ROOT, capture_output=True, text=True, check=False
    )


def variables_read_by_settings() -> set[str]:
    source = "\n".join(path.read_text() for path in sorted(SETTINGS_DIR.glob("*.py")))
    return set(
        re.findall(
            r'(?:environ\.get|env_bool|env_int|env_list|env_rate)\(\s*"([A-Z0-9_]+)"', source
        )
    )


def security_settings(**overrides) -> dict:
    probe = (
        "import json, django; from django.conf import settings as s; django.setup(); "
        "print(json.dumps({'redirect': s.SECURE_SSL_REDIRECT, 'hsts': s.SECURE_HSTS_SECONDS, "
        "'secure_cookies': s.SESSION_COOKIE_SECURE and s.CSRF_COOKIE_SECURE, "
        "'proxy_header': getattr(s, 'SECURE_PROXY_SSL_HEADER', None)}))"
    )
    result = run(["-c", probe], production_env(**overrides))
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_check_deploy_is_clean_with_the_production_environment():
    result = run(["manage.py", "check", "--deploy", "--fail-level", "WARNING"], production_env())
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_debug_off_means_https_only_unless_turned_off():
    assert security_settings() == {
        "redirect": True,
        "hsts": 365 * 24 * 3600,
        "secure_cookies": True,
        "proxy_header": None,
    }
    plain = security_settings(DJANGO_HTTPS_ONLY="false")
    assert plain["redirect"] is False and plain["hsts"] == 0 and plain["secure_cookies"] is False


def test_a_tls_proxy_header_is_trusted_only_when_asked():
    found = security_settings(DJANGO_TRUST_X_FORWARDED_PROTO="true")
    assert found["proxy_header"] == ["HTTP_X_FORWARDED_PROTO", "https"]


def test_the_documented_configuration_table_lists_exactly_the_variables_the_settings_read():
    section = CONFIGURATION_DOC.read_text().split("## Configuration", 1)[1].split("\n## ", 1)[0]
    documented = set(re.findall(r"^\| `([A-Z0-9_]+)` \|", section, flags=re.MULTILINE))
    assert documented == variables_read_by_settings()
