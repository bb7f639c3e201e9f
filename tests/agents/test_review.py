"""Game review (issue 21, "Game review"): ``zw.review`` judges every decision of a game with
the game's MCTS, from what the deciding seat could see.

Small budgets (a few iterations per decision) and short lines keep this file fast; the
benchmark ``benchmarks/review.py`` reviews whole bot games.
"""

from __future__ import annotations

import math
import random

import matplotlib
import pytest

import zongshi_widgets as zw
from zongshi_widgets.agents import GameReview, ReviewedDecision, agent
from zongshi_widgets.agents.majolica import MajolicaMCTS
from zongshi_widgets.agents.review import MISTAKE_POINTS, MISTAKE_WIN_RATE

matplotlib.use("Agg")

#: (game, players): each game's smallest table, and the solo games.
TABLES = [("gembloq", 2), ("art_gallery", 2), ("zongshi", 3), ("majolica", 2), ("majolica", 1), ("gembloq", 1)]


def _line(name: str, players: int, plies: int, seed: int = 3):
    """The state after ``plies`` actions of a seeded game (greedy in seat 0, random elsewhere)."""
    game = zw.game(name, players=players)
    state = game.new_state(seed=seed)
    bots = [agent("greedy" if s == 0 else "random", seed=seed + s, game=game) for s in range(players)]
    while not state.is_over and len(state.history) < plies:
        state = state.play(bots[state.to_move].choose(state))
    return state


def _facts(d: ReviewedDecision, with_after: bool = True) -> tuple:
    """A decision as plain values (rounded against float noise in sums)."""
    out = (
        d.ply,
        d.seat,
        str(d.action),
        d.text,
        str(d.best),
        d.best_text,
        tuple(round(v, 12) for v in d.before),
        round(d.played_value, 12),
        round(d.best_value, 12),
        round(d.loss, 12),
        d.mistake,
        d.played_visits,
        d.best_visits,
    )
    return out + (tuple(round(v, 12) for v in d.after),) if with_after else out


@pytest.mark.parametrize(("name", "players"), TABLES, ids=[f"{n}-{p}p" for n, p in TABLES])
def test_a_review_with_a_seed_and_iterations_is_reproducible_and_well_formed(name, players):
    state = _line(name, players, plies=14)
    first = zw.review(state, iterations=6, seed=4)
    again = zw.review(state, iterations=6, seed=4)
    assert [_facts(d) for d in first.decisions] == [_facts(d) for d in again.decisions]
    assert first.complete and first.players == players and first.solo == (players == 1)
    assert first.bot == "mcts[6 it]" and first.iterations == 6 and first.budget == 0.2
    assert first.decisions, "the line has decisions to review"
    plies = [d.ply for d in first.decisions]
    assert plies == sorted(plies) and len(set(plies)) == len(plies)
    # every reviewed ply is a real decision of the line (two or more legal actions), and every
    # real decision of the line is reviewed
    states = [state.game.new_state(seed=3)]
    for a in state.history:
        states.append(states[-1].play(a))
    real = [i for i, s in enumerate(states[:-1]) if len(s.legal_actions()) > 1]
    assert plies == real
    for d in first.decisions:
        before = states[d.ply]
        assert d.seat == before.to_move and str(d.action) == str(state.history[d.ply])
        assert str(d.best) in {str(a) for a in before.legal_actions()}
        assert len(d.before) == len(d.after) == players
        assert d.loss >= 0 and d.loss == pytest.approx(max(0.0, (d.best_value - d.played_value) * (-1 if first.lower_wins and players == 1 else 1)))
        assert d.best_value == pytest.approx(d.before[d.seat])
        assert d.mistake == (d.loss >= first.mistake_threshold and str(d.best) != str(d.action))
        assert d.played_visits >= 1 and d.best_visits >= 1 and d.iterations == 6
        if players > 1:
            assert all(0 <= v <= 1 for v in d.before) and sum(d.before) == pytest.approx(1.0)
    # after of a decision is before of the next
    for a, b in zip(first.decisions, first.decisions[1:]):
        assert a.after == b.before
    assert first.mistake_threshold == (MISTAKE_POINTS if players == 1 else MISTAKE_WIN_RATE)


