"""The settings package: one module per concern, each setting defined in exactly one of them."""

import ast
import re
from collections import defaultdict
from pathlib import Path

import khora_site.settings as site_settings

SETTINGS_DIR = Path(site_settings.__file__).resolve().parent
MODULES = sorted(path for path in SETTINGS_DIR.glob("*.py") if path.name != "__init__.py")


def assigned_names(statements: list[ast.stmt]) -> set[str]:
    """The UPPERCASE names a module's own statements bind (inside if/try too, not in functions)."""
    names: set[str] = set()
    for statement in statements:
        targets: list[ast.expr] = []
        if isinstance(statement, ast.Assign):
            targets = statement.targets
        elif isinstance(statement, ast.AnnAssign):
            targets = [statement.target]
        for target in targets:
            if isinstance(target, ast.Name) and target.id.isupper():
                names.add(target.id)
        if not isinstance(statement, ast.If | ast.Try):
            continue  # a function's or a class's own names are not settings
        names |= assigned_names(statement.body) | assigned_names(statement.orelse)
        if isinstance(statement, ast.Try):
            names |= assigned_names(statement.finalbody)
            for handler in statement.handlers:
                names |= assigned_names(handler.body)
    return names


def definitions() -> dict[str, list[str]]:
    where: dict[str, list[str]] = defaultdict(list)
    for path in MODULES:
        for name in assigned_names(ast.parse(path.read_text()).body):
            where[name].append(path.stem)
    return where


def test_every_setting_is_defined_in_exactly_one_module():
    twice = {name: modules for name, modules in definitions().items() if len(modules) > 1}
    assert twice == {}


def imported_constants() -> set[str]:
    """UPPERCASE names the modules import from libraries (csp's SELF): gathered too, not ours."""
    names: set[str] = set()
    for path in MODULES:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and not (node.module or "").startswith(
                "khora_site.settings"
            ):
                names |= {alias.asname or alias.name for alias in node.names}
    return {name for name in names if name.isupper()}


def test_the_package_gathers_every_modules_settings_and_defines_none_itself():
    gathered = {name for name in vars(site_settings) if name.isupper()} - imported_constants()
    # Set only when asked for (DJANGO_TRUST_X_FORWARDED_PROTO); Django's default otherwise.
    assert set(definitions()) - gathered <= {"SECURE_PROXY_SSL_HEADER"}
    assert gathered <= set(definitions())
    init = ast.parse((SETTINGS_DIR / "__init__.py").read_text()).body
    assert assigned_names(init) == set()


def test_each_module_says_its_concern_and_stays_short():
    for path in MODULES:
        source = path.read_text()
        assert ast.get_docstring(ast.parse(source)), path.name
        assert len(source.splitlines()) <= 200, path.name


def test_the_environment_is_read_only_in_the_forms_the_configuration_table_check_finds():
    # tests/khora_site/test_production_settings.py finds variables by these calls alone.
    for path in MODULES:
        source = path.read_text()
        assert not re.search(r"getenv\(|environ\[|environ\.setdefault", source), path.name
