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
        """Builds the minimal graph of ``words`` (spelled, upper case).

        Daciuk's incremental construction over the sorted tile strings: a node is merged
        with an equal registered one as soon as no later word can pass through it, so
        memory stays near the size of the final graph (the Portuguese list has over a
        million words).
        """
        tiles = sorted({t for w in words if (t := tiles_of(w))})
        edges: list[dict[str, int]] = [{}]
        final = bytearray(1)
        register: dict[tuple, int] = {}
        path: list[tuple[int, str, int]] = []  # (parent, tile, child) along the last word

        def minimize(down_to: int) -> None:
            while len(path) > down_to:
                parent, ch, child = path.pop()
                key = (final[child], tuple(sorted(edges[child].items())))
                got = register.get(key)
                if got is None:
                    register[key] = child
                else:
                    edges[parent][ch] = got
                    edges[child] = {}  # unreachable now: dropped when renumbering

        prev = ""
        for t in tiles:
            common = 0
            for x, y in zip(prev, t):
                if x != y:
                    break
                common += 1
            minimize(common)
            node = path[-1][2] if path else 0
            for ch in t[common:]:
                nxt = len(edges)
                edges.append({})
                final.append(0)
                edges[node][ch] = nxt
                path.append((node, ch, nxt))
                node = nxt
            final[node] = 1
            prev = t
        minimize(0)
        # renumber the reachable nodes, root first, breadth first
        where = {0: 0}
        order = [0]
        for node in order:
            for ch, k in sorted(edges[node].items()):
                if k not in where:
                    where[k] = len(order)
                    order.append(k)
        out_edges = [{c: where[k] for c, k in sorted(edges[old].items())} for old in order]
        out_final = bytes(final[old] for old in order)
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
    """A fingerprint of the words (a ``WordList``'s blobs are hashed as they are)."""
    h = hashlib.sha1(f"wordgraph{FORMAT}".encode())
    blobs = getattr(words, "_blobs", None)
    if isinstance(blobs, dict):
        for size in sorted(blobs):
            h.update(f"{size}:".encode() + blobs[size])
    else:
        for w in sorted(words):
            h.update(w.encode("ascii", "replace") + b"\n")
    return h.hexdigest()[:16]


def load_or_build(words: Iterable[str], directory: Path | None = None,
                  key: str | None = None) -> WordGraph:
    """The graph of ``words``, from the disk cache when it holds it (else built and saved)."""
    key = key or _key(words)
    directory = cache_dir() if directory is None else directory
    path = directory / f"upwords-graph-{key}.marshal"
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
_BY_KEY: dict[str, WordGraph] = {}


def graph_for(words: Iterable[str]) -> WordGraph:
    """The graph of a dictionary object (a ``WordList``, a set...): built or read from the
    disk cache once per process and content (a big list), or built in memory (a small one)."""
    if isinstance(words, WordGraph):
        return words
    got = _BY_ID.get(id(words))
    if got is not None and got[0] is words:
        return got[1]
    key = _key(words)
    graph = _BY_KEY.get(key)
    if graph is None:
        big = len(words) > 5000  # type: ignore[arg-type]
        graph = load_or_build(words, key=key) if big else WordGraph.build(words)
        _BY_KEY[key] = graph
    _BY_ID[id(words)] = (words, graph)  # the object is kept alive beside its graph
    return graph


@cache
def default_graph() -> WordGraph:
    """The graph of the shipped English list."""
    from tablegames.engine.upwords.dictionary import default_words
    return graph_for(default_words())


def prebuild() -> list[tuple[str, str, int]]:
    """Builds (or reads) the graph of every shipped word list into the disk cache, so that
    no table's first bot move waits for it (the Portuguese list takes tens of seconds)."""
    from tablegames.engine.upwords import dictionary
    done = []
    keys = sorted({dictionary.list_key(lang, size) for lang in dictionary.LANGUAGES
                   for size in dictionary.SIZES}) if hasattr(dictionary, "list_key") else [("en", "standard")]
    for lang, size in keys:
        graph = graph_for(dictionary.default_words(lang, size) if lang != "en" or size != "standard"
                          else dictionary.default_words())
        done.append((lang, size, len(graph.edges)))
    return done


if __name__ == "__main__":  # python -m tablegames.engine.upwords.wordgraph
    for lang, size, nodes in prebuild():
        print(f"{lang} {size}: {nodes} nodes in {cache_dir()}")
