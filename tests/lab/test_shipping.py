"""The design lab as a class uses it: bots written in a notebook cell and edited component files,
played under every start method, on a Dask cluster, with workers that die (issue: "The design
lab, as a real class uses it").

A notebook cell's code lives in ``__main__`` with no file behind it; the tests run such code
with ``python -c`` in a fresh interpreter, so that nothing of the test process (pytest's own
module import) can help the workers find it.
"""

from __future__ import annotations

import importlib
import io
import json
import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pandas as pd
import pytest

import zongshi_widgets as zw
from zongshi_widgets.agents import Agent, RandomAgent
from zongshi_widgets.agents import agent as zongshi_widgets_agent
from zongshi_widgets.lab import ShippingError, SimulationFailed, simulate

simulate_module = importlib.import_module("zongshi_widgets.lab.simulate")

REPO = Path(__file__).resolve().parents[2]
ART_COMPONENTS = REPO / "zongshi_widgets" / "games" / "art_gallery" / "data" / "components.toml"

#: A notebook cell: a bot class of its own (holding a lambda, which plain pickle refuses) and a
#: variant of the rules made by subclassing, both in ``__main__``.
NOTEBOOK_CELL = """
import json, sys
import zongshi_widgets as zw
from zongshi_widgets.agents import Agent
from zongshi_widgets.lab import balance_report, compare_variants, simulate

class FirstOrLast(Agent):
    name = "first-or-last"

    def __init__(self, seed=None):
        super().__init__(seed)
        self.pick = lambda legal, rng: legal[0] if rng.random() < 0.5 else legal[-1]

    def decide(self, state, seat):
        return self.pick(state.legal_actions(), self.rng)

game = zw.game("art_gallery", players=3)
bots = [FirstOrLast(), "greedy", "random"]
out = {}
for jobs, method in [(1, None), (2, "spawn"), (2, "forkserver")]:
    table = simulate(game, bots, games=4, seed=5, jobs=jobs, start_method=method).drop(columns="seconds")
    out[f"{jobs}/{method}"] = table.to_json(orient="split")
variants = compare_variants("art_gallery", {"printed": {}, "same again": {}}, bots, games=3, seed=1, jobs=2, start_method="spawn")
out["variants"] = variants.seats.to_json(orient="split")
out["report"] = str(balance_report(simulate(game, bots, games=3, seed=1, jobs=2)))[:40]
print("TABLES " + json.dumps(out))
"""


def _python(code: str, timeout: float = 600) -> subprocess.CompletedProcess:
    """Run ``code`` in a fresh interpreter, in ``__main__`` without a file (as a notebook cell)."""
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=timeout, env=env, cwd=str(REPO))


def _tables(result: subprocess.CompletedProcess) -> dict:
    assert result.returncode == 0, result.stderr[-3000:]
    line = next(line for line in result.stdout.splitlines() if line.startswith("TABLES "))
    return json.loads(line.removeprefix("TABLES "))


def test_a_bot_from_a_notebook_cell_plays_under_spawn_and_forkserver_with_one_table():
    tables = _tables(_python(NOTEBOOK_CELL))
    frames = {k: pd.read_json(io.StringIO(v), orient="split") for k, v in tables.items() if "/" in k}
    one = frames.pop("1/None")
    assert len(one) == 4 * 3 and one["bot"].tolist()[:3] == ["first-or-last", "greedy", "random"]
    for label, frame in frames.items():
        pd.testing.assert_frame_equal(one, frame, obj=label)
    assert "variants" in tables and tables["report"]


def test_the_shipped_strategy_notebook_code_runs_under_spawn():
    """notebooks/gembloq/03_strategy.ipynb defines its own bot in a cell and simulates with it
    on local processes: run those cells' code as the notebook's kernel would, under spawn."""
    import nbformat

    nb = nbformat.read(REPO / "notebooks" / "gembloq" / "03_strategy.ipynb", as_version=4)
    cells = [c.source for c in nb.cells if c.cell_type == "code"]
    uses = [i for i, src in enumerate(cells) if "simulate(" in src]
    assert uses, "the strategy notebook no longer simulates"
    code = "\n".join(src for src in cells[: uses[0] + 1] if not src.lstrip().startswith(("%", "!")))
    code = re.sub(r"^(\s*)(\w+Board\()", r"\1_board = \2", code, flags=re.M)  # boards need no front end here
    result = _python("import multiprocessing\n" + code + "\nprint('TABLES {}')")
    assert result.returncode == 0, result.stderr[-3000:]


class _Generator(Agent):
    """A bot that keeps a generator object: it cannot be pickled."""

    name = "generator"

    def __init__(self, seed=None):
        super().__init__(seed)
        self.moves = (i for i in range(10**6))

    def decide(self, state, seat):
        next(self.moves)
        return state.legal_actions()[0]


