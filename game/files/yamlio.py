"""The one way this project reads and writes YAML.

Reading is safe (plain data only, never arbitrary objects) and bounded, because people write
these files and some will be hostile or broken:

- the libyaml (C) parser when present, else PyYAML's Python one; either way the node tree is
  composed here, so the limits below hold before anything is built from it;
- nesting deeper than `MAX_DEPTH` is refused as soon as it is seen (libyaml slows down badly
  and its own composer overflows the C stack on very deep nesting);
- anchors and aliases are allowed, but the document *as if every alias were expanded* may
  hold at most `max_nodes` values (an "alias bomb" expands to billions), and an alias may not
  refer to the node that contains it;
- a key written twice in one mapping is refused, naming the key and both lines (YAML forbids
  it; PyYAML would silently keep the last one). Merge keys (`<<: *base`) may still be
  overridden by the mapping's own keys, as YAML says;
- a value that cannot be built (an integer of thousands of digits, a date like 2001-02-30)
  is a YAML error, not a stray ValueError.

Files are read through game.files.fileio (size limit, UTF-8 check), which calls `load_yaml`.
"""

from __future__ import annotations

import reprlib
from collections.abc import Hashable
from typing import TYPE_CHECKING, Any

import yaml
from yaml.composer import Composer, ComposerError
from yaml.constructor import ConstructorError, SafeConstructor
from yaml.events import AliasEvent, Event
from yaml.nodes import MappingNode, Node
from yaml.parser import Parser
from yaml.reader import Reader, ReaderError
from yaml.resolver import Resolver
from yaml.scanner import Scanner

try:  # the C parser (libyaml): much faster when PyYAML was built with it
    from yaml._yaml import CParser

    C_PARSER = True
except ImportError:  # pragma: no cover - depends on how PyYAML was installed
    C_PARSER = False

MAX_DEPTH = 50  # nested lists/mappings; real files use about 12
DEFAULT_MAX_NODES = 100_000  # values after alias expansion (game.files.fileio sets one per kind)
_MERGE = "tag:yaml.org,2002:merge"


class YamlLimitError(ComposerError):
    """A document over one of the limits above (too deep, too many values, an alias loop)."""


_BRIEF = reprlib.Repr()
_BRIEF.maxlevel, _BRIEF.maxdict, _BRIEF.maxlist, _BRIEF.maxtuple = 2, 4, 4, 4
_BRIEF.maxset, _BRIEF.maxstring, _BRIEF.maxother = 4, 40, 40


def brief(value: object, limit: int = 60) -> str:
    """A bounded excerpt of a value for an error message: cheap and short whatever its size
    (a huge list shows its first items, a long text its start)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "nothing (null)"
    if isinstance(value, int) and value.bit_length() > 128:
        return "a huge number"
    try:
        text = _BRIEF.repr(value)
    except Exception:  # a message must never fail
        text = f"a {type(value).__name__}"
    return text if len(text) <= limit else text[:limit - 3] + "..."


_Mark = Any  # where in the text: PyYAML's Mark, or libyaml's


class _BoundedComposer(Composer):
    """Composer that counts values as if aliases were expanded and tracks nesting depth."""

    def _init_limits(self, max_nodes: int, max_depth: int) -> None:
        self._max_nodes = max_nodes
        self._max_depth = max_depth
        self._count = 0  # values so far, aliases expanded
        self._depth = 0  # of the node being composed
        self._deepest = 0  # deepest level reached inside the current anchored node
        self._anchor_info: dict[str, tuple[int, int]] = {}  # anchor -> (size, height)
        self._open: set[str] = set()  # anchors whose node is still being composed

    if TYPE_CHECKING:  # the parser it is mixed with provides it
        def peek_event(self) -> Event | None: ...

    def _over(self, message: str, mark: _Mark) -> YamlLimitError:
        return YamlLimitError(None, None, message, mark)

    def _check_count(self, mark: _Mark) -> None:
        if self._count > self._max_nodes:
            raise self._over(f"more than {self._max_nodes} values (aliases counted as "
                             "expanded)", mark)

    def _check_depth(self, depth: int, mark: _Mark) -> None:
        if depth > self._max_depth:
            raise self._over(f"nested more than {self._max_depth} levels deep", mark)
        if depth > self._deepest:
            self._deepest = depth

    def compose_node(self, parent: Node | None, index: int) -> Node | None:
        event = self.peek_event()
        assert event is not None
        if isinstance(event, AliasEvent):
            anchor = event.anchor or ""  # an alias always names its anchor
            info = self._anchor_info.get(anchor)
            if info is None:
                if anchor in self._open:
                    raise self._over(f"the alias *{anchor[:40]} refers to the node that "
                                     "contains it (a loop)", event.start_mark)
                return super().compose_node(parent, index)  # undefined alias: its error
            size, height = info
            self._count += size
            self._check_count(event.start_mark)
            self._check_depth(self._depth + height, event.start_mark)
            return super().compose_node(parent, index)
        self._depth += 1
        depth = self._depth
        self._check_depth(depth, event.start_mark)
        self._count += 1
        self._check_count(event.start_mark)
        anchored: str | None = getattr(event, "anchor", None)
        if anchored is None:
            node = super().compose_node(parent, index)
        else:
            start, saved = self._count - 1, self._deepest
            self._deepest = depth
            self._open.add(anchored)
            node = super().compose_node(parent, index)
            self._open.discard(anchored)
            self._anchor_info[anchored] = (self._count - start, self._deepest - depth + 1)
            self._deepest = max(saved, self._deepest)
        self._depth -= 1
        return node


class _StrictConstructor(SafeConstructor):
    """SafeConstructor that refuses duplicate keys and turns value errors into YAML errors."""

    def construct_object(self, node: Node, deep: bool = False) -> Any:
        try:
            return super().construct_object(node, deep)
        except (ValueError, OverflowError) as exc:
            if node.tag.endswith(":int"):
                reason = "a whole number too long to read"
            else:
                reason = " ".join(str(exc).split())[:80]
            raise ConstructorError(None, None, f"cannot read this value ({reason})",
                                   node.start_mark) from None

    def construct_mapping(self, node: MappingNode, deep: bool = False) -> dict[Hashable, Any]:
        if isinstance(node, MappingNode):
            seen: dict[Hashable, Node] = {}
            for key_node, _value in node.value:
                if key_node.tag == _MERGE:
                    continue
                key = self.construct_object(key_node, deep=deep)
                try:
                    first = seen.setdefault(key, key_node)
                except TypeError:  # an unhashable key: SafeConstructor says so
                    continue
                if first is not key_node:
                    raise ConstructorError(
                        None, None, f"duplicate key {brief(key)} (first on line "
                        f"{first.start_mark.line + 1})", key_node.start_mark)
        return super().construct_mapping(node, deep)


class _PyLoader(_BoundedComposer, Reader, Scanner, Parser, _StrictConstructor, Resolver):
    """The loader over PyYAML's Python reader, scanner and parser."""

    def __init__(self, stream: str, max_nodes: int, max_depth: int) -> None:
        Reader.__init__(self, stream)
        Scanner.__init__(self)
        Parser.__init__(self)
        Composer.__init__(self)
        _StrictConstructor.__init__(self)
        Resolver.__init__(self)
        self._init_limits(max_nodes, max_depth)


