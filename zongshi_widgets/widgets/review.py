"""The board's game review (issue 21): marks the mistakes of the line on the board in its move
log, jumps to them and lets the learner try the better move as a new branch.

:class:`ReviewMixin` is part of every :class:`~zongshi_widgets.widgets.base.GameBoard`. It runs
:func:`zongshi_widgets.agents.review.review` over the board's current line and publishes its
progress and its marks in the ``review_status`` trait (see :meth:`ReviewMixin.review_info`).

**Where the work runs.** A review searches every decision of the line (a fraction of a second
each), so from the browser it runs on a background thread and the kernel stays free to answer
the board (Cancel, moves, jumps). Traits are never written from that thread: ipywidgets sends a
trait change on the thread that makes it, and with ipykernel 7 messages sent from another
thread are lost or fail (jupyter-widgets/ipywidgets#4001, ipython/ipykernel#1451). The thread
only computes; its progress and its result are handed to the kernel's event loop
(``loop.call_soon_threadsafe``), which updates the traits. Without a running event loop (plain
Python, :meth:`ReviewMixin.review`) the review runs in the caller's thread and updates the
traits as it goes.

**Whose moves, from what information.** A board reviews the decisions of the seat it watches,
from what that seat saw at the time (the review's search determinizes for the deciding seat):

* a board bound to a seat: that seat's decisions;
* a hot seat board: in a game with secrets, the seat on screen (not behind the privacy
  screen); in a game without, the one person at the board when a single seat is human, else
  every seat;
* a spectator: every seat in a game without hidden information (or with ``open_hands``);
  refused in a game with secrets: each decision there can only be judged from the hand of
  the player who made it, and a spectator may see no hand (a review judged from a seat's hand
  would tell the spectator something about it: "lost 30 %" says the hand held better).

The marks (played move, better move, loss) of a seat's review are sent only while the board
shows that seat (a hot seat passed to another person shows none), each move in the words that
seat reads in its log.

**Marks stay on their line.** A mark belongs to the timeline node of the move it judges: it is
shown while that move is on the current line (the branch made by trying the better move does
not show the marks after the fork, going back to the reviewed line shows them again); a new
game or a loaded position clears the review.
"""

from __future__ import annotations

import asyncio
import logging
import math
import threading
from typing import Any

from ..core import Timeline
from .protocol import BadRequest, _is_int, request

__all__ = ["REVIEW_BUDGET", "ReviewMixin", "ReviewRefused"]

_log = logging.getLogger(__name__)

#: Default search budget of a board's review, CPU seconds per decision.
REVIEW_BUDGET = 0.2

#: Largest budget (seconds per decision) and iteration count a browser request may ask for.
MAX_REQUEST_BUDGET = 10.0
MAX_REQUEST_ITERATIONS = 20000


class ReviewRefused(ValueError):
    """This board may not review now (a lesson, a spectator of a game with secrets, the privacy
    screen is up, or a seat whose secrets the board may not show)."""


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


class _Job:
    """One review run: its generation (a newer run or a cancel makes its results stale), the
    stop flag polled between decisions, whose decisions, and the line it reviews (node ids)."""

    def __init__(self, gen: int, seat: int | None, line: list[int], start: int, budget: float | None, iterations: int | None):
        self.gen = gen
        self.seat = seat
        self.line = line
        self.start = start
        self.budget = budget
        self.iterations = iterations
        self.stop = threading.Event()
        self.thread: threading.Thread | None = None


