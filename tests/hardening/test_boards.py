"""Boards under abuse (issue 15, "Boards"), on the board class each game registered
(``zw.widgets.board_class(name)``), so a game's own front end is held to the same rules.

- Redaction: for every seat (and a spectator) of every game with hidden information, at
  positions spread over random games, the board built on the real position and the board built
  on a determinization for the looking seat (the hidden parts dealt anew: same ``view(seat)``)
  send the same synced traits, the same messages (ping, hint, explain, a refused and a played
  move) and the same static picture. Anything that differs would have come from what the seat
  may not see.
- The request protocol: stale versions, unknown kinds, a seat that is not to move, malformed
  payloads (Hypothesis) and a burst of a thousand requests leave the game consistent
  (``check_invariants``), answer each request once, and the board still answers afterwards; the
  time to drain the burst is reported (no timed assertion).
- Memory: a 1,000-action game with undo, branches and bots: kernel memory (tracemalloc) and the
  synced payload stay bounded; both are reported.
"""

from __future__ import annotations

import gc
import json
import random
import re
import time
import tracemalloc

import pytest
from _stats import FIGURES, count, examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import zongshi_widgets as zw
from zongshi_widgets.widgets import board_class

GAMES = list(zw.games())
HIDDEN = [n for n in GAMES if zw.game_type(n).hidden_information]
#: Synced traits that are references or ids (not game content).
NOT_CONTENT = {"layout", "_picture_id"}


def make_board(name: str, state, seat="auto", seats=None, **kwargs):
    """A board of the class ``name`` registered, on ``state``."""
    seats = seats or ["human"] * state.game.players
    return board_class(name)(state=state, seats=seats, seat=seat, bot_delay=0, **kwargs)


class Recorder:
    """Records what a board sends: custom messages, and ``say`` calls."""

    def __init__(self, board):
        self.sent: list[dict] = []
        self.said: list[tuple[str, str]] = []
        board.send = lambda content, buffers=None: self.sent.append(json.loads(json.dumps(content)))
        original = board.say

        def say(kind, text):
            self.said.append((kind, text))
            original(kind, text)

        board.say = say


def wire(board) -> dict:
    """Every synced trait as the browser receives it (after each trait's ``to_json``)."""
    state = board.get_state()
    return {k: json.dumps(v, sort_keys=True, default=str) for k, v in state.items() if k not in NOT_CONTENT}


def picture(board) -> str:
    html = board._picture_parts()[0]
    return html.replace(board._picture.id, "<id>")