def test_the_played_move_is_valued_even_where_the_bot_prunes_its_root():
    # GembloQ's tree weighs only the 12 best placements by greedy_value; Majolica's root only
    # the 6 best takes: the worst placement / take must still get its own value
    game = zw.game("gembloq", players=2)
    state = game.new_state(seed=1)
    legal = list(state.legal_actions())
    worst = min(legal, key=lambda p: (state.greedy_value(p), str(p)))
    r = zw.review(state.play(worst), iterations=20, seed=1)
    (d,) = r.decisions
    assert str(d.action) == str(worst) and d.played_visits >= 1
    assert str(d.best) != str(worst)

    game = zw.game("majolica", players=2)
    state = game.new_state(seed=2)
    while state.step != "select" or len(state.legal_actions()) <= MajolicaMCTS.widest_select:
        state = state.play(state.legal_actions()[0])
    bot = agent("mcts", seed=0, game=game, iterations=10)
    taken = set(bot.root_takes(state, state.to_move, list(state.legal_actions())))
    outside = next(a for a in state.legal_actions() if a not in taken)
    ply = len(state.history)
    r = zw.review(state.play(outside), iterations=10, seed=1)
    d = next(d for d in r.decisions if d.ply == ply)
    assert d.action == outside and d.played_visits >= 1


def test_the_seat_filter_reviews_only_that_seat_with_the_same_values():
    state = _line("art_gallery", 2, plies=16)
    every = zw.review(state, iterations=5, seed=2)
    one = zw.review(state, seat=1, iterations=5, seed=2)
    assert one.seat == 1 and one.decisions and all(d.seat == 1 for d in one.decisions)
    assert [d.ply for d in one.decisions] == [d.ply for d in every.decisions if d.seat == 1]
    # each decision's search depends only on the seed and its ply: the same values either way
    assert [_facts(d, with_after=False) for d in one.decisions] == [_facts(d, with_after=False) for d in every.decisions if d.seat == 1]
    # with a filter, after is the same seat's next estimate
    for a, b in zip(one.decisions, one.decisions[1:]):
        assert a.after == b.before


def test_progress_is_reported_and_stop_ends_the_review_early():
    state = _line("gembloq", 2, plies=10)
    calls = []
    full = zw.review(state, iterations=3, progress=lambda done, total: calls.append((done, total)))
    n = len(full.decisions)
    assert n >= 4 and calls == [(k, n) for k in range(1, n + 1)]
    polls = []

    def stop():
        polls.append(1)
        return len(polls) > 3

    part = zw.review(state, iterations=3, stop=stop)
    assert not part.complete and len(part.decisions) == 3
    assert [_facts(d, with_after=False) for d in part.decisions] == [_facts(d, with_after=False) for d in full.decisions[:3]]
    assert "stopped early" in repr(part)


def test_a_finished_game_ends_on_the_final_result_and_a_timeline_reviews_its_line():
    game = zw.game("gembloq", players=2)
    state = game.new_state(seed=5)
    bots = [agent("greedy", seed=1, game=game), agent("random", seed=2, game=game)]
    timeline = zw.Timeline(state)
    while not state.is_over:
        state = timeline.play(bots[state.to_move].choose(state))
    # review only the last few decisions: the line from the position 6 plies before the end
    start = game.new_state(seed=5)
    for a in state.history[:-6]:
        start = start.play(a)
    short = zw.Timeline(start)
    for a in state.history[-6:]:
        short.play(a)
    short.goto(0)  # the current line runs on past the cursor, along the branch visited last
    r = zw.review(short, iterations=4)
    assert r.complete and r.decisions
    assert r.decisions[-1].after == tuple(zw.agents.win_shares(state))
    assert all(d.ply >= len(state.history) - 6 for d in r.decisions)
    whole = zw.review(state, iterations=4, seed=0)
    tail = [d for d in whole.decisions if d.ply >= len(state.history) - 6]
    assert [_facts(d) for d in r.decisions] == [_facts(d) for d in tail]


