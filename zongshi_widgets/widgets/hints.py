"""The hint ladder: an allowed move, the bot's choice, then the best candidates with their win rates.

:class:`HintMixin` is part of every :class:`~zongshi_widgets.widgets.base.GameBoard`:
:meth:`HintMixin.show_hint` (Python) and the ``hint {mode, index, bot}`` request (the hint
buttons) set the ``hint`` trait for the watching seat. The rungs: ``"legal"`` (the ``index``-th
allowed action), ``"bot"`` (what a bot would play, deciding from what the seat may see, with
words saying which bot it is and that it does not forecast an opponent bot), ``"explain"`` (an
MCTS search's best :data:`EXPLAIN_TOP` candidates with their estimated win rates, 95 %
intervals and a note when they are within noise of each other; the search runs once per
position and seat). A lesson turns the ladder off (``hints=False``).
"""

from __future__ import annotations

from ..agents import agents as bot_names
from ..agents import default_bot
from ..core import State
from .protocol import BadRequest, _is_int, request
from .session import HUMAN, seat_label

__all__ = ["EXPLAIN_TOP", "HINT_MODES", "HintMixin"]

#: Modes of the hint ladder (see :meth:`HintMixin.show_hint`).
HINT_MODES = ("legal", "bot", "explain", "clear")

#: How many candidates the ladder's last rung ("explain") lists.
EXPLAIN_TOP = 5


