"""Play seeded random games, save at many points, resume, and print the save bytes.

Run by test_save_micropython.py under CPython and under the real MicroPython VM:
the two outputs must be the same, line for line.  Each line is
``game move size hex(payload)``, then ``ok`` when every resumed game saved
again to the same bytes.
"""

import sys

from thousand.game import Game
from thousand.rng import Rng
from thousand.persist.encode import encode_game
from thousand.persist.restore import decode_game

from savecheck import rules_for, step


def main(games, moves, every):
    same = True
    for i in range(games):
        game = Game(rules_for(i), seed=1000 + i)
        chooser = Rng(2000 + i)
        for k in range(moves):
            if k % every == 0:
                extra = {"chooser": list(chooser.get_state()), "human": 0, "name": "t"}
                payload = encode_game(game, extra)
                again, extra2 = decode_game(payload)
                if encode_game(again, extra2) != payload:
                    same = False
                print(i, k, len(payload), payload.hex())
            if not step(game, chooser):
                break
    print("ok" if same else "MISMATCH")


if __name__ == "__main__":
    args = [int(a) for a in sys.argv[1:]] or [3, 200, 13]
    main(args[0], args[1], args[2])