class _Locked(RandomAgent):
    """A bot holding a lock: it copies itself with a fresh lock, but it cannot be pickled."""

    def __init__(self, seed=None):
        import threading

        super().__init__(seed)
        self.lock = threading.Lock()

    def __deepcopy__(self, memo):
        twin = _Locked()
        twin.rng.setstate(self.rng.getstate())
        return twin


def test_a_bot_that_cannot_be_shipped_is_refused_before_any_game_naming_what_and_why(monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("a game was played or a pool started before the bots were checked")

    monkeypatch.setattr(simulate_module, "_run_local", refuse)
    game = zw.game("gembloq", players=2)
    with pytest.raises(ShippingError) as err:
        simulate(game, ["greedy", _Generator()], games=4, jobs=2)
    message = str(err.value)
    assert "seat 1" in message and "'moves'" in message and "generator" in message and "inside decide()" in message
    assert isinstance(err.value, TypeError)  # what a bad argument is
    # in this process it is not shipped, but every game plays a copy of it: refused as clearly
    with pytest.raises(ShippingError, match="seat 1.*cannot be copied.*'moves'.*generator"):
        simulate(game, ["greedy", _Generator()], games=1, jobs=1)
    # a bot that copies (its own __deepcopy__) but does not pickle: refused for workers only
    with pytest.raises(ShippingError, match="seat 0.*cannot be sent to worker processes: its attribute 'lock'.*jobs=1"):
        simulate(game, [_Locked(), "random"], games=4, jobs=2)
    monkeypatch.undo()
    assert len(simulate(game, [_Locked(), "random"], games=2, jobs=1)) == 4


def test_a_bot_holding_a_lambda_plays_on_local_processes():
    class Lambda(RandomAgent):
        def __init__(self, seed=None):
            super().__init__(seed)
            self.key = lambda action: str(action)

    game = zw.game("gembloq", players=2)
    one = simulate(game, [Lambda(), "random"], games=2, seed=3, jobs=1).drop(columns="seconds")
    two = simulate(game, [Lambda(), "random"], games=2, seed=3, jobs=2).drop(columns="seconds")
    pd.testing.assert_frame_equal(one, two)


class _FromNowhere(RandomAgent):
    """A bot whose pickle names a module the workers cannot import (as a bot from a module of
    one's own that a cluster's workers do not have)."""

    def __deepcopy__(self, memo):
        return _FromNowhere()

    def __reduce__(self):
        return importlib.import_module, ("zw_no_such_module_on_the_workers",)


def test_workers_that_cannot_unpack_the_bots_say_so_before_any_game():
    game = zw.game("gembloq", players=2)
    with pytest.raises(SimulationFailed, match="could not unpack the game and bots: ModuleNotFoundError.*install it there"):
        simulate(game, ["random", _FromNowhere()], games=3, jobs=2)


def test_workers_with_another_version_are_refused():
    game = zw.game("gembloq", players=2)
    theirs = {**simulate_module._fingerprint(game, 0), "zongshi_widgets": "0.0.1"}
    with pytest.raises(SimulationFailed, match="zongshi_widgets version is '0.0.1'"):
        simulate_module._check_probe(theirs, game, 0, "Dask workers")
    simulate_module._check_probe(simulate_module._fingerprint(game, 0), game, 0, "Dask workers")  # the same: accepted


def _doubled_values(text: str) -> str:
    """Every painting card's symbol values doubled (a teacher's edit of the card file)."""
    return re.sub(r"^values = \[([^\]]*)\]", lambda m: "values = [" + ", ".join(str(2 * int(v)) for v in m.group(1).split(",")) + "]", text, flags=re.M)


class _DiesOnce(RandomAgent):
    """A random bot that kills its worker process the first time it plays there (never in the
    process that made it), as a worker killed mid-run."""

    name = "dies-once"

    def __init__(self, marker: str, seed=None, always: bool = False):
        super().__init__(seed)
        self.marker, self.home, self.always = marker, os.getpid(), always

    def decide(self, state, seat):
        if os.getpid() != self.home and (self.always or not os.path.exists(self.marker)):
            Path(self.marker).touch()
            os.kill(os.getpid(), 9)
        return super().decide(state, seat)

    def reseed(self, seed):
        super().reseed(seed)


def test_a_local_worker_killed_mid_run_costs_nothing_and_one_that_always_dies_fails_clearly(tmp_path):
    game = zw.game("gembloq", players=2)
    bots = ["random", _DiesOnce(str(tmp_path / "died"))]
    expected = simulate(game, bots, games=6, seed=2, jobs=1).drop(columns="seconds")
    table = simulate(game, bots, games=6, seed=2, jobs=2).drop(columns="seconds")
    assert (tmp_path / "died").exists(), "no worker was killed: the test tests nothing"
    pd.testing.assert_frame_equal(expected, table)
    with pytest.raises(SimulationFailed, match="a worker process died 3 times.*seeds.*no table is returned") as err:
        simulate(game, ["random", _DiesOnce(str(tmp_path / "again"), always=True)], games=4, seed=0, jobs=2)
    assert err.value.games == 4 and err.value.played < 4


def test_progress_is_shown_by_default_in_notebooks_and_terminals_only(monkeypatch, capsys):
    assert simulate_module._show_progress(None) is False  # under pytest: neither
    assert simulate_module._show_progress(True) is True and simulate_module._show_progress(False) is False
    monkeypatch.setattr(simulate_module, "_in_notebook", lambda: True)
    assert simulate_module._show_progress(None) is True
    simulate(zw.game("gembloq", players=2), ["random", "random"], games=3, jobs=1, progress=True)
    bar = capsys.readouterr().err
    assert "gembloq games" in bar and "3/3" in bar and "game/s" in bar


def test_an_unknown_start_method_is_refused():
    with pytest.raises(ValueError, match="start_method must be one of spawn"):
        simulate(zw.game("gembloq", players=2), ["random", "random"], games=2, start_method="thread")


def test_the_command_line_says_its_version_and_one_line_for_an_unreachable_scheduler():
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    version = subprocess.run([sys.executable, "-m", "zongshi_widgets.lab.cli", "--version"], capture_output=True, text=True, env=env)
    assert version.returncode == 0 and version.stdout.startswith(f"zongshi-widgets {zw.__version__}")
    argv = ["simulate", "gembloq", "--players", "2", "--games", "2", "--no-progress", "--scheduler", "tcp://127.0.0.1:9", "--connect-timeout", "2"]
    gone = subprocess.run([sys.executable, "-m", "zongshi_widgets.lab.cli", *argv], capture_output=True, text=True, env=env, timeout=120)
    assert gone.returncode == 1
    lines = [line for line in gone.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and "no Dask scheduler answered within 2 s" in lines[0], gone.stderr


def test_a_script_with_a_main_guard_simulates_on_spawned_processes(tmp_path):
    """Spawned processes import the script that started them: a script keeps its work under
    ``if __name__ == "__main__":`` (as simulate's docstring says) and then plays on them."""
    script = tmp_path / "lab_script.py"
    script.write_text(
        textwrap.dedent(
            """
            import zongshi_widgets as zw
            from zongshi_widgets.lab import simulate
            if __name__ == "__main__":
                print(len(simulate(zw.game("gembloq", players=2), ["random", "random"], games=2, jobs=2)))
            """
        )
    )
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    ran = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, env=env, timeout=300)
    assert ran.returncode == 0 and ran.stdout.strip() == "4", ran.stderr[-2000:]


class _Wrapper(Agent):
    """A bot written as a notebook would: it keeps a greedy bot made without a seed and asks it
    for most of its moves."""

    name = "wrapper"

    def __init__(self, seed=None):
        super().__init__(seed)
        self.inner = zongshi_widgets_agent("greedy", game="art_gallery")

    def decide(self, state, seat):
        if self.rng.random() < 0.2:
            return self.rng.choice(state.legal_actions())
        return self.inner.decide(state, seat)


def test_a_bot_that_keeps_another_bot_gives_one_table_however_often_it_is_made():
    """simulate reseeds every bot for every game; the bots a bot keeps are reseeded with it
    (else each new instance would break the inner bot's ties from a fresh OS seed)."""
    game = zw.game("art_gallery", players=3)
    tables = [simulate(game, [_Wrapper(), "greedy", "random"], games=3, seed=0, jobs=1).drop(columns="seconds") for _ in range(3)]
    tables.append(simulate(game, [_Wrapper(), "greedy", "random"], games=3, seed=0, jobs=2).drop(columns="seconds"))
    for other in tables[1:]:
        pd.testing.assert_frame_equal(tables[0], other)


def test_a_bot_class_given_instead_of_a_bot_is_refused_in_words():
    with pytest.raises(TypeError, match=r"seat 0: _Locked is a bot class; give a bot, an instance of it: _Locked\(\)"):
        simulate(zw.game("gembloq", players=2), [_Locked, "random"], games=2, jobs=1)


def test_the_command_line_prints_the_report_before_a_table_it_cannot_write(capsys):
    from zongshi_widgets.lab.cli import main

    argv = ["simulate", "gembloq", "--players", "2", "--games", "1", "--jobs", "1", "--no-progress", "--out", "/dev/full"]
    assert main(argv) == 1
    out, err = capsys.readouterr()
    assert "win rate" in out.lower() or "seat" in out.lower(), out
    assert "could not be written" in err and "report above is complete" in err
    assert main(["simulate", "gembloq", "--connect-timeout", "-1", "--scheduler", "tcp://127.0.0.1:9"]) == 2
    assert "must be a number of seconds above 0" in capsys.readouterr().err
