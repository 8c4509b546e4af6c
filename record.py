"""Thousand's record of the game saved, to the serial console: CircuitPython runs this file once
after the table menu's "record" on a board (``supervisor.set_next_code_file``), then code.py
again, which opens the game at its table (thousand/ui/record_program.py says why).

Under the same guard as code.py: a desktop ``import record`` starts nothing.
"""

if __name__ == "__main__":
    from thousand.ui.record_program import main

    main()
