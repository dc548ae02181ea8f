"""The errors cardrules raises, all rooted in :class:`ValueError`.

>>> from cardrules import IllegalActionError, CardRulesError
>>> issubclass(IllegalActionError, CardRulesError) and issubclass(IllegalActionError, ValueError)
True
"""

from __future__ import annotations

from collections.abc import Callable

__all__ = [
    "DOCS_URL",
    "CardRulesError",
    "IllegalActionError",
    "RecordError",
    "RulesError",
    "rule_url",
    "shorten",
]

DOCS_URL = "https://cardrules.readthedocs.io/en/latest/"
"""The base address of the published documentation; :func:`rule_url` builds on it."""


def _rule_page(prefix: str) -> str | None:
    """The rule reference page of the rule ids that start with ``prefix`` (``"M"``,
    ``"V-M"``): ``shared`` for the shared rules, else the page of the game whose
    descriptor cites them."""
    if prefix == "X":
        return "shared"
    from cardrules.registry import descriptors

    for descriptor in descriptors():
        cited = descriptor.rule_prefixes
        if descriptor.rule_page and (prefix + "-" in cited or prefix + "." in cited):
            return descriptor.rule_page
    return None


def rule_url(rule: str, base: str = DOCS_URL) -> str:
    """The stable address of ``rule``'s entry in the rule reference.

    Every rule has an anchor ``rule-<id with dots as dashes>`` on the page of its game.
    Pass ``base`` to point at another copy of the documentation (a local build, say).

    >>> rule_url("M-3.3")
    'https://cardrules.readthedocs.io/en/latest/rules/modern.html#rule-M-3-3'
    >>> rule_url("X-9", base="file:///tmp/html/")
    'file:///tmp/html/rules/shared.html#rule-X-9'

    :param rule: a rule id, as in :attr:`IllegalActionError.rule`.
    :param base: the documentation's base address, ending in ``/``.
    :raises ValueError: when ``rule`` is not written like a rule id.
    """
    prefix = rule[:3] if rule.startswith("V-") else rule.partition("-")[0]
    number = rule[len(prefix) + 1 :]
    page = _rule_page(prefix) if number else None
    if page is None or not number or not number.replace(".", "").isdigit():
        raise ValueError(f"not a rule id: {shorten(rule, repr)}")
    return f"{base}rules/{page}.html#rule-{rule.replace('.', '-')}"


class CardRulesError(ValueError):
    """Base class of every error the library raises on purpose.

    It is a :class:`ValueError`, so ``except ValueError`` catches all bad input.
    """


class IllegalActionError(CardRulesError):
    """An action that is not legal in the state it was applied to.

    The message names the seat, the action, the reason and the rule; the state it
    was applied to is unchanged.

    >>> error = IllegalActionError("seat 1 cannot fold: ...", rule="M-4.3", seat=1)
    >>> error.rule, error.seat
    ('M-4.3', 1)
    >>> error.url
    'https://cardrules.readthedocs.io/en/latest/rules/modern.html#rule-M-4-3'
    """

    rule: str
    """The id of the rule that forbids the action (``"B-5.4"``, ``"X-9"``, …), as
    numbered in the rule reference."""
    seat: int | None
    """The seat that tried to act, or ``None`` at a chance node or at the end."""
    action: object
    """The rejected action, as it was passed."""

    def __init__(
        self, message: str, *, rule: str, seat: int | None = None, action: object = None
    ) -> None:
        super().__init__(message)
        self.rule = rule
        self.seat = seat
        self.action = action

    @property
    def url(self) -> str:
        """The address of :attr:`rule`'s entry in the published rule reference
        (:func:`rule_url`)."""
        return rule_url(self.rule)

    def __reduce__(self) -> tuple[object, ...]:
        return (_rebuild_illegal, (str(self), self.rule, self.seat, self.action))


def _rebuild_illegal(
    message: str, rule: str, seat: int | None, action: object
) -> IllegalActionError:
    return IllegalActionError(message, rule=rule, seat=seat, action=action)


class RulesError(CardRulesError):
    """An invalid ``Rules(...)`` field or ``new_game(...)`` argument.

    The message names the field, the value given and what is allowed.
    """


class RecordError(CardRulesError):
    """A game record that cannot be read: the message says where and why."""


_MOST_CHARS = 120
"""The longest text of a value that a message quotes."""


def shorten(value: object, show: Callable[[object], str] = str, most: int = _MOST_CHARS) -> str:
    """The text of ``value`` for an error message, at most ``most`` characters: a
    broken ``__str__``, or an int too long to print, never hides the real error.

    >>> shorten(10**5000)
    'an int of about 5001 digits'
    >>> shorten("x" * 500, repr, most=12)
    "'xxxxxxxxxx…"
    """
    if isinstance(value, int) and abs(value).bit_length() > 300:
        return f"an int of about {int(abs(value).bit_length() * 0.30103) + 1} digits"
    try:
        text = show(value)
    except Exception:  # includes the interpreter's limit on printing long ints
        return f"a {type(value).__name__} that cannot be printed"
    return text if len(text) <= most else text[: most - 1] + "…"
