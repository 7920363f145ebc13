"""The developers' guide's rules for the code itself, read from the source: no module over
400 lines, no private name imported from another module, no import of ``matches`` inside a
function without a comment saying why, and no import circle among the app's modules."""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CODE = ["matches", "scoresheet", "scripts", "loadtest", "benchmarks"]
MOST_LINES = 400


def sources(folders=CODE) -> list[Path]:
    """Return the project's Python files in these folders (migrations are generated)."""
    return sorted(
        path
        for folder in folders
        for path in (ROOT / folder).rglob("*.py")
        if "migrations" not in path.parts
    )


def module_of(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported(node, module: str, path: Path) -> str | None:
    """Return the module a ``from … import`` names, relative imports resolved."""
    if node.level == 0:
        return node.module
    package = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
    base = package[: len(package) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def relative(path: Path) -> str:
    return str(path.relative_to(ROOT))


def test_no_module_is_over_400_lines():
    long = {relative(p): n for p in sources() if (n := len(p.read_text().splitlines())) > 400}
    assert long == {}


def test_no_private_name_is_imported_from_another_module():
    found = []
    for path in sources([*CODE, "tests"]):
        module = module_of(path)
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.ImportFrom):
                continue
            source = imported(node, module, path) or ""
            if not source.startswith(("matches", "scoresheet", "tests", "support")):
                continue
            for alias in node.names:
                # A public name taken under a private alias hides what it is just as well.
                if alias.name.startswith("_") or (alias.asname or "").startswith("_"):
                    found.append(f"{relative(path)}:{node.lineno} {source}.{alias.name}")
    assert found == []


def test_every_import_of_the_app_inside_a_function_says_why():
    found = []
    for path in sources():
        lines = path.read_text().splitlines()
        tree = ast.parse("\n".join(lines))
        for function in ast.walk(tree):
            if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            for node in ast.walk(function):
                if isinstance(node, ast.ImportFrom):
                    names = [node.module or ""]
                elif isinstance(node, ast.Import):
                    names = [alias.name for alias in node.names]
                else:
                    continue
                if not any(name == "matches" or name.startswith("matches.") for name in names):
                    continue
                # The reason: a comment on the line or in the few lines above it.
                above = lines[max(0, node.lineno - 6) : node.lineno]
                if not any("#" in line for line in above):
                    found.append(f"{relative(path)}:{node.lineno}")
    assert found == []


def module_imports() -> dict[str, set[str]]:
    """Return {module: the app's modules it imports at its top level} for ``matches``."""
    paths = {module_of(p): p for p in sources(["matches"])}
    graph = {}
    for module, path in paths.items():
        targets = set()
        for node in ast.parse(path.read_text()).body:  # the top level: what runs on import
            if isinstance(node, ast.Import):
                targets |= {alias.name for alias in node.names}
            elif isinstance(node, ast.ImportFrom):
                source = imported(node, module, path)
                targets.add(source)
                # "from matches import actions" imports the module matches.actions.
                targets |= {f"{source}.{alias.name}" for alias in node.names}
        graph[module] = {t for t in targets if t in paths and t != module}
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Return the graph's strongly connected components of more than one module (Tarjan)."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def visit(node):
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph[node]):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_the_apps_modules_import_each_other_in_no_circle():
    assert circles(module_imports()) == []


@pytest.mark.parametrize(
    ("graph", "expected"),
    [({"a": {"b"}, "b": {"a"}, "c": {"a"}}, [["a", "b"]]), ({"a": {"b"}, "b": set()}, [])],
)
def test_the_circle_finder_finds_a_circle_and_only_a_circle(graph, expected):
    assert circles(graph) == expected


# What each layer may not import (docs/architecture.md): nothing imports back up the
# layers, and feeds and files read queries and scoring, never presenters.
UPWARDS = {
    "scoring": {
        "models",
        "queries",
        "actions",
        "presenters",
        "feeds",
        "interchange",
        "forms",
        "views",
        "caching",
        "background",
        "auth",
        "urls",
    },
    "models": {
        "queries",
        "actions",
        "presenters",
        "feeds",
        "interchange",
        "forms",
        "views",
        "urls",
    },
    "queries": {"actions", "presenters", "feeds", "interchange", "forms", "views", "urls"},
    # (a file is read into rows by interchange, which hands them to the action)
    "actions": {"presenters", "feeds", "interchange", "forms", "views", "urls"},
    "presenters": {"actions", "feeds", "interchange", "views", "urls"},
    "feeds": {"presenters", "actions", "forms", "views", "urls"},
    # (a results file is read row by row through the room sheet's form, as if typed)
    "interchange": {"presenters", "feeds", "views", "urls"},
    "forms": {"presenters", "feeds", "views", "urls"},
    "views": {"urls"},
}


def layer(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if parts[0] == "matches" and len(parts) >= 2 else None


def upward_imports(sources: dict[str, tuple[Path, str]]) -> set[tuple[str, str]]:
    """Return (module, module it imports) for every import, at any depth of a module's
    source ({module: (path, source)}), that runs back up the layers (or from scoring to
    Django)."""
    found = set()
    for module, (path, source) in sources.items():
        forbidden = UPWARDS.get(layer(module) or "", set())
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                origin = imported(node, module, path)
                # "from matches import presenters" imports the layer matches.presenters
                targets = (
                    [origin]
                    if layer(origin)
                    else [f"{origin}.{alias.name}" for alias in node.names]
                )
            else:
                continue
            for target in targets:
                if target == module or layer(target) == layer(module):
                    continue
                if layer(target) in forbidden or (
                    layer(module) == "scoring" and target.split(".")[0] == "django"
                ):
                    found.add((module, target))
    return found


def test_no_import_runs_back_up_the_layers():
    app = {module_of(path): (path, path.read_text()) for path in sources(["matches"])}
    assert upward_imports(app) == set()


@pytest.mark.parametrize(
    ("module", "source", "found"),
    [
        (
            "matches.interchange.usebio",
            "from matches.presenters.formatting import quotient",
            {("matches.interchange.usebio", "matches.presenters.formatting")},
        ),
        (
            "matches.feeds.events",
            "from ..presenters import scorecards",
            {("matches.feeds.events", "matches.presenters")},
        ),
        (
            "matches.feeds.stages",
            "from matches import presenters",
            {("matches.feeds.stages", "matches.presenters")},
        ),
        ("matches.scoring.team", "import django.db", {("matches.scoring.team", "django.db")}),
        (
            "matches.actions.imports",
            "from matches.interchange.backup import read_document",
            {("matches.actions.imports", "matches.interchange.backup")},
        ),
        ("matches.interchange.backup.restore", "from matches import actions", set()),
        ("matches.views.public", "from matches.presenters import scorecards", set()),
    ],
)
def test_the_layer_check_finds_an_import_back_up_and_only_that(module, source, found):
    path = ROOT / (module.replace(".", "/") + ".py")
    assert upward_imports({module: (path, f"def f():\n    {source}\n")}) == found
