"""A Label that only keeps its text (tests only)."""
from displayio import Group


class Label(Group):
    def __init__(self, font, text="", color=0xFFFFFF, background_color=None, scale=1, anchor_point=None,
                 anchored_position=(0, 0), padding_left=0, padding_right=0):
        super().__init__(scale=scale, x=anchored_position[0], y=anchored_position[1])
        self.text = text
        self.color = color
        self.background_color = background_color
