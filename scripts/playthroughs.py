"""Write (or check) playthrough files: seeded random games recorded as text.

Modelled on OpenSpiel's playthroughs: for every registered game named on the command line,
plays the seeded games of ``cases`` (a seeded uniform random choice among the legal actions)
and writes ``tests/playthroughs/<game>_<players>p_seed<seed>.txt``: a header, one line per
action (``<n>. r<round> <seat> [<number of legal actions>] <action>``; ``r<round>`` left out
for a game without rounds, GembloQ), then the score sheet.
``tests/<game>/test_playthroughs.py`` regenerates them in memory and compares, so a change of
the rules shows up as a diff; after an intended change, rerun this script and review the diff.

Usage::

    python scripts/playthroughs.py art_gallery zongshi      # rewrite those games' files
    python scripts/playthroughs.py gembloq                  # one game per player count, seed 1
    python scripts/playthroughs.py zongshi --check          # exit 1 when a file differs
"""

from __future__ import annotations

import argparse
import pathlib
import random
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import zongshi_widgets as zw  # noqa: E402

OUT = ROOT / "tests" / "playthroughs"
SEED = 1
#: (players, seed) or (players, seed, variant options) per game; a game not listed gets one game
#: per player count, seed ``SEED``. A case with options is written to ``..._seed<seed>_<tag>.txt``.
PLAYTHROUGHS = {
    "zongshi": [(3, 1), (4, 2), (5, 3)],
    "majolica": [(1, 1), (2, 1), (3, 1), (4, 1), (3, 2, {"cascading_bloom": True, "kaleidoscopic": True, "missions": True})],
}
#: File-name tags of option sets.
TAGS = {("cascading_bloom", "kaleidoscopic", "missions"): "all-expansions"}


def record(name: str, players: int, seed: int = SEED, options: dict | None = None) -> str:
    """The playthrough text of one seeded random game of ``name`` (the game's chance and the
    choice of each action both seeded by ``seed``), with the variant ``options`` (keyword
    arguments of ``zw.game``; none by default).

    Returns:
        str: the header, one line per action, a blank line, the final score sheet.
    """
    game = zw.game(name, players=players, **(options or {}))
    state = game.new_state(seed=seed)
    rng = random.Random(seed)
    lines = [f"# {game.game_type.long_name}, {players} players, seed {seed}: random legal actions (random.Random({seed}))", f"# {game!r}"]
    k = 0
    while not state.is_over:
        legal = state.legal_actions()
        action = legal[rng.randrange(len(legal))]
        k += 1
        rnd = state.turn.round
        when = "" if rnd is None else f"r{rnd} "
        lines.append(f"{k}. {when}{game.seat_names[state.to_move]} [{len(legal)}] {action}")
        state = state.play(action)
    lines.append("")
    lines.append(str(state.score_sheet()))
    return "\n".join(lines) + "\n"


def cases(names, with_options: bool = False):
    """``(game, players, seed, path)`` of every playthrough of the named games; with
    ``with_options`` also the variant options: ``(game, players, seed, path, options)``."""
    for name in names:
        gt = zw.game_type(name)
        for case in PLAYTHROUGHS.get(name, [(p, SEED) for p in gt.player_counts]):
            players, seed, options = (*case, None) if len(case) == 2 else case
            tag = "" if not options else "_" + TAGS.get(tuple(sorted(options)), "-".join(sorted(options)))
            path = OUT / f"{name}_{players}p_seed{seed}{tag}.txt"
            yield (name, players, seed, path, options) if with_options else (name, players, seed, path)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("games", nargs="+", choices=sorted(zw.games()), help="registered game names")
    parser.add_argument("--check", action="store_true", help="compare with the files instead of writing them")
    args = parser.parse_args(argv)
    OUT.mkdir(parents=True, exist_ok=True)
    bad = 0
    for name, players, seed, path, options in cases(args.games, with_options=True):
        text = record(name, players, seed, options)
        if args.check:
            same = path.exists() and path.read_text() == text
            bad += not same
            print(f"{'ok  ' if same else 'DIFF'} {path.relative_to(ROOT)}")
        else:
            path.write_text(text)
            print(f"wrote {path.relative_to(ROOT)} ({text.count(chr(10))} lines)")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
