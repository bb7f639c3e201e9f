"""MCTS, the games' own evaluations and explain() (issue 14; docs/ARCHITECTURE.md, "Bots").

The rules these bots play by are the engines' (each game's rulebook); what is checked here is
that bots only ever play legal actions, decide only from their seat's information set, are
reproducible with an iteration budget, and that explain() reports what the search found.
"""

from __future__ import annotations

import pickle
import random

import pytest
from playing import random_positions

import zongshi_widgets as zw
from zongshi_widgets.agents import MCTSAgent, agent, agents, explain, win_shares
from zongshi_widgets.agents.art_gallery import ArtGalleryEvaluation
from zongshi_widgets.agents.gembloq import GembloQEvaluation
from zongshi_widgets.agents.zongshi import ZongShiEvaluation
from zongshi_widgets.widgets.session import GameSession

GAMES = ["gembloq", "art_gallery", "zongshi"]


@pytest.mark.parametrize("name", GAMES)
def test_every_game_has_mcts_and_greedy_and_they_play_only_legal_actions(name):
    """Every bot, on positions spread over a game (start to end), returns one of the legal
    actions of the seat to move (each rulebook's turn structure decides what is legal)."""
    assert {"random", "greedy", "mcts"} <= set(agents(name))
    for state in random_positions(name, k=4, seed=2):
        legal = {str(a) for a in state.legal_actions()}
        for bot in ("random", "greedy"):
            assert str(agent(bot, seed=3, game=name).choose(state)) in legal
        mcts = agent("mcts", seed=3, game=name, iterations=25)
        assert str(mcts.choose(state)) in legal
        assert mcts.last_iterations == (1 if len(legal) == 1 else 25)


@pytest.mark.parametrize("name", ["art_gallery", "zongshi"])
def test_a_whole_game_of_mcts_and_greedy_plays_legally_to_the_end(name):
    """A game between MCTS, greedy and random seats goes to its end (rulebook end of game)
    with only legal actions (play() refuses any other)."""
    game = zw.game(name, players=3)
    bots = [agent("mcts", game=game, iterations=8), "greedy", "random"]
    final = zw.lab.play_game(game, bots, seed=4)
    assert final.is_over and sum(win_shares(final)) == pytest.approx(1)


@pytest.mark.parametrize("name", ["art_gallery", "zongshi", "sealed_bids"])
def test_mcts_and_explain_depend_only_on_the_information_set(name):
    """Resample the hidden parts of a position (another deal consistent with what the seat to
    move has seen): MCTS with the same seed makes the same choice and explain() gives the same
    table, visit counts and win rates included."""
    players = zw.game_type(name).default_players
    changed = 0
    for state in random_positions(name, players, seed=6, k=4):
        seat = state.to_move
        other = state.determinize(seat, random.Random(99))
        changed += other.digest() != state.digest()
        a = agent("mcts", seed=5, game=name, iterations=40).choose(state)
        b = agent("mcts", seed=5, game=name, iterations=40).choose(other)
        assert str(a) == str(b)
        ta = explain(state, top=4, seed=5, iterations=40)
        tb = explain(other, top=4, seed=5, iterations=40)
        assert ta.equals(tb)
    assert changed


def test_mcts_is_reproducible_with_an_iteration_budget_and_explains_its_choice():
    state = zw.game("art_gallery", players=3).new_state(seed=8)
    t1 = explain(state, top=3, seed=1, iterations=120)
    t2 = explain(state, top=3, seed=1, iterations=120)
    assert t1.equals(t2)
    assert list(t1.columns) == ["action", "text", "win_rate", "visits", "ci_low", "ci_high"] and len(t1) == 3
    assert t1["visits"].is_monotonic_decreasing and t1["visits"].sum() <= 120
    assert t1["win_rate"].between(0, 1).all()
    # the bot plays the most visited candidate of the same search
    assert str(agent("mcts", seed=1, game=state.game, iterations=120).choose(state)) == t1["action"][0]
    legal = {str(a) for a in state.legal_actions()}
    assert set(t1["action"]) <= legal


def test_gembloq_mcts_is_plain_uct_on_the_real_position():
    """GembloQ has no secrets and no chance: the search runs on the position itself, and the
    tree weighs only the best placements by the engine's greedy value."""
    state = zw.game("gembloq", players=2).new_state()
    bot = agent("mcts", seed=2, game="gembloq", iterations=30)
    assert isinstance(bot, MCTSAgent) and bot.widest == 12
    table = explain(state, top=20, bot=bot)
    assert len(table) <= 12 and table["visits"].sum() == 30
    pickle.dumps(bot)  # a used bot keeps no position: the lab can send it to other processes