def random_line(name: str, seed: int, k: int = 5) -> list:
    game = zw.game(name)
    state = game.new_state(seed=seed)
    rng = random.Random(seed)
    out = []
    while not state.is_over:
        out.append(state)
        state = state.play(rng.choice(state.legal_actions()))
    step = max(1, len(out) // k)
    return out[step::step][:k]


def exercise(board, state) -> list:
    """Requests a browser sends at this position, in order; returns the wire after each."""
    requests = [
        {"type": "ping", "key": 1},
        {"type": "explain", "action": str(state.legal_actions()[0]), "key": 2, "version": board.version},
        {"type": "hint", "mode": "legal"},
        {"type": "play", "action": "no such move", "version": board.version},
        {"type": "play", "action": str(state.legal_actions()[-1]), "version": board.version},
    ]
    out = []
    for request in requests:
        if "version" in request:
            request["version"] = board.version
        board.handle_request(request)
        out.append(wire(board))
    return out


@pytest.mark.parametrize("name", HIDDEN)
def test_a_board_sends_a_seat_only_what_its_view_shows(name):
    """The registered board of every game with secrets (Zong Shi: scroll hands, deck and face-down
    awards, rulebook "Components"; Art Gallery: action-card hands and face-down bids,
    "Distribution"): traits, messages and the static picture depend only on ``view(seat)``."""
    game = zw.game(name)
    for real in random_line(name, seed=5):
        for seat in [None, *range(game.players)]:
            looking = real.to_move if seat is None else seat
            other = real.determinize(looking, random.Random(17))
            a = game.from_position(real.position(), seed=1)
            b = game.from_position(other.position(), seed=1)
            if seat is not None:
                assert a.view(seat) == b.view(seat)
            boards = [make_board(name, s, seat=seat) for s in (a, b)]
            recorders = [Recorder(bd) for bd in boards]
            assert wire(boards[0]) == wire(boards[1]), f"{name} seat {seat}: synced traits differ"
            assert picture(boards[0]) == picture(boards[1]), f"{name}: the static picture shows a secret"
            if seat is not None:
                runs = [exercise(bd, s) for bd, s in zip(boards, (a, b))]
                # the last request plays a move: its outcome may draw from chance, whose future
                # a determinization resamples; compare when the engine shows the seat the same
                same_after = boards[0].state.view(seat) == boards[1].state.view(seat)
                compared = runs if same_after else [r[:-1] for r in runs]
                assert compared[0] == compared[1], f"{name} seat {seat}: the answers to requests differ"
                if same_after:
                    assert recorders[0].sent == recorders[1].sent and recorders[0].said == recorders[1].said
                    assert picture(boards[0]) == picture(boards[1])
                else:
                    assert recorders[0].sent == recorders[1].sent and recorders[0].said[:-1] == recorders[1].said[:-1]
                count("redaction", name, "requests compared", len(compared[0]))
            for bd in boards:
                bd.close()
            count("redaction", name, "positions x seats compared")


@pytest.mark.parametrize("name", HIDDEN)
def test_a_spectator_board_has_no_private_part(name):
    """A spectator's ``view`` trait has no key of any seat's private view (the values are
    checked by the twin-position test above: what is deducible, such as Art Gallery's
    hand-or-bid cards, may be shown)."""
    for real in random_line(name, seed=9, k=3):
        board = make_board(name, real, seat=None)
        shown = set(board.get_state()["view"])
        for s in range(real.game.players):
            for key in real.private_view(s):
                assert key not in shown, f"a spectator's board has the private part {key!r}"
        board.close()


# -- the request protocol ---------------------------------------------------------------------


def nested(depth: int) -> list:
    """A list nested ``depth`` deep."""
    out: list = []
    for _ in range(depth):
        out = [out]
    return out


def answers(recorder: Recorder, board, before_version: int) -> int:
    return len(recorder.sent) + len(recorder.said) + (board.version != before_version)


@pytest.mark.parametrize("name", GAMES)
def test_stale_unknown_not_yours_and_malformed_requests_change_nothing(name):
    """Each is answered (a message or a reply) and leaves the game as it was."""
    state = random_line(name, seed=3, k=2)[0]
    mover = state.to_move
    other = (mover + 1) % state.game.players
    hot = make_board(name, state)
    if hot.screen:  # a hot seat with secrets: the next player clicks "ready" first
        hot.ready()
    bound = make_board(name, state, seat=other) if state.game.players > 1 else None
    action = str(state.legal_actions()[0])
    cases = [
        (hot, {"type": "play", "action": action, "version": hot.version - 1}, "stale"),
        (hot, {"type": "play", "action": action, "version": hot.version + 5}, "stale"),
        (hot, {"type": "resign"}, "unknown request type"),
        (hot, {"type": None}, "unknown request type"),
        (hot, ["play", action], "JSON object"),
        (hot, {"type": "play", "action": action}, "needs the board 'version'"),
        (hot, {"type": "play", "action": 5, "version": hot.version}, "notation"),
        (hot, {"type": "play", "action": action, "version": True}, "integer"),
        (hot, {"type": "play", "action": action, "version": hot.version, "seat": 0}, "unexpected field"),
        (hot, {"type": "goto", "ply": "1"}, "integer|secrets"),
        (hot, {"type": "hint", "mode": "all"}, "mode"),
        (hot, {"type": "new_game", "seed": 1.5}, "seed"),
        # size limits (issue 24): refused whole, without echoing the request
        (hot, {"type": "ping", "key": "x" * 5_000_000}, "at most 16384 characters"),
        (hot, {"type": "explain", "action": "y" * 100_000, "version": hot.version, "key": 1}, "at most 16384 characters"),
        (hot, {"type": "new_game", "seed": 10**5000}, "64 bits"),
        (hot, {"type": "play", "action": nested(40), "version": hot.version}, "nested at most"),
        (hot, {"type": "ping", "key": 1, **{f"k{i}": i for i in range(20_000)}}, "at most 16384 characters"),
    ]
    if bound is not None:
        cases.append((bound, {"type": "play", "action": action, "version": bound.version}, "turn"))
    for board, content, words in cases:
        recorder = Recorder(board)
        version, digest = board.version, board.state.digest()
        board.handle_request(content)
        assert board.state.digest() == digest and board.version == version, content
        assert len(recorder.said) + len(recorder.sent) == 1, (content, recorder.said, recorder.sent)
        assert re.search(words, board.message), (content, board.message)
        assert len(board.message) < 400 and len(json.dumps(recorder.sent)) < 2000, "an answer never echoes a large request"
        count("protocol", name, "bad requests answered")
    assert hot.state.digest() == state.digest()
    hot.state.check_invariants()


@pytest.mark.parametrize("name", GAMES)
def test_malformed_payload_fuzz(name):
    """Any JSON payload: the board never raises, the game stays consistent."""
    state = random_line(name, seed=4, k=2)[0]
    board = make_board(name, state)
    kinds = sorted(board.request_types()) + ["", "x"]
    json_values = st.recursive(
        st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=10),
        lambda c: st.lists(c, max_size=3) | st.dictionaries(st.text(max_size=5), c, max_size=3),
        max_leaves=6,
    )

    @settings(max_examples=examples(60), deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(
        st.one_of(
            json_values,
            st.dictionaries(
                st.sampled_from(["type", "action", "version", "ply", "node", "mode", "index", "bot", "key", "seed", "x"]),
                st.one_of(st.sampled_from(kinds), json_values),
                max_size=4,
            ),
        )
    )
    def run(content):
        board.handle_request(content)
        assert board.timeline.state is board.state
        board.state.check_invariants()
        count("protocol", name, "fuzzed payloads")

    run()
    board.close()


def burst(board, rng: random.Random, n: int) -> list[dict]:
    """``n`` requests as a browser could send them in a hurry: double-clicked moves (the second
    one stale), moves at old versions, pings, explains, hints, undo, junk."""
    out = []
    for i in range(n):
        if board.screen and i == 0:  # a hot seat with secrets: the next player clicks "ready"
            out.append({"type": "ready"})
            continue
        state = board.state
        legal = state.legal_actions() if not state.is_over else []
        roll = rng.random()
        if roll < 0.35 and legal:
            action = str(rng.choice(legal))
            version = board.version
            out.append({"type": "play", "action": action, "version": version})
            out.append({"type": "play", "action": action, "version": version})  # a double click
        elif roll < 0.45:
            out.append({"type": "play", "action": str(rng.choice(legal)) if legal else "pass", "version": board.version - rng.randint(1, 5)})
        elif roll < 0.6:
            out.append({"type": "ping", "key": i})
        elif roll < 0.7 and legal:
            out.append({"type": "explain", "action": str(rng.choice(legal)), "key": i, "version": board.version})
        elif roll < 0.75:
            out.append({"type": "undo", "version": board.version})
        elif roll < 0.8:
            out.append({"type": "hint", "mode": "legal"})
        else:
            out.append(rng.choice([{"type": "fly"}, {"type": "play"}, {"type": "goto"}, 7, None, {"type": "play", "action": "", "version": board.version}]))
    return out[:n]


@pytest.mark.parametrize("name", GAMES)
def test_a_burst_of_a_thousand_requests(name):
    """A thousand requests (generated against the board as it changes, so double clicks arrive
    at the same version): each is answered once (a reply, a message, or one move), a double
    click plays once, pings and explains get exactly one reply with their key, the game stays
    consistent and the board answers at once afterwards. The drain time is reported."""
    state = zw.game(name).new_state(seed=2)
    board = make_board(name, state)
    recorder = Recorder(board)
    rng = random.Random(8)
    handled = doubles = 0
    plays_before = len(board.state.history)
    started = time.perf_counter()
    slowest = 0.0
    pending: list[dict] = []
    while handled < 1000:
        if not pending:
            pending = burst(board, rng, min(40, 1000 - handled))
        content = pending.pop(0)
        version = board.version
        sent, said = len(recorder.sent), len(recorder.said)
        t = time.perf_counter()
        board.handle_request(content)
        slowest = max(slowest, time.perf_counter() - t)
        new_sent = recorder.sent[sent:]
        new_said = recorder.said[said:]
        moved = board.version != version
        # one answer each: a reply, a message, or a move (whose message comes with it); a hint,
        # "ready" and "dismiss" are answered by the trait they set (an unchanged trait already
        # shows the answer), with at most one message
        kind = content.get("type") if isinstance(content, dict) else None
        assert len(new_sent) <= 1 and len(new_said) <= 1, (content, new_said, new_sent)
        if kind in ("hint", "ready", "dismiss"):
            assert not new_sent and (kind != "hint" or board.hint or new_said), (content, board.hint, new_said)
        else:
            assert moved or len(new_said) + len(new_sent) == 1, (content, new_said, new_sent)
        if isinstance(content, dict) and content.get("type") in ("ping", "explain") and "key" in content:
            assert len(new_sent) == 1 and new_sent[0]["key"] == content["key"]
        if isinstance(content, dict) and content.get("type") == "play" and content.get("version") == version and pending[:1] == [content]:
            board.handle_request(pending.pop(0))  # the second click of a double click
            handled += 1
            doubles += 1
            assert board.version == version + 1 or not moved, "a double click played twice"
        handled += 1
        if board.state.is_over:
            board.new_game(seed=rng.randrange(1000))
    drained = time.perf_counter() - started
    board.state.check_invariants()
    probe = Recorder(board)
    t = time.perf_counter()
    board.handle_request({"type": "ping", "key": "after"})
    after_burst = time.perf_counter() - t
    assert probe.sent == [{"type": "pong", "key": "after"}]
    timeline_plays = len(board.timeline) - 1
    FIGURES.setdefault("burst", {})[name] = {
        "requests": handled,
        "double clicks": doubles,
        "drain seconds": round(drained, 3),
        "slowest request ms": round(slowest * 1000, 1),
        "ping after burst ms": round(after_burst * 1000, 2),
        "positions in timeline": timeline_plays,
    }
    assert plays_before == 0
    count("protocol", name, "burst requests", handled)
    board.close()


@pytest.mark.parametrize("name", GAMES)
def test_a_double_click_plays_once_and_is_not_reported_as_a_failure(name):
    """The second click of a double click arrives at the version the first one changed: it is
    not played again, and the message says the move is played (not "nothing was done, try
    again"); a different move at an old version is still refused as stale."""
    state = zw.game(name).new_state(seed=6)
    board = make_board(name, state)
    if board.screen:
        board.ready()
    legal = [str(a) for a in board.state.legal_actions()]
    click = {"type": "play", "action": legal[0], "version": board.version}
    board.handle_request(dict(click))
    assert len(board.state.history) == 1
    board.handle_request(dict(click))
    assert len(board.state.history) == 1 and board.message.startswith("played once"), board.message
    if board.screen:
        board.ready()
    other = next((a for a in legal if a != legal[0]), None)
    if other is not None:
        board.handle_request({"type": "play", "action": other, "version": click["version"]})
        assert len(board.state.history) == 1 and board.message.startswith("stale:"), board.message
    count("protocol", name, "double clicks checked")
    board.close()


# -- memory ------------------------------------------------------------------------------------


def long_session(name: str, actions: int, rng: random.Random):
    """A board with a human and bots, driven for ``actions`` moves: plays, bot replies, undos,
    branches from earlier positions, new games when one ends."""
    game = zw.game(name)
    players = game.players
    seats = ["human"] + ["random"] * (players - 1) if players > 1 else ["human"]
    board = make_board(name, game.new_state(seed=1), seats=seats)
    played = 0
    payloads = [len(json.dumps(board.get_state(), default=str))]
    sample_at = 200
    while played < actions:
        state = board.state
        if state.is_over:
            if rng.random() < 0.5 and len(state.history) > 4:
                board.goto(rng.randrange(len(state.history) // 2))  # branch from earlier
            else:
                board.new_game(seed=rng.randrange(10**6))
            continue
        before = len(board.timeline)
        if board.session.bot_seat() is not None:
            board.run_bots()
        else:
            board.play(rng.choice(state.legal_actions()))
        played += max(1, len(board.timeline) - before)
        if rng.random() < 0.08 and board.cursor["can_undo"]:
            board.undo()
        if played >= sample_at:
            payloads.append(len(json.dumps(board.get_state(), default=str)))
            sample_at += 200
    return board, played, payloads


@pytest.mark.parametrize("name", GAMES)
def test_a_long_game_keeps_memory_and_payload_bounded(name):
    """1,000 actions with undo, branches and bots (a human seat and random bots): the synced
    payload stays the size of one position's traits (the move log is one line, not the tree),
    and a second session after closing the first leaves no more memory behind than the first
    (lazily filled rule tables, such as GembloQ's per-placement masks, are bounded caches that
    the warm-up fills). Both are reported."""
    rng = random.Random(3)
    gc.collect()
    tracemalloc.start()
    board, _, _ = long_session(name, 150, rng)  # warm-up: imports, rule tables, bots
    board.close()
    del board
    gc.collect()
    base, _ = tracemalloc.get_traced_memory()
    board, played, payloads = long_session(name, 1000, rng)
    gc.collect()
    current, peak = tracemalloc.get_traced_memory()
    nodes = len(board.timeline)
    board.close()
    del board
    gc.collect()
    after_first, _ = tracemalloc.get_traced_memory()
    board, _, _ = long_session(name, 200, rng)
    board.close()
    del board
    gc.collect()
    after_second, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    FIGURES.setdefault("memory", {})[name] = {
        "actions": played,
        "positions in the timeline at the end": nodes,
        "kernel MB held (game open)": round((current - base) / 1e6, 2),
        "kernel MB peak": round((peak - base) / 1e6, 2),
        "MB left after closing": round((after_first - base) / 1e6, 2),
        "MB left after a second session": round((after_second - base) / 1e6, 2),
        "payload KB first": round(payloads[0] / 1e3, 1),
        "payload KB max": round(max(payloads) / 1e3, 1),
    }
    count("memory", name, "actions in the long game", played)
    assert played >= 1000
    assert max(payloads) < 1_000_000, f"the synced payload grew to {max(payloads)} bytes"
    assert after_second - after_first < 2_000_000, f"a closed board left {(after_second - after_first) / 1e6:.1f} MB behind"
