"""The play table: your hand, the trick, two opponent boxes, a deal line and a status line.

``TableView`` draws from card ints only; ``TableScreen`` feeds it from the
controller (the human's view and decision) and turns keys into actions.
Everything is built once for the screen size (``thousand.ui.table_layout``, loaded
only for that) and then mutated (tile indexes, palettes, label text), so a redraw
allocates almost nothing.  Seats: 0 you,
1 left (West), 2 right (East).
"""

from thousand import DARK, GOLDEN, actions
from thousand import cards as C
from thousand.controller import HUMAN, seat_name
from thousand.game import PHASE_CONTRACT, PHASE_DARK, PHASE_DEAL_OVER, PHASE_TALON
from thousand.hw.keys import A, B, DOWN, LEFT, RIGHT, START, UP, ticks_diff
from thousand.ui import sprites
from thousand.ui.widgets import card_text, pad as _pad, word, wrap

from thousand import const  # MicroPython's, or the package's stand-in on CPython

_NO_CARD = const(-1)
_GUIDE_SEED = const(16777229)  # the guided deal's game (thousand.ui.guide; menus.py, app.py, sheet.py)

# The entries of table.txt (thousand.texts) by their places (a test holds each to its entry's
# name): the table reads its language's words when it is built, as one string (texts.lines).
_DECLARE = const(1)
_JUST_PLAY = const(2)
_TO = const(3)
_PASS = const(4)  # then the words of dark, open, redeal, keep, concede (action_word)
_DARK = const(5)
_OPEN = const(6)
_REDEAL = const(7)
_KEEP = const(8)
_CONCEDE = const(9)
_REDEAL_QUESTION = const(10)
_DARK_QUESTION = const(11)
_BID = const(12)
_PLAY_FOR = const(13)
_HINT_PLAY = const(14)
_HINT = const(15)
_BID_AMOUNT = const(16)
_PASS_SHORT = const(17)
_LAST_TRICK = const(18)
_GIVE = const(19)
_PLAY = const(20)
_NOT_NOW = const(21)
_PRESS_A = const(22)
_B_MORE = const(23)
_TALON_GO_ON = const(24)
_TOOK_IT = const(25)
_THINKING = const(26)
_DEAL_OVER = const(27)
_DARK_DEAL = const(28)  # then the golden deal's: a kind's words at _DARK_DEAL - 1 + kind
_GOLDEN_DEAL = const(29)
_CARD_POINTS = const(30)
_MARKS = const(31)  # the marks' letters, split by spaces: dealer, barrel, the marriages' (four suits, the ace)


