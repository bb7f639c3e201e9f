"""Art Gallery components: painting cards (symbol rows and values), the painting tiles that
match them, the gallery areas per player count and the Shop's tile stacks.

The packaged data (``data/components.toml``) follows ``docs/rulings/art_gallery.md``
(sections 2 to 5); every value has a provenance tag
(``confirmed-rulebook``, ``confirmed-sources``, ``inferred``, ``reconstructed``, ``unknown``).
The printed card symbols and values are *reconstructed* (no source lists them): a teacher with
the real cards loads them with ``zw.game("art_gallery", components="my_cards.toml")`` and a
file in the same format, checked whole by :func:`load_components`.
"""

from __future__ import annotations

import json
import os
import tomllib
from dataclasses import dataclass, field
from functools import cache
from importlib import resources

from ...core.schema import load_schema, validate

#: Symbol rows on every painting card (rulebook, End of the Game & Final Score 1).
ROWS = 4
#: The symbol text for "no symbol in this row".
BLANK = "-"
#: Player counts whose gallery numbers the file must give (rulebook, Preparation 1).
PLAYER_COUNTS = (2, 3, 4, 5, 6)


@dataclass(frozen=True)
class PaintingCard:
    """One painting card.

    Attributes:
        number (int): 1..N; the painting tile with the same number matches it.
        title (str): the painting's title ("" when unknown).
        artist (str): the painter ("" when unknown).
        symbols (tuple[str, ...]): the symbol of each of the 4 rows, ``"-"`` for none.
        values (tuple[int, ...]): the points each row's symbol adds to a chain (0 for none).
        provenance (dict): ``{"symbols": tag, "values": tag, "title": tag}``.
    """

    number: int
    title: str
    artist: str
    symbols: tuple[str, ...]
    values: tuple[int, ...]
    provenance: dict = field(default_factory=dict, compare=False, hash=False)


@dataclass(frozen=True)
class Components:
    """Everything printed that the rules read.

    Attributes:
        cards (tuple[PaintingCard, ...]): the painting cards, ``cards[i].number == i + 1``.
        galleries (dict[int, int]): gallery areas on the board per player count.
        spaces (tuple[int, ...]): the Shop's tile spaces, ascending (1, 3, 5, 7): a tile from a
            space costs that many points of a bid.
        stack_sizes (tuple[int, ...]): tiles stacked on each space at setup (18, 14, 10, 6).
        provenance (dict): the file's provenance tags (file-wide, board and shop).
        source (str): where the data comes from.
        path (str | None): the file it was read from, ``None`` for the packaged data.
    """

    cards: tuple[PaintingCard, ...]
    galleries: dict
    spaces: tuple[int, ...]
    stack_sizes: tuple[int, ...]
    provenance: dict = field(compare=False, hash=False)
    source: str = field(default="", compare=False)
    path: str | None = field(default=None, compare=False)

    @property
    def count(self) -> int:
        """Number of painting cards (= painting tiles), 48 in the printed game."""
        return len(self.cards)


def _fail(where: str, what: str):
    raise ValueError(f"not an Art Gallery component file: {where}: {what}")


