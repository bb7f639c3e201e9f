"""GembloQ rules (rulebook: Setup, Gameplay, End of the Game, In Case of a Tie) against the
component data recorded in ``docs/rulings/gembloq.md`` and Pentobi's recorded games."""

import json
import random

import pytest

import zongshi_widgets as zw
from zongshi_widgets.games.gembloq import read_blksgf, score_hands, write_blksgf
from zongshi_widgets.games.gembloq.rules import reference_legal_ids

VARIANT_PLAYERS = {"gembloq": 4, "gembloq_3": 3, "gembloq_2": 2}


def random_games(data_dir):
    data = json.loads((data_dir / "gembloq_random_games.json").read_text())
    return [(VARIANT_PLAYERS[v], i, rec) for v, recs in data.items() for i, rec in enumerate(recs)]


@pytest.mark.parametrize("players,counts", [(4, [36] * 4), (3, [112, 82, 82]), (2, [82, 82])])
def test_first_placements_on_the_starting_square(players, counts):
    """Rulebook, Gameplay ("starting from a starting point"); docs/rulings/gembloq.md, "Checks"."""
    state = zw.game("gembloq", players=players).new_state()
    assert [state.legal_count(c) for c in range(players)] == counts
    start = set(state.game.tables.starts[0])
    for p in state.legal_actions():
        assert start <= {state.game.tables.index[c] for c in p.cells}


def test_pentobi_games_replay_with_equal_legal_counts(data_dir):
    """Every legal_counts entry of Pentobi's random games equals ours, the same colour is to
    move, passes happen exactly where Pentobi passed (rulebook, Gameplay: a player who cannot
    place skips the turn), and the final scores agree."""
    for players, i, rec in random_games(data_dir):
        state = zw.game("gembloq", players=players).new_state()
        for k, ((colour, move), count) in enumerate(zip(rec["moves"], rec["legal_counts"])):
            where = f"{players}p game {i} move {k}"
            if move is None:
                assert count == 0, where
                assert state.legal_count(colour - 1) == 0, where
                assert state.to_move != colour - 1, where
                continue
            assert state.to_move == colour - 1, where
            assert state.legal_count() == count == len(state.legal_actions()), where
            state = state.play(move)
        assert state.is_over and state.to_move is None and state.legal_actions() == []
        placed = [state.game.total_squares() - p for p in state.view()["penalty"]]
        if players == 2:
            diff = placed[0] - placed[1]
            assert rec["final_score"] == f"B+{diff:g}" if diff > 0 else f"W+{-diff:g}"
        else:
            assert [float(x) for x in rec["final_score"].split()] == placed


def test_incremental_legal_sets_equal_the_rules_checked_one_by_one(data_dir):
    for players, _, rec in random_games(data_dir)[::4]:
        state = zw.game("gembloq", players=players).new_state()
        for _, move in rec["moves"]:
            if move is None:
                continue
            if len(state.history) % 5 == 0:
                for c in range(players):
                    assert state.legal_ids(c) == reference_legal_ids(state, c)
            state = state.play(move)


def test_notation_in_any_order_and_action_fields():
    state = zw.game("gembloq", players=4).new_state()
    a = state.play("b27,c27,b28,c28")
    b = state.play("C28, b28,c27,B27")
    assert a == b
    placed = a.history[0]
    assert str(placed) == "b27,c27,b28,c28"
    assert placed.piece.number == 1 and placed.orientation == 0
    assert placed in state.legal_actions()
    assert state.history == ()  # the old state is unchanged


def rule_of(state, move):
    with pytest.raises(zw.IllegalAction) as info:
        state.play(move)
    return info.value


