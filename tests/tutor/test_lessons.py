"""Tutor lessons: data, checks, feedback (issue: tutor). Every packaged lesson is solvable."""

import re

import pytest

import zongshi_widgets as zw
from zongshi_widgets.tutor import Lesson, goals, lesson, lessons_from_dicts, load_lessons
from zongshi_widgets.tutor.gembloq import half_square_only_cells, tiebreak_range

GEMBLOQ = load_lessons("gembloq")


def test_packaged_gembloq_lessons_cover_the_issue():
    ids = {item.id for item in GEMBLOQ}
    assert {"first-move", "corner-contact", "side-to-other", "border-half-square", "triangle-gap", "notch", "skip", "end-game"} <= ids
    assert {"penalty-points", "tie-break"} <= ids
    assert all(item.task and item.hints and item.rule for item in GEMBLOQ)


@pytest.mark.parametrize("item", [g for g in GEMBLOQ if g.goal != "answer"], ids=lambda g: g.id)
def test_every_move_lesson_is_solvable_and_judges_moves(item):
    state = item.start()
    assert state.to_move == 0, "the learner plays blue"
    solutions = item.solutions(state)
    assert solutions
    fb, after = item.attempt(state, solutions[0])
    assert fb.solved and fb.text.startswith("Yes: ") and after is not None
    wrong = [a for a in state.legal_actions() if a not in solutions]
    if wrong:
        fb, after = item.attempt(state, wrong[0])
        assert not fb.solved and fb.legal and fb.text.startswith("Not yet: that move is legal, but")
    # an illegal move: the piece already on blue's starting square, or far from blue
    illegal = next(p for p in state.game.tables.placements if state.explain(p) is not None)
    fb, after = item.attempt(state, illegal)
    assert not fb.solved and not fb.legal and fb.rule.startswith("gembloq.") and after is None


def test_the_three_player_area_lesson_is_true_of_the_area():
    """Issue 22 (rulebook, Setup, Game for 3 players): three colours on the inner area, blue's
    starting square in the middle of its bottom border, and every solution fills a notch of
    that border with a triangular part."""
    item = lesson("gembloq", "three-player-area")
    state = item.start()
    tables = state.game.tables
    assert tables.players == 3 and len(state.game.seat_names) == 3 and len(tables.cells) < len(zw.game("gembloq", players=4).tables.cells)
    width, bottom = max(x for x, _ in tables.cells) + 1, max(y for _, y in tables.cells)
    start = [tables.cells[i] for i in tables.starts[0]]
    assert max(y for _, y in start) == bottom and abs(sum(x for x, _ in start) / len(start) - width / 2) <= 2
    only = half_square_only_cells(3)
    solutions = item.solutions(state)
    assert solutions and all(p.piece.half_squares for p in solutions)
    assert all(any(tables.index[c] in only and c[1] == bottom for c in p.cells) for p in solutions)
    assert "1.5" in {p.piece.name for p in solutions}  # the piece the last hint names


def test_feedback_words_for_corner_and_edge_contact():
    item = lesson("gembloq", "corner-contact")
    state = item.start()
    fb, _ = item.attempt(state, state.legal_actions()[0])
    assert fb.text.startswith("Yes: that piece touches your blue pieces only at a corner")
    edge = next(p for p in state.game.tables.placements if (e := state.explain(p)) is not None and e.rule == "gembloq.placement.edge-contact")
    fb, _ = item.attempt(state, edge)
    assert fb.text.startswith("Not yet: ") and "share a side" in fb.text and "Gameplay" in fb.text


def test_question_lessons():
    item = lesson("gembloq", "penalty-points")
    state = item.start()
    assert state.is_over
    assert item.check_answer(" 11 ").solved and item.check_answer("11.0").solved
    assert not item.check_answer("12").solved
    tie = lesson("gembloq", "tie-break")
    sheet = tie.start().score_sheet()
    assert sheet.totals[0] == sheet.totals[1] == 18.5 and sheet.winners == (0,)
    assert tie.check_answer("Blue").solved and not tie.check_answer("yellow").solved
    with pytest.raises(ValueError):
        lesson("gembloq", "first-move").check_answer("x")


