"""The agreements read and checked from outside: a record's ``rules`` object, a value set on
the agreements screen, and the rules written back as such an object.  Its callers load it
only then (the records, the agreements screen, the settings' reader): a game holds only the
values (``thousand.rules``, which does not import this module back).  ``from_dict``, ``to_dict``
and ``get`` are named as the ``Rules`` methods they were, read as ``rules_check.from_dict``:
names the device's pool already held.

>>> rules = from_dict({"preset": "classic", "bid_jumps": False})
>>> rules.bid_jumps, rules.target
(False, 1000)
>>> from_dict({"golden": "yes"})
Traceback (most recent call last):
...
thousand.rules.RulesError: agreement 'golden' must be true or false, not 'yes'
>>> to_dict(from_dict({"preset": "club", "dark": True}))
{'preset': 'club', 'dark': True}
"""

from thousand.rules import Rules, RulesError

from thousand.rules_table import BOOL, INT, INT_OR_NULL, agreement, agreement_names

from thousand import const  # MicroPython's, or the package's stand-in on CPython

_MAX_NUMBER = const(9999)  # no agreement's number needs more than four digits


def _entry(name):
    entry = agreement(name)
    if entry is None:
        raise RulesError("unknown agreement '%s'" % name)
    return entry


def _check(entry, value):
    name, kind, _default, choices = entry
    if kind == BOOL:
        if value is True or value is False:
            return value
        raise RulesError("agreement '%s' must be true or false, not %r" % (name, value))
    if kind == INT or kind == INT_OR_NULL:
        if value is None and kind == INT_OR_NULL:
            return None
        if isinstance(value, int) and value is not True and value is not False:
            if -_MAX_NUMBER <= value <= _MAX_NUMBER:
                return value
            raise RulesError("agreement '%s' must be between %d and %d" % (name, -_MAX_NUMBER, _MAX_NUMBER))
        raise RulesError(
            "agreement '%s' must be a whole number%s, not %r"
            % (name, " or null" if kind == INT_OR_NULL else "", value)
        )
    if value in choices:
        return value
    raise RulesError(
        "agreement '%s' must be one of %s, not %r" % (name, ", ".join(choices), value)
    )


def from_dict(data):
    """Rules from a record's ``rules`` object: a preset plus changed agreements."""
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise RulesError("'rules' must be an object like {\"preset\": \"classic\"}")
    rules = Rules.preset(data.get("preset", "classic"))
    for key in sorted(data):
        if key != "preset":
            setattr(rules, key, _check(_entry(key), data[key]))
    return validate(rules)


def validate(rules):
    """Check ranges that the type alone does not catch; ``rules``, or RulesError."""
    if rules.target <= 0:
        raise RulesError("agreement 'target' must be above 0")
    if rules.barrel_deals < 1 or rules.barrel_deals > 9:
        raise RulesError("agreement 'barrel_deals' must be between 1 and 9")
    for name in ("bolt_penalty", "barrel_fall_penalty", "barrel_win"):
        if getattr(rules, name) < 0:
            raise RulesError("agreement '%s' must not be negative" % name)
    if rules.concede_limit is not None and rules.concede_limit < 0:
        raise RulesError("agreement 'concede_limit' must not be negative")
    return rules


def get(rules, name):
    """The value of agreement ``name``; RulesError for a name that is none."""
    _entry(name)
    return getattr(rules, name)


def set_agreement(rules, name, value):
    """Agreement ``name`` set to ``value``, checked; RulesError (and ``rules`` changed, as
    the agreements screen tries the next value) for a value out of its range."""
    setattr(rules, name, _check(_entry(name), value))
    validate(rules)


def to_dict(rules):
    """The preset name plus every agreement that differs from it."""
    base = Rules.preset(rules.preset_name)
    out = {"preset": rules.preset_name}
    for name in agreement_names():
        value = getattr(rules, name)
        if value != getattr(base, name):
            out[name] = value
    return out