def test_illegal_placements_name_their_rule_and_leave_the_state_alone():
    game = zw.game("gembloq", players=4)
    s0 = game.new_state()
    before = s0.to_json()
    # first piece not on the starting square (Gameplay)
    err = rule_of(s0, "f25,g25,f26,g26")
    assert err.rule == "gembloq.placement.starting-square" and "Gameplay" in err.message
    # off the playing area (Setup): the cut-off corner cell a28
    err = rule_of(s0, "a28,b28,a27,b27")
    assert err.rule in ("gembloq.placement.off-area", "gembloq.placement.not-a-piece")
    err = rule_of(s0, "ba1,bb1,ba2,bb2".replace("ba", "bz").replace("bb", "ca"))
    assert err.rule == "gembloq.placement.off-area" and "Setup" in err.message
    # not a piece, unreadable
    assert rule_of(s0, "b27,c27").rule == "gembloq.placement.not-a-piece"
    assert rule_of(s0, "hello").rule == "gembloq.notation"
    assert rule_of(s0, "").rule == "gembloq.notation"
    assert rule_of(s0, "b27,b27,b28,c28").rule == "gembloq.notation"
    assert s0.to_json() == before

    # blue places the single square; yellow, red, green their first pieces far away
    s = s0.play("b27,c27,b28,c28")
    s = s.play(s.legal_actions()[0]).play(s.play(s.legal_actions()[0]).legal_actions()[0])
    s = s.play(s.legal_actions()[0])
    assert s.to_move == 0
    placements = s.game.tables.placements

    def example(rule, piece=None):
        for p in placements:
            if piece is not None and p.piece.number != piece:
                continue
            err = s.explain(p)
            if err is not None and err.rule == rule:
                return p
        raise AssertionError(f"no example of {rule}")

    cases = {
        "gembloq.placement.overlap": ("Gameplay", "cover a piece already on the board", 3),
        "gembloq.placement.piece-used": ("Setup", "already placed piece 1", 1),
        "gembloq.placement.edge-contact": ("Gameplay", "share a side", 3),
        "gembloq.placement.corner-contact": ("Gameplay", "touch another blue piece at a corner", 3),
    }
    before = s.to_json()
    for rule, (section, words, piece) in cases.items():
        p = example(rule, piece)
        err = rule_of(s, str(p))
        assert err.rule == rule and section in err.message and words in err.message, (rule, err)
        with pytest.raises(zw.IllegalAction):
            s.play(p)  # the action object is checked as its notation is
    assert s.to_json() == before
    # a legal follow-up touches at a corner only
    legal = s.legal_actions()
    assert legal and all(s.explain(p) is None for p in legal[:50])


def test_other_colours_may_be_touched_along_sides():
    """Rulebook, Gameplay: pieces of one colour may touch pieces of another colour with their sides."""
    game = zw.game("gembloq", players=2)
    s = game.new_state()
    rng = random.Random(4)
    found = False
    for _ in range(400):
        s = game.new_state()
        while not s.is_over:
            c = s.to_move
            others = 0
            for d in range(2):
                if d != c:
                    others |= s._owner[d]
            for p in s.legal_actions():
                if game.tables.edge_mask[p.id] & others:
                    found = True
                    break
            if found:
                break
            s = s.play(rng.choice(s.legal_actions()))
        if found:
            break
    assert found


def test_a_colour_that_cannot_place_is_skipped_and_the_game_ends_when_nobody_can():
    """Rulebook, Gameplay: a player who cannot place skips; the game continues until none can."""
    rng = random.Random(11)
    game = zw.game("gembloq", players=3)
    skipped = False
    for _ in range(5):
        s = game.new_state()
        while not s.is_over:
            nxt = s.play(rng.choice(s.legal_actions()))
            expected = (s.to_move + 1) % 3
            if nxt.to_move is not None and nxt.to_move != expected:
                skipped = True
                assert nxt.legal_count(expected) == 0
            s = nxt
        assert all(s.legal_count(c) == 0 for c in range(3))
        with pytest.raises(zw.IllegalAction) as info:
            s.play("b1")
        assert info.value.rule == "core.game-over"
    assert skipped


def test_rulebook_scoring_example():
    """Rulebook, End of the Game and In Case of a Tie: yellow 8.5 (pieces 8+12), red 8.5
    (7+14), blue 5, green 2.5: green wins; yellow's tie-break 20 beats red's 21."""
    game = zw.game("gembloq", players=4)
    five = [p.number for p in game.pieces if p.squares == 5][0]
    two_and_half = [p.number for p in game.pieces if p.squares == 2.5][0]
    sheet = score_hands(game, [[five], [8, 12], [7, 14], [two_and_half]])
    assert list(sheet.totals) == [5, 8.5, 8.5, 2.5]
    assert [t[0] for t in sheet.tiebreaks][1:3] == [20, 21]
    assert sheet.winners == (3,)
    assert sheet.ranking == (2, 3, 4, 1)
    # the tie between yellow and red alone
    tie = score_hands(game, [[8, 12], [7, 14]])
    assert tie.totals[0] == tie.totals[1] == 8.5 and tie.winners == (0,)
    assert "penalty points" in str(sheet)


