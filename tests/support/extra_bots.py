"""A bot a test registers as a game's own (tests/agents/test_bots.py)."""

from zongshi_widgets.agents import Agent


class FirstAction(Agent):
    """Plays the first legal action."""

    name = "first"

    def decide(self, state, seat):
        return state.legal_actions()[0]