def _consistent_line(name: str, players: int, seed: int, steps: int):
    """Two truths of one game that the seat to move cannot tell apart (the second: the first's
    position re-dealt by ``determinize`` for that seat, posed with ``from_position``), and the
    same line of actions played on both: the seat's own actions at random, the other seats'
    among those legal in both truths that leave the seat's view the same in both."""
    game = zw.game(name, players=players)
    rng = random.Random(seed)
    state = game.new_state(seed=seed)
    while len(state.history) < 6 or len(state.legal_actions()) < 2:
        state = state.play(rng.choice(state.legal_actions()))
    seat = state.to_move
    real = game.from_position(state.position(), seed=seed)
    other = game.from_position(state.determinize(seat, random.Random(seed + 1)).position(), seed=seed)
    assert real.view(seat) == other.view(seat)
    redealt = real.digest() != other.digest()
    own = 0
    for _ in range(steps):
        if real.is_over:
            break
        if real.to_move == seat:
            legal = [str(a) for a in real.legal_actions()]
            assert legal == [str(a) for a in other.legal_actions()]
            own += len(legal) > 1
            choices = legal
        else:
            choices = sorted({str(a) for a in real.legal_actions()} & {str(a) for a in other.legal_actions()})
        rng.shuffle(choices)
        # an action after which the seat still cannot tell the truths apart (a draw from the
        # re-dealt deck may show it something new: then the line ends there)
        for a in choices:
            r2, o2 = real.play(a), other.play(a)
            if r2.view(seat) == o2.view(seat):
                real, other = r2, o2
                break
        else:
            if real.to_move == seat and choices:
                real, other = real.play(choices[0]), other.play(choices[0])
            break
    return seat, real, other, redealt, own


@pytest.mark.parametrize(("name", "players"), [("art_gallery", 2), ("zongshi", 3), ("majolica", 2), ("sealed_bids", 2)])
def test_a_review_never_reads_what_the_seat_could_not_see(name, players):
    seat, real, other, redealt, own = _consistent_line(name, players, seed=21, steps=14)
    assert redealt, "the other truth re-dealt nothing: the test would prove nothing"
    assert own >= 2, "the line holds too few of the seat's decisions"
    a = zw.review(real, seat=seat, iterations=6, seed=9)
    b = zw.review(other, seat=seat, iterations=6, seed=9)
    assert len(a.decisions) >= 2
    assert [_facts(d) for d in a.decisions] == [_facts(d) for d in b.decisions]


#: A GembloQ solo position (blue, one colour alone, 17 pieces down; found in a seeded random
#: game): of its 13 placements, the worst leaves 14 penalty points whatever follows, the best
#: 9 whatever follows (checked below by trying every continuation).
SOLO_BLUE = {
    "blue": [
        "l20,m20,l21,m21,n21,o21,n22,o22",
        "l16,j17,k17,l17,j18,k18,l18,m18,l19,m19",
        "t20,r21,s21,t21,r22,s22",
        "d12,e12,d13,e13,f13,g13,j13,k13,f14,g14,h14,i14,j14,k14,l14,m14,h15,i15,l15,m15",
        "t18,u18,x18,y18,t19,u19,v19,w19,x19,y19,v20,w20,x20,y20,x21,y21",
        "f7,g7,j7,k7,f8,g8,h8,i8,j8,k8,f9,g9,h9,i9,d10,e10,f10,g10,d11,e11",
        "x12,y12,x13,y13,z13,aa13,x14,y14,z14,aa14,v15,w15,x15,y15,v16,w16,x16,y16,x17,y17",
        "ac10,ac11,ad11,ae11,ad12,ae12,af12,ag12,ad13,ae13,af13,ag13,ad14,ae14,af14,ag14,af15,ag15",
        "af6,ag6,z7,aa7,ad7,ae7,af7,ag7,z8,aa8,ab8,ac8,ad8,ae8,ab9,ac9",
        "p14,q14,p15,q15,r15,s15,p16,q16,r16,s16,o17,p17,q17,o18",
        "v3,w3,z3,aa3,v4,w4,x4,y4,z4,aa4,v5,w5,x5,y5,z5,aa5,v6,w6,z6,aa6",
        "af4,ag4,af5,ag5",
        "p6,q6,n7,o7,p7,q7,r7,s7,n8,o8,p8,q8,r8,s8,p9,q9,r9,s9,r10,s10,t10,t11",
        "aj14,ak14,an14,ao14,aj15,ak15,al15,am15,an15,ao15,al16,am16",
        "ap9,aq9,aj10,ak10,an10,ao10,ap10,aq10,aj11,ak11,al11,am11,an11,ao11,al12,am12,an12,ao12,an13,ao13",
        "af16,ag16,af17,ag17,ah17,ai17,af18,ag18,ah18,ai18,ad19,ae19,af19,ag19,ab20,ac20,ad20,ae20,ab21,ac21",
        "al5,am5,aj6,ak6,al6,am6,an6,ao6,aj7,ak7,al7,am7,an7,ao7,al8,am8",
    ],
    "to_play": "blue",
}


def _penalty_span(state) -> tuple[float, float]:
    """The fewest and the most penalty points any continuation of a solo game ends with."""
    if state.is_over:
        p = float(state.score_sheet().totals[0])
        return p, p
    spans = [_penalty_span(state.play(a)) for a in state.legal_actions()]
    return min(s[0] for s in spans), max(s[1] for s in spans)


