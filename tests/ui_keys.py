"""Key driving for the screens' tests on the desktop: choose a random legal action for the
human and make it with LEFT/RIGHT/A/B, and play a whole game that way.  (On the device's VMs a
robot of its own does the same: tools/device_vm/robot.py.)"""

from thousand.hw.keys import A, B, RIGHT
from thousand.ui import table as T


# The key driving is written as generators of keys (None: let 20 ms pass), so that a host
# can play them one per call (UiGame.step) as well as in one loop.

def keys_to(wanted, current, count):
    """RIGHT until ``current()`` is ``wanted`` (every list wraps around)."""
    for _ in range(count + 1):
        if current() == wanted:
            return
        yield RIGHT
    raise AssertionError("never reached %r" % (wanted,))


def move_to(press, wanted, current, count):
    for key in keys_to(wanted, current, count):
        press(key)


def decision_keys(app, rng):
    """The keys that choose a random legal action for the human: LEFT/RIGHT/A/B only."""
    screen = app.screen
    decision = app.controller.human_decision()
    action = decision.legal[rng.below(len(decision.legal))]
    if screen.mode == T.CARDS:
        cards = [c for c, a in screen.card_actions if a == action]
        if not cards:  # concede or redeal while cards could be chosen: in the menu
            yield B
            menu = app.screen
            yield from keys_to(action, lambda: menu.entries()[menu.cursor], len(menu.entries()))
            yield A
            return
        yield from keys_to(cards[0], lambda: screen.hand_cards[screen.cursor], len(screen.hand_cards))
        yield A
        if screen.mode == T.CHOICE:
            options = screen.options_now()
            yield from keys_to(action, lambda: options[screen.cursor], len(options))
            yield A
    else:
        assert screen.mode == T._OPTIONS
        yield from keys_to(action, lambda: screen.options[screen.cursor], len(screen.options))
        yield A


def take_decision(app, press, rng):
    """Choose a random legal action for the human and make it with key presses."""
    for key in decision_keys(app, rng):
        press(key)


def game_keys(app, rng, summaries, after_each=None):
    """From the table to the title at the game's end; ``summaries[0]`` counts the deal
    summaries seen.  At the second summary it also visits the score sheet and the chart."""
    for _ in range(5000):
        if app.screen_name == "title":
            return
        if app.screen_name == "summary" and app.screen is None:
            yield None  # built a tick after the deal's end is saved (App.show)
        elif app.screen_name == "summary":
            summaries[0] += 1
            if summaries[0] == 2:
                yield B  # the sheet, then the chart, then back to the summary
                yield A
                yield B
            yield A
        elif app.screen_name != "table":
            raise AssertionError("unexpected screen " + app.screen_name)
        elif app.screen is not None and app.screen.holds_play():
            yield A  # a computer's open talon, seen
        elif app.screen is None or app.controller.human_decision() is None or app.screen.changed:
            yield None  # a screen is built a tick after it is chosen (App.tick)
        else:
            yield from decision_keys(app, rng)
        if after_each is not None:
            after_each()
    raise AssertionError("the game did not end")


def play_game(app, press, wait, rng, after_each=None):
    """``game_keys`` pressed with ``press`` and ``wait``; the number of deal summaries seen."""
    summaries = [0]
    for key in game_keys(app, rng, summaries, after_each):
        if key is None:
            wait()
        else:
            press(key)
    return summaries[0]