@pytest.mark.parametrize("item", [g for g in GEMBLOQ if g.goal == "answer"], ids=lambda g: g.id)
def test_question_lessons_rest_on_confirmed_values_only(item):
    """The answer is what the engine says, and stays the same whatever the reconstructed piece
    numbers really are (rulebook, "End of the Game" and "In Case of a Tie"; provenance in
    pieces.json: sizes are confirmed, numbers only for pieces of a size of their own)."""
    state = item.start()
    assert state.is_over
    sheet = state.score_sheet()
    game = state.game
    assert all(p.provenance["squares"] == "confirmed" for p in game.pieces)
    if item.rule == "In Case of a Tie":
        (winner,) = sheet.winners
        assert item.answer == game.seat_names[winner]
        for other in range(game.colours):
            if other != winner and sheet.totals[other] == sheet.totals[winner]:
                low, high = tiebreak_range(game.pieces, state.pieces_left(winner), state.pieces_left(other))
                assert high < 0, f"{game.seat_names[winner]} beats {game.seat_names[other]} only with some numberings ({low}..{high})"
    else:
        assert float(item.answer) == sheet.totals[0]  # blue's penalty points: sizes only


def test_tiebreak_range_knows_which_numbers_are_reconstructed():
    """Rulebook, "In Case of a Tie": the old tie-break position (blue I3+I4+O against red
    I3+I4+T4, 11 points each) hinged on the reconstructed order of the 4-square pieces."""
    pieces = zw.game("gembloq", players=3).pieces
    by = {p.name: p for p in pieces}
    low, high = tiebreak_range(pieces, [by["I3"], by["I4"], by["O"]], [by["I3"], by["I4"], by["T4"]])
    assert low < 0 < high
    assert tiebreak_range(pieces, [by["L3.5"], by["1.5"]], [by["N4.5"], by["1"]]) == (7 + 2 - 12 - 1,) * 2  # confirmed numbers only
    # rulebook's example: yellow 8+12 against red 7+14 (I4 + N4.5 against L3.5 + L5)
    low, high = tiebreak_range(pieces, [by["I4"], by["N4.5"]], [by["L3.5"], by["L5"]])
    assert (low, high) == (8 + 12 - 7 - 20, 11 + 12 - 7 - 13)


def test_teachers_write_their_own_lessons(tmp_path):
    path = tmp_path / "mine.toml"
    path.write_text('[[lesson]]\nid = "a"\ntitle = "A"\ngame = "gembloq"\nplayers = 2\ntask = "Start."\ngoal = "legal"\nhints = ["h"]\n')
    (item,) = load_lessons(path)
    assert item.start().to_move == 0 and item.solutions(limit=3)
    assert "border-half-square" in goals("gembloq")


@pytest.mark.parametrize(
    "bad,why",
    [
        ([{"id": "a", "title": "A", "game": "gembloq", "players": 2, "task": "t", "goal": "fly"}], "unknown goal"),
        ([{"id": "a", "title": "A", "game": "gembloq", "players": 2, "task": "t", "colour": 1}], "unknown field"),
        ([{"id": "a", "title": "A", "game": "gembloq", "players": 2, "task": "t"}] * 2, "duplicate"),
        ([{"id": "a", "title": "A", "game": "gembloq", "players": 2, "task": "t", "goal": "answer"}], "needs an answer"),
        ([{"id": "a", "game": "gembloq"}], "lesson 1"),
    ],
)
def test_bad_lessons_are_refused(bad, why):
    with pytest.raises(ValueError, match=why):
        lessons_from_dicts(bad)


def test_bad_setup_and_files(tmp_path):
    item = Lesson(id="a", title="A", game="gembloq", players=2, task="t", setup=["b1"])
    with pytest.raises(ValueError, match="setup action 1"):
        item.start()
    bad = tmp_path / "bad.toml"
    bad.write_text("[[lesson]\n")
    with pytest.raises(ValueError, match="TOML"):
        load_lessons(bad)
    with pytest.raises(FileNotFoundError):
        load_lessons("nosuchgame")
    with pytest.raises(KeyError):
        lesson("gembloq", "nope")
    assert zw.game("gembloq", players=2)