def test_score_sheet_of_a_finished_game_counts_pieces_left():
    s = zw.game("gembloq", players=2).new_state()
    rng = random.Random(2)
    while not s.is_over:
        s = s.play(rng.choice(s.legal_actions()))
    sheet = s.score_sheet()
    for c in range(2):
        assert sheet.totals[c] == sum(p.squares for p in s.pieces_left(c))
        assert sheet.values[c][0] == len(s.pieces_left(c))
        assert len(s.pieces_left(c)) + len(s.pieces_placed(c)) == 21


def test_one_player_puzzle_on_the_two_player_area():
    game = zw.game("gembloq", players=1)
    s = game.new_state()
    assert game.tables.players == 2 and s.legal_count() == 82
    rng = random.Random(0)
    while not s.is_over:
        s = s.play(rng.choice(s.legal_actions()))
        assert s.to_move in (0, None)
    assert len(s.score_sheet().totals) == 1
    with pytest.raises(ValueError):
        write_blksgf(s)


def test_bad_player_counts():
    for bad in (0, 5, "4"):
        with pytest.raises(ValueError):
            zw.game("gembloq", players=bad)


def test_json_round_trip_and_determinism():
    game = zw.game("gembloq", players=4)
    rng = random.Random(8)
    s = game.new_state(seed=3)
    for _ in range(25):
        s = s.play(rng.choice(s.legal_actions()))
    text = s.to_json()
    back = game.load_state(text)
    assert back == s and back.history == s.history and back.to_json() == text
    assert back.legal_actions() == s.legal_actions()
    with pytest.raises(zw.CorruptSave):
        zw.game("gembloq", players=3).load_state(text)
    data = json.loads(text)
    data["history"][3] = data["history"][2]
    with pytest.raises(zw.CorruptSave, match="action 4"):
        game.load_state(json.dumps(data))
    data = json.loads(text)
    data["digest"] = "0" * 16
    with pytest.raises(zw.CorruptSave, match="position"):
        game.load_state(json.dumps(data))
    for junk in ("", "{", "[]", '{"format": "zongshi_widgets.state/1", "game": "gembloq"}'):
        with pytest.raises(zw.CorruptSave):
            game.load_state(junk)


def test_blksgf_round_trip(data_dir):
    for players, _, rec in random_games(data_dir):
        name = {4: "GembloQ", 3: "GembloQ Three-Player", 2: "GembloQ Two-Player"}[players]
        text = f"(;GM[{name}]CA[UTF-8]" + "".join(f";{c}[{m or ''}]" for c, m in rec["moves"]) + ")"
        state = read_blksgf(text)
        assert state.is_over and state.game.players == players
        assert [str(a) for a in state.history] == [m for _, m in rec["moves"] if m]
        again = read_blksgf(write_blksgf(state))
        assert again == state and again.history == state.history


def test_blksgf_refuses_bad_records_whole():
    for bad, why in [
        ("(;GM[Blokus];1[a1])", "not a GembloQ"),
        ("(;GM[GembloQ];2[b27,c27,b28,c28])", "out of turn"),
        ("(;GM[GembloQ];1[b27,c27])", "illegal"),
        ("(;GM[GembloQ];1[b27,c27,b28,c28]", "complete"),
        ("(;GM[GembloQ]AB[a1];1[b27,c27,b28,c28])", "setup"),
        ("(;GM[GembloQ];5[b27,c27,b28,c28])", "not a move property"),
    ]:
        with pytest.raises(zw.CorruptSave, match=why):
            read_blksgf(bad)


def test_blksgf_reads_escapes_and_refuses_a_bad_variation():
    text = "(;GM[GembloQ]C[a comment \\] with bracket];1[b27,c27,b28,c28](;2[bb27,bc27,bb28,bc28]))"
    state = read_blksgf(text)
    assert len(state.history) == 2
    with pytest.raises(zw.CorruptSave, match="not a cell label"):
        read_blksgf(text[:-1] + "(;2[x]))")


