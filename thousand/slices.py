"""Thinking in slices, for both games' computer players: a decision worked out a bounded
piece a tick, so that a board's screen keeps turning its indicator and reading keys.

A player that thinks in slices is a ``Slices``: its ``_think(view)`` is a generator that
sets ``result`` and yields between slices (after a solver run, a play-out), keeping nothing
big in its frame across a yield (a board's heap holds the frame while the screen ticks).
``think(controller, decision, player)`` is a controller's step of such a player,
``think_again(controller)`` lets a thinking begun go.
"""


class Slices:
    """``decide``, or ``begin`` then ``think_step`` until it returns True (``result``), over
    the generator ``_think(view)`` of the class that uses it."""

    result = None
    progress = 0  # 0..100, how far the thinking is (a player may tell it as it goes)
    _steps = None

    def decide(self, view=None):
        """The action for ``view``, thought through at once; with no view, the decision
        begun (``begin``, as a controller's hint does) thought through."""
        if view is not None:
            self.begin(view)
        while not self.think_step():
            pass
        return self.result

    def begin(self, view):
        self.result = None
        self.progress = 0
        self._steps = self._think(view)

    def stop(self):
        """Let go of a thinking begun (its generator, and the code its frame holds)."""
        self._steps = None

    def think_step(self):
        """Do one slice of work; True when ``result`` holds the answer."""
        if self._steps is None:
            return True
        try:
            next(self._steps)
        except StopIteration:
            self._steps = None
            self.progress = 100
            return True
        return False


def think(controller, decision, player):
    """One slice of ``player``'s thinking on ``decision`` (a controller's step): begun at the
    first slice (``controller.thinking`` is the decision, ``controller.thought_from`` the
    player's random state then, which a save keeps: restored, it thinks again from there);
    its action once done, else None."""
    if controller.thinking is not decision:
        controller.thinking = decision
        controller.thought_from = player.rng.get_state()
        if hasattr(player, "on_tick"):
            player.on_tick = controller.on_think
        player.begin(controller.driver.view_for(player, decision))
    if not player.think_step():
        return None
    controller.thinking = None
    return player.result


def think_again(controller):
    """A computer's thinking begun and not done is let go, its generator with it, and its
    random state put back as it began (``thought_from``): at the controller's next step it
    thinks again from there, to the same action, as a save restored half-way does.  Kept, the
    generator's frame would hold the computers' code that the app lets go on every screen
    but the table (``thousand.ui.scenes``), and the table would import it again beside it;
    so both games' controllers ask it there (``think_again``), and Thousand's undo does."""
    decision = controller.thinking
    if decision is not None:
        player = controller.players[decision.seat]
        player.stop()
        player.rng.set_state(controller.thought_from)
        controller.thinking = None