def test_the_readme_lesson_example_works():
    import pathlib
    import tomllib

    readme = (pathlib.Path(__file__).parents[2] / "README.md").read_text()
    text = readme.split("```toml")[1].split("```")[0]
    (item,) = lessons_from_dicts(tomllib.loads(text)["lesson"])
    assert item.start().to_move == 0 and item.solutions(limit=1)


def test_lesson_fields_are_type_checked_and_answers_normalised():
    base = {"id": "a", "title": "A", "game": "gembloq", "players": 2, "task": "t"}
    with pytest.raises(ValueError, match="hints must be a list"):
        lessons_from_dicts([{**base, "hints": "one string"}])
    with pytest.raises(ValueError, match="unknown game"):
        lessons_from_dicts([{**base, "game": "chess"}])
    tie, penalty = lesson("gembloq", "tie-break"), lesson("gembloq", "penalty-points")
    assert tie.check_answer("Blue wins!").solved and not tie.check_answer("yellow").solved
    assert penalty.check_answer("11,0").solved
    assert "type your answer" in penalty.check_answer("  ").text


# -- answers: exactly the right one, in its usual forms ----------------------------------------
def _question(answer: str, players: int = 3, units=("penalty points",)) -> Lesson:
    return Lesson(id="q", title="Q", game="gembloq", players=players, task="t", goal="answer", question="?", answer=answer, units=units)


@pytest.mark.parametrize("given", ["red", "Red", " RED. ", "Red wins!", "the red player", "red wins", "The winner is red."])
def test_a_colour_answer_is_accepted_in_its_usual_forms(given):
    assert _question("red").check_answer(given).solved


@pytest.mark.parametrize("given", ["blue or red", "blue and red", "red or blue", "red, blue", "red and yellow", "not red", "red 11", "blue", "r"])
def test_a_colour_answer_naming_anything_else_is_refused(given):
    fb = _question("red").check_answer(given)
    assert not fb.solved and fb.text.startswith("Not yet: ")


def test_a_colour_not_in_the_game_is_pointed_out():
    fb = _question("red").check_answer("green")  # three players: blue, yellow, red
    assert not fb.solved and "green does not play in this game" in fb.text and "blue, yellow and red" in fb.text
    fb = _question("red").check_answer("purple")
    assert not fb.solved and "purple does not play in this game" in fb.text
    assert "does not play" not in _question("red", players=4).check_answer("green").text


@pytest.mark.parametrize(
    "given,expected",
    [
        ("11", "11"),
        ("11.0", "11"),
        ("11,0", "11"),
        ("eleven", "11"),
        ("Eleven.", "11"),
        ("11 points", "11"),
        ("eleven penalty points", "11"),
        ("8.5", "8.5"),
        ("8,5", "8.5"),
        ("8½", "8.5"),
        ("eight and a half", "8.5"),
        ("8 1/2", "8.5"),
        ("twenty-one", "21"),
        ("twenty one", "21"),
        ("0", "0"),
    ],
)
def test_a_number_answer_is_accepted_in_its_usual_forms(given, expected):
    assert _question(expected).check_answer(given).solved


@pytest.mark.parametrize("given", ["12", "twelve", "11 or 12", "11-12", "about 11", "11.5", "eleven and a half", "1 1", "red", "110"])
def test_a_number_answer_naming_anything_else_is_refused(given):
    fb = _question("11").check_answer(given)
    assert not fb.solved and fb.text.startswith("Not yet: ")


def test_answer_feedback_says_what_is_wrong():
    assert "twelve is not it" in _question("11").check_answer("twelve").text  # number words are read (and echoed as typed)
    assert "one number" in _question("11").check_answer("11 or 12").text
    assert "one colour" in _question("red").check_answer("blue or red").text


# -- hints and feedback checked against each lesson's position ---------------------------------
COLOURS = ("blue", "yellow", "red", "green")


def _colours_named(text: str) -> set[str]:
    """Player colours named in ``text`` (the board's green preview is not a player)."""
    text = re.sub(r"preview turns green|green preview", "", text, flags=re.IGNORECASE)
    return {c for c in COLOURS if re.search(rf"\b{c}\b", text, re.IGNORECASE)}


