"""What the table holds, part by part (``tools/device_budget.py --breakdown DEAL``): loaded in
the VM as ``device_breakdown`` beside ``device_robot``, only for that run.

Its names go into the VM's name pool with the game's, which grows in steps (one name past
1,260 costs a 9 KB table: README, "Memory on the device"): so its fields and helpers have
names the VM has in ROM (``end``, ``items``, ``value``, ``name``) or the game has already.
"""

import gc

from device_robot import Robot


class Breakdown(Robot):
    """The robot plays to the table of deal ``deal`` (the human to decide), then each step
    lets go of one part of the game (the screen, the sprites, the bots ...) and the next
    step's "part NAME BYTES" line says how much heap that freed (steps.mjs collects between
    steps).  Each part is measured with the ones before it gone; what is left is the app,
    the board, the modules and their names."""

    def __init__(self, board_id, levels, preset, seed, deal, sleep=8192):
        Robot.__init__(self, board_id, levels, preset, seed, 0, False, sleep)
        self.end = deal  # the deal at whose table the parts are let go
        self.items = None  # the parts still to let go: (name, how)
        self.value = 0  # the heap in use before the last one went
        self.name = None  # the last one's name

    def step(self):
        app = self.app
        if self.items is None:
            if not (app is not None and app.screen is not None and app.screen_name == "table"
                    and self.deals + 1 >= self.end and app.controller.human_decision() is not None
                    and not app.screen.changed and not self.pending):
                return Robot.step(self)
            self.items = parts()
            self.keys = None  # the visit's frame holds nothing of the game from here on
        live = gc.mem_alloc()
        if self.name is not None:
            print("part %s %d" % (self.name, self.value - live))
        if not self.items:
            import micropython

            print("part left %d" % live)
            micropython.qstr_info()  # "qstr pool: ... n_total_bytes=N": the names' heap
            return False
        self.name, drop = self.items.pop(0)
        self.value = live
        drop(app)
        return True

    def summary(self):
        return "ok deals=%d screens=table" % self.deals


def parts():
    def screen(app):
        app.display.root_group = None
        app.screens.clear()
        app.screen = None

    def sprites(app):
        from thousand.ui import sprites, widgets

        app.sheet = None
        del sprites._font[:]
        widgets._palettes.clear()

    def bots(app):
        app.controller.players[1] = app.controller.players[2] = None

    def driver(app):
        app.controller.driver = None

    def records(app):
        app.controller.game.records = None

    def sheet(app):
        app.controller.game.sheet = None
        app.storage.encoded = None  # the saves keep the sheet's bytes

    def game(app):
        app.controller = None
        app.storage.found = None

    def modules(app):
        from thousand.ui import scenes

        scenes.settle("title", False)

    return [("the table screen (its display objects included)", screen),
            ("the sprite sheet and the font", sprites),
            ("the two bots", bots), ("the table driver", driver),
            ("the game's record (Game.records)", records), ("the score sheet (Game.sheet)", sheet),
            ("the controller and the game", game),
            ("the game's and the table's modules (their names stay)", modules)]
