"""Exports keep secrets (issue 24): ``jupyter nbconvert --execute`` runs a notebook and stores
every widget message it receives as the notebook's widget state (the HTML export embeds it).
A board of a game with secrets made in a kernel syncs only what a spectator sees until a live
view opens it (``GameBoard.awaiting_view``, the view's ``hello`` request), so an executed
export holds no hand, face-down bid or legal move of anyone, while the printed outputs and
the board's static picture are unchanged. Run with nbclient, which is what nbconvert's
``--execute`` uses, with its default ``store_widget_state=True``."""

from __future__ import annotations

import json
import pathlib

import nbformat
import pytest

import zongshi_widgets as zw

_ROOT = pathlib.Path(__file__).resolve().parents[2]
#: the package's games with secrets (the tests' own games are not registered in a new kernel)
HIDDEN = [n for n in ("art_gallery", "gembloq", "majolica", "zongshi") if zw.game_type(n).hidden_information]

CELL = """
import json
import zongshi_widgets as zw
from zongshi_widgets.widgets import board_class
board = board_class({name!r})(players={players}, seats=["human"] + ["greedy"] * {bots}, seed=4)
display(board)
secret = board.state.private_view(0)
print(json.dumps({{"private": sorted(secret), "awaiting": board.awaiting_view}}))
"""


@pytest.mark.parametrize("name", HIDDEN)
def test_an_executed_export_holds_no_secret_of_a_board(name):
    nbclient = pytest.importorskip("nbclient")
    players = zw.game(name).players
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(CELL.format(name=name, players=players, bots=players - 1))]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbclient.NotebookClient(nb, timeout=300, kernel_name="python3", store_widget_state=True).execute()
    printed = json.loads(next(o for o in nb.cells[0].outputs if o.get("name") == "stdout")["text"])
    assert printed["private"] and printed["awaiting"] is True  # the seat has secrets; no view opened
    stored = nb.metadata["widgets"]["application/vnd.jupyter.widget-state+json"]["state"]
    boards = [m["state"] for m in stored.values() if "_picture_id" in m["state"]]
    assert boards, "the export stored no board"
    for model in boards:
        view = model["view"]
        assert not set(printed["private"]) & set(view), f"the stored view holds {set(printed['private']) & set(view)}"
        assert view["seat"] is None
        assert model["legal"] == [] and model["hint"] == {}
    # the static picture (public) is still in the outputs, for the exported page
    assert any("zw-static" in json.dumps(o.get("data", {})) for o in nb.cells[0].outputs)


#: the rules notebooks (01_rules and the lesson notebooks after it, 01b_...) and the scoring notebook
#: of each game with secrets (the strategy notebooks' boards are made the same way; their reviews
#: take a minute more each), executed as ``jupyter nbconvert --execute`` runs them
NOTEBOOKS = [path.relative_to(_ROOT).as_posix() for name in HIDDEN for path in sorted((_ROOT / "notebooks" / name).glob("0[12]*.ipynb"))]


@pytest.mark.parametrize("path", NOTEBOOKS)
def test_the_default_export_of_a_game_notebook_holds_no_seat_view(path):
    """The real notebooks, not a made-up cell: every board an executed export stores shows the
    spectator's view (``seat`` None), with no legal move or hint of anyone, and every board's
    static picture is kept for readers without a kernel."""
    from pathlib import Path

    nbclient = pytest.importorskip("nbclient")
    root = Path(__file__).resolve().parents[2]
    nb = nbformat.read(root / path, as_version=4)
    where = {"metadata": {"path": str((root / path).parent)}}
    nbclient.NotebookClient(nb, timeout=600, kernel_name="python3", store_widget_state=True, resources=where).execute()
    stored = nb.metadata["widgets"]["application/vnd.jupyter.widget-state+json"]["state"]
    boards = [m["state"] for m in stored.values() if "_picture_id" in m["state"]]
    assert boards, f"{path}: the export stored no board"
    for model in boards:
        assert model["view"].get("seat") is None, f"{path}: a stored board shows seat {model['view'].get('seat')}"
        assert model["legal"] == [] and model["hint"] == {}
    pictures = sum("zw-static" in json.dumps(o.get("data", {})) for cell in nb.cells if cell.cell_type == "code" for o in cell.get("outputs", []))
    assert pictures, f"{path}: no static picture was kept"