def _pieces_named(text: str, pieces) -> set[str]:
    """Pieces named in ``text`` by a name with a letter or a decimal point ("L3.5", "P", "1.5");
    the 1- and 2-square pieces are named in words, which this does not catch."""
    names = [p.name for p in pieces if not p.name.isdigit()]
    return {n for n in names if re.search(rf"(?<![\w.]){re.escape(n)}(?![\w.])", text)}


def _affected(state, action) -> set[int]:
    """Colours whose pieces ``action`` touches (side or corner) or whose legal placements it
    takes away."""
    tables = state.game.tables
    owners = {i: c for c in range(state.game.colours) for i in state.cells_of(c)}
    out = set()
    for cell in action.cells:
        i = tables.index[cell]
        out |= {owners[j] for j in (*tables.edge_nbrs[i], *tables.corner_nbrs[i]) if j in owners}
    after = state.play(action)
    out |= {c for c in range(state.game.colours) if after.legal_count(c) < state.legal_count(c)}
    return out


@pytest.mark.parametrize("item", GEMBLOQ, ids=lambda g: g.id)
def test_every_hint_and_task_states_true_facts_about_its_position(item):
    """A colour named must play in the lesson's game, and in a move lesson be one that a
    solution touches or blocks; a piece named must still be in the learner's hand (in a move
    lesson, and at least one named piece must solve it). Rulebook sections as the lessons cite."""
    state = item.start()
    game = state.game
    playing = set(game.seat_names)
    learner = 0  # every packaged lesson is played, or asked, from blue's side
    hand = {p.name for p in state.pieces_left(learner)}
    solutions = item.solutions(state) if item.goal != "answer" else []
    affected = {game.seat_names[c] for a in solutions for c in _affected(state, a)}
    solution_pieces = {a.piece.name for a in solutions}
    for text in (item.task, item.question, *item.hints):
        named = _colours_named(text)
        assert named <= playing, f"{item.id}: {text!r} names a colour not in the game"
        if item.goal != "answer":
            others = named - {game.seat_names[learner]}
            assert others <= affected, f"{item.id}: {text!r} names {others - affected}, which no solution touches or blocks"
        pieces = _pieces_named(text, game.pieces)
        assert pieces <= hand, f"{item.id}: {text!r} names {pieces - hand}, not in blue's hand"
        if item.goal != "answer" and pieces:
            assert pieces & solution_pieces, f"{item.id}: {text!r} names only pieces that solve nothing"


def _feedback_texts(item, limit=60):
    state = item.start()
    solutions = item.solutions(state)
    misses = [a for a in state.legal_actions() if a not in solutions]
    for action in solutions[:limit] + misses[:limit]:
        fb, after = item.attempt(state, action)
        yield state, action, after, fb


@pytest.mark.parametrize("item", [g for g in GEMBLOQ if g.goal != "answer"], ids=lambda g: g.id)
def test_feedback_is_worded_from_the_position(item):
    for state, action, after, fb in _feedback_texts(item):
        text = fb.text
        assert not re.search(r"\b1 (squares|penalty points)\b", text) and not re.search(r"\b(?!1\b)[\d.]+ (square|penalty point)\b", text), text
        assert _colours_named(text) <= set(state.game.seat_names), text
        if fb.solved and item.goal == "skip":
            skipped = [c for c in range(1, state.game.colours) if after.to_move is None or c < after.to_move]
            assert skipped and all(state.game.seat_names[c] in text for c in skipped), text
        if fb.solved and item.goal == "side-to-other":
            named = _colours_named(text) - {"blue"}
            assert named and all(c in _affected_names(state, action) for c in named), text


def _affected_names(state, action):
    return {state.game.seat_names[c] for c in _affected(state, action)}


def test_the_pass_lesson_names_every_colour_it_skips():
    """Rulebook, Gameplay: a player who cannot place any piece skips their turn."""
    item = lesson("gembloq", "skip")
    state = item.start()
    assert state.legal_count(2) == 0 < state.legal_count(1)  # red is already out; yellow goes next
    fb, after = item.attempt(state, item.solutions(state)[0])
    assert after.to_move == 3 and "yellow and red" in fb.text and "green moves next" in fb.text