def test_a_clearly_losing_move_is_flagged_with_a_winning_move_as_best():
    game = zw.game("gembloq", players=1)
    state = game.from_position(SOLO_BLUE, seed=1)
    legal = list(state.legal_actions())
    spans = {str(a): _penalty_span(state.play(a)) for a in legal}
    best_worst = min(hi for _, hi in spans.values())  # the best placement's worst outcome
    losing = max(legal, key=lambda a: (spans[str(a)][0], str(a)))  # the best outcome is the worst
    assert spans[str(losing)][0] - best_worst >= 2 * MISTAKE_POINTS, "the position has no clearly losing move"
    good = {k for k, (lo, hi) in spans.items() if hi == best_worst}

    r = zw.review(state.play(losing), iterations=80, seed=0)
    d = r.decisions[0]
    assert d.ply == 0 and str(d.action) == str(losing)
    assert d.mistake and r.mistakes()[0] == d
    assert str(d.best) in good, f"the search's best {d.best_text} is not one of the placements that always end on {best_worst} points"
    assert d.loss >= MISTAKE_POINTS and d.played_value == pytest.approx(spans[str(losing)][0])
    # and the winning move itself is not flagged
    winner = next(a for a in legal if str(a) in good)
    ok = zw.review(state.play(winner), iterations=80, seed=0)
    assert not ok.decisions[0].mistake


#: An Art Gallery 2-player position at the very end of a greedy game (seed 4, ply 307): red
#: takes an action card back from Gallery 3 (rulebook, Distribution, Gallery 3), 2 or 7, and
#: the rest of the game (checked below by trying every continuation) is won with the 7 and
#: lost with the 2.
LAST_PICK = {
    "round": 15,
    "turn": 188,
    "start_card": 0,
    "step": "return",
    "hands": [[2, 5, 5, 8], [0, 6, 6, 7]],
    "pawns": [1, 3],
    "movement_cards": [[1, 0, 3, 4], [1, 3, 4, 8]],
    "set_aside": [[], []],
    "bars": {"G3": [[0], [1]]},
    "paintings": {"G1": 0, "G2": 0, "G3": 0, "G4": 20},
    "pile": [16],
    "stacks": {"1": [], "3": [35, 2, 32, 3], "5": [15, 11, 29, 41, 47, 39, 28, 27], "7": [13, 33, 20, 37, 19, 1]},
    "collections": [
        {
            "cards": [17, 41, 40, 22, 33, 11, 28, 47, 14, 3, 37, 43, 12, 21, 23, 9, 38, 46, 27, 24, 4, 36, 2, 5, 31],
            "tiles": [12, 31, 4, 42, 38, 43, 18, 6, 17, 40, 34, 21],
        },
        {
            "cards": [13, 44, 8, 35, 48, 32, 39, 30, 29, 1, 42, 25, 18, 19, 34, 45, 6, 10, 26, 15, 7],
            "tiles": [23, 8, 30, 7, 22, 5, 48, 36, 25, 16, 10, 44, 26, 24, 45, 46, 14, 9],
        },
    ],
    "to_move": 0,
    "area": "G3",
    "pool": [2, 7],
}


def _share_span(state, seat: int) -> tuple[float, float]:
    """The lowest and the highest win share of ``seat`` over every continuation."""
    if state.is_over:
        v = zw.agents.win_shares(state)[seat]
        return v, v
    spans = [_share_span(state.play(a), seat) for a in state.legal_actions()]
    return min(s[0] for s in spans), max(s[1] for s in spans)


def test_a_losing_last_pick_is_flagged_with_the_winning_one_as_best():
    state = zw.game("art_gallery", players=2).from_position(LAST_PICK, seed=1)
    seat = state.to_move
    spans = {str(a): _share_span(state.play(a), seat) for a in state.legal_actions()}
    assert spans == {"pick 7": (1.0, 1.0), "pick 2": (0.0, 0.0)}, spans
    r = zw.review(state.play("pick 2"), iterations=30, seed=0)
    d = r.decisions[0]
    assert (d.ply, d.seat, str(d.action), str(d.best)) == (0, seat, "pick 2", "pick 7")
    assert d.mistake and r.mistakes() == [d] and d.loss >= 0.5
    assert (d.text, d.best_text) == ("take back 2", "take back 7")
    assert not zw.review(state.play("pick 7"), iterations=30, seed=0).decisions[0].mistake


