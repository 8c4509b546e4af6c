"""The storage's messages (a save that failed, damaged settings, memory run out) in the
player's words, when they are shown (the title's footer, the table's status line).

``thousand.persist`` writes its messages in English, as the records and the referee do: they
stay language-free where they are kept.  problems.txt of the English pages holds each message's
pattern ("%s save damaged, not used": its "%s" fields a pair's name, a number, an error's
name...), and the same page of the player's language the words at the same place; a message
matched by none is shown as written.  Loaded only while a problem is told (thousand/ui/scenes.py).
"""

from thousand import LANGUAGE, texts

# problems.txt's first entry: the saves' names ("game", "settings"...), which the patterns'
# fields may hold, in the player's words at the same places; the patterns follow it.
_NAMES = 1


def in_words(message):
    """``message`` (English, maybe several joined by ". ", each maybe followed by "; " and its
    outcome) in the player's language."""
    if LANGUAGE[0] == "en":  # the messages' own language (thousand.persist writes them so)
        return message
    english = [body for _name, _rest, body in texts.entries("problems", None, "en")]
    mine = texts.bodies("problems")
    return ". ".join("; ".join(_said(part, english, mine) for part in sentence.split("; "))
                     for sentence in message.split(". "))


def _said(part, english, mine):
    names = english[_NAMES - 1].split()
    for place in range(_NAMES + 1, len(mine)):
        found = fields(part, english[place - 1])
        if found is not None:
            said = mine[place]
            for field in found:
                if field in names:
                    field = mine[_NAMES].split()[names.index(field)]
                said = said.replace("%s", field, 1)
            return said
    return part


def fields(text, pattern):
    """The texts of ``pattern``'s "%s" fields in ``text``, in order, or None when ``text`` is
    not ``pattern`` with its fields filled."""
    pieces = pattern.split("%s")
    if not text.startswith(pieces[0]):
        return None
    at = len(pieces[0])
    found = []
    last = len(pieces) - 1
    for i in range(1, len(pieces)):
        piece = pieces[i]
        if i == last:
            if not text.endswith(piece) or len(text) - len(piece) < at:
                return None
            cut = len(text) - len(piece)
        else:
            cut = text.find(piece, at) if piece else at
            if cut < 0:
                return None
        found.append(text[at:cut])
        at = cut + len(piece)
    return found if at == len(text) else None
