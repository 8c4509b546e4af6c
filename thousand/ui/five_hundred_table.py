"""Five Hundred's table: your hand (up to 13 cards while you discard), the trick, the other
seats' boxes, a deal line and a status line; Thousand's table (``thousand.ui.table``) in its
shape, over Five Hundred's controller (``thousand.five_hundred.controller``).

Loaded only while Five Hundred is played (``thousand.ui.scenes``: ``FIVE_HUNDRED_SCREENS``).
The cards are the sheet's tiles (``thousand.ui.sprites``), with the ranks 4 to 8 and the
Joker after Thousand's tiles.  Keys: LEFT/RIGHT a card or a choice; in the auction UP/DOWN a
bid's level (LEFT/RIGHT its denomination, pass and the miseres on the same ladder); A chooses
(in the discard, A marks a card and the third mark discards); B the table's menu.  Seats:
0 you, 1 West (left), 2 East (right); with 4 players 2 is North, your partner, and 3 East.

Its status line's messages and spinner and its ``act`` repeat Thousand's table's rather than
import them (``duplicates`` lists the pair): ``thousand.ui.table`` imports Thousand's engine,
which a game of Five Hundred does not load; its layout and display objects
(``thousand.ui.five_hundred_table_layout``, loaded only when the table is built) repeat the
shape of Thousand's (``thousand.ui.table_layout``), for 3 or 4 players.  (The package's
modules repeat Thousand's engine's shapes likewise: ``thousand/five_hundred/__init__.py``.)
"""

from thousand import HUMAN
from thousand.five_hundred import actions as A
from thousand.five_hundred import cards as C
from thousand.five_hundred.game import PHASE_AUCTION, PHASE_DEAL_OVER, PHASE_DISCARD, PHASE_PLAY
from thousand.hw.keys import B, DOWN, LEFT, RIGHT, START, UP, ticks_diff
from thousand.hw.keys import A as KEY_A
from thousand.ui import sprites
from thousand.ui.widgets import pad, word, wrap

from thousand import const  # MicroPython's, or the package's stand-in on CPython

_NO_CARD = const(-2)  # (sprites.BACK is -1)
_LOW_RANK_TILE = const(43)  # the ranks 4 to 8 (tools/make_sprites.py: LOW_RANK_TILE)
_JOKER_TILE = const(48)  # the Joker's six tiles (JOKER_TILE)
_TOP_EDGE = const(11)  # Thousand's card tiles the Joker shares: the top edge, its right corner,
_BOTTOM_LEFT = const(13)  # the bottom left corner (thousand.ui.sprites.card_tile)
_SHEET_ROWS = const(4)  # rows of tiles in Five Hundred's sheet (Thousand's has 3)
_TILE_H = const(10)  # (thousand.ui.sprites: a private const, folded there)
_LEVEL = const(40)  # a bid's code one level (one trick) higher (thousand.five_hundred.actions)

# The entries of five_hundred.txt (thousand.texts) by their places (a test holds each to its
# entry's name).
_SEATS = const(1)
_SEATS4 = const(2)
_PASS = const(3)
_MISERE = const(4)
_OPEN_MISERE = const(5)
_BLIND_MISERE = const(6)
_SANS = const(7)
_BID = const(8)
_RAISE = const(9)
_KEEP = const(10)
_NOMINATE = const(11)
_NO_SUIT = const(12)
_JOKER_NAMES = const(13)
_JOKER = const(14)
_DISCARD = const(15)
_MARK = const(16)
_UNMARK = const(17)
_PRESS_A = const(18)
_NOT_NOW = const(19)
_TOOK_IT = const(20)
_THINKING = const(21)
_DEAL_OVER = const(22)
_TRICKS = const(23)
_HINT = const(24)
_LAST_TRICK = const(25)
_MADE = const(26)
_FAILED = const(27)
_PASSED_OUT = const(28)
_PLAYED_NT = const(29)
_DEAL = const(30)
_BY = const(31)
_HEAD = const(32)
_WINS = const(33)
_LOSES = const(34)
_SUMMARY_KEYS = const(35)
_SHEET_KEYS = const(36)
_NT = const(37)
_MARKS = const(38)  # the dealer's mark and the nominated Joker's (D, JK)

# The screen's modes (names, not folded: the tests read them).
WATCH = 0  # nothing to choose: computer seats play, or the deal is over
CARDS = 1  # play a card of your hand
OPTIONS = 2  # choose among words: a bid or pass, raise or keep, the Joker's suit
DISCARD = 3  # mark three of your 13 cards
CHOICE = 4  # the Joker led at no trumps: the suit it leads as