class ReviewMixin:
    """The review part of a board (mixed into :class:`~zongshi_widgets.widgets.base.GameBoard`).

    Python: :meth:`review` (runs it and returns the
    :class:`~zongshi_widgets.agents.review.GameReview`), :meth:`cancel_review`,
    :attr:`last_review`, :meth:`show_review_mark`. Requests: ``review {seat, budget,
    iterations}``, ``review_cancel``, ``review_show {ply}``.
    """

    # -- state kept per board -------------------------------------------------------------
    def _review_init(self) -> None:
        self._review_gen = 0
        self._review_job: _Job | None = None
        self._review_phase = ""  # "", "running", "done", "cancelled", "failed"
        self._review_done = 0
        self._review_total = 0
        self._review_error = ""
        self._review_result = None  # the GameReview of the last run
        self._review_marks: list[dict] = []  # every mistake, with the node id of the move judged

    @property
    def last_review(self):
        """The :class:`~zongshi_widgets.agents.review.GameReview` of the last finished (or
        cancelled) review of this board, ``None`` before any (or after a new game)."""
        return self._review_result

    # -- Python API ------------------------------------------------------------------------
    def review(self, seat: Any = "watching", *, budget: float | None = REVIEW_BUDGET, iterations: int | None = None, background: bool = False):
        """Review the board's current line: every decision of the reviewed seat(s) searched
        again, the mistakes marked in the move log (see the module docstring for whose moves
        and from what information).

        Args:
            seat (int | None | str): ``"watching"`` (default): the seats this board reviews
                (see the module docstring); a seat number; ``None``: every seat (games
                without secrets, or ``open_hands``).
            budget (float | None): search budget per decision, CPU seconds (ignored when
                ``iterations`` is given).
            iterations (int | None): search iterations per decision instead (reproducible).
            background (bool): run on a background thread and return at once (``None``);
                needs the kernel's event loop (in a notebook), else it runs here.

        Returns:
            GameReview | None: the review (its ``decisions`` and ``mistakes()``), or ``None``
            when it runs in the background (then see :attr:`last_review` and the
            ``review_status`` trait).

        Raises:
            ReviewRefused: this board may not review these decisions (the reason is also
                said on the board).
            ValueError: a bad budget or iteration count. TypeError: a bad seat.
        """
        seat = self._review_seat(seat)
        budget, iterations = self._check_review_budget(budget, iterations)
        return self._start_review(seat, budget, iterations, background)

    def cancel_review(self) -> bool:
        """Stop a running review after the decision it is searching; its marks so far stay.
        Returns whether a review was running."""
        job = self._review_job
        if job is None or self._review_phase != "running":
            return False
        job.stop.set()
        return True

    def show_review_mark(self, ply: int) -> dict:
        """Jump to the position of the mistake judged at decision ``ply`` (before the move) and
        show the better move as a hint (drawn on the board; *Play it* plays it as a new branch).

        Returns:
            dict: the mark (``review_info()["marks"]`` entry).

        Raises:
            KeyError: no mark at that ply on the current line.
            ReviewRefused: the board may not jump here (see ``_may_rewind``).
        """
        mark = next((m for m in self._visible_marks() if m["ply"] == ply), None)
        if mark is None:
            raise KeyError(f"no review mark at move {ply} of the line shown")
        why = self._may_rewind("goto", self._node_at_ply(ply))
        if why is not None:
            raise ReviewRefused(why)
        if len(self.state.history) != ply:
            self.goto(ply)
        state = self.state
        self._clear_refusal()
        self.hint = {
            "mode": "review",
            "bot": "",
            "index": 0,
            "total": 1,
            "action": mark["best"],
            "code": self.action_code(state, state.parse_action(mark["best"])),
            "text": mark["best_move"],
            "played": mark["text"],
            "loss": mark["loss"],
            "solo": mark["solo"],
            "units": mark["units"],
            "version": self.version,
        }
        return mark

    # -- requests --------------------------------------------------------------------------
    @request("review", "seat", "budget", "iterations")
    def _req_review(self, content: dict) -> None:
        seat = content.get("seat", "watching")
        if seat != "watching" and seat is not None and not _is_int(seat):
            raise BadRequest("'seat' must be a seat number, null (every seat) or 'watching'")
        budget = content.get("budget", REVIEW_BUDGET)
        iterations = content.get("iterations")
        if budget is not None and (isinstance(budget, bool) or not isinstance(budget, (int, float)) or not 0 < budget <= MAX_REQUEST_BUDGET):
            raise BadRequest(f"'budget' must be a number of seconds in (0, {MAX_REQUEST_BUDGET:g}]")
        if iterations is not None and (not _is_int(iterations) or not 1 <= iterations <= MAX_REQUEST_ITERATIONS):
            raise BadRequest(f"'iterations' must be an integer in 1..{MAX_REQUEST_ITERATIONS}")
        try:
            seat = self._review_seat(seat)
        except ReviewRefused as exc:
            self.say("refused", str(exc))
            return
        except (TypeError, ValueError) as exc:
            raise BadRequest(str(exc)) from None
        self._start_review(seat, budget, iterations, background=True)

    @request("review_cancel")
    def _req_review_cancel(self, content: dict) -> None:
        if not self.cancel_review():
            self.say("info", "no review is running")

    @request("review_show", "ply")
    def _req_review_show(self, content: dict) -> None:
        ply = content.get("ply")
        if not _is_int(ply):
            raise BadRequest("a 'review_show' request needs the 'ply' (an integer) of a mark")
        try:
            self.show_review_mark(ply)
        except KeyError as exc:
            self.say("info", str(exc).strip("'\""))
        except ReviewRefused as exc:
            self.say("refused", str(exc))

    # -- whose decisions ---------------------------------------------------------------------
    def _review_seat(self, seat: Any) -> int | None:
        """The seat to review (``None``: every seat) for a request of ``seat``.

        Raises:
            ReviewRefused: see the module docstring. TypeError: not a seat.
        """
        if not self.hints:
            raise ReviewRefused("no review here: a lesson has its own checks")
        secrets = self._game.game_type.hidden_information and not self._open_hands
        mode = self._mode
        if seat != "watching" and seat is not None:
            seat = self._game.check_seat(seat, spectator=False)
        if mode is None:
            if secrets:
                raise ReviewRefused(
                    "a spectator sees no hand, and each decision of this game can only be judged from the hand of the player who made it: "
                    "review from a player's board"
                )
            return None if seat == "watching" else seat
        if self._screened():
            raise ReviewRefused("the privacy screen is up: the next player says they are ready first")
        # the seat this board shows (before a live view has opened it, the one it will show:
        # the marks reach the browser only once that seat is on screen, see _review_shown)
        watching = self._target_seat() if self.awaiting_view else self._looking_seat()
        if secrets:
            if seat == "watching":
                return watching
            if seat != watching:
                raise ReviewRefused("in a game with secrets a board reviews only the moves of the seat it shows, from what that seat saw")
            return seat
        if seat != "watching":
            return seat
        if isinstance(mode, int):
            return mode
        humans = self._session.humans()
        return humans[0] if len(humans) == 1 else None

    @staticmethod
    def _check_review_budget(budget: Any, iterations: Any) -> tuple[float | None, int | None]:
        if iterations is not None:
            if not _is_int(iterations) or iterations < 1:
                raise ValueError(f"iterations must be a positive int, not {iterations!r}")
            return None, iterations
        if isinstance(budget, bool) or not isinstance(budget, (int, float)) or not math.isfinite(budget) or budget <= 0:
            raise ValueError(f"budget must be a positive number of CPU seconds per decision, not {budget!r}")
        return float(budget), None

    # -- running ---------------------------------------------------------------------------
    def _start_review(self, seat: int | None, budget: float | None, iterations: int | None, background: bool):
        from ..agents.review import review

        self._stop_review_job()
        tl = self.timeline
        line = tl.line()
        snapshot = Timeline(line[0].state)  # the line as it is now: the learner may branch meanwhile
        for node in line[1:]:
            snapshot.play(node.action)
        self._review_gen += 1
        job = _Job(self._review_gen, seat, [n.id for n in line], len(line[0].state.history), budget, iterations)
        self._review_job = job
        self._review_phase, self._review_done, self._review_total, self._review_error = "running", 0, 0, ""
        self._review_marks = []
        self._sync_review()
        options = {"budget": budget if budget is not None else REVIEW_BUDGET, "iterations": iterations, "seed": self.bot_seed or 0, "clock": "cpu"}
        loop = _running_loop() if background else None
        if loop is None:
            try:
                result = review(snapshot, seat, progress=lambda d, n: self._review_progress(job.gen, d, n), stop=job.stop.is_set, **options)
            except Exception as exc:
                self._review_finished(job.gen, None, exc)
                raise
            self._review_finished(job.gen, result, None)
            return result

        def post(fn, *args):
            try:
                loop.call_soon_threadsafe(fn, *args)
            except RuntimeError:  # the loop is closed: the kernel is shutting down
                job.stop.set()

        def work():
            try:
                result = review(snapshot, seat, progress=lambda d, n: post(self._review_progress, job.gen, d, n), stop=job.stop.is_set, **options)
            except Exception as exc:  # said on the board, never lost in a thread
                post(self._review_finished, job.gen, None, exc)
            else:
                post(self._review_finished, job.gen, result, None)

        job.thread = threading.Thread(target=work, name="zw-board-review", daemon=True)
        job.thread.start()
        return None

    def _stop_review_job(self) -> None:
        """Forget a running review (a newer one, a new game, a closed board): its thread stops
        after its current decision and its results are ignored."""
        job = getattr(self, "_review_job", None)  # None too for a board whose construction failed
        if job is not None:
            job.stop.set()
        self._review_gen = getattr(self, "_review_gen", 0) + 1

    def _clear_review(self) -> None:
        self._stop_review_job()
        self._review_job = None
        self._review_phase, self._review_done, self._review_total, self._review_error = "", 0, 0, ""
        self._review_result = None
        self._review_marks = []

    def _review_progress(self, gen: int, done: int, total: int) -> None:
        if gen != self._review_gen:
            return
        self._review_done, self._review_total = int(done), int(total)
        self._sync_review()

    def _review_finished(self, gen: int, result: Any, error: BaseException | None) -> None:
        if gen != self._review_gen:
            return
        job = self._review_job
        if error is not None:
            _log.error("board review failed", exc_info=error)
            self._review_phase = "failed"
            self._review_error = f"{type(error).__name__}: {error}"
            self._sync_review()
            self.say("error", f"the review failed: {self._review_error}")
            return
        self._review_result = result
        self._review_marks = self._marks_of(result, job)
        self._review_done = len(result.decisions) if not self._review_total else self._review_done
        self._review_phase = "done" if result.complete else "cancelled"
        self._sync_review()

    def _marks_of(self, result: Any, job: _Job) -> list[dict]:
        """The mistakes of ``result`` as marks: the move judged (its node on the reviewed line)
        and the better move, in the words of the reviewed seat's log."""
        marks = []
        for d in result.mistakes():
            index = d.ply - job.start
            if not 0 <= index < len(job.line) - 1:
                continue  # before the timeline's first position: not in this board's log
            before = self.timeline.node(job.line[index]).state
            played = self.timeline.node(job.line[index + 1])
            if str(played.action) != str(d.action):
                _log.warning("review decision at ply %s does not match the line (%s != %s)", d.ply, d.action, played.action)
                continue
            viewer = job.seat if job.seat is not None else d.seat
            units = ("penalty points" if result.lower_wins else "points") if result.solo else "win rate"
            marks.append(
                {
                    "node": played.id,
                    "ply": d.ply,
                    "seat": d.seat,
                    "loss": round(float(d.loss), 4),
                    "played_value": round(float(d.played_value), 4),
                    "best_value": round(float(d.best_value), 4),
                    "text": self._entry_text(before, played.action, viewer),
                    "best": str(d.best),
                    "best_text": self.short_text(before, d.best),
                    "best_move": self.describe(before, d.best, None),
                    "solo": bool(result.solo),
                    "units": units,
                }
            )
        marks.sort(key=lambda m: m["ply"])
        return marks

    # -- what the browser gets ---------------------------------------------------------------
    def _review_shown(self) -> bool:
        """May the marks be sent now? Only to the seat whose decisions were reviewed (any
        board, in a game without secrets or with open hands)."""
        job = self._review_job
        if job is None:
            return False
        if not self._game.game_type.hidden_information or self._open_hands:
            return True
        return job.seat is not None and self._looking_seat() == job.seat

    def _visible_marks(self) -> list[dict]:
        if not self._review_shown():
            return []
        on_line = {n.id for n in self.timeline.line()}
        return [m for m in self._review_marks if m["node"] in on_line]

    def review_info(self) -> dict:
        """The ``review_status`` trait: ``{}`` before any review, else ``{state, done, total,
        seat, solo, marks, hidden, text}``:

        * ``state``: ``"running"``, ``"done"``, ``"cancelled"`` (stopped early: the marks of the
          decisions reviewed so far), ``"failed"``;
        * ``done``/``total``: decisions reviewed / to review (``total`` is 0 until the first one
          is done);
        * ``seat``: the seat reviewed (``None``: every seat);
        * ``marks``: the mistakes on the current line, in play order, each ``{ply, seat, loss,
          played_value, best_value, text, best, best_text, best_move, solo, units}``: ``ply`` is
          the decision's (the position before the move; its log entry is ``ply + 1``), ``loss``
          what the move lost against ``best`` in ``units`` (``"win rate"``, 0..1; solo:
          ``"points"``, or ``"penalty points"`` where fewer win), ``text`` the move as the
          log names it, ``best_text`` the better move in the log's words and ``best_move`` in
          the hints' words;
        * ``hidden``: marks of the reviewed line not on the line shown (after a fork);
        * ``text``: what the board says about it.
        """
        phase = self._review_phase
        if not phase:
            return {}
        job = self._review_job
        shown = self._review_shown()
        marks = self._visible_marks()
        hidden = len(self._review_marks) - len(marks) if shown else 0
        names = self.seat_labels()
        whose = "every seat's moves" if job.seat is None else f"{names[job.seat]}'s moves"
        if not shown:
            text = f"The review is of {whose}: it shows on their screen."
        elif phase == "running":
            text = f"Reviewing {whose}… {self._review_done}/{self._review_total}" if self._review_total else f"Reviewing {whose}…"
        elif phase == "failed":
            text = f"The review failed: {self._review_error}"
        else:
            n = len(self._review_marks)
            head = "Review stopped early" if phase == "cancelled" else "Review done"
            found = "no mistake found" if n == 0 else f"{n} mistake{'s' if n != 1 else ''} marked"
            text = f"{head} ({self._review_done} decision{'s' if self._review_done != 1 else ''} of {whose}): {found}"
            if hidden:
                text += f"; {hidden} on the reviewed line, not the one shown"
        return {
            "state": phase,
            # counts of another seat's decisions could tell when it had a single choice: none
            "done": self._review_done if shown else 0,
            "total": self._review_total if shown else 0,
            "seat": job.seat,
            "solo": bool(self._review_result.solo) if self._review_result is not None else self._game.players == 1,
            "marks": [{k: v for k, v in m.items() if k != "node"} for m in marks],
            "hidden": hidden,
            "text": text,
        }

    def _sync_review(self) -> None:
        info = self.review_info()
        if info != self.review_status:
            self.review_status = info