_Loader: type[_PyLoader] | type[_CLoader]
if C_PARSER:
    class _CLoader(_BoundedComposer, CParser, _StrictConstructor, Resolver):
        """The loader over libyaml's parser (it takes the stream itself)."""

        def __init__(self, stream: str, max_nodes: int, max_depth: int) -> None:
            CParser.__init__(self, stream)
            Composer.__init__(self)
            _StrictConstructor.__init__(self)
            Resolver.__init__(self)
            self._init_limits(max_nodes, max_depth)

    _Loader = _CLoader
else:  # pragma: no cover - depends on how PyYAML was installed
    _Loader = _PyLoader


def load_yaml(text: str, *, max_nodes: int = DEFAULT_MAX_NODES,
              max_depth: int = MAX_DEPTH) -> Any:
    """Parse one YAML document safely and within the limits; raises yaml.YAMLError."""
    loader = _Loader(text, max_nodes, max_depth)
    try:
        return loader.get_single_data()
    except RecursionError:  # pragma: no cover - MAX_DEPTH keeps far below the limit
        raise YamlLimitError(None, None, "nested too deeply", None) from None
    finally:
        loader.dispose()


def yaml_problem(exc: yaml.YAMLError) -> str:
    """One line for a YAML error: where (line, column) and what, with bounded text."""
    if isinstance(exc, ReaderError):  # a character YAML does not allow (libyaml or Python)
        return f"not valid YAML: character {exc.position + 1}: {exc.reason}"
    mark = getattr(exc, "problem_mark", None)
    where = f"line {mark.line + 1}, column {mark.column + 1}: " if mark is not None else ""
    problem = getattr(exc, "problem", None) or (str(exc).splitlines() or ["?"])[0]
    context = getattr(exc, "context", None)
    text = f"{problem} ({context})" if context and not isinstance(exc, YamlLimitError) \
        else problem
    text = " ".join(str(text).split())
    if len(text) > 200:
        text = text[:197] + "..."
    if isinstance(exc, YamlLimitError):
        return f"{where}{text}"
    return f"not valid YAML: {where}{text}"


if TYPE_CHECKING:  # libyaml's CSafeDumper has SafeDumper's interface
    _SafeDumper = yaml.SafeDumper
else:
    _SafeDumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


class _Dumper(_SafeDumper):
    """Plain data out: no anchors/aliases (a shared object is written out each time)."""

    def ignore_aliases(self, data: Any) -> bool:
        return True


def dump_yaml(data: Any) -> str:
    """YAML text for plain data (dicts keep their order, non-ASCII text stays readable)."""
    return yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True)
