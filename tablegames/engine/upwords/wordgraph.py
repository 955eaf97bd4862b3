"""A word graph for the Upwords move generator: a minimised trie (a DAWG) over TILES.

The dictionary holds spelled words ("QUIT"); the board holds tiles (``Q`` is the Qu
tile). The graph is built over tile strings ("QIT"), so the move generator walks it one
tile at a time. Which tiles spell more than one letter comes from the tile set
(:func:`tablegames.engine.upwords.tiles.spell`), not from a language: a word list in
another language over the same tiles builds the same way (a word that no tile string
spells, such as one with a Q not followed by U, simply cannot be played and is left out).

The graph is two flat tables: ``edges[node]`` maps a tile to the next node and
``final[node]`` says whether the tiles so far spell a word. Node 0 is the root.

Building the graph for the shipped list takes about a second, so it is cached on disk
(``marshal``), keyed by a hash of the words and of this module's format version, in
:func:`cache_dir` (``$TABLEGAMES_CACHE_DIR``, else ``data/cache`` at the repository root,
which git ignores). A cache that cannot be read or written is rebuilt in memory.

>>> g = WordGraph.build(["QUIT", "QUITE", "IT", "AT"])
>>> g.contains_tiles("QIT"), g.contains_tiles("QUIT"), "QUITE" in g, "QAT" in g
(True, False, True, False)
>>> sorted(g.words())
['AT', 'IT', 'QUIT', 'QUITE']
"""

from __future__ import annotations

import hashlib
import marshal
import os
from collections.abc import Iterable, Iterator
from functools import cache
from pathlib import Path

from tablegames.engine.upwords.tiles import LETTERS, spell

__all__ = ["WordGraph", "tiles_of", "cache_dir", "graph_for"]

FORMAT = 1  # bump when the cached layout changes
REPO_ROOT = Path(__file__).resolve().parents[3]

# spelled text -> tile, for tiles that spell more than one letter ("QU" -> "Q")
_DIGRAPHS = {spell(t): t for t in LETTERS if len(spell(t)) > 1}


def tiles_of(word: str) -> str | None:
    """The tile string that spells ``word`` ("QUIT" -> "QIT"), or None when no tiles spell
    it (a letter with no tile of its own, like a Q without its U)."""
    out = []
    i = 0
    while i < len(word):
        for text, tile in _DIGRAPHS.items():
            if word.startswith(text, i):
                out.append(tile)
                i += len(text)
                break
        else:
            ch = word[i]
            if ch not in LETTERS or spell(ch) != ch:
                return None
            out.append(ch)
            i += 1
    return "".join(out)


def cache_dir() -> Path:
    """Where built graphs are cached (``$TABLEGAMES_CACHE_DIR`` or ``data/cache``)."""
    env = os.environ.get("TABLEGAMES_CACHE_DIR")
    return Path(env) if env else REPO_ROOT / "data" / "cache"