def test_odd_input_is_refused_with_clear_errors():
    """Bad input gets a clear error and changes nothing (found by a newcomer's fuzzing)."""

    state = zw.game("gembloq", players=4).new_state()
    before = state.to_json()
    for bad in (7, -1, True, "x", 4.0):
        with pytest.raises((ValueError, TypeError), match="colour"):
            state.legal_count(bad)
    for method in (state.pieces_left, state.pieces_placed, state.cells_of, state.attach_points):
        with pytest.raises(ValueError, match="colour 9"):
            method(9)
    with pytest.raises(ValueError):
        state.explain(state.legal_actions()[0], colour=7)
    with pytest.raises(ValueError):
        state.view(7)
    assert state.owner_of("b27") is None and state.owner_of((1, 0)) is None
    with pytest.raises(KeyError, match="not a cell"):
        state.owner_of("zz99")
    for players in (4.0, True, "4", 0):
        with pytest.raises(ValueError, match=r"1 to 4 players \(an int\)"):
            zw.game("gembloq", players=players)
    for notation in ("b27;c27;b28;c28", "b27 c27 b28 c28"):
        assert state.play(notation).history[0].notation == "b27,c27,b28,c28"  # separators are forgiven
    for notation, words in [("a" + "9" * 5000, "not a cell label"), ("é1", "not a cell label"), ("x" * 10**5, "not a cell label")]:
        with pytest.raises(zw.IllegalAction, match=words) as info:
            state.play(notation)
        assert len(info.value.message) < 200
    assert state.to_json() == before
    with pytest.raises(TypeError):
        read_blksgf(None)
    with pytest.raises(TypeError):
        write_blksgf(None)
    assert read_blksgf(b"(;GM[GembloQ];1[b27,c27,b28,c28])").history[0].notation == "b27,c27,b28,c28"
    for bad in ("(;GM[GembloQ];\u00b2[b27,c27,b28,c28])", "(;GM[GembloQ];b[b27])", "(;GM[GembloQ])(;GM[GembloQ])"):
        with pytest.raises(zw.CorruptSave):
            read_blksgf(bad)
    with pytest.raises(TypeError):
        zw.Timeline(None)


def test_piece_files_are_checked(tmp_path):
    with pytest.raises(ValueError, match="cannot read"):
        zw.game("gembloq", components=str(tmp_path / "missing.json"))
    with pytest.raises(ValueError, match="path"):
        zw.game("gembloq", components=5)
    for text, words in [('{"pieces": []}', "no pieces"), ('{"pieces": [{"number": 1}]}', "piece 1"), ("{", "not a GembloQ piece file")]:
        path = tmp_path / "p.json"
        path.write_text(text)
        with pytest.raises(ValueError, match=words):
            zw.game("gembloq", components=str(path))


def test_saves_refuse_bad_seeds_and_missing_chance():
    game = zw.game("gembloq", players=2)
    data = json.loads(game.new_state(seed=1).play("n21,o21,n22,o22").to_json())
    for change in ({"seed": True}, {"seed": "1"}):
        with pytest.raises(zw.CorruptSave, match="seed"):
            game.load_state(json.dumps({**data, **change}))
    without = dict(data)
    del without["chance"]
    with pytest.raises(zw.CorruptSave, match="chance"):
        game.load_state(json.dumps(without))


def test_running_score_sheet_says_leading_not_winner():
    s = zw.game("gembloq", players=2).new_state().play("n21,o21,n22,o22")
    text = str(s.score_sheet())
    assert "leading: blue" in text and "winner" not in text
    assert not s.score_sheet().final


def test_a_tie_break_on_reconstructed_piece_numbers_says_so():
    """Rulebook, "In Case of a Tie": the lower sum of the remaining pieces' numbers wins. The
    piece numbers within a size are reconstructed (data/pieces.json), so a sheet whose first
    place is decided by them says so; one decided by penalty points does not."""
    game = zw.game("gembloq", players=2)
    by_number = {p.number: p for p in game.pieces}
    reconstructed = [p.number for p in game.pieces if p.provenance.get("number") == "reconstructed"]
    a, b = reconstructed[0], next(n for n in reconstructed if by_number[n].squares == by_number[reconstructed[0]].squares and n != reconstructed[0])
    tied = score_hands(game, [[a], [b]])
    assert len(tied.winners) == 1 and "reconstructed" in tied.notes
    clear = score_hands(game, [[a], [a, b]])
    assert "reconstructed" not in clear.notes
