"""One way to read the game's imports, for every layer test (tests/test_layers.py,
tests/engine/test_layers.py, tests/ai/test_layers.py).

Every import statement counts: at module level, inside functions (a late dependency, still a
dependency) and under `if TYPE_CHECKING:` (never run, but a module that names another's
type depends on it all the same, and a circle through it is a circle of the design). A
package's `__init__` counts as a module, except that its imports of its own submodules are
left out (it is the package's front).
"""

from __future__ import annotations

import ast
from pathlib import Path

GAME = Path(__file__).resolve().parents[1] / "game"


def _type_checking(node: ast.AST) -> bool:
    return isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)


def imported_names(tree: ast.AST, module: str, is_package: bool, *,
                   types: bool = True) -> set[str]:
    """Every dotted name `module` imports (each `from X import a` gives X.a and X), relative
    imports resolved; `types=False` leaves out TYPE_CHECKING blocks."""
    found: set[str] = set()
    todo = [tree]
    while todo:
        node = todo.pop()
        if not types and _type_checking(node):
            continue
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = module.split(".") if is_package else module.split(".")[:-1]
                parts = parts[:len(parts) - (node.level - 1)]
                base = ".".join([*parts, *([base] if base else [])])
            found |= {f"{base}.{alias.name}" for alias in node.names} | {base}
        todo.extend(ast.iter_child_nodes(node))
    return found


def module_graph(root: Path = GAME, *, types: bool = True) -> dict[str, set[str]]:
    """module -> the tree's own modules it imports (a package is its __init__). The modules
    are named from `root`'s own name down (`game.engine.duel`)."""
    files: dict[str, tuple[Path, bool]] = {}
    for path in root.rglob("*.py"):
        parts = [root.name, *path.relative_to(root).with_suffix("").parts]
        is_package = parts[-1] == "__init__"
        if is_package:
            parts.pop()
        files[".".join(parts)] = (path, is_package)
    modules = set(files)

    def resolve(name: str) -> str | None:
        while name:
            if name in modules:
                return name
            name = name.rpartition(".")[0]
        return None

    graph: dict[str, set[str]] = {}
    for name, (path, is_package) in files.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        out = {resolve(t) for t in imported_names(tree, name, is_package, types=types)}
        graph[name] = {t for t in out if t and t != name and t != root.name
                       and not (is_package and t.startswith(name + "."))}
    return graph


def subgraph(graph: dict[str, set[str]], package: str) -> dict[str, set[str]]:
    """The imports among the modules below `package` (its own __init__ left out), named
    relative to it (`query`, `verbs.base`)."""
    head = package + "."
    return {m[len(head):]: {t[len(head):] for t in ts if t.startswith(head)}
            for m, ts in graph.items() if m.startswith(head)}


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every strongly connected group of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph.get(start, ()))))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            v, children = work[-1]
            w = next(children, None)
            if w is not None:
                if w not in index:
                    index[w] = low[w] = len(index)
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, iter(sorted(graph.get(w, ())))))
                elif w in on_stack:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                group = []
                while True:
                    w = stack.pop()
                    on_stack.discard(w)
                    group.append(w)
                    if w == v:
                        break
                if len(group) > 1:
                    found.append(sorted(group))
    return found


def reach(graph: dict[str, set[str]], start: str) -> set[str]:
    """Every module `start` depends on, directly or through others."""
    seen: set[str] = set()
    todo = [start]
    while todo:
        for nxt in graph.get(todo.pop(), ()):
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen
