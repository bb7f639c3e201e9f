"""Boards and secrets: everything a board sends goes through the watching seat
(docs/ARCHITECTURE.md, "Boards"). Checked on every registered game with hidden information
(Sealed Bids, the test game, at least) through the generic board: synced traits, log entries,
messages and hints; the privacy screen of a hot seat; spectators; open hands; several boards
sharing one session; the session in plain Python; request types registered per board class.
"""

from __future__ import annotations

import json
import random

import pytest
from playing import random_positions

import zongshi_widgets as zw
from zongshi_widgets.widgets import GameBoard, GameSession
from zongshi_widgets.widgets.protocol import request

HIDDEN = [n for n in zw.games() if zw.game_type(n).hidden_information]

#: Traits whose wire form must depend only on what the watching seat sees. ``version`` counts
#: changes, ``geometry`` is static: both are the same for any deal.
SEAT_TRAITS = ("view", "legal", "moves", "message", "hint", "screen", "watch", "cursor", "seats", "thinking", "review_status")


def wire(board) -> dict:
    """Every synced trait as the browser receives it (after the trait's ``to_json``)."""
    state = board.get_state()
    return {k: json.dumps(state[k], sort_keys=True) for k in SEAT_TRAITS}


def request_to(board, **content):
    board._msg_callbacks(board, content, [])


@pytest.mark.parametrize("name", HIDDEN)
def test_a_seat_board_sends_nothing_the_seat_may_not_see(name):
    """Two positions that look the same to a seat (the real one, and one with the hidden parts
    dealt anew) give that seat's board the same traits, byte for byte, and the same bot hint."""
    game = zw.game(name)
    for real in random_positions(name, seed=6):
        for seat in [None, *range(game.players)]:
            looking = real.to_move if seat is None else seat
            other = real.determinize(looking, random.Random(11))
            a = game.from_position(real.position(), seed=1)
            b = game.from_position(other.position(), seed=1)
            if seat is not None:
                assert a.view(seat) == b.view(seat)
            boards = [GameBoard(s, seats=["human"] * game.players, seat=seat) for s in (a, b)]
            assert wire(boards[0]) == wire(boards[1])
            if seat == real.to_move:
                hints = [bd.show_hint("bot", bot="greedy")["action"] for bd in boards]
                assert hints[0] == hints[1]
                assert wire(boards[0]) == wire(boards[1])
            for bd in boards:
                bd.close()


@pytest.mark.parametrize("name", HIDDEN)
def test_logs_and_messages_are_written_per_seat(name):
    """Walk a random game with one board per seat on a shared session: every log entry and
    every message about another seat's action reads as ``action_text`` for the watching seat,
    and no entry carries the notation or drawing code of an action the seat may not see."""
    game = zw.game(name)
    state = game.new_state(seed=3)
    session = GameSession(state, ["human"] * game.players)
    boards = [GameBoard(session=session, seat=s) for s in range(game.players)]
    spectator = GameBoard(session=session, seat=None)
    rng = random.Random(3)
    while not session.state.is_over:
        before = session.state
        mover = before.to_move
        action = rng.choice(before.legal_actions())
        assert boards[mover].legal and all(not b.legal for i, b in enumerate(boards) if i != mover)
        request_to(boards[mover], type="play", action=str(action), version=boards[mover].version)
        assert session.state.history[-1] == action or str(session.state.history[-1]) == str(action)
        for seat, board in [*enumerate(boards), (None, spectator)]:
            text = before.action_text(action, seat)
            entry = board.moves[-1]
            assert entry["seat"] == mover
            if seat == mover or text == str(action):
                assert entry["notation"] == str(action)
            else:
                assert entry["notation"] is None and entry["code"] is None and entry["text"] == text
                assert board.message.startswith(f"{game.seat_names[mover]} {text}")
                assert board.get_state()["moves"][-1][2:4] == [text, None]
    for board in [*boards, spectator]:
        board.close()


def test_privacy_screen_between_two_people_at_one_screen():
    game = zw.game("sealed_bids", players=3)
    board = GameBoard(game.new_state(seed=2), seats=["human", "human", "greedy"])
    # the first person's secrets are behind the screen until they say they are ready
    assert board.screen["seat"] == 0 and "north" in board.screen["text"].lower()
    assert "hand" not in board.view and board.legal == []
    request_to(board, type="play", action=board.state.legal_actions()[0].__str__(), version=board.version)
    assert board.message.startswith("refused: the privacy screen is up") and board.state.history == ()
    request_to(board, type="ready")
    assert board.screen == {} and board.view["hand"] == board.state.view(0)["hand"] and board.legal
    board.play(board.state.legal_actions()[0])  # north bids: still north's turn (draw), no screen
    assert board.screen == {} and board.view["seat"] == 0
    board.play("pass")  # now east, another person: the screen comes up before east's hand
    assert board.state.to_move == 1 and board.screen["seat"] == 1
    assert board.view["seat"] is None and "hand" not in board.view and "bid" not in board.view
    assert board.get_state()["moves"][-2][2] == "bid a card"  # north's bid, as the spectator reads it
    board.ready()
    assert board.view["seat"] == 1 and board.view["hand"] == board.state.view(1)["hand"]
    # one person against bots: no screen needed
    solo = GameBoard(game.new_state(seed=2), seats=["human", "greedy", "greedy"])
    assert solo.screen == {} and "hand" in solo.view


def test_spectator_and_open_hands_modes():
    game = zw.game("sealed_bids", players=2)
    state = game.new_state(seed=4)
    spectator = GameBoard(state, seats=["human", "human"], seat=None)
    assert spectator.watch == {"seat": None, "mode": "spectator", "open_hands": False, "may_act": False}
    assert spectator.view == {**state.view(None), "ply": 0} and spectator.legal == []
    request_to(spectator, type="play", action=str(state.legal_actions()[0]), version=spectator.version)
    assert spectator.message == "refused: this board is a spectator's; it cannot make moves"
    teacher = GameBoard(state, seats=["human", "human"], open_hands=True)
    assert teacher.watch["open_hands"] and teacher.screen == {}
    assert teacher.view["open"] == [state.private_view(0), state.private_view(1)]
    with pytest.raises(ValueError, match="seat must be"):
        GameBoard(state, seat=5)


def test_boards_sharing_a_session_each_act_only_for_their_seat():
    game = zw.game("sealed_bids", players=2)
    north = GameBoard(game.new_state(seed=5), seats=["human", "human"], seat=0)
    east = GameBoard(session=north.session, seat=1)
    assert north.view["hand"] != east.view["hand"] and "hand" in east.view
    card = north.view["hand"][0]
    request_to(east, type="play", action=f"bid {card}", version=east.version)
    assert east.message.startswith("refused: it is north's turn") and north.state.history == ()
    request_to(north, type="play", action=f"bid {card}", version=north.version)
    assert east.version == north.version and len(east.state.history) == 1
    assert east.moves[-1]["text"] == "bid a card" and north.moves[-1]["text"] == f"bid {card}"
    assert east.view["has_bid"] == [True, False] and "bid" in north.view and north.view["bid"] == card
    north.undo()
    assert east.state.history == () and east.cursor["ply"] == 0 and north.cursor["can_redo"] and not east.cursor["can_redo"]
    with pytest.raises(ValueError, match="belong to the session"):
        GameBoard(session=north.session, seats=["human", "human"])
    with pytest.raises(TypeError, match="state= or session="):
        GameBoard(game.new_state(), session=north.session)
    with pytest.raises(TypeError, match="needs a state"):
        GameBoard()


def test_seats_change_through_the_session_and_bad_names_are_refused():
    board = GameBoard(zw.game("sealed_bids", players=2).new_state(seed=1), seats=["human", "greedy"])
    other = GameBoard(session=board.session, seat=1)
    board.seats[1] = "random"  # in place: checked, handed to the session, shown on every board
    assert board.session.seats == ("human", "random") and other.seats == ["human", "random"]
    with pytest.raises(ValueError, match="fixed at 2"):
        board.seats.append("human")
    with pytest.raises(ValueError, match="not 'alphago'"):
        board.seats = ["human", "alphago"]
    with pytest.raises(ValueError, match="not 'alphago'"):
        board.seats[0] = "alphago"
    assert board.session.seats == ("human", "random") and board.seats == ["human", "random"]


def test_the_session_plays_without_widgets():
    game = zw.game("sealed_bids", players=2)
    session = GameSession(game.new_state(seed=9), ["human", "greedy"])
    events = []
    session.subscribe(events.append)
    card = session.state.view(0)["hand"][0]
    session.play(f"bid {card}")
    session.play("pass")  # the bot ends round 1, starts round 2 (bid, draw each), then north
    assert session.state.to_move == 0 and len(session.state.history) == 6
    assert [e.kind for e in events].count("move") == 6 and events[-1].by_bot
    session.step(back=True)
    assert len(session.state.history) == 1  # back over the bot's moves and north's pass
    with pytest.raises(TypeError):
        session.seats[0] = "greedy"
    with pytest.raises(ValueError, match="seats"):
        session.seats = "human"
    with pytest.raises(zw.IllegalAction):
        session.play("bid 99")
    assert len(session.state.history) == 1