def test_mistakes_are_ranked_by_loss_and_the_threshold_is_honoured():
    state = _line("art_gallery", 2, plies=16)
    r = zw.review(state, iterations=4, seed=1, mistake_threshold=0.0)
    flagged = r.mistakes()
    assert flagged == [d for d in sorted(r.decisions, key=lambda d: (-d.loss, d.ply)) if d.mistake]
    assert all(str(d.best) != str(d.action) for d in flagged)
    assert r.mistakes(2) == flagged[:2]
    never = zw.review(state, iterations=4, seed=1, mistake_threshold=2.0)  # a win rate cannot drop by 2
    assert never.mistakes() == []
    with pytest.raises(ValueError):
        r.mistakes(-1)


@pytest.mark.parametrize(("name", "players"), [("art_gallery", 3), ("gembloq", 1)])
def test_the_plot_has_one_line_per_seat_and_the_frame_one_row_per_decision(name, players):
    state = _line(name, players, plies=12)
    r = zw.review(state, iterations=4, seed=1, mistake_threshold=0.0)
    ax = r.plot()
    assert len(ax.get_lines()) == players
    assert ("win rate" in ax.get_ylabel()) == (players > 1)
    assert ("points" in ax.get_ylabel()) == (players == 1)
    assert "ply" in ax.get_xlabel()
    n = len(r.decisions)
    for line in ax.get_lines():
        assert len(line.get_xdata()) == n + 1  # each decision, and the last one's after
    if r.mistakes():
        assert ax.collections, "mistakes are marked"
    frame = r.to_frame()
    assert len(frame) == n
    expected = "ply seat action text best best_text played_value best_value loss mistake played_visits best_visits iterations".split()
    assert list(frame.columns) == expected + [f"before_{s}" for s in range(players)] + [f"after_{s}" for s in range(players)]
    assert list(frame["ply"]) == [d.ply for d in r.decisions]
    import matplotlib.pyplot as plt

    plt.close("all")


def test_a_position_without_history_gives_an_empty_review():
    game = zw.game("art_gallery", players=2)
    start = game.new_state(seed=1)
    for state in (start, start.play(start.legal_actions()[0]).determinize(0, random.Random(1))):
        r = zw.review(state, iterations=3)
        assert isinstance(r, GameReview) and r.decisions == [] and r.complete
        assert r.mistakes() == [] and len(r.to_frame()) == 0
        assert len(r.plot().get_lines()) == 2


def test_bad_input_is_refused_in_words():
    state = _line("gembloq", 2, plies=4)
    with pytest.raises(TypeError, match="Timeline"):
        zw.review("gembloq")
    with pytest.raises(TypeError, match="Timeline"):
        zw.review(state.history)
    for bad in (0, -1, math.inf, math.nan, "1", True):
        with pytest.raises(ValueError, match="budget"):
            zw.review(state, budget=bad)
    with pytest.raises(ValueError, match="iterations"):
        zw.review(state, iterations=0)
    with pytest.raises(TypeError, match="iterations"):
        zw.review(state, iterations=2.5)
    with pytest.raises(ValueError, match="seats 0..1"):
        zw.review(state, seat=5)
    with pytest.raises(ValueError, match="clock"):
        zw.review(state, clock="sundial")
    with pytest.raises(ValueError, match="MCTS"):
        zw.review(state, bot="greedy")
    with pytest.raises(KeyError):
        zw.review(state, bot="nobody")
    with pytest.raises(TypeError, match="progress"):
        zw.review(state, progress=3)
    with pytest.raises(ValueError, match="mistake_threshold"):
        zw.review(state, mistake_threshold=-0.1)
    with pytest.raises(ValueError, match="scratch"):
        zw.review(state.scratch() if state.scratch() is not state else _scratch_majolica())


def _scratch_majolica():
    s = zw.game("majolica", players=2).new_state(seed=1)
    s = s.play(s.legal_actions()[0])
    return s.scratch()


def test_a_time_budget_runs_on_the_cpu_clock_by_default():
    state = _line("gembloq", 2, plies=3)
    r = zw.review(state, budget=0.01)
    assert r.bot == "mcts[0.01s cpu]" and r.budget == 0.01 and r.iterations is None
    assert r.decisions and all(d.iterations >= 1 for d in r.decisions)
    wall = zw.review(state, budget=0.01, clock="wall")
    assert wall.bot == "mcts[0.01s]" and len(wall.decisions) == len(r.decisions)