class Layout:
    """Where things go for a screen size, in screen pixels."""

    def __init__(self, width, height):
        from thousand.ui.table_layout import place  # once a table: not held with the table

        place(self, width, height)

    def hand_x(self, count):
        """Left edges of ``count`` overlapping cards, centred."""
        if count <= 1:
            return [(self.width - self.card_w) // 2] * count
        step = min(self.card_w + 2, (self.width - self.card_w) // (count - 1))
        left = (self.width - self.card_w - step * (count - 1)) // 2
        return [left + i * step for i in range(count)]


class TableView:
    """The table's display objects (a screen's worth of labels and card grids), set by the
    TableScreen from the human's view."""

    def __init__(self, sheet, width, height):
        from thousand.ui.table_layout import build  # once a table: not held with the table

        build(self, Layout(width, height), sheet, width, height)

    def set_hand(self, cards, cursor=-1, legal=0xFFFFFF):
        """Show ``cards`` (in the order given), the one at ``cursor`` raised; ``legal`` is a
        mask, the rest are dimmed."""
        layout, scale = self.layout, self.layout.scale
        xs = layout.hand_x(len(cards))
        for i, grid in enumerate(self.hand):
            if i >= len(cards):
                grid.hidden = True
                continue
            card = cards[i]
            if i == cursor:
                state = sprites.SELECTED
            elif card == sprites.BACK or legal >> card & 1:
                state = sprites.NORMAL
            else:
                state = sprites.DIMMED
            self.sheet.show_card(grid, card, state)
            grid.x = xs[i] // scale
            grid.y = (layout.hand_y - (layout.raise_by if i == cursor else 0)) // scale
            grid.hidden = False

    def set_trick(self, cards, backs=False, winner=-1):
        """The card each seat has played to this trick, or _NO_CARD; ``backs``: three
        cards face down instead (the talon before anyone sees it); ``winner``: the seat that
        took it, whose card is drawn as selected."""
        for seat in range(3):
            card = sprites.BACK if backs else cards[seat]
            grid = self.trick[seat]
            grid.hidden = card == _NO_CARD and not backs
            if not grid.hidden:
                self.sheet.show_card(grid, card, sprites.SELECTED if seat == winner else sprites.NORMAL)

    def set_opponent(self, index, name, count, bid, score, to_move=False, marks="", dealer=""):
        """Box ``index`` 0 (left seat) or 1 (right seat), ``count`` cards in hand.  ``bid``: int, None or text;
        ``marks``: bolts, barrel and marriages, e.g. "||B1 +H", beside the name where they fit
        (so that "bid 120" keeps its word below), else after the cards; ``dealer``: the
        dealer's mark ("D"), after the cards (the name's line has no room for it on the square
        screen's doubled text)."""
        cols = self.layout.box_cols
        first = (">" if to_move else "") + name
        left = "[%d]%s" % (count, dealer)
        if marks and len(first) + len(marks) + len(str(score)) + 1 < cols:
            first += " " + marks
        else:
            left += marks
        bid_text = "" if bid is None else str(bid)
        said = word(self.words, _BID_AMOUNT) % bid_text
        if isinstance(bid, int) and len(left) + 1 + len(said) <= cols:  # "bid 120" where it fits
            bid_text = said
        elif len(left) + 1 + len(bid_text) > cols:  # "pass 120": "p120" where it does not
            bid_text = bid_text.replace(word(self.words, _PASS) + " ", word(self.words, _PASS_SHORT))
        text = _pad(first, str(score), cols) + "\n" + _pad(left, bid_text, cols)
        if self.boxes[index].text != text:
            self.boxes[index].text = text

    def set_info(self, text, suit=None):
        """The deal line: trump icon when ``suit`` is given, then ``text``."""
        self._set_line(self.info, self.info_icon, text, suit)

    def set_status(self, text, suit=None):
        """One line under the deal line, after a suit icon when ``suit`` is given."""
        self._set_line(self.status, self.status_icon, text, suit)

    def _set_line(self, line, icon, text, suit):
        icon.hidden = suit is None
        if suit is not None:
            self.sheet.show_icon(icon, suit)
        text = _pad(text, "", self.layout.status_cols)
        if line.text != text:
            line.text = text


# ---------------------------------------------------------------------------- the play screen

# The screen's modes.  CARDS and CHOICE stay names (not folded const()s): the VM's robot
# (tools/device_vm/robot.py) reads them there.
_WATCH = const(0)  # nothing to choose: computer seats play, or the deal is over
CARDS = 1  # choose a card of your hand
_OPTIONS = const(2)  # choose among words: bids, contract, pass, dark, redeal...
CHOICE = 3  # one card allows more than one action (declare or not; give to whom)

_SPIN_MS = const(200)
_MESSAGE_MS = const(2500)  # how long a refusal stays in the status line
_OPTION_JUMP = const(4)  # options that UP and DOWN skip in a list of amounts (4 x 5 points)


def action_word(action, words):
    """The word an option shows: ``pass``, ``105``, ``redeal``...; ``words``: the table's."""
    verb = actions.verb(action)
    if verb == actions.BID or verb == actions.CONTRACT:
        return str(actions.amount(action))
    if verb == actions.DECLARE:
        card = actions.card(action)
        value = C.ACE_MARRIAGE_VALUE if C.rank_of(card) == C.ACE else C.MARRIAGE_VALUES[C.suit_of(card)]
        return word(words, _DECLARE) % value
    if verb == actions.PLAY:
        return word(words, _JUST_PLAY)
    if verb == actions.GIVE:
        return word(words, _TO) % seat_name(actions.target(action))
    # The place of each other verb's word, by the verb (thousand.actions: PASS 1, DARK 3, NODARK 4,
    # REDEAL 5, CONCEDE 8, KEEP 11; 0: none): bytes, not a dict built at each call (bytecode
    # held with the table; tests/test_language_words.py holds it to the verbs).
    place = b"\0\4\0\5\6\7\0\0\11\0\0\10"[verb] if verb < 12 else 0
    return word(words, place) if place else "?"


def prompt_for(decision, words):
    verb = actions.verb(decision.legal[0])
    if decision.question:
        return word(words, _REDEAL_QUESTION)
    if verb == actions.DARK or verb == actions.NODARK:
        return word(words, _DARK_QUESTION)
    for action in decision.legal:
        verb = actions.verb(action)
        if verb == actions.BID:
            return word(words, _BID)
        if verb == actions.CONTRACT:
            return word(words, _PLAY_FOR)
    return seat_name(HUMAN)


def marriages_text(view, seat, marks):
    """" +HS": the marriages ``seat`` declared this deal (A: the ace marriage), on its own line;
    ``marks``: the table's marks' letters (its page's "marks", split: a suit's at 2 + suit, the ace's at 6)."""
    text = ""
    for declarer, suit in view.marriages:
        if declarer == seat:
            text += marks[2 + suit]
    return " +" + text if text else ""


def marks_text(bolts, barrel, marks):
    """Bolts as bars, the barrel as B (``marks[1]``) and the deals left on it: ``||B1``."""
    return "|" * bolts + ("" if barrel is None else marks[1] + str(barrel))


class TableScreen:
    """The table during a deal: shows the human's view, turns keys into actions."""

    def __init__(self, app):
        self.app = app
        self.table_view = TableView(app.sheet, app.width, app.height)
        self.words = self.table_view.words
        self.group = self.table_view.group
        # The human's SeatView, read again after every action: the computers' decisions are
        # filled into it too (Controller.human_view), so that after ``update`` only what every
        # seat sees is read of it (whose turn, the trick, who took the last, the talon shown).
        self.view = None
        self.decision = None  # the human's Decision, or None
        self.mode = _WATCH
        self.hand_cards = []
        self.cursor = 0  # index into hand_cards (CARDS) or options (_OPTIONS, CHOICE)
        self.card_actions = []  # (card, action) the human may do with a card now
        self.options = []  # actions chosen by word
        self.choice_card = -1
        self.talon_seen = False  # A pressed on a talon a computer won openly (holds_play)
        self.last_trick = False  # chosen in the table's menu: shown in the middle until a key (holds_play)
        self.changed = True
        self.message = None
        self.message_ms = 0
        self.pages = []  # the rest of a message longer than the status line, a line each
        self.thinker = -1
        self.spin = 0
        self.spin_ms = 0

    def enter(self):
        self.changed = True
        self.update()

    # ------------------------------------------------------------ showing
    def tick(self, now):
        if self.changed:
            self.update()
            return True
        if self.message is not None and ticks_diff(now, self.message_ms) >= _MESSAGE_MS:
            self.message_ms = now
            self.message = self.pages.pop(0) if self.pages else None
            self.show_status()
            return True
        if self.thinker >= 0 and ticks_diff(now, self.spin_ms) >= _SPIN_MS:
            self.spin_ms = now
            self.spin = (self.spin + 1) % 4
            self.show_status()
            return True
        return False

    def update(self):
        """Read the human's view and decision again (only after something happened)."""
        self.changed = False
        controller = self.app.controller
        if controller is None:
            return
        view = controller.human_view()
        self.view = view
        decision = controller.human_decision()
        self.decision = decision
        old_card = self.hand_cards[self.cursor] if self.mode == CARDS and self.hand_cards else -1
        self.hand_cards = C.cards_of(view.hand)
        self.card_actions = []
        self.options = []
        if decision is not None:
            for action in decision.legal:
                verb = actions.verb(action)
                if verb == actions.PLAY or verb == actions.DECLARE or verb == actions.GIVE:
                    self.card_actions.append((actions.card(action), action))
                else:
                    self.options.append(action)
        if self.card_actions:
            self.mode = CARDS
            if old_card in self.hand_cards:
                self.cursor = self.hand_cards.index(old_card)
            else:
                self.cursor = self.hand_cards.index(self.card_actions[0][0])
        elif self.options:
            self.mode = _OPTIONS
            self.cursor = self.default_option()
        else:
            self.mode = _WATCH
        pending = controller.pending()
        self.thinker = pending.seat if pending is not None and pending.seat != HUMAN else -1
        if self.app.last_trick:  # chosen in the table's menu
            self.app.last_trick = False
            self.last_trick = True
        hint = self.app.hint  # asked for in the table's menu: the cursor goes to it
        self.app.hint = None
        if hint is not None and decision is not None:
            if hint in self.options:  # (concede or redeal while cards may be chosen: B, in the menu)
                head = prompt_for(decision, self.words)
                if self.mode == _OPTIONS:
                    self.cursor = self.options.index(hint)
            else:  # a card: A on it then asks "declare or just play", "to whom", where it may
                head = card_text(actions.card(hint))
                self.cursor = self.hand_cards.index(actions.card(hint))
            if actions.verb(hint) == actions.PLAY:  # "play QS", not "QS just play" (a question never asked)
                self.message = word(self.words, _HINT_PLAY) % head
            else:
                self.message = word(self.words, _HINT) % (head, action_word(hint, self.words))
            self.message_ms = self.app.now
        if decision is not None and controller.seed == _GUIDE_SEED and view.deal_number == 1 and self.message is None:
            from thousand.ui import guide  # the guided deal: what to do now, and why

            text = guide.words(controller, guide.step(view, decision))
            if text is not None:
                self.say(text)
        self.show_table(view)
        self.show_hand()
        self.show_status()

    def default_option(self):
        """Start on the cheapest way on: the lowest raise, keeping the cards, playing open."""
        for i, action in enumerate(self.options):
            verb = actions.verb(action)
            if verb in (actions.BID, actions.CONTRACT, actions.KEEP, actions.NODARK):
                return i
        return 0

    def show_table(self, view):
        table = self.table_view
        words = self.words
        marks = word(words, _MARKS).split()  # a list: a str indexed would make a name in the VM's pool
        for which in range(2):
            seat = which + 1
            table.set_opponent(which, seat_name(seat), view.hand_counts[seat], self.bid_of(view, seat),
                               view.scores[seat], view.to_move == seat and view.phase < PHASE_DEAL_OVER,
                               marks_text(view.bolts[seat], view.barrel[seat], marks) + marriages_text(view, seat, marks),
                               marks[0] if view.dealer == seat else "")
        # The trick area: the talon face down in the auction, face up while the declarer
        # takes it (where it is shown), nothing once it is in the declarer's hand (the gives,
        # the contract), then the trick (or the last one).
        shown = [_NO_CARD, _NO_CARD, _NO_CARD]
        backs = False
        winner = -1  # a trick taken (the last one, in the middle until the next lead): its taker
        if view.phase < PHASE_TALON:
            backs = view.phase != PHASE_DARK
        elif view.phase == PHASE_TALON:
            if view.talon is not None:
                shown = C.cards_of(view.talon)
        elif view.phase > PHASE_CONTRACT:
            peek = self.last_trick and view.last_trick  # the last trick, asked for in the menu
            for seat, card in (view.last_trick if peek else view.trick or view.last_trick):
                shown[seat] = card
            if peek or not view.trick:
                winner = view.last_trick_winner
        table.set_trick(shown, backs, winner)
        # The deal line: trump, your score and marks, the contract, marriages.
        text = "%s %d" % (seat_name(HUMAN), view.scores[HUMAN])
        if view.dealer == HUMAN:
            text += " " + marks[0]
        signs = marks_text(view.bolts[HUMAN], view.barrel[HUMAN], marks)
        if signs:
            text += " " + signs
        if view.declarer == HUMAN:
            text += " *%d" % (view.contract or view.bid)
        elif view.phase <= PHASE_TALON:
            text += " " + str(self.bid_of(view, HUMAN) or "")
        if view.kind == DARK or view.kind == GOLDEN:
            text += word(words, _DARK_DEAL - 1 + view.kind)
        text += marriages_text(view, HUMAN, marks)
        if view.phase > PHASE_CONTRACT and self.app.settings.points:  # the play: your card points so far
            text += word(words, _CARD_POINTS) % view.card_points[HUMAN]
        table.set_info(text, view.trump if view.trump >= 0 else None)

    def bid_of(self, view, seat):
        if view.declarer == seat:
            return "*%d" % (view.contract or view.bid)
        if view.phase <= PHASE_TALON:  # the auction's trace, until the talon is taken
            if view.passed[seat]:  # an opponent's last bid stays beside its pass: "pass 120"
                said = word(self.words, _PASS)
                return said if view.bids[seat] is None or seat == HUMAN else "%s %d" % (said, view.bids[seat])
            return view.bids[seat]
        return None

    def show_hand(self):
        table = self.table_view
        legal = 0
        for card, _action in self.card_actions:
            legal |= 1 << card
        if self.mode == _WATCH or self.mode == _OPTIONS:
            legal = 0xFFFFFF  # nothing to choose: no card looks refused
        cards = self.hand_cards
        if not cards and self.view.hand_counts[HUMAN] == 0 and self.view.phase == PHASE_DARK:
            cards = [sprites.BACK] * 7  # the dark question comes before you see your cards
        selected = self.cursor if self.mode in (CARDS, CHOICE) else -1
        if self.mode == CHOICE:
            selected = cards.index(self.choice_card)
        table.set_hand(cards, selected, legal)

    def show_status(self):
        table = self.table_view
        words = self.words
        if self.message is not None:
            table.set_status(self.message)
            return
        if self.last_trick:  # (16 columns: the square screen's doubled text)
            table.set_status(word(words, _LAST_TRICK) % seat_name(self.view.last_trick_winner))
            return
        mode = self.mode
        if mode == CARDS:
            card = self.hand_cards[self.cursor]
            verb = word(words, _GIVE if actions.verb(self.card_actions[0][1]) == actions.GIVE else _PLAY)
            if not self.is_legal(card):
                text = word(words, _NOT_NOW) % card_text(card)
            else:
                text = word(words, _PRESS_A) % (verb, card_text(card))
            if self.options:
                text += word(words, _B_MORE)
            table.set_status(text)
        elif mode == _OPTIONS or mode == CHOICE:
            head = card_text(self.choice_card) if mode == CHOICE else prompt_for(self.decision, words)
            table.set_status("%s <%s>" % (head, action_word(self.options_now()[self.cursor], words)))
        elif self.holds_play():
            table.set_status(word(words, _TALON_GO_ON) % seat_name(self.view.declarer))
        elif self.thinker >= 0:
            # Between two tricks the last one stays in the middle, with who took it (short: the
            # square screen's doubled text has 16 columns).
            winner = self.view.last_trick_winner
            text = word(words, _TOOK_IT) % seat_name(winner) if winner >= 0 and not self.view.trick else (
                word(words, _THINKING) % seat_name(self.thinker))
            table.set_status("%s %s" % (text, "-\\|/"[self.spin]))
        elif self.app.controller is not None and (self.app.controller.between_deals() or self.app.controller.over()):
            table.set_status(word(words, _DEAL_OVER))
        elif self.view.last_trick_winner >= 0 and not self.view.trick:
            table.set_status(word(words, _TOOK_IT) % seat_name(self.view.last_trick_winner))
        else:
            table.set_status("")

    def holds_play(self):
        """A computer won the auction and the talon is shown to all (RULES.md 2): the
        computer seats wait until the player has seen it and pressed A."""
        view = self.view
        return self.last_trick or (view is not None and view.phase == PHASE_TALON and view.declarer != HUMAN
                                   and view.talon_shown and not self.talon_seen)

    def is_legal(self, card):
        for legal_card, _action in self.card_actions:
            if legal_card == card:
                return True
        return False

    def options_now(self):
        if self.mode == CHOICE:  # declaring first: the usual reason to lead a K or Q
            mine = [action for card, action in self.card_actions if card == self.choice_card]
            return [a for a in mine if actions.verb(a) == actions.DECLARE] + [
                a for a in mine if actions.verb(a) != actions.DECLARE]
        return self.options

    # ------------------------------------------------------------ keys
    def key(self, key):
        mode = self.mode
        if key == START and mode != CHOICE:
            key = B  # START opens the menu too, on the boards that have it
        if self.last_trick:  # the last trick on show: a key puts the table back (B: and the menu)
            self.last_trick = False
            self.changed = True
            if key != B:
                return
        if key == B:
            if mode == CHOICE:
                self.mode = CARDS
                self.show_hand()
                self.show_status()
            else:
                self.app.show("tablemenu")
            return
        if mode == _WATCH:
            if key == A and self.holds_play():
                self.talon_seen = True
                self.show_status()
            return
        if key == LEFT or key == RIGHT or key == UP or key == DOWN:
            step = -1 if key == LEFT or key == UP else 1
            count = len(self.hand_cards) if mode == CARDS else len(self.options_now())
            if (key == UP or key == DOWN) and mode == _OPTIONS:
                step = -step  # up means more: the options go from pass to the highest bid
                if count > _OPTION_JUMP:
                    # up and down go through a long list of bids or contracts 20 points at a time,
                    # stopping at its ends (left and right: 5 at a time, round the list)
                    step *= _OPTION_JUMP
            if step * step > 1:
                self.cursor = min(count - 1, max(0, self.cursor + step))
            else:
                self.cursor = (self.cursor + step) % count
            self.message = None
            if mode == CARDS:
                self.show_hand()
            self.show_status()
        elif key == A:
            if mode == CARDS:
                self.choose_card(self.hand_cards[self.cursor])
            else:
                self.act(self.options_now()[self.cursor])

    def say(self, text):
        """A line on the status bar for _MESSAGE_MS (a refusal, a storage problem); a longer
        text in lines, one after the other."""
        # A line of the status bar at a time, each for _MESSAGE_MS: nothing of it is cut (a
        # character the font lacks shows as "?", thousand.ui.widgets.Text)
        self.pages = wrap(text, self.table_view.layout.status_cols)
        self.message = self.pages.pop(0)
        self.message_ms = self.app.now
        self.show_status()

    def choose_card(self, card):
        mine = [action for legal_card, action in self.card_actions if legal_card == card]
        if len(mine) == 1:
            self.act(mine[0])
        elif mine:
            self.mode = CHOICE
            self.choice_card = card
            self.cursor = 0
            self.show_hand()
            self.show_status()
        else:
            self.act(actions.play(card))  # refused: the controller says why

    def act(self, action):
        # The refusal is caught as a ValueError, not an IllegalAction: the load plan (scenes.py)
        # unloads thousand.game and imports it anew, each load with another IllegalAction
        # class, while ValueError, its base, is one class for good; and controller.act refuses
        # only with ValueErrors (an IllegalAction, "it is not your turn"), before it changes
        # anything.  A class kept alive across reloads, or a check of the class's name, would
        # cost the device heap (issue 33 item 6).
        try:
            self.app.controller.act(action)
        except ValueError as refusal:  # a plain sentence for the player
            self.say(str(refusal))
            # the refusal's words' modules (thousand.explain, thousand.texts) go at once: the
            # table holding them until the next move was the session's high point
            self.app.settle()
            self.app.beep(220, 80)
            return
        self.mode = _WATCH
        self.changed = True

