"""The game's words that are read rarely, kept as data: the files of ``assets/text/<language>/``.

Words written in a module are bytecode, held in the heap for as long as the module is.
Read from a file, they cost only the entry read, and only until it is let go.  A second
language is a second folder of the same files.

A file (a "page") is a preamble for its readers (ignored), then entries, each a head line
and its body:

    @NAME REST
    the body's lines, up to the next line that starts with "@"

``NAME`` is the entry's one word; ``REST`` (the head's other words, maybe none) is for the
entry's reader (the facts a refusal's words name, an agreement's short label).  The body is
its lines as written, less empty lines before and after it (they only space the entries).  A page
is read a line at a time, never whole, and up to the entry asked for.

Few names here: every name of a module is a name in the VM's pool for good (so are strings
of up to 10 characters written in it: the longer strings below are not).
"""

import os

from thousand import LANGUAGE, RANK_SIGNS, SEAT_WORDS

# The folder of the languages' folders of pages.  A desktop's checkout holds assets/ beside
# the package; a board's drive holds it at its root, the working folder there (the package is
# in lib/).  The language's folder is the player's (set_language).
try:
    _FOLDER = __file__[:__file__.rfind("thousand")] + "assets/text/"
    os.stat(_FOLDER)
except (NameError, OSError):
    _FOLDER = "assets/text/"


def set_language(code):
    """Speak ``code`` (one of thousand.LANGUAGES) from now on: these pages are read from its
    folder, the font's strip is its (thousand.ui.sprites), and the seats' and ranks' words
    (thousand.SEAT_WORDS, RANK_SIGNS) are its "words" page's."""
    LANGUAGE[0] = code
    w = bodies("words")
    SEAT_WORDS[:] = w[1].split()
    RANK_SIGNS[:] = w[2].split()


def bodies(name):
    """The bodies of page ``name``'s entries at their places, the first at 1: [None, body,
    ...], for a reader that names its entries by place with private const()s (no names in
    the VM's pool; its test holds each place to its entry's name)."""
    return _read(name, None, False)


def lines(name):
    """The bodies of page ``name``'s entries (a line each) as one string, a line an entry: what
    a screen holds of its words while it is shown (one string, not one a word: the heap's
    least), an entry found by its place (thousand.ui.widgets.word)."""
    return "\n".join(_read(name, None, False)[1:])


def entries(name, key=None, language=None):
    """The entries of page ``name``, in order: [(NAME, REST, body), ...]; with ``key``, only
    the entry it names: its NAME (a str) or its place (an int, the first entry 1), in a list
    of one (empty if the page has none such).  ``language``: that one's page, not the
    player's language's."""
    return _read(name, key, True, language)


def problem(text):
    """A storage's message (``text``: thousand.persist writes them in English, as the records and
    the referee are written) in the player's words, when it is shown: each of its parts (joined
    by ". " and "; ") matched against the patterns of the English "storage" page (its "%s"
    fields a save's name, a number, an error...), said as the player's language's entry at the
    same place, a save's name in its words ("names", the first entry); a part that no pattern
    matches is shown as written.  One function, its helpers inlined: every name of this module
    is a name in the VM's pool for good, and a name of one already there costs nothing."""
    if LANGUAGE[0] == "en":  # the messages' own language
        return text
    english = _read("storage", None, False, "en")
    mine = _read("storage", None, False)
    names = english[1].split()
    sentences = []
    for sentence in text.split(". "):
        parts = []
        for part in sentence.split("; "):
            said = part
            for place in range(2, len(english)):
                pieces = english[place].split("%s")
                if not part.startswith(pieces[0]):
                    continue
                at = len(pieces[0])
                found = []
                for i in range(1, len(pieces)):
                    piece = pieces[i]
                    if i == len(pieces) - 1:  # the last piece ends the part
                        cut = len(part) - len(piece)
                        if not part.endswith(piece) or cut < at:
                            break
                    else:
                        cut = part.find(piece, at) if piece else at
                        if cut < 0:
                            break
                    found.append(part[at:cut])
                    at = cut + len(piece)
                if len(found) != len(pieces) - 1 or at != len(part):
                    continue
                said = mine[place]
                for field in found:
                    if field in names:
                        field = mine[1].split()[names.index(field)]
                    said = said.replace("%s", field, 1)
                break
            parts.append(said)
        sentences.append("; ".join(parts))
    return ". ".join(sentences)


def _read(name, key, heads, language=None):
    # Little garbage: the board reads a page while a screen is built, with the game in the
    # heap (a line read is one string; an entry of one line is that line, no list).
    out = [] if heads else [None]
    place = 0
    head = None  # the entry being read: (NAME, REST), or "" without heads; None: skipped
    text = None  # its first line, then
    more = None  # its lines, from the second on
    blank = 0  # empty lines not yet known to be inside the body
    with open(_FOLDER + (language or LANGUAGE[0]) + "/" + name + ".txt") as f:
        while True:
            line = f.readline()
            if not line or line.startswith("@"):
                if head is not None:
                    body = "" if text is None else text if more is None else "\n".join(more)
                    out.append((head[0], head[1], body) if heads else body)
                    if key is not None:
                        return out
                if not line:
                    return out
                place += 1
                head = text = more = None
                blank = 0
                if not heads:
                    head = ""
                else:
                    line = line.rstrip("\r\n")
                    cut = line.find(" ")
                    if cut < 0:
                        cut = len(line)
                    if key is None or key == place or key == line[1:cut]:
                        head = (line[1:cut], line[cut + 1:])
            elif head is not None:
                line = line.rstrip("\r\n")
                if not line:
                    blank += 1
                elif text is None:
                    text = line
                    blank = 0  # (none can come before the first line: the body starts there)
                else:
                    if more is None:
                        more = [text]
                    while blank:
                        more.append("")
                        blank -= 1
                    more.append(line)