class _BidBoard(GameBoard):
    """A game's board adds its own request type without editing shared code."""

    @request("quick_bid", "card")
    def _req_quick_bid(self, content):
        self.play(f"bid {content['card']}")


def test_boards_register_their_own_request_types():
    board = _BidBoard(zw.game("sealed_bids", players=2).new_state(seed=1), seats=["human", "greedy"])
    assert "quick_bid" in _BidBoard.request_types() and "quick_bid" not in GameBoard.request_types()
    assert _BidBoard.request_types()["quick_bid"] == {"type", "version", "card"}
    card = board.view["hand"][0]
    request_to(board, type="quick_bid", card=card)
    assert str(board.state.history[0]) == f"bid {card}"
    request_to(board, type="quick_bid", card=1, colour="red")
    assert board.message.startswith("error: unexpected field(s) ['colour']")
    request_to(GameBoard(zw.game("sealed_bids", players=2).new_state()), type="quick_bid", card=1)
    # the shared board has no such request
    plain = GameBoard(zw.game("sealed_bids", players=2).new_state())
    request_to(plain, type="quick_bid", card=1)
    assert plain.message.startswith("error: unknown request type 'quick_bid'")


def test_the_generic_board_has_no_picture_of_secrets():
    board = GameBoard(zw.game("sealed_bids", players=2).new_state(seed=1))
    data, _ = board._repr_mimebundle_()
    assert "image/svg+xml" not in data


def test_messages_reach_the_browser_structured():
    board = GameBoard(zw.game("sealed_bids", players=2).new_state(seed=1), seats=["human", "greedy"])
    request_to(board, type="play", action="bid 99", version=board.version)
    assert board.message.startswith("illegal: ")  # the Python reading
    assert board.get_state()["message"] == {"kind": "illegal", "text": board.message[len("illegal: ") :]}
    request_to(board, type="dismiss")
    assert board.get_state()["message"] == {"kind": "info", "text": ""}
    board.play(f"bid {board.view['hand'][0]}")
    assert board.get_state()["message"]["kind"] == "info" and board.get_state()["message"]["text"].startswith("north played bid")
    with pytest.raises(ValueError, match="message kind"):
        board.say("shout", "no")


def test_rewinding_brings_the_privacy_screen_back():
    """Undo, a jump in the log or a move on another board must not show the previous
    player's hand to the person now at the screen (a newcomer found undo did)."""
    game = zw.game("sealed_bids", players=3)
    board = GameBoard(game.new_state(seed=2), seats=["human", "human", "greedy"])
    board.ready()
    north_hand = board.view["hand"]
    board.play(f"bid {north_hand[0]}")
    board.play("pass")
    assert board.screen["seat"] == 1  # east's turn: east is asked to sit down
    request_to(board, type="undo")  # pressed behind the screen: refused
    assert board.message.startswith("refused: the privacy screen is up") and board.state.to_move == 1
    board.undo()  # from Python (or after east said ready): back to north's draw...
    assert board.state.to_move == 0 and board.screen["seat"] == 0  # ...but north must say so first
    assert "hand" not in board.view and "bid" not in board.view
    board.ready()
    assert board.view["hand"] == sorted(set(north_hand) - {north_hand[0]})
    other = GameBoard(session=board.session, seat=None)
    other.session.goto(0)  # a jump made elsewhere
    assert board.screen["seat"] == 0 and "hand" not in board.view


def test_spectators_only_watch_and_seat_boards_take_back_only_their_own_moves():
    game = zw.game("sealed_bids", players=2)
    north = GameBoard(game.new_state(seed=5), seats=["human", "human"], seat=0)
    east = GameBoard(session=north.session, seat=1)
    spectator = GameBoard(session=north.session, seat=None)
    north.play(f"bid {north.view['hand'][0]}")
    for kind, extra in (("undo", {}), ("redo", {}), ("goto", {"ply": 0}), ("new_game", {"seed": 1}), ("bots", {})):
        request_to(spectator, type=kind, **extra)
        assert spectator.message.startswith("refused: this board is a spectator's"), kind
    assert len(north.state.history) == 1 and not spectator.cursor["can_undo"]
    request_to(east, type="undo")
    assert east.message.startswith("refused: another player made the last move") and len(north.state.history) == 1
    assert not east.cursor["can_undo"] and north.cursor["can_undo"]
    request_to(north, type="undo")
    assert north.state.history == ()
    request_to(east, type="redo")
    assert east.message.startswith("refused: the next move is another player's") and north.state.history == ()
    request_to(east, type="new_game", seed=3)
    assert east.message.startswith("refused: other people play this game")