def test_a_time_budget_runs_at_least_one_iteration():
    state = zw.game("zongshi", players=3).new_state(seed=1)
    bot = agent("mcts", seed=1, game="zongshi", seconds=0.05)
    assert str(bot.choose(state)) in {str(a) for a in state.legal_actions()}
    assert bot.last_iterations >= 1 and bot.label == "mcts[0.05s]"


def test_a_cpu_budget_counts_the_searching_threads_cpu_time(monkeypatch):
    """clock="cpu": the deadline is read from the thread's CPU clock, not the wall clock, so a
    bot whose CPU clock stands still while the wall clock runs keeps searching (a loaded
    machine gives it the same search, only slower)."""
    from zongshi_widgets.agents import mcts as mcts_module

    ticks = {"cpu": 0.0}

    def cpu_clock():  # one hundredth of a CPU second per reading
        ticks["cpu"] += 0.01
        return ticks["cpu"]

    monkeypatch.setitem(mcts_module.CLOCKS, "cpu", cpu_clock)
    state = zw.game("zongshi", players=3).new_state(seed=1)
    bot = agent("mcts", seed=1, game="zongshi", seconds=0.2, clock="cpu")
    assert bot.label == "mcts[0.2s cpu]"
    assert str(bot.choose(state)) in {str(a) for a in state.legal_actions()}
    # one reading for the deadline, one after each iteration: 0.2 s of 0.01 s ticks is 20 iterations
    assert bot.last_iterations == 20
    assert mcts_module.CLOCKS["wall"] is not cpu_clock


def test_the_clock_leaves_an_iteration_budget_reproducible():
    """An iteration budget ignores the clock: the same choice and explain() table either way."""
    state = zw.game("art_gallery", players=2).new_state(seed=4)
    for _ in range(6):
        state = state.play(state.legal_actions()[0])
    wall = explain(state, top=4, bot=agent("mcts", seed=3, game="art_gallery", iterations=60))
    cpu = explain(state, top=4, bot=agent("mcts", seed=3, game="art_gallery", iterations=60, clock="cpu"))
    assert wall.equals(cpu)
    assert explain(state, top=4, seed=3, iterations=60, clock="cpu").equals(wall)


def test_bot_options_are_validated():
    with pytest.raises(TypeError, match="not both"):
        agent("mcts", iterations=10, seconds=1.0)
    with pytest.raises(ValueError, match="at least 1"):
        agent("mcts", iterations=0)
    with pytest.raises(TypeError, match="iterations must be an int"):
        agent("mcts", iterations=2.5)
    with pytest.raises(ValueError, match="positive"):
        agent("mcts", seconds=-1)
    with pytest.raises(ValueError, match="clock must be 'wall'"):
        agent("mcts", seconds=1.0, clock="process")
    with pytest.raises(TypeError, match="clock must be"):
        agent("mcts", seconds=1.0, clock=1)
    with pytest.raises(TypeError, match="no option 'depth'; it takes: iterations, seconds"):
        agent("mcts", depth=3)
    with pytest.raises(TypeError, match="random bot has no option 'iterations'; it takes none"):
        agent("random", iterations=3)
    with pytest.raises(ValueError, match="top"):
        explain(zw.game("gembloq", players=2).new_state(), top=0)
    over = zw.lab.play_game(zw.game("art_gallery", players=2), ["random", "random"], seed=1)
    with pytest.raises(ValueError, match="over"):
        explain(over)


def test_mcts_sits_at_a_board_session():
    """seats=["human", "mcts", ...]: the board's bot seat plays MCTS moves (default budget)."""
    state = zw.game("art_gallery", players=2).new_state(seed=3)
    seats = ["human", "human"]
    seats[state.to_move] = "mcts"
    session = GameSession(state, seats=seats)
    assert session.run_bots() >= 1
    assert seats[session.state.to_move] == "human"


def test_evaluations_turn_values_into_win_chances():
    """Each game's evaluation gives one value per seat; its win chances sum to one, and at the
    end of a game they are the exact win shares (rulebook end-of-game scoring)."""
    cases = [("gembloq", GembloQEvaluation()), ("art_gallery", ArtGalleryEvaluation()), ("zongshi", ZongShiEvaluation())]
    for name, evaluation in cases:
        game = zw.game(name, players=3)
        for state in random_positions(name, 3, seed=1, k=3):
            chances = evaluation.win_chances(state)
            assert len(evaluation.values(state)) == 3 and sum(chances) == pytest.approx(1)
        final = zw.lab.play_game(game, ["random"] * 3, seed=1)
        assert evaluation.win_chances(final) == win_shares(final)