def parse_components(data: dict, path: str | None = None) -> Components:
    """Check a component description (the parsed file) whole and build :class:`Components`.

    Args:
        data (dict): the parsed TOML/JSON (see ``data/components.toml`` for the format).
        path (str | None): the file's path, kept for messages.

    Returns:
        Components: the checked data.

    Raises:
        ValueError: anything missing or inconsistent (the message says where): card numbers
            not 1..N, a card without 4 symbols and 4 values, a value that is not an integer
            >= 0, a blank row with a value, gallery numbers missing for a player count, Shop
            spaces not ascending or stack sizes not summing to the number of cards.
    """
    named = "" if path is None else f" ({os.path.basename(str(path))})"
    validate(data, load_schema(__package__, "data/components.schema.json"), f"not an Art Gallery component file{named}")
    file_prov = data.get("provenance", {})
    board, shop = data["board"], data["shop"]
    galleries = {int(k): v for k, v in board["galleries"].items()}
    missing = [n for n in PLAYER_COUNTS if n not in galleries]
    if missing:
        _fail("board.galleries", f"no gallery count for {missing} players")
    if len(shop["spaces"]) != len(shop["tiles"]):
        _fail("shop", "spaces and tiles must be lists of the same length")
    spaces, sizes = tuple(shop["spaces"]), tuple(shop["tiles"])
    if list(spaces) != sorted(set(spaces)):
        _fail("shop.spaces", f"must be distinct and ascending, not {list(spaces)}")
    cards = []
    for c in data["cards"]:
        number = c["number"]
        where = f"card {number}"
        values = tuple(c["values"])
        symbols = tuple(s.strip() for s in c["symbols"])
        for r in range(ROWS):
            if symbols[r] == BLANK and values[r]:
                _fail(where, f"row {r + 1} has no symbol but the value {values[r]}")
        prov = c.get("provenance", {})
        prov = {k: str(prov.get(k, file_prov.get(k, "unspecified"))) for k in ("symbols", "values", "title")}
        cards.append(PaintingCard(number, c.get("title", ""), c.get("artist", ""), symbols, values, prov))
    cards.sort(key=lambda c: c.number)
    numbers = [c.number for c in cards]
    if numbers != list(range(1, len(cards) + 1)):
        _fail("cards", f"card numbers must run 1..{len(cards)} once each")
    if sum(sizes) != len(cards):
        _fail("shop.tiles", f"the stacks hold {sum(sizes)} tiles but there are {len(cards)} cards (one matching tile per card)")
    if max(galleries.values()) >= len(cards):
        _fail("board.galleries", "more galleries than painting cards")
    provenance = {"file": dict(file_prov), "board": board.get("provenance", {}), "ring": board.get("ring_provenance", ""), "shop": shop.get("provenance", "")}
    return Components(tuple(cards), galleries, spaces, sizes, provenance, str(data.get("source", "")), path)


def load_components(path: str | os.PathLike | None = None) -> Components:
    """Read and check a component file.

    Args:
        path (str | os.PathLike | None): a TOML file (or JSON, by its ``.json`` suffix or
            content) in the format of the packaged ``data/components.toml``; ``None`` reads
            the packaged data.

    Returns:
        Components: the checked data.

    Raises:
        ValueError: the file cannot be read or parsed, or fails the checks of
            :func:`parse_components`.
    """
    if path is None:
        return default_components()
    if not isinstance(path, (str, os.PathLike)):
        raise ValueError(f"components must be the path of a TOML or JSON component file, not {path!r}")
    try:
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
    except OSError as exc:
        raise ValueError(f"cannot read the component file {str(path)!r}: {exc.strerror or exc}") from None
    except UnicodeDecodeError as exc:
        raise ValueError(f"the component file {str(path)!r} is not UTF-8 text (byte {exc.start}: {exc.reason})") from None
    try:
        data = json.loads(text) if str(path).endswith(".json") or text.lstrip().startswith("{") else tomllib.loads(text)
    except (ValueError, tomllib.TOMLDecodeError, RecursionError) as exc:
        raise ValueError(f"the component file {str(path)!r} is neither TOML nor JSON: {exc}") from None
    return parse_components(data, str(path))


@cache
def default_components() -> Components:
    """The packaged component data (cached)."""
    text = resources.files(__package__).joinpath("data/components.toml").read_text(encoding="utf-8")
    return parse_components(tomllib.loads(text))


def chain_scores(cards, collection, single_card: bool = True) -> list[int]:
    """The best chain of each symbol row of a collection (rulebook, End of the Game & Final
    Score 1; docs/rulings/art_gallery.md §2.3).

    In each row, a chain is a run of the *same* symbol on consecutive cards of the collection
    (in collection order); a card without a symbol in that row, or with another symbol, ends
    it. A chain is worth the sum of its symbols' values; the row scores its most valuable chain.

    Args:
        cards (Sequence[PaintingCard]): the component cards, ``cards[n - 1]`` is card ``n``.
        collection (Sequence[int]): card numbers in collection order (left to right).
        single_card (bool): a chain of one card scores (the default of docs/rulings/art_gallery.md §2.3);
            ``False``: chains need two cards or more.

    Returns:
        list[int]: one score per row (4 entries).
    """
    out = []
    for r in range(ROWS):
        best = run = length = 0
        prev = None
        for n in collection:
            card = cards[n - 1]
            sym = card.symbols[r]
            if sym == BLANK:
                prev, run, length = None, 0, 0
                continue
            if sym == prev:
                run += card.values[r]
                length += 1
            else:
                prev, run, length = sym, card.values[r], 1
            if run > best and (single_card or length >= 2):
                best = run
        out.append(best)
    return out