class HintMixin:
    """The hint ladder of a board (mixed into :class:`~zongshi_widgets.widgets.base.GameBoard`)."""

    def show_hint(self, mode: str = "legal", index: int = 0, bot: str | None = None, *, wrap: bool = False) -> dict:
        """Show a hint for the watching seat, as the hint buttons do.

        Args:
            mode (str): ``"legal"`` (the ``index``-th allowed action), ``"bot"`` (what bot
                ``bot`` would play, deciding from what the seat may see), ``"explain"`` (the
                last rung: the best candidates of an MCTS search from what the seat may see,
                :func:`zongshi_widgets.agents.explain`, with their estimated win rates and
                visit counts; ``index`` picks the one shown on the board; the search runs once
                per position) or ``"clear"``.
            index (int): which allowed action (which candidate in ``"explain"`` mode);
                negative counts from the end.
            bot (str | None): a bot name, for ``mode="bot"`` (default: the game's hint bot,
                :func:`zongshi_widgets.agents.default_bot`).
            wrap (bool): take ``index`` modulo the number of allowed actions.

        Returns:
            dict: the new :attr:`hint` (empty when there is nothing to show).

        Raises:
            TypeError: ``mode``/``bot`` not strings, ``index`` not an int.
            ValueError: unknown mode or bot name.
            IndexError: ``index`` out of range and not ``wrap``.
        """
        if bot is None:
            bot = default_bot(self._game)
        if not isinstance(mode, str):
            raise TypeError(f"hint mode must be a string ('legal', 'bot', 'explain' or 'clear'), not {mode!r}")
        if not _is_int(index):
            raise TypeError(f"hint index must be an int, not {index!r} ({type(index).__name__})")
        if not isinstance(bot, str):
            raise TypeError(f"bot must be a bot name (a string), not {bot!r}")
        if mode not in HINT_MODES:
            raise ValueError(f"hint mode must be 'legal', 'bot', 'explain' or 'clear', not {mode!r}")
        known = bot_names(self._game)
        if mode == "bot" and bot not in known:
            raise ValueError(f"no bot named {bot!r}; known: {', '.join(known)}")
        if mode == "clear":
            self.hint = {}
            return self.hint
        state = self.state
        seat = self._acting_seat()
        if seat is None:
            self.hint = {}
            if state.is_over:
                why = "the game is over"
            elif self._session.bot_seat() is not None:
                why = "a bot is to move"
            else:
                why = "it is not this board's turn" + (" (the privacy screen is up)" if self._screened() else "")
            self.say("info", f"no hint: {why}")
            return self.hint
        actions = self._session.allowed_actions(state)
        if not actions:
            self.hint = {}
            self.say("info", "no hint: no move is allowed here")
            return self.hint
        if mode == "explain":
            if self._game.players == 1:
                self.hint = {}
                self.say("info", "no hint: win rates compare players, and a solo game has nobody to beat; ask for the bot's choice instead")
                return self.hint
            return self._explain_hint(state, seat, actions, index, wrap)
        if mode == "legal":
            total = len(actions)
            if wrap:
                index %= total
            elif not -total <= index < total:
                moves = f"{total} allowed move{'s' if total != 1 else ''}"
                raise IndexError(f"hint index {index} is out of range: this position has {moves}, so index is 0..{total - 1} (or -{total}..-1 from the end)")
            index %= total
            action = actions[index]
        else:
            action = self._session.bot_choice(bot, seat, seed=self.version)
            index = next((i for i, a in enumerate(actions) if str(a) == str(action)), -1)
        self._clear_refusal()
        self.hint = {
            "mode": mode,
            "bot": bot if mode == "bot" else "",
            "bot_words": self._bot_hint_words(bot, seat) if mode == "bot" else "",
            "index": index,
            "total": len(actions),
            "action": str(action),
            "code": self.action_code(state, action),
            "text": self.describe(state, action, None),
            "version": self.version,
        }
        return self.hint

    def _bot_hint_words(self, bot: str, seat: int) -> str:
        """Who gives the "Bot's choice" hint, plainly: ``"the greedy bot (one-step lookahead)"``,
        and when an opponent is another bot, ``"; your opponent is the mcts bot (Monte Carlo tree
        search)"``: the hint is not a forecast of that opponent's move."""
        from ..agents import agent as make_agent
        from ..agents.base import BOT_WORDS, GreedyAgent

        about = BOT_WORDS.get(bot)
        made = type(make_agent(bot, game=self._game))
        if issubclass(made, GreedyAgent) and made.decide is not GreedyAgent.decide:  # e.g. Majolica's, which finishes the turn first
            about = f"{self._game.game_type.long_name}'s own greedy lookahead"
        words = f"the {bot} bot" + (f" ({about})" if about else "")
        others = []
        for i in range(self._game.players):
            kind = self._session.seats[i]
            if i != seat and kind != HUMAN:
                label = seat_label(kind)
                name = kind if isinstance(kind, str) else getattr(kind, "name", label)
                said = f"the {label} bot" + (f" ({BOT_WORDS[name]})" if name in BOT_WORDS else "")
                if label != bot and said not in others:
                    others.append(said)
        if others:
            one = len(others) == 1 and sum(1 for i in range(self._game.players) if i != seat) == 1
            words += f"; your opponent{'' if one else 's'} {'is' if one else 'include'} {' and '.join(others)}"
        return words

    @staticmethod
    def _noise_note(found: list) -> str:
        """When the search cannot tell the best candidates apart: ``"Candidates 1 to 3 are
        within noise of each other ..."`` (their 95 % intervals reach the first one's); when
        every candidate has exactly the same estimate (a position the evaluation sees as
        symmetric, e.g. Majolica's starting card in any slot), that they are equally good as
        far as the search sees; else ``""``."""
        from ..agents.base import win_rate_interval

        if len(found) < 2:
            return ""
        if len({round(c.win_rate, 6) for _, c in found}) == 1:
            return "Every candidate has exactly the same estimated win rate: as far as the search can see, they are equally good here."
        low, _ = win_rate_interval(found[0][1].win_rate, found[0][1].visits)
        close = 1
        for _, c in found[1:]:
            if win_rate_interval(c.win_rate, c.visits)[1] < low:
                break
            close += 1
        if close < 2:
            return ""
        which = "Candidates 1 and 2 are" if close == 2 else f"Candidates 1 to {close} are"
        return f"{which} within noise of each other (their 95 % intervals overlap): at this budget the search cannot tell them apart."

    def _explain_hint(self, state: State, seat: int, actions: list, index: int, wrap: bool) -> dict:
        """The ``"explain"`` rung of :meth:`show_hint`: candidates with their win rates (the
        search, seeded by the version, runs once per position and seat)."""
        key = (self.version, seat, state.digest())
        cached = getattr(self, "_explained", None)
        if cached is None or cached[0] != key:
            from ..agents import agent as make_agent

            bot = make_agent("mcts", seed=self.version, game=self._game)
            allowed = {str(a): a for a in actions}
            found = [c for c in bot.candidates(state, seat, top=EXPLAIN_TOP) if c.action in allowed]
            cached = self._explained = (key, [(allowed[c.action], c) for c in found])
        found = cached[1]
        if not found:
            self.hint = {}
            self.say("info", "no hint: the search found no allowed move")
            return self.hint
        total = len(found)
        if wrap:
            index %= total
        elif not -total <= index < total:
            raise IndexError(f"hint index {index} is out of range: the search lists {total} candidates, so index is 0..{total - 1}")
        index %= total
        action = found[index][0]
        from ..agents.base import win_rate_interval

        self._clear_refusal()
        self.hint = {
            "mode": "explain",
            "bot": "mcts",
            "index": index,
            "total": total,
            "action": str(action),
            "code": self.action_code(state, action),
            "text": self.describe(state, action, None),
            "version": self.version,
            "candidates": [
                {
                    "action": str(a),
                    "code": self.action_code(state, a),
                    "text": self.describe(state, a, None),
                    "win_rate": round(c.win_rate, 4),
                    "ci_low": round(win_rate_interval(c.win_rate, c.visits)[0], 4),
                    "ci_high": round(win_rate_interval(c.win_rate, c.visits)[1], 4),
                    "visits": c.visits,
                }
                for a, c in found
            ],
            "noise": self._noise_note(found),
        }
        return self.hint

    @request("hint", "mode", "index", "bot")
    def _req_hint(self, content: dict) -> None:
        if self._stale(content, required=False):
            return
        if not self.hints:
            self.say("refused", "this board gives no hints here (a lesson has its own Hint button)")
            return
        mode = content.get("mode", "legal")
        index = content.get("index", 0)
        bot = content.get("bot", default_bot(self._game))
        known = bot_names(self._game)
        if mode not in HINT_MODES:
            raise BadRequest("'mode' must be 'legal', 'bot', 'explain' or 'clear'")
        if mode == "explain" and self._game.players == 1:
            raise BadRequest("win rates need opponents: in a one-player game, use 'legal' or 'bot'")
        if not _is_int(index):
            raise BadRequest("'index' must be an integer")
        if not isinstance(bot, str) or bot not in known:
            raise BadRequest(f"'bot' must be one of {', '.join(known)}")
        self.show_hint(mode, index=index, bot=bot, wrap=True)