def test_zongshi_evaluation_gives_nothing_for_boxes_or_scrolls_over_the_limits():
    """Rulebook, material storage (5 boxes, +2 per Larger Workshop) and the hand limit (4
    scrolls, 5 with a Temple Offering): what is over a limit is handed back or discarded, so
    handing it back costs the seat nothing in the evaluation (a greedy bot then no longer
    fetches more than it can keep). A hand-back that lets the engine carry on by itself (an
    any-time scroll's boxes returned during a payment, which then has one way left and is
    made) is left out: its value changes by that payment, not by the hand-back."""
    evaluation = ZongShiEvaluation()
    seen = set()
    for seed in range(12):
        game = zw.game("zongshi", players=3)
        state = game.new_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_over and len(seen) < 2:
            seat = state.to_move
            action = rng.choice(state.legal_actions())
            kind = str(action).split()[0]
            if kind in ("return", "discard") and seat is not None:
                after = state.play(action)
                below = state.position()["pending"][1:]
                if after.position()["pending"] in (below, state.position()["pending"]):  # only handed back: nothing else ran
                    assert evaluation.values(after)[seat] == pytest.approx(evaluation.values(state)[seat]), str(action)
                    seen.add(kind)
                state = after
            else:
                state = state.play(action)
        if len(seen) == 2:
            return
    pytest.fail(f"random play never handed back a box and discarded a scroll: {seen}")


def test_zongshi_evaluation_counts_marketplace_claims_before_step_2():
    """Rulebook, Step 2: Distribute Materials: masters in a bin share it box by box, an
    apprentice takes one box after the masters' first picks. The evaluation counts a pawn's
    expected share while it waits in the Marketplace."""
    from zongshi_widgets.agents.zongshi import _market_claims

    def seat(master=None, apprentice=None):
        return {"master": {"at": master}, "apprentice": {"at": apprentice}}

    players = [seat("large"), seat("large", "small"), seat(None, "large"), seat("temple")]
    assert _market_claims({"large": "gijbb", "small": "gib"}, players) == [2.0, 2.0 + 1.0, 1.0, 0.0]
    assert _market_claims({"large": "g", "small": ""}, [seat("large"), seat(None, "large")]) == [1.0, 0.0]
    # a master alone in the large bin: worth its boxes, up to the storage limit, the moment he goes
    state = zw.game("zongshi", players=3).new_state(seed=5)
    rng = random.Random(5)
    evaluation = ZongShiEvaluation()
    for _ in range(2000):
        if state.is_over:
            break
        legal = state.legal_actions()
        market = [a for a in legal if str(a) == "market large"]
        position = state.position()
        mover = state.to_move
        large_taken = any("large" in (p["master"]["at"], p["apprentice"]["at"]) for p in position["players"])
        if market and position["players"][mover]["master"]["at"] is None and not large_taken:
            me = position["players"][mover]
            boxes = 0 if me["boxes"] == "nothing" else len(me["boxes"])
            after = state.play(market[0])
            if after.position()["players"][mover]["master"]["at"] == "large" and boxes == 0:
                gain = evaluation.values(after)[mover] - evaluation.values(state)[mover]
                assert gain == pytest.approx(min(len(position["bins"]["large"]), 5) / 3)
                return
        state = state.play(rng.choice(legal))
    pytest.fail("no empty-handed master went alone to the large bin")


def test_zongshi_greedy_games_end_in_a_normal_length():
    """Rulebook, Game End: the game ends the round after a player completes a sixth project.
    Greedy bots build towards it: four of them end their games by six projects within 25
    rounds (with boxes and scrolls counted beyond the limits they dawdled 22 to 42 rounds)."""
    game = zw.game("zongshi", players=4)
    for seed in range(2):
        final = zw.lab.play_game(game, ["greedy"] * 4, seed=seed)
        position = final.position()
        assert position["end_triggered"] and position["round"] <= 25, position["round"]


