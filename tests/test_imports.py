"""No import circle among the project's modules (issue 33): thousand/ and tools/, imports
inside functions included (a module loaded on demand that imports its loader back is a
circle too), read from the source with ``ast``, nothing imported."""

import ast
import os

from conftest import ROOT

# Run in the device's VM under their own names (tools/device_vm/README.md), not imported here.
SKIPPED_FOLDERS = ("device_vm", "wasm32", "node_modules", "__pycache__")


def project_modules(root=ROOT):
    """{dotted name: path}: thousand's modules by their package names, tools' by the names
    they are imported by (tools/ is on sys.path, not a package)."""
    found = {}
    for top, base in (("thousand", root), ("tools", os.path.join(root, "tools"))):
        for folder, folders, files in os.walk(os.path.join(root, top)):
            folders[:] = sorted(name for name in folders if name not in SKIPPED_FOLDERS)
            for name in files:
                if name.endswith(".py"):
                    path = os.path.join(folder, name)
                    parts = os.path.relpath(path, base)[:-3].split(os.sep)
                    if parts[-1] == "__init__":
                        parts.pop()
                    found[".".join(parts)] = path
    return found


def imports_of(name, path, modules):
    """The project's modules that module ``name`` imports, anywhere in its source."""
    with open(path) as source:
        tree = ast.parse(source.read())
    package = name if path.endswith("__init__.py") else name.rpartition(".")[0]
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names if alias.name in modules)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # relative: from the package, one level up for each dot past the first
                parts = package.split(".")[:len(package.split(".")) - node.level + 1]
                base = ".".join(parts + ([base] if base else []))
            if base in modules:
                out.add(base)
            out.update(base + "." + alias.name for alias in node.names if base + "." + alias.name in modules)
    out.discard(name)
    return out


def circles(modules):
    """Each set of modules that import one another round a circle (the graph's strongly
    connected components of more than one module, by Tarjan's algorithm, without recursion)."""
    graph = {name: sorted(imports_of(name, path, modules)) for name, path in modules.items()}
    index, low, on_stack, stack, found = {}, {}, set(), [], []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, 0)]
        while work:
            node, at = work.pop()
            if at == 0:
                index[node] = low[node] = len(index)
                stack.append(node)
                on_stack.add(node)
            for position in range(at, len(graph[node])):
                other = graph[node][position]
                if other not in index:
                    work.append((node, position + 1))
                    work.append((other, 0))
                    break
                if other in on_stack:
                    low[node] = min(low[node], index[other])
            else:
                if low[node] == index[node]:
                    component = set()
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.add(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(frozenset(component))
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
    return found


def test_no_module_of_the_project_imports_itself_round_a_circle():
    assert [sorted(circle) for circle in circles(project_modules())] == []


def test_the_check_finds_a_circle_made_by_an_import_inside_a_function(tmp_path):
    (tmp_path / "thousand").mkdir()
    (tmp_path / "tools").mkdir()
    (tmp_path / "thousand" / "__init__.py").write_text("")
    (tmp_path / "thousand" / "a.py").write_text("from thousand.b import x\n")
    (tmp_path / "thousand" / "b.py").write_text("x = 1\n\ndef later():\n    from thousand import a\n")
    (tmp_path / "thousand" / "c.py").write_text("from . import a\n")
    (tmp_path / "tools" / "tool.py").write_text("import bundle\nfrom thousand import c\n")
    (tmp_path / "tools" / "bundle.py").write_text("def f():\n    import tool\n")
    modules = project_modules(str(tmp_path))
    assert sorted(sorted(circle) for circle in circles(modules)) == [["bundle", "tool"], ["thousand.a", "thousand.b"]]