def test_hints_say_why_there_is_none():
    game = zw.game("sealed_bids", players=2)
    north = GameBoard(game.new_state(seed=5), seats=["human", "human"], seat=0)
    east = GameBoard(session=north.session, seat=1)
    assert east.show_hint("legal") == {} and east.message == "no hint: it is not this board's turn"
    hint = north.show_hint("legal")
    assert hint["text"] == hint["action"]  # the move itself, not "north played ..."


def test_seats_keep_their_order():
    board = GameBoard(zw.game("sealed_bids", players=2).new_state(seed=1), seats=["human", "greedy"])
    with pytest.raises(ValueError, match="reordered"):
        board.seats.sort()
    with pytest.raises(ValueError, match="reordered"):
        board.seats.reverse()


def test_a_hot_seat_with_secrets_takes_back_only_the_moves_of_the_person_at_the_screen():
    """A newcomer went back in the log into another person's turn and saw their hand: on a
    hot seat with secrets, the person at the screen may undo and redo only their own moves,
    and jumps in the log are refused."""
    game = zw.game("sealed_bids", players=3)
    board = GameBoard(game.new_state(seed=2), seats=["human", "human", "greedy"])
    board.ready()
    board.play(f"bid {board.view['hand'][0]}")
    request_to(board, type="undo")  # north takes back its own bid
    assert board.state.history == () and board.screen["seat"] == 0  # and says again who sits there
    board.ready()
    board.play(f"bid {board.view['hand'][0]}")
    board.play("pass")
    board.ready()  # east sits down
    for kind, extra in (("undo", {}), ("goto", {"ply": 1})):
        request_to(board, type=kind, **extra)
        assert board.message.startswith("refused:"), kind
        assert len(board.state.history) == 2 and board.view["seat"] == 1
    assert not board.cursor["can_undo"]
    east = board.view["hand"]
    board.play(f"bid {east[0]}")
    request_to(board, type="undo")  # east's own bid: allowed
    board.ready()
    assert len(board.state.history) == 2 and board.view["hand"] == east
    # without secrets (GembloQ) a hot seat keeps free jumps: nothing is hidden
    gq = GameBoard(zw.game("gembloq", players=2).new_state(), seats=["human", "human"])
    gq.play(gq.state.legal_actions()[0])
    gq.play(gq.state.legal_actions()[0])
    request_to(gq, type="goto", ply=0)
    assert gq.state.history == ()


def test_a_posed_position_must_play_on():
    """A description whose values have the right types but cannot be played on is refused."""
    zs = zw.game("zongshi", players=3)
    for pending in ([["draft", 0, "x"]], [["draft", 0, -1]], [["draft", 0, 1.5]]):
        with pytest.raises(ValueError, match="draft task"):
            zs.from_position({"pending": pending}, seed=1)


def test_no_board_learns_a_face_down_bid_from_the_answer_to_an_old_play_request():
    """The double-click guard ("played once") answers only the board that played the move, for
    the seat it shows: another board (a seat's own, a spectator's) or the next person at a hot
    seat who replays "bid k" at the version before north's bid gets the same answer for every
    k, so the answers name no card (issue: "An oracle in the request protocol")."""
    game = zw.game("sealed_bids", players=2)
    for layout in ("own boards", "hot seat"):
        if layout == "own boards":
            north = GameBoard(game.new_state(seed=5), seats=["human", "human"], seat=0)
            askers = [GameBoard(session=north.session, seat=1), GameBoard(session=north.session, seat=None)]
        else:
            north = GameBoard(game.new_state(seed=5), seats=["human", "human"])
            north.ready()
            askers = [north]
        before = north.version
        card = north.view["hand"][0]
        request_to(north, type="play", action=f"bid {card}", version=before)
        assert len(north.state.history) == 1
        if layout == "hot seat":
            request_to(north, type="play", action=f"bid {card}", version=before)  # north's own double click
            assert north.message.startswith("played once"), north.message
            request_to(north, type="play", action="pass", version=north.version)  # north's turn ends
            assert north.screen, "no privacy screen for east"
            north.ready()  # east sits down at the screen
        for asker in askers:
            answers = set()
            for k in range(1, 16):
                request_to(asker, type="play", action=f"bid {k}", version=before)
                answers.add(asker.message)
            assert len(answers) == 1 and "played once" not in answers.pop(), layout
        assert len(north.state.history) == (1 if layout == "own boards" else 2)


