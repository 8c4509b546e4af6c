"""The one doorway between the screens (device, desktop window, terminal) and a game.

Screens never touch the Game: they read ``controller.view()`` (what the human's seat
may see), ask ``controller.human_decision()`` what the human may do now, and call
``controller.act(action)``.  Computer seats move when the screen loop calls
``controller.step()``; a step does a bounded piece of work, so the screen can redraw
and read buttons between steps.
"""

from thousand import DEFAULT_LEVEL, HUMAN, PLAYER_LEVELS, SEAT_WORDS
from thousand.driver import TableDriver
from thousand.game import PHASE_DARK, PHASE_DEAL_OVER, PHASE_GAME_OVER, Game, IllegalAction
from thousand.rules import Rules


class Controller:
    # Which game: the saves and the terminal tell the two games' controllers apart by it
    # (thousand.five_hundred.controller's is "five_hundred").  An attribute every controller
    # has: a getattr() that misses raises inside, and a board's heap keeps what that made.
    game_name = "thousand"

    def __init__(self, rules=None, levels=(DEFAULT_LEVEL, DEFAULT_LEVEL), seed=0, game=None):
        self.rules = rules if rules is not None else Rules.preset("classic")
        self.levels = list(levels)
        self.seed = seed
        self.game = game if game is not None else Game(self.rules, seed=seed)
        self.driver = TableDriver(self.game)
        # Imported here, not at the module's load: a controller module kept past its game (the
        # screens hold it) would hold the bots' modules too, and the next game loads them anew
        # (the device's session peaked 4 KB higher).
        from thousand.bots import make_bot

        # an unknown level is an error (ValueError), not silently a random player
        self.players = [None, make_bot(self.levels[0], seed * 7 + 1), make_bot(self.levels[1], seed * 7 + 2)]
        self.decision = None
        self.thinking = None  # the Decision a sliced bot is thinking about
        self.thought_from = None  # that bot's random state when it began (what a save keeps)
        self.on_think = None  # called now and then inside a long bot slice (screen keep-alive)
        self.listeners = []  # callables(seat, action) told of every applied action
        self.hints = 0  # hints asked for in this deal (hint); the statistics count them at its end
        self.undos = 0  # decisions taken back in this game (undo); the statistics mark the game
        # (the deal's log length, the computer seats' random states) before the player's last decision
        self.undo_point = None

    # -------------------------------------------------------------- saving
    def snapshot(self):
        """What a save keeps besides the Game (thousand.persist): the computer seats'
        levels and random states, the seed, the hints and the undos.  The bots are
        deterministic given their random states, so a restored game goes on exactly as the
        uninterrupted one would.  Keys are stored: short."""
        states = []
        thinking = self.thinking
        for seat in (1, 2):
            # A bot saved half-way through its thinking has drawn from its generator already:
            # restored, it thinks again from where it began, so it keeps that state.
            if thinking is not None and thinking.seat == seat:
                states.extend(self.thought_from)
            else:
                states.extend(self.players[seat].rng.get_state())
        return {"levels": self.levels, "rng": states, "seed": self.seed, "hints": self.hints, "undos": self.undos}

    @classmethod
    def restore(cls, game, snapshot):
        """A Controller around a restored Game, its players as ``snapshot()`` saw them
        (KeyError, IndexError, TypeError or ValueError for one it did not write)."""
        controller = cls(game.rules, levels=snapshot["levels"], seed=snapshot["seed"], game=game)
        states = snapshot["rng"]
        for seat in (1, 2):
            controller.players[seat].rng.set_state((states[2 * seat - 2], states[2 * seat - 1]))
        controller.hints = snapshot.get("hints", 0)  # saves from before hints have none
        controller.undos = snapshot.get("undos", 0)
        return controller

    # -------------------------------------------------------------- reading
    def view(self, seat=HUMAN, into=None):
        """What ``seat`` may know now; ``into``: a SeatView to fill again instead of a new one
        (the table's is ``human_view``)."""
        return self.game.view(seat, None, into)

    def human_view(self):
        """The human's view for the table, filled into the one SeatView the computers'
        decisions are filled into too (``Driver.view_for``): one SeatView held, not two (on a
        board each is about a KB at every tick of the table).  Valid until a computer's next
        decision fills it for its own seat: its reader keeps nothing of it that only the
        human may see (``TableScreen``).  A computer's thinking begun reads it: that thinking
        is let go first, and thinks again from its start, to the same action."""
        if self.thinking is not None:
            self.think_again()
        driver = self.driver
        driver.bot_view = self.game.view(HUMAN, None, driver.bot_view)
        return driver.bot_view

    def pending(self):
        """The Decision the table waits for, or None between deals."""
        if self.decision is None:
            self.decision = self.driver.pending()
        return self.decision

    def human_decision(self):
        decision = self.pending()
        if decision is not None and decision.seat == HUMAN:
            return decision
        return None

    def last_result(self):
        """The DealResult of the deal that just ended (summary screen)."""
        return self.game.last_result

    def redeal_reason(self):
        """Why the deal that just ended was dealt again, in one line, or None (summaries)."""
        from thousand.explain_redeal import redeal_reason

        return redeal_reason(self.game)

    def sheet(self):
        """DealResults of every deal so far (score sheet, chart)."""
        return self.game.sheet

    def hint(self):
        """The hard bot begun on the human's decision, to think in slices (``think_step``
        until True, then ``result``) as a computer seat does, or None when it is not the
        human's turn.  It reads the human's view only (``view_for``), as the computer seats
        read theirs: a hint knows no card the player cannot see.  A fresh bot, seeded by the
        game, so that asking again gives the same hint and the computer seats' random states
        are not touched (a restored game goes on the same)."""
        decision = self.human_decision()
        if decision is None:
            return None
        self.hints += 1
        from thousand.bots import make_bot  # as in __init__: the bots of the game in play

        player = make_bot(PLAYER_LEVELS[-1], self.seed * 7 + 3)  # hard: the strongest the device has
        player.begin(self.driver.view_for(player, decision))
        return player

    def between_deals(self):
        return self.game.phase == PHASE_DEAL_OVER

    def phase(self):
        """The game's phase (``thousand.game``'s PHASE_*): the load plan holds the computers'
        code for it (``thousand.ui.scenes.BOTS``)."""
        return self.game.phase

    def over(self):
        return self.game.phase == PHASE_GAME_OVER

    # -------------------------------------------------------------- acting
    def next_deal(self):
        """Deal the next deal (after a summary screen)."""
        self.game.start_deal()
        self.hints = 0
        self.undo_point = None
        self.decision = None
        self.thinking = None

    def think_again(self):
        """A computer's thinking begun and not done let go (``thousand.slices.think_again``):
        the app asks it on every screen but the table, and an undo does."""
        from thousand.slices import think_again  # the bots' module has loaded it

        think_again(self)

    def act(self, action):
        """The human's choice; IllegalAction when it is not one of the legal ones."""
        decision = self.human_decision()
        if decision is None:
            raise ValueError("it is not your turn")
        if action not in decision.legal:
            from thousand.explain import why_illegal  # loaded on a refusal only (thousand/ui/scenes.py)

            raise IllegalAction(why_illegal(self.game, HUMAN, action) or "that is not possible now")
        if not decision.question and self.game.phase != PHASE_DARK:  # a written decision: undo may take it back
            self.undo_point = (len(self.game.log), [self.players[1].rng.get_state(), self.players[2].rng.get_state()])
        self._apply(decision, action)

    def can_undo(self):
        """Is there a decision of the player's to take back in the deal in play?"""
        return self.undo_point is not None and not (self.between_deals() or self.over())

    def undo(self):
        """Take back the player's last decision and the computer seats' moves after it, in the
        deal in play: the deal is replayed from its start to just before it (the save's own
        replay, ``thousand.replay``) and the computer seats get back the random states
        they had then, so they decide as they would have (and as a Continue after a power cut,
        which replays the deal from its start, would have them decide).  The listeners are
        told as of a move of the player's, with no action (the table shows the deal again, the
        saves save it).  False when there is nothing to take back (``can_undo``)."""
        if not self.can_undo():
            return False
        point = self.undo_point
        from thousand.replay import rewind

        self.think_again()  # a computer's thinking begun after that decision goes
        rewind(self.game, point[0])
        for seat in (1, 2):
            self.players[seat].rng.set_state(point[1][seat - 1])
        self.decision = self.undo_point = None
        self.undos += 1
        for listener in self.listeners:
            listener(HUMAN, None)
        return True

    def write_record(self, out):
        """The game so far as a REFEREE.md record, one line on ``out`` (a bug report's: the
        record's writer is loaded for it, and goes with the next screen)."""
        from thousand.record import write_game_record

        write_game_record(self.game, out)
        out.write("\n")

    def step(self):
        """Let the computer seat on turn think a little or move.

        Returns the (seat, action) applied, or None when nothing was applied yet
        (still thinking, or it is the human's turn, or the deal is over).
        """
        decision = self.pending()
        if decision is None or decision.seat == HUMAN:
            return None
        player = self.players[decision.seat]
        if getattr(player, "think_step", None) is None:
            action = player.decide(self.driver.view_for(player, decision))
        else:  # a bot that thinks in slices: begin, then one bounded think_step per call
            from thousand.slices import think  # the bots' module has loaded it

            action = think(self, decision, player)
            if action is None:
                return None
        self._apply(decision, action)
        return decision.seat, action

    def _apply(self, decision, action):
        self.driver.answer(decision, action)
        self.decision = None
        for listener in self.listeners:
            listener(decision.seat, action)


def seat_name(seat):
    """The seat as the screens name it, in the player's language (thousand.texts.set_language)."""
    return SEAT_WORDS[seat]