_MESSAGE_MS = const(2500)
_SPIN_MS = const(200)


def seat_names(words, players):
    return word(words, _SEATS4 if players == 4 else _SEATS).split()


def card_words(card, words):
    """A card as the status line writes it: ``10`` and the hearts' symbol, or "Joker"."""
    if card == C.JOKER:
        return word(words, _JOKER)
    return C.rank_sign(card) + chr(1 + (card >> 4))


def bid_words(code, words):
    """A bid as the screens write it: ``7`` and the hearts' symbol, ``8NT`` (its page's word for NT),
    ``7NT sans``, ``misere``."""
    if code == A.MISERE:
        return word(words, _MISERE)
    if code == A.OPEN_MISERE:
        return word(words, _OPEN_MISERE)
    if code == A.BLIND_MISERE:
        return word(words, _BLIND_MISERE)
    denomination = A.bid_denomination(code)
    text = str(A.bid_tricks(code)) + (word(words, _NT) if denomination == A.NT else chr(1 + denomination))
    return text + " " + word(words, _SANS) if A.is_sans(code) else text


def option_words(action, words):
    verb = A.verb(action)
    if verb == A.PASS:
        return word(words, _PASS)
    if verb == A.BID:
        code = A.argument(action)
        return "%s %d" % (bid_words(code, words), A.bid_value(code))
    if verb == A.NO_RAISE:
        return word(words, _KEEP)
    if verb == A.NOMINATE:
        return chr(1 + A.argument(action))
    if verb == A.NO_NOMINATION:
        return word(words, _NO_SUIT)
    if verb == A.PLAY:
        named = A.play_named(action)
        return chr(1 + named) if named >= 0 else card_words(A.play_card(action), words)
    if verb == A.DISCARD:
        return " ".join(card_words(card, words) for card in A.discard_cards(action))
    return "?"


def show_card(sheet, grid, card, state=sprites.NORMAL):
    """Turn ``grid`` (a sheet's card grid) into Five Hundred's ``card``."""
    if card == sprites.BACK:
        sheet.show_card(grid, card)
        return
    if card == C.JOKER:
        grid.pixel_shader = sheet.palettes[state * 4 + 3]  # red ink
        tiles = (_JOKER_TILE, _TOP_EDGE, _TOP_EDGE + 1, _JOKER_TILE + 1, _JOKER_TILE + 2, _JOKER_TILE + 3,
                 _BOTTOM_LEFT, _JOKER_TILE + 4, _JOKER_TILE + 5)
        for i in range(9):
            grid[i] = tiles[i]
        return
    suit, rank = card >> 4, card & 15
    grid.pixel_shader = sheet.palettes[state * 4 + suit]
    # 9 J Q K 10 A are Thousand's ranks 0 to 5; 4 to 8 have corners of their own
    thousand_rank = (0, 4, 1, 2, 3, 5)[rank - 5] if rank >= 5 else 0
    for row in range(3):
        for col in range(3):
            grid[col, row] = sprites.card_tile(thousand_rank, suit, col, row)
    if rank < 5:
        grid[0, 0] = _LOW_RANK_TILE + rank


def use_five_hundreds_sheet(sheet):
    """The card sheet with Five Hundred's tiles after Thousand's (``cards-500.bmp`` beside
    ``cards.bmp``, ``cards-ru-500.bmp`` beside the Russian one): loaded in the sheet's place,
    and kept (Thousand's table draws from it as from its own) until the language changes."""
    if sheet.bitmap.height < _SHEET_ROWS * _TILE_H:
        path = sheet.path
        if sheet.language != "en":
            path = path[:-4] + "-" + sheet.language + path[-4:]
        sheet.bitmap = None  # the old sheet goes before the new one is read
        from thousand.ui.bmp import load_bmp

        sheet.bitmap = load_bmp(path[:-4] + "-500" + path[-4:])