@pytest.mark.parametrize("name", [n for n in zw.games() if zw.game_type(n).hidden_information or zw.game_type(n).chance])
def test_an_undo_never_takes_back_a_draw_while_other_people_play(name):
    """Issue 24, undo reveals the future: in Zong Shi hot seat red drew a face-down scroll at
    the Temple, pressed Undo, and the next player to visit the Temple drew that same scroll. On
    a board with two or more people, a move that showed what was hidden (a draw from a deck or
    bag, bids turned over: ``reveals_hidden``) stands; every other move of one's own may be
    taken back. Against bots alone undo stays free (the learner's own practice). Random hot-seat
    games of every game with secrets or chance (Majolica's bag), all seats human."""
    from zongshi_widgets.widgets.session import reveals_hidden

    game = zw.game(name)
    seen = {True: 0, False: 0}
    for seed in range(4):
        board = GameBoard(game.new_state(seed=seed), seats=["human"] * game.players)
        rng = random.Random(seed)
        for _ in range(150):
            if board.state.is_over:
                break
            if board.screen:
                board.ready()
            before = board.state
            action = rng.choice(list(before.legal_actions()))
            board.play(action)
            if board.screen:
                continue  # the next person's turn: undo is theirs to refuse (another player's move)
            revealed = reveals_hidden(before, board.timeline.cursor.action, board.state)
            seen[revealed] += 1
            assert board.cursor["can_undo"] is (not revealed)
            if revealed:
                at = board.state
                request_to(board, type="undo")
                assert board.message.startswith("refused: ") and "showed what was hidden" in board.message
                assert board.state is at
            elif rng.random() < 0.3:
                request_to(board, type="undo")
                assert board.state is before
                if board.timeline.can_redo():
                    board.redo()
        board.close()
    assert seen[True] and seen[False], seen  # both kinds of move were met
    # against bots alone, the learner may take a draw back (nothing reaches another person)
    board = GameBoard(game.new_state(seed=0), seats=["human"] + ["random"] * (game.players - 1), bot_delay=0)
    rng, drew = random.Random(5), 0
    for _ in range(300):
        if board.state.is_over:
            break
        before = board.state
        board.play(rng.choice(list(before.legal_actions())))  # the bots answer at once
        assert board.cursor["can_undo"]
        drew += any(board.session.revealed(n) for n in board.session.undo_path())
    assert drew, "no draw was met in the game against bots"


def test_a_jump_in_the_log_never_goes_back_before_a_draw_while_other_people_play():
    """Issue 24, undo reveals the future, by the log: in a Majolica hot seat (chance, no hands)
    a click on an earlier move of the log jumped back across a bag draw, so the same tiles
    would come again, known in advance. While two or more people play, a jump that leaves a
    move that drew or turned something over behind is refused, and changes nothing; a jump
    back that crosses no such move, and a jump forward along moves already seen, are allowed;
    against bots alone the learner jumps freely."""
    from zongshi_widgets.widgets.session import reveals_hidden

    game = zw.game("majolica", players=2)
    board = GameBoard(game.new_state(seed=3), seats=["human", "human"])
    rng = random.Random(3)
    drew_at = None
    while drew_at is None:
        before = board.state
        board.play(rng.choice(list(before.legal_actions())))
        if reveals_hidden(before, board.timeline.cursor.action, board.state):
            drew_at = len(board.state.history)
    for _ in range(3):  # a few moves after the draw, none of them a draw
        before = board.state
        action = next(a for a in before.legal_actions() if not reveals_hidden(before, a, before.play(a)))
        board.play(action)
    now = board.state
    request_to(board, type="goto", ply=drew_at - 1, version=board.version)
    assert board.message.startswith("refused: ") and "showed what was hidden or left to chance" in board.message
    assert board.state is now
    request_to(board, type="goto", ply=drew_at, version=board.version)  # after the draw: allowed
    assert len(board.state.history) == drew_at
    request_to(board, type="goto", ply=len(now.history), version=board.version)  # forward again
    assert board.state is now
    board.close()
    # against a bot, the learner jumps back before a draw freely (nothing reaches another person)
    solo = GameBoard(game.new_state(seed=3), seats=["human", "random"], bot_delay=0)
    drew_at = None
    for _ in range(300):
        if drew_at is not None or solo.state.is_over:
            break
        if solo.state.to_move == 0:
            solo.play(rng.choice(list(solo.state.legal_actions())))
        line = solo.timeline.line()
        drew_at = next((n.ply for n in line[1:] if solo.session.revealed(n)), None)
    assert drew_at is not None
    request_to(solo, type="goto", ply=drew_at - 1, version=solo.version)
    assert len(solo.state.history) == drew_at - 1, solo.message
    solo.close()
