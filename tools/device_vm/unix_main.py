"""The device game on the 64-bit unix port (``tools/device_budget.py``'s ``run_unix``): the
robot's whole visit in one loop, a collection before every step.  Run as a script beside
``device_robot.mpy``, so that the robot the VM loads holds none of this.
"""

import gc
import sys

from device_robot import Robot


def main():
    board_id, levels, preset, seed, max_deals, writable, sleep_bytes, games = (
        sys.argv[1], sys.argv[2].split(","), sys.argv[3], int(sys.argv[4]), int(sys.argv[5]), sys.argv[6] == "1",
        int(sys.argv[7]), int(sys.argv[8]))
    gc.collect()
    robot = Robot(board_id, levels, preset, seed, max_deals, writable, sleep_bytes, games)
    peak = 0
    while True:
        gc.collect()
        peak = max(peak, gc.mem_alloc())
        if not robot.step():
            break
        if robot.reloading:  # the app's supervisor.reload(): not a fresh VM here, its modules let go
            kept = robot.kept()
            robot = None
            for name in [name for name in sys.modules if name.startswith("thousand")]:
                del sys.modules[name]
            gc.collect()
            robot = Robot(board_id, levels, preset, seed, max_deals, writable, sleep_bytes, games)
            robot.carry_in(kept)
    print(robot.summary())
    print("peak_live %d" % peak)


if __name__ == "__main__":
    main()
