"""The doorway between a front-end (the terminal now, the screens later) and a game of Five
Hundred: the shape of Thousand's ``thousand.controller``, which the saves and the terminal
game call the same way.

A front-end reads ``view()`` (what the human's seat may see), asks ``human_decision()``
what the human may do and calls ``act(action)``; the computer seats move at ``step()``.
The human is seat 0; with 4 players his partner is seat 2 (North).
"""

from thousand import HUMAN
from thousand.five_hundred import GAME_NAME
from thousand.five_hundred import actions as A
from thousand.five_hundred.driver import TableDriver
from thousand.five_hundred.game import PHASE_DEAL_OVER, PHASE_GAME_OVER, PHASE_RAISE, Game, IllegalAction
from thousand.five_hundred.rules import Rules


class Controller:
    game_name = GAME_NAME

    def __init__(self, rules=None, levels=None, seed=0, game=None):
        from thousand.five_hundred.bots import LEVELS, make_player

        self.rules = rules if rules is not None else Rules.preset("australian")
        self.game = game if game is not None else Game(self.rules, seed=seed)
        self.rules = self.game.rules
        n = self.game.players
        if levels is None:
            levels = [LEVELS[-1]] * (n - 1)
        if len(levels) != n - 1:
            raise ValueError("%d players need %d computer levels, not %d" % (n, n - 1, len(levels)))
        self.levels = list(levels)
        self.seed = seed
        self.driver = TableDriver(self.game)
        self.players = [None]
        self.tools = []  # the computer seats' deals and play-outs, shared: one thinks at a time
        for seat in range(1, n):
            self.players.append(make_player(self.levels[seat - 1], seed * 7 + seat, self.tools))
        self.decision = None
        self.thinking = None  # the Decision a computer seat thinks about in slices (normal, hard)
        self.thought_from = None  # that seat's random state when it began (what a save keeps)
        self.on_think = None  # Thousand's screens' keep-alive: no player of this game calls it
        self.listeners = []  # callables(seat, action) told of every applied action
        self.hints = 0  # hints asked for in this deal
        self.undos = 0  # decisions taken back in this game
        self.undo_point = None  # (log length, the computer seats' random states) before the human's last decision
        # This deal's answers the log does not write ("no raise", "no nomination"), each as
        # thousand.five_hundred.replay.unwritten_entry: a save and an undo replay them.
        self.unwritten = []

    # -------------------------------------------------------------- saving
    def snapshot(self):
        """What a save keeps besides the Game: the computer seats' levels and random states,
        the seed, the hints, the undos and this deal's unwritten answers.  A seat saved half-way
        through its thinking keeps the random state it began with: restored, it thinks again
        from there and decides the same."""
        states = []
        thinking = self.thinking
        for seat in range(1, self.game.players):
            if thinking is not None and thinking.seat == seat:
                states.extend(self.thought_from)
            else:
                states.extend(self.players[seat].rng.get_state())
        return {"levels": self.levels, "rng": states, "seed": self.seed, "hints": self.hints,
                "undos": self.undos, "unwritten": list(self.unwritten)}

    @classmethod
    def restore(cls, game, snapshot):
        """A Controller around a restored Game, its players as ``snapshot()`` saw them
        (KeyError, IndexError, TypeError or ValueError for one it did not write)."""
        controller = cls(game.rules, levels=snapshot["levels"], seed=snapshot["seed"], game=game)
        states = snapshot["rng"]
        for seat in range(1, game.players):
            controller.players[seat].rng.set_state((states[2 * seat - 2], states[2 * seat - 1]))
        controller.hints = snapshot["hints"]
        controller.undos = snapshot["undos"]
        controller.unwritten = list(snapshot["unwritten"])
        return controller

    # -------------------------------------------------------------- reading
    def view(self, seat=HUMAN, into=None):
        """What ``seat`` sees (``into``: a view to fill again).  Its legal actions are the
        pending decision's list when that seat decides, else none: the game made them again
        for the table's view, and at the kitty's discard that was a second list of the 286
        discards of 13 cards, where both sessions on the unix port ran out of memory
        (docs/five_hundred.md)."""
        decision = self.pending()
        return self.game.view(seat, decision.legal if decision is not None and decision.seat == seat else (), into)

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
        return self.game.last_result

    def sheet(self):
        return self.game.sheet

    def hint(self):
        """The strongest bot begun on the human's decision, to think in slices (``think_step``
        until True, then ``result``) as a computer seat does, or None when it is not the
        human's turn.  It reads the human's view only; a fresh bot seeded by the game: asking
        again gives the same hint, and the computer seats' random states are not touched."""
        decision = self.human_decision()
        if decision is None:
            return None
        self.hints += 1
        from thousand.five_hundred.bots import LEVELS, make_player

        player = make_player(LEVELS[-1], self.seed * 7 + 5, self.tools)  # the seats wait meanwhile
        player.begin(self.driver.view_for(player, decision))
        return player

    def between_deals(self):
        return self.game.phase == PHASE_DEAL_OVER

    def over(self):
        return self.game.phase == PHASE_GAME_OVER

    # -------------------------------------------------------------- acting
    def next_deal(self):
        self.game.start_deal()
        self.hints = 0
        self.undo_point = None
        self.decision = None
        self.thinking = None
        self.unwritten = []

    def act(self, action):
        """The human's choice; IllegalAction, in a player's words, when it is not one of the
        legal ones."""
        decision = self.human_decision()
        if decision is None:
            raise ValueError("it is not your turn")
        if action not in decision.legal:
            raise IllegalAction(self.refusal_words(decision, action))
        if not decision.question:  # a written decision: undo may take it back
            self.undo_point = (len(self.game.log), [p.rng.get_state() for p in self.players[1:]])
        self._apply(decision, action)

    def refusal_words(self, decision, action):
        reason = self.game.refusal(HUMAN, action)
        if reason is None:  # the game would take it, but a question comes first (the driver's order)
            reason = "RAISE_FIRST" if self.game.phase == PHASE_RAISE else "NOMINATE_FIRST"  # its page's entries
        from thousand.five_hundred.explain import reason_words  # loaded on a refusal only

        return reason_words(self.game, HUMAN, action, reason)

    def can_undo(self):
        return self.undo_point is not None and not (self.between_deals() or self.over())

    def undo(self):
        """Take back the human's last written decision and the computer seats' moves after
        it: the deal replayed to just before it, the computer seats' random states as they
        were then.  False when there is nothing to take back."""
        if not self.can_undo():
            return False
        length, states = self.undo_point
        from thousand.five_hundred.replay import rewind

        rewind(self.game, length, self.unwritten)
        self.unwritten = [u for u in self.unwritten if u >> 3 <= length]
        for seat in range(1, self.game.players):
            self.players[seat].rng.set_state(states[seat - 1])
        self.decision = self.thinking = self.undo_point = None
        self.undos += 1
        for listener in self.listeners:
            listener(HUMAN, None)
        return True

    def think_again(self):
        """A computer's thinking begun and not done let go (``thousand.slices.think_again``),
        and the seats' shared deals and play-outs with it: the app asks it on every screen but
        the table, which lets their module go (``thousand.ui.five_hundred_app.THINKING``); the
        next decision makes them again."""
        if self.thinking is not None:
            from thousand.slices import think_again  # the search's module has loaded it

            think_again(self)
        self.tools[:] = ()

    def write_record(self, out):
        """The game so far as a FIVE_HUNDRED.md record, one line of JSON on ``out``."""
        from thousand.five_hundred.record import write_game_record

        write_game_record(self.game, out)
        out.write("\n")

    def step(self):
        """Let the computer seat on turn think a little or move: the (seat, action) applied, or
        None when nothing was applied yet (still thinking, the human's turn, or the deal is
        over).  Normal and hard think in slices (``thousand.slices``), a play-out a step."""
        decision = self.pending()
        if decision is None or decision.seat == HUMAN:
            return None
        player = self.players[decision.seat]
        if getattr(player, "think_step", None) is None:  # random, easy: at once
            action = player.decide(self.driver.view_for(player, decision))
        else:
            from thousand.slices import think  # the search's module has loaded it

            action = think(self, decision, player)
            if action is None:
                return None
        self._apply(decision, action)
        return decision.seat, action

    def _apply(self, decision, action):
        v = A.verb(action)
        self.driver.answer(decision, action)
        if v == A.NO_RAISE or v == A.NO_NOMINATION:
            from thousand.five_hundred.replay import unwritten_entry

            self.unwritten.append(unwritten_entry(len(self.game.log), v))
        self.decision = None
        for listener in self.listeners:
            listener(decision.seat, action)