class Layout:
    """Where things go for a screen size, in screen pixels (Thousand's table's layout)."""

    def __init__(self, width, height, players):
        from thousand.ui.five_hundred_table_layout import place  # once a table: not held with the table

        place(self, width, height, players)

    def hand_x(self, count):
        """Left edges of ``count`` overlapping cards, centred."""
        if count <= 1:
            return [(self.width - self.card_w) // 2] * count
        step = min(self.card_w + 2, (self.width - self.card_w) // (count - 1))
        left = (self.width - self.card_w - step * (count - 1)) // 2
        return [left + i * step for i in range(count)]


class TableScreen:
    """Five Hundred's table during a deal: shows the human's view, turns keys into actions.
    The app's loop (``thousand.ui.app.App.play``) reads ``changed``, ``view``, ``update()``
    and ``holds_play()`` as it reads Thousand's table."""

    def __init__(self, app):
        from thousand import texts  # the words are data, read on demand (thousand.texts)
        from thousand.ui.five_hundred_table_layout import build  # once a table: not held with the table

        self.app = app
        self.words = texts.lines("five_hundred")
        players = app.controller.game.players
        self.players = players
        self.names = seat_names(self.words, players)
        self.marks = word(self.words, _MARKS).split()
        self.layout = layout = Layout(app.width, app.height, players)
        self.sheet = sheet = app.sheet
        use_five_hundreds_sheet(sheet)
        build(self, layout, sheet, players)
        self.view = None
        self.decision = None
        self.mode = WATCH
        self.hand_cards = []
        self.cursor = 0
        self.card_actions = []  # (card, action) the human may play now
        self.options = []  # actions chosen by word, in the ladder's order
        self.choice_card = -1
        self.marked = []  # the cards marked for the discard
        self.last_trick = False  # chosen in the table's menu: shown until a key
        self.changed = True
        self.message = None
        self.message_ms = 0
        self.pages = []
        self.thinker = -1
        self.spin = 0
        self.spin_ms = 0

    def enter(self):
        self.changed = True
        self.update()

    def word(self, place):
        return word(self.words, place)

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
        view = controller.view(HUMAN, self.view)
        self.view = view
        decision = controller.human_decision()
        self.decision = decision
        old_card = self.hand_cards[self.cursor] if self.mode in (CARDS, DISCARD) and self.hand_cards else -1
        self.hand_cards = C.cards_of(view.hand)
        self.card_actions = []
        self.options = []
        self.mode = WATCH
        if decision is not None:
            verb = A.verb(decision.legal[0])
            if verb == A.DISCARD:
                self.mode = DISCARD
                self.marked = []
            elif verb == A.PLAY:
                self.mode = CARDS
                self.card_actions = [(A.play_card(action), action) for action in decision.legal]
            else:
                self.mode = OPTIONS
                self.options = sorted(decision.legal, key=self.option_place)
        if self.mode in (CARDS, DISCARD):
            if old_card in self.hand_cards:
                self.cursor = self.hand_cards.index(old_card)
            else:
                self.cursor = self.hand_cards.index(self.card_actions[0][0]) if self.card_actions else 0
        elif self.mode == OPTIONS:
            self.cursor = self.default_option()
        pending = controller.pending()
        self.thinker = pending.seat if pending is not None and pending.seat != HUMAN else -1
        if self.players == 4 and pending is not None and pending.seat >= 2:
            # The board's turn light has you, left and right: East, the fourth seat, is the
            # right one; North, across, has none.  Lit here, and the app told (App.show_turn
            # lights a seat only when it changes).
            self.app.turn_seat = pending.seat
            self.app.board.show_turn(None if pending.seat == 2 else 2)
        if self.app.last_trick:
            self.app.last_trick = False
            self.last_trick = True
        hint = self.app.hint
        self.app.hint = None
        if hint is not None and decision is not None:
            self.point_to(hint)
            self.message = self.word(_HINT) % option_words(hint, self.words)
            self.message_ms = self.app.now
        self.show_table(view)
        self.show_hand()
        self.show_status()

    @staticmethod
    def option_place(action):
        """The options' order: pass (or keep, or no suit) first, then the ladder (or the suits)."""
        verb = A.verb(action)
        return -1 if verb != A.BID and verb != A.NOMINATE else A.argument(action)

    def default_option(self):
        """Pass, keep or no suit: the choice that commits to nothing."""
        return 0

    def point_to(self, action):
        """The cursor on ``action`` (a hint)."""
        verb = A.verb(action)
        if verb == A.DISCARD:
            self.marked = [card for card in A.discard_cards(action)][:2]
            self.cursor = self.hand_cards.index(A.discard_cards(action)[2])
        elif verb == A.PLAY:
            self.cursor = self.hand_cards.index(A.play_card(action))
        elif action in self.options:
            self.cursor = self.options.index(action)

    def box_text(self, seat, view):
        cols = self.layout.box_cols
        first = (">" if view.to_move == seat and view.phase < PHASE_DEAL_OVER else "") + self.names[seat]
        left = ("%d%s" if self.players == 4 else "[%d]%s") % (view.hand_counts[seat], self.marks[0] if view.dealer == seat else "")
        right = self.said(seat, view)
        score = "" if self.players == 4 else str(view.scores[seat])  # 4 players: the sides' on the deal line
        return pad(first, score, cols) + "\n" + pad(left, right, cols)

    def said(self, seat, view):
        """A seat's last call in the auction, its contract, or its tricks in the play."""
        if view.phase == PHASE_AUCTION:
            if view.passed[seat]:
                return self.word(_PASS)
            return "" if view.calls[seat] < 0 else bid_words(view.calls[seat], self.words)
        if view.phase >= PHASE_PLAY and view.out_seat != seat:
            text = self.word(_TRICKS) % view.tricks_won[seat]
            return ("*" if view.contractor == seat else "") + text
        return "*" + bid_words(view.bid, self.words) if view.contractor == seat else ""

    def show_table(self, view):
        for index in range(self.players - 1):
            text = self.box_text(index + 1, view)
            if self.boxes[index].text != text:
                self.boxes[index].text = text
        # The trick area: the kitty face down in the auction, face up while you discard,
        # then the trick (or the last one, its taker's card highlighted).
        shown = [_NO_CARD] * self.players
        winner = -1
        if view.phase == PHASE_AUCTION or view.phase < PHASE_PLAY and view.kitty is None:
            shown = [sprites.BACK] * 3 + [_NO_CARD] * (self.players - 3)
        elif view.phase == PHASE_DISCARD and view.kitty is not None:
            kitty = C.cards_of(view.kitty)
            for i in range(3):
                shown[i] = kitty[i]
        elif view.phase >= PHASE_PLAY:
            peek = self.last_trick and view.last_trick
            for seat, card in (view.last_trick if peek else view.trick or view.last_trick):
                shown[seat] = card
            if peek or not view.trick:
                winner = view.last_trick_winner
        for seat in range(self.players):
            card = shown[seat]
            grid = self.trick[seat]
            grid.hidden = card == _NO_CARD
            if not grid.hidden:
                show_card(self.sheet, grid, card, sprites.SELECTED if seat == winner else sprites.NORMAL)
        # The deal line: the trump, your score, the contract (or the high bid), your tricks.
        if self.players == 4:  # your side's score and the other side's
            text = "%d:%d" % (view.scores[0], view.scores[1])
        else:
            text = "%s %d" % (self.names[HUMAN], view.scores[HUMAN])
        if view.dealer == HUMAN:
            text += " " + self.marks[0]
        bidder = view.contractor if view.contractor >= 0 else view.high_bidder
        more = ""
        if view.phase >= PHASE_PLAY and view.out_seat != HUMAN:
            more += " " + self.word(_TRICKS) % view.tricks_won[HUMAN]
        if view.nominated >= 0:
            more += " " + self.marks[1] + chr(1 + view.nominated)
        if view.bid >= 0:
            contract = " %s%s " % ("*" if view.contractor >= 0 else "", bid_words(view.bid, self.words))
            name = self.names[bidder]
            if len(text) + len(contract) + len(name) + len(more) > self.layout.status_cols:
                name = name[0]  # the bidder's initial where the name does not fit
            text += contract + name
        self.set_line(self.info, text + more)
        self.info_icon.hidden = view.trump < 0
        if view.trump >= 0:
            self.sheet.show_icon(self.info_icon, view.trump)

    def set_line(self, line, text):
        text = pad(text, "", self.layout.status_cols)
        if line.text != text:
            line.text = text

    def show_hand(self):
        layout, scale = self.layout, self.layout.scale
        cards = self.hand_cards
        xs = layout.hand_x(len(cards))
        legal = None
        if self.mode == CARDS:
            legal = [card for card, _action in self.card_actions]
        for i, grid in enumerate(self.hand_grids):
            if i >= len(cards):
                grid.hidden = True
                continue
            card = cards[i]
            raised = (self.mode in (CARDS, DISCARD) and i == self.cursor) or (
                self.mode == CHOICE and card == self.choice_card)
            if raised or card in self.marked:
                state = sprites.SELECTED
            elif legal is not None and card not in legal:
                state = sprites.DIMMED
            else:
                state = sprites.NORMAL
            show_card(self.sheet, grid, card, state)
            grid.x = xs[i] // scale
            grid.y = (layout.hand_y - (layout.raise_by if raised else 0)) // scale
            grid.hidden = False

    def show_status(self):
        text = self.status_text()
        self.set_line(self.status, text)

    def status_text(self):
        if self.message is not None:
            return self.message
        view = self.view
        if self.last_trick:
            return self.word(_LAST_TRICK) % self.names[view.last_trick_winner]
        mode = self.mode
        if mode == CARDS or mode == DISCARD:
            card = self.hand_cards[self.cursor]
            name = card_words(card, self.words)
            if mode == DISCARD:
                return "%d/3 %s" % (len(self.marked), self.word(_UNMARK if card in self.marked else _MARK) % name)
            if not self.is_legal(card):
                return self.word(_NOT_NOW) % name
            return self.word(_PRESS_A) % name
        if mode == OPTIONS or mode == CHOICE:
            return "%s <%s>" % (self.prompt(), option_words(self.options_now()[self.cursor], self.words))
        if self.thinker >= 0:
            winner = view.last_trick_winner
            text = self.word(_TOOK_IT) % self.names[winner] if winner >= 0 and not view.trick and view.phase == PHASE_PLAY \
                else self.word(_THINKING) % self.names[self.thinker]
            return "%s %s" % (text, "-\\|/"[self.spin])
        controller = self.app.controller
        if controller is not None and (controller.between_deals() or controller.over()):
            return self.word(_DEAL_OVER)
        return ""

    def prompt(self):
        if self.mode == CHOICE:
            return self.word(_JOKER_NAMES)
        verb = A.verb(self.options[-1])
        if verb == A.NOMINATE:
            return self.word(_NOMINATE)
        if A.verb(self.options[0]) == A.NO_RAISE:
            return self.word(_RAISE)
        return self.word(_BID)

    def holds_play(self):
        """The last trick, asked for in the menu, stays until a key."""
        return self.last_trick

    def is_legal(self, card):
        for legal_card, _action in self.card_actions:
            if legal_card == card:
                return True
        return False

    def options_now(self):
        if self.mode == CHOICE:
            return [action for card, action in self.card_actions if card == self.choice_card]
        return self.options

    # ------------------------------------------------------------ keys
    def key(self, key):
        mode = self.mode
        if key == START and mode != CHOICE:
            key = B
        if self.last_trick:
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
        if mode == WATCH:
            return
        if key == LEFT or key == RIGHT or key == UP or key == DOWN:
            self.message = None
            if mode == OPTIONS and (key == UP or key == DOWN):
                self.cursor = self.level_step(1 if key == UP else -1)
            else:
                step = -1 if key == LEFT or key == UP else 1
                count = len(self.hand_cards) if mode in (CARDS, DISCARD) else len(self.options_now())
                self.cursor = (self.cursor + step) % count
            if mode != OPTIONS:
                self.show_hand()
            self.show_status()
        elif key == KEY_A:
            if mode == CARDS:
                self.choose_card(self.hand_cards[self.cursor])
            elif mode == DISCARD:
                self.mark(self.hand_cards[self.cursor])
            else:
                self.act(self.options_now()[self.cursor])

    def level_step(self, by):
        """The option one level up (``by`` 1) or down from the cursor's: the same denomination
        a trick more or less, else the nearest bid that way; pass below the lowest bid."""
        options = self.options
        at = self.cursor
        code = A.argument(options[at]) if A.verb(options[at]) == A.BID else -_LEVEL
        if A.verb(options[-1]) != A.BID:  # the nomination's suits: a step
            return (at + by) % len(options)
        target = code + by * _LEVEL
        if by > 0:
            for i in range(len(options)):
                if A.verb(options[i]) == A.BID and A.argument(options[i]) >= target:
                    return i
            return len(options) - 1
        best = 0
        for i in range(len(options)):
            if A.verb(options[i]) == A.BID and A.argument(options[i]) <= target:
                best = i
        return best

    def mark(self, card):
        if card in self.marked:
            self.marked.remove(card)
        else:
            self.marked.append(card)
        if len(self.marked) == 3:
            marked = self.marked
            self.act(A.discard(marked[0], marked[1], marked[2]))
            return
        self.show_hand()
        self.show_status()

    def choose_card(self, card):
        mine = [action for legal_card, action in self.card_actions if legal_card == card]
        if len(mine) == 1:
            self.act(mine[0])
        elif mine:  # the Joker led at no trumps: the suit it leads as
            self.mode = CHOICE
            self.choice_card = card
            self.cursor = 0
            self.show_hand()
            self.show_status()
        else:
            self.act(A.play(card))  # refused: the controller says why

    def say(self, text):
        self.pages = wrap(text, self.layout.status_cols)
        self.message = self.pages.pop(0)
        self.message_ms = self.app.now
        self.show_status()

    def act(self, action):
        # A refusal is a ValueError (thousand.ui.table.TableScreen.act says why not its class)
        try:
            self.app.controller.act(action)
        except ValueError as refusal:
            self.marked = []
            self.say(str(refusal).replace("seat 0", self.names[HUMAN]))
            self.app.settle()  # the refusal's words' modules go at once (TableScreen.act)
            self.app.beep(220, 80)
            return
        self.mode = WATCH
        self.changed = True