def test_zongshi_evaluation_counts_work_under_way():
    """Zong Shi's score sheet counts boxes and scrolls only per three (rulebook, Final
    Scoring): the evaluation counts each box a third of a point, so taking boxes raises it."""
    state = zw.game("zongshi", players=3).new_state(seed=2)
    evaluation = ZongShiEvaluation()
    rng = random.Random(2)
    for _ in range(400):
        if state.is_over:
            break
        before = state.position()["players"]
        seat = state.to_move
        after = state.play(rng.choice(state.legal_actions()))
        boxes = [0 if p["boxes"] == "nothing" else len(p["boxes"]) for p in (before[seat], after.position()["players"][seat])]
        sheet = [state.score_sheet().values[seat], after.score_sheet().values[seat]]
        same_otherwise = sheet[0] == sheet[1] and before[seat]["scrolls"] == after.position()["players"][seat]["scrolls"]
        same_otherwise = same_otherwise and before[seat]["master"] == after.position()["players"][seat]["master"]
        same_otherwise = same_otherwise and before[seat]["apprentice"] == after.position()["players"][seat]["apprentice"]
        if boxes[1] > boxes[0] and same_otherwise:
            gain = evaluation.values(after)[seat] - evaluation.values(state)[seat]
            assert gain == pytest.approx((boxes[1] - boxes[0]) / 3)
            return
        state = after
    pytest.fail("no box was taken in 400 random actions")


def test_tree_depth_tree_play_and_playout_are_the_searchs_hooks():
    """The generic hooks a game's own bot may set: ``tree_depth`` stops the tree growing below
    that depth, ``tree_play`` is how the tree applies its actions and ``playout`` scores a leaf
    (GembloQ, plain UCT: the hooks see every iteration)."""
    state = zw.game("gembloq", players=2).new_state()
    calls = {"tree_play": 0, "playout": 0}

    class Hooked(MCTSAgent):
        tree_depth = 1

        def tree_play(self, d, action):
            calls["tree_play"] += 1
            return super().tree_play(d, action)

        def playout(self, d, rng):
            calls["playout"] += 1
            assert len(d.history) == len(state.history) + 1  # one tree step below the root
            return super().playout(d, rng)

    bot = Hooked(seed=1, iterations=40)
    root, legal = bot._search(state, None)
    assert root.visits == 40 and sum(ch.visits for ch in root.children.values()) == 40
    assert all(not ch.children for ch in root.children.values())  # nothing expanded below depth 1
    assert calls == {"tree_play": 40, "playout": 40}
    deep, _ = MCTSAgent(seed=1, iterations=200)._search(state, None)
    assert any(ch.children for ch in deep.children.values())  # without the limit the tree grows


@pytest.mark.parametrize("name,players", [("gembloq", 2), ("zongshi", 3), ("art_gallery", 3), ("majolica", 2)])
def test_explain_says_every_games_candidates_in_words(name, players):
    """explain()'s ``text`` column reads as the boards say moves (each game's
    ``action_name``), never as bare notation, in every game."""
    state = zw.game(name, players=players).new_state(seed=1)
    for _ in range(3):
        state = state.play(state.legal_actions()[0])
    table = explain(state, top=3, seed=0, iterations=12)
    assert len(table) >= 1
    for action, text in zip(table["action"], table["text"]):
        assert text != action and len(text.split()) >= 3, (action, text)
        legal = {str(a): a for a in state.legal_actions()}
        assert text == state.action_name(legal[action])


def test_art_gallery_words_are_the_engines_and_the_board_tells_them_in_the_past_tense():
    """Rules, 1. Move Your Game Piece / 2. Place a Bid: the engine names each action in the
    imperative; the board's log tells the same move in the past tense."""
    from zongshi_widgets.widgets.art_gallery import ArtGalleryBoard

    state = zw.game("art_gallery", players=3).new_state(seed=1)
    board = ArtGalleryBoard(players=3, seed=1)
    for action in state.legal_actions()[:4]:
        now, told = state.action_name(action), board._words(state, action)
        assert now.startswith("play ") and told.startswith("played ")
        assert told.replace("played", "play").replace("moved", "move").replace("stayed", "stay") == now


def test_zongshi_evaluation_fast_path_equals_its_reference():
    """Rulebook, Final Scoring and Step 2: Distribute Materials: the evaluation read from the
    workshops (``ZongShiState.workshops``, what playouts use) equals the one read from the
    position description and the score sheet, along random games of 3 to 5 players, and an
    empty bin (its letters read "nothing") promises no boxes."""
    from zongshi_widgets.agents.zongshi import _market_claims

    evaluation = ZongShiEvaluation()
    for players in (3, 4, 5):
        state = zw.game("zongshi", players=players).new_state(seed=players)
        rng = random.Random(players)
        while not state.is_over:
            assert evaluation.values(state) == pytest.approx(evaluation.reference_values(state))
            state = state.play(rng.choice(state.legal_actions()))
    alone = [{"master": {"at": "large"}, "apprentice": {"at": None}}, {"master": {"at": None}, "apprentice": {"at": None}}]
    assert _market_claims({"large": "nothing", "small": "gg"}, alone) == [0.0, 0.0]