class WordGraph:
    """A DAWG over tile strings (see the module docstring).

    Attributes:
        edges: per node, ``{tile: next node}``.
        final: per node, 1 when the path to it spells a word.
    """

    __slots__ = ("edges", "final")

    def __init__(self, edges: list[dict[str, int]], final: bytes | bytearray) -> None:
        self.edges = edges
        self.final = bytes(final)

    # -- building --------------------------------------------------------------------
    @classmethod
    def build(cls, words: Iterable[str]) -> WordGraph:
        """Builds the minimal graph of ``words`` (spelled, upper case)."""
        tiles = sorted({t for w in words if (t := tiles_of(w)) and len(t) >= 1})
        # 1. a trie
        edges: list[dict[str, int]] = [{}]
        final = bytearray(1)
        for t in tiles:
            node = 0
            for ch in t:
                nxt = edges[node].get(ch)
                if nxt is None:
                    nxt = len(edges)
                    edges[node][ch] = nxt
                    edges.append({})
                    final.append(0)
                node = nxt
            final[node] = 1
        # 2. merge equivalent nodes, children first (a node's id is larger than its parent's)
        canon = [0] * len(edges)
        registry: dict[tuple, int] = {}
        new_edges: list[dict[str, int]] = []
        new_final = bytearray()
        for node in range(len(edges) - 1, -1, -1):
            kids = edges[node]
            key = (final[node], tuple(sorted((c, canon[k]) for c, k in kids.items())))
            got = registry.get(key)
            if got is None:
                got = len(new_edges)
                registry[key] = got
                new_edges.append({c: canon[k] for c, k in kids.items()})
                new_final.append(final[node])
            canon[node] = got
        # 3. renumber so that the root is node 0
        n = len(new_edges)
        root = canon[0]
        order = [root] + [i for i in range(n) if i != root]
        where = {old: new for new, old in enumerate(order)}
        out_edges = [{c: where[k] for c, k in sorted(new_edges[old].items())} for old in order]
        out_final = bytes(new_final[old] for old in order)
        return cls(out_edges, out_final)

    # -- queries ---------------------------------------------------------------------
    def walk(self, tiles: Iterable[str], node: int = 0) -> int | None:
        """The node after ``tiles`` from ``node`` (None when no word goes that way)."""
        edges = self.edges
        for ch in tiles:
            node = edges[node].get(ch)  # type: ignore[assignment]
            if node is None:
                return None
        return node

    def contains_tiles(self, tiles: str) -> bool:
        """Whether ``tiles`` (a tile string) spells a word."""
        node = self.walk(tiles)
        return node is not None and bool(self.final[node])

    def __contains__(self, word: object) -> bool:
        if not isinstance(word, str):
            return False
        t = tiles_of(word)
        return t is not None and self.contains_tiles(t)

    def words(self) -> Iterator[str]:
        """Every word, spelled (depth first, alphabetical)."""
        stack: list[tuple[int, str]] = [(0, "")]
        while stack:
            node, prefix = stack.pop()
            if self.final[node]:
                yield spell(prefix)
            for ch, nxt in sorted(self.edges[node].items(), reverse=True):
                stack.append((nxt, prefix + ch))

    def __len__(self) -> int:
        return len(self.edges)

    def __repr__(self) -> str:
        return f"<WordGraph of {len(self.edges)} nodes>"

    # -- the disk cache ----------------------------------------------------------------
    def dumps(self) -> bytes:
        return marshal.dumps((FORMAT, self.edges, self.final))

    @classmethod
    def loads(cls, data: bytes) -> WordGraph:
        fmt, edges, final = marshal.loads(data)
        if fmt != FORMAT:
            raise ValueError("word graph cache of another format")
        return cls(edges, final)


def _key(words: Iterable[str]) -> str:
    h = hashlib.sha1(f"wordgraph{FORMAT}".encode())
    for w in sorted(words):
        h.update(w.encode("ascii", "replace") + b"\n")
    return h.hexdigest()[:16]


def load_or_build(words: Iterable[str], directory: Path | None = None) -> WordGraph:
    """The graph of ``words``, from the disk cache when it holds it (else built and saved)."""
    words = list(words)
    directory = cache_dir() if directory is None else directory
    path = directory / f"upwords-graph-{_key(words)}.marshal"
    try:
        return WordGraph.loads(path.read_bytes())
    except (OSError, ValueError, EOFError, TypeError):
        pass
    graph = WordGraph.build(words)
    try:
        directory.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".tmp{os.getpid()}")
        tmp.write_bytes(graph.dumps())
        tmp.replace(path)
    except OSError:
        pass
    return graph


_BY_ID: dict[int, tuple[object, WordGraph]] = {}


def graph_for(words: Iterable[str]) -> WordGraph:
    """The graph of a dictionary object (a ``WordList``, a set...), built or loaded once per
    object and process (the object is kept alive beside its graph)."""
    if isinstance(words, WordGraph):
        return words
    got = _BY_ID.get(id(words))
    if got is None or got[0] is not words:
        graph = load_or_build(words) if len(words) > 5000 else WordGraph.build(words)  # type: ignore[arg-type]
        got = _BY_ID[id(words)] = (words, graph)
    return got[1]


@cache
def default_graph() -> WordGraph:
    """The graph of the shipped English list."""
    from tablegames.engine.upwords.dictionary import default_words
    return graph_for(default_words())