def test_size_words_agree_in_number():
    item = lesson("gembloq", "big-pieces-first")
    state = item.start()
    single = next(a for a in state.legal_actions() if a.piece.squares == 1)
    fb, _ = item.attempt(state, single)
    assert "has 1 square;" in fb.text and "5 squares fits too" in fb.text


def test_one_player_challenge_names_no_winner_and_has_no_tie_break():
    """The one-player challenge is this tutor's own (the rulebook's "Puzzle" is free
    figure-making): its score sheet is a result, with no winner, ranks or tie-break column."""
    import random

    from zongshi_widgets.games.gembloq import score_hands

    state = zw.game("gembloq", players=1).new_state()
    rng = random.Random(1)
    while not state.is_over:
        state = state.play(rng.choice(state.legal_actions()))
    sheet = state.score_sheet()
    assert sheet.winners == () and sheet.tiebreaks == ((),)
    assert list(sheet.rows()[0]) == ["player", "pieces left", "penalty points"]
    text, page = str(sheet), sheet._repr_html_()
    assert "winner" not in text.lower() and "tie-break" not in text and "rank" not in text
    assert "winner" not in page.lower() and "tie-break" not in page and f"result: {sheet.totals[0]:g} penalty points" in text
    # two or more colours: still a winner, and a tie the tie-break cannot break is a shared win
    game = zw.game("gembloq", players=2)
    shared = score_hands(game, [[13], [13]])
    assert shared.winners == (0, 1) and shared.ranking == (1, 1) and "winners: blue, yellow" in str(shared)
    assert "shared" in shared.notes


def test_end_game_praise_says_how_the_game_was_decided():
    """Rulebook, End of the Game and In Case of a Tie: fewest points wins, the tie-break
    decides a tie, a tie it cannot break is shared."""
    from zongshi_widgets.tutor.gembloq import _end_praise

    item = lesson("gembloq", "end-game")
    state = item.start()
    (move,) = item.solutions(state)
    after = state.play(move)
    text = _end_praise(state, move, after)
    sheet = after.score_sheet()
    assert sheet.players[sheet.winners[0]] in text and f"{sheet.totals[sheet.winners[0]]:g} penalty points" in text


def test_a_lesson_can_pose_its_position_directly():
    """A lesson's ``position`` is the game's position description (Game.from_position); setup
    actions are played from it, and a description the game refuses makes the lesson invalid."""
    from zongshi_widgets.tutor import lessons_from_dicts

    start = zw.game("art_gallery", players=3).new_state(seed=4)
    desc = start.position()
    (item,) = lessons_from_dicts([{"id": "posed", "title": "t", "game": "art_gallery", "players": 3, "task": "t", "position": desc, "seed": 4}])
    assert item.start().position() == desc
    first = str(start.legal_actions()[0])
    (item,) = lessons_from_dicts([{"id": "posed", "title": "t", "game": "art_gallery", "players": 3, "task": "t", "position": desc, "setup": [first]}])
    assert item.start().position() == start.play(first).position()
    (bad,) = lessons_from_dicts([{"id": "bad", "title": "t", "game": "art_gallery", "players": 3, "task": "t", "position": {"nonsense": 1}}])
    with pytest.raises(ValueError, match="bad.*cannot be posed"):
        bad.start()
    with pytest.raises(ValueError, match="position must be a table"):
        lessons_from_dicts([{"id": "x", "title": "t", "game": "art_gallery", "players": 3, "task": "t", "position": "abc"}])


