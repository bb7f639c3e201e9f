"""Write (or check) playthrough files: seeded random games recorded as text.

For every registered game named on the command line (default: all registered games except test
games), plays the seeded games listed in ``PLAYTHROUGHS`` with a seeded uniform random choice
among the legal actions and writes ``tests/playthroughs/<game>_<players>p_seed<seed>.txt``:
one line per action (its number, the seat, the number of legal actions, the notation), then
the score sheet. ``tests/<game>/test_playthroughs.py`` regenerates them in memory and
compares; after an intended rules change, rerun this script and review the diff.

Usage: python scripts/playthroughs.py [game ...] [--check]
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
#: (players, seed) per game; games not listed get one game at their default player count.
PLAYTHROUGHS = {"zongshi": [(3, 1), (4, 2), (5, 3)]}


def record(name: str, players: int, seed: int) -> str:
    """The playthrough text of one seeded random game (random choices seeded by ``seed``)."""
    game = zw.game(name, players=players)
    state = game.new_state(seed=seed)
    rng = random.Random(seed)
    lines = [f"# {game.game_type.long_name}, {players} players, seed {seed}: uniform random legal actions (random.Random({seed}))", "# n seat legal action"]
    n = 0
    while not state.is_over:
        legal = state.legal_actions()
        action = legal[rng.randrange(len(legal))]
        n += 1
        lines.append(f"{n} {game.seat_names[state.to_move]} {len(legal)} {action}")
        state = state.play(action)
    lines.append("")
    lines.append(str(state.score_sheet()))
    return "\n".join(lines) + "\n"


def cases(names):
    for name in names:
        gt = zw.game_type(name)
        for players, seed in PLAYTHROUGHS.get(name, [(gt.default_players, 1)]):
            yield name, players, seed, OUT / f"{name}_{players}p_seed{seed}.txt"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("games", nargs="*", help="registered game names (default: every game with playthroughs listed)")
    parser.add_argument("--check", action="store_true", help="compare with the files instead of writing them")
    args = parser.parse_args()
    names = args.games or sorted(PLAYTHROUGHS)
    OUT.mkdir(parents=True, exist_ok=True)
    bad = 0
    for name, players, seed, path in cases(names):
        text = record(name, players, seed)
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
