"""Write (or check) the playthrough files of a registered game: seeded random games recorded
as text, one line per action with the number of legal actions, then the score sheet.

Modelled on OpenSpiel's playthroughs: a change of the rules shows up as a diff in
``tests/playthroughs/<game>_<players>p_seed<seed>.txt``; ``tests/<game>/test_playthroughs.py``
regenerates the text and compares.

Usage::

    python scripts/playthroughs.py art_gallery            # rewrite the files of that game
    python scripts/playthroughs.py art_gallery --check    # exit 1 when a file differs
"""

from __future__ import annotations

import argparse
import pathlib
import random
import sys

import zongshi_widgets as zw

OUT = pathlib.Path(__file__).resolve().parent.parent / "tests" / "playthroughs"
SEED = 1


def playthrough(name: str, players: int, seed: int = SEED) -> str:
    """The text of one seeded random game of ``name`` (the game's chance and the choice of
    each action both seeded by ``seed``): a header, ``<n>. <seat> [<legal count>] <action>``
    per action, then the final score sheet."""
    game = zw.game(name, players=players)
    state = game.new_state(seed=seed)
    rng = random.Random(seed)
    lines = [f"# {game.game_type.long_name}, {players} players, seed {seed}: random legal actions (random.Random({seed}))", f"# {game!r}"]
    k = 0
    while not state.is_over:
        legal = state.legal_actions()
        action = legal[rng.randrange(len(legal))]
        k += 1
        turn = state.turn
        lines.append(f"{k}. r{turn.round} {game.seat_names[state.to_move]} [{len(legal)}] {action}")
        state = state.play(action)
    lines.append("")
    lines.append(str(state.score_sheet()))
    return "\n".join(lines) + "\n"


def files(name: str) -> dict[pathlib.Path, str]:
    """``{path: text}`` of every playthrough of ``name`` (one per player count)."""
    return {OUT / f"{name}_{p}p_seed{SEED}.txt": playthrough(name, p) for p in zw.game_type(name).player_counts}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("game", choices=sorted(zw.games()))
    parser.add_argument("--check", action="store_true", help="compare instead of writing")
    args = parser.parse_args(argv)
    bad = 0
    for path, text in files(args.game).items():
        if args.check:
            if not path.exists() or path.read_text() != text:
                print(f"differs: {path}")
                bad += 1
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text)
            print(f"wrote {path}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