def test_goals_of_every_game_and_a_games_own_replacement():
    """Every game's lessons may use "legal" and "one-of"; GembloQ keeps its own "legal"."""
    from zongshi_widgets.tutor import lessons_from_dicts
    from zongshi_widgets.tutor.lesson import _GOALS, GENERIC_GOALS

    assert {"legal", "one-of"} <= set(goals("art_gallery")) and {"legal", "one-of"} <= set(goals("zongshi"))
    assert _GOALS["gembloq"]["legal"] is not GENERIC_GOALS[0]
    start = zw.game("art_gallery", players=3).new_state(seed=4)
    legal = [str(a) for a in start.legal_actions()]
    (item,) = lessons_from_dicts(
        [
            {
                "id": "pick",
                "title": "t",
                "game": "art_gallery",
                "players": 3,
                "seed": 4,
                "task": "t",
                "goal": "one-of",
                "goal_args": {"actions": [legal[1]], "why": "Because."},
            }
        ]
    )
    assert [str(a) for a in item.solutions()] == [legal[1]]
    yes, _ = item.attempt(item.start(), legal[1])
    assert yes.solved and yes.text.startswith("Yes:") and yes.text.endswith("Because.")
    no, _ = item.attempt(item.start(), legal[0])
    assert not no.solved and no.text.startswith("Not yet: that move is legal, but it is not the move")


def test_a_teachers_file_is_checked_whole_when_loaded(tmp_path):
    """A lesson whose goal cannot use its goal_args, or whose position cannot be posed, is
    refused by load_lessons, naming the lesson, not on the learner's first move."""
    bad_args = tmp_path / "bad_args.toml"
    bad_args.write_text(
        '[[lesson]]\nid = "rocket"\ntitle = "t"\ngame = "zongshi"\nplayers = 4\ntask = "t"\ngoal = "begin-project"\ngoal_args = { project = "rocket" }\n',
        encoding="utf-8",
    )
    with pytest.raises(ValueError, match="lesson 'rocket': the goal 'begin-project' cannot use goal_args"):
        load_lessons(bad_args)
    bad_notation = tmp_path / "bad_notation.toml"
    bad_notation.write_text(
        '[[lesson]]\nid = "one"\ntitle = "t"\ngame = "art_gallery"\nplayers = 3\ntask = "t"\ngoal = "one-of"\ngoal_args = { actions = ["fly away"] }\n',
        encoding="utf-8",
    )
    with pytest.raises(ValueError, match="lesson 'one': the goal 'one-of' cannot use goal_args"):
        load_lessons(bad_notation)
    bad_setup = tmp_path / "bad_setup.toml"
    bad_setup.write_text('[[lesson]]\nid = "s"\ntitle = "t"\ngame = "gembloq"\nplayers = 2\ntask = "t"\nsetup = ["zz99"]\n', encoding="utf-8")
    with pytest.raises(ValueError, match="lesson 's': setup action 1"):
        load_lessons(bad_setup)


def test_a_lesson_set_name_never_reads_outside_the_packaged_lessons(tmp_path):
    """Issue 24: a lesson name containing ``../`` read a TOML file outside the lessons folder.
    A packaged set is named by a bare game name; anything else is refused before reading."""
    from zongshi_widgets.tutor import load_lessons

    (tmp_path / "evil.toml").write_text('[[lesson]]\nid = "x"\n', encoding="utf-8")
    for name in ("../gembloq", "lessons/gembloq", str(tmp_path / "evil"), "../../../../" + str(tmp_path / "evil"), "gembloq/../gembloq", ""):
        with pytest.raises(FileNotFoundError, match="no packaged lessons"):
            load_lessons(name)
    with pytest.raises(TypeError):
        load_lessons(3)
    assert load_lessons("gembloq")  # the packaged set still loads


def test_lesson_texts_have_size_limits(tmp_path):
    """Issue 24: lesson text fields had no size limits: the schema bounds each one, and the
    message names the field."""
    from zongshi_widgets.tutor import load_lessons

    base = 'id = "big"\ntitle = "t"\ngame = "gembloq"\nplayers = 2\ntask = "place a piece"\n'
    for field, size in (("title", 201), ("task", 4001), ("question", 2001), ("rule", 401)):
        text = base.replace(f'{field} = "t"\n', "").replace(f'{field} = "place a piece"\n', "") + f'{field} = "{"w" * size}"\n'
        path = tmp_path / f"{field}.toml"
        path.write_text("[[lesson]]\n" + text, encoding="utf-8")
        with pytest.raises(ValueError, match=field):
            load_lessons(path)
