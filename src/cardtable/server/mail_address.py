"""The mail address an account gives on its settings page: exactly one plain address, or a clear refusal.

An address ends up in the ``To`` header and the SMTP envelope, where a list, an encoded word or a line
break would make the server mail someone else (``ann@b.co,victim`` reached two recipients). So it is
read by the standard library's rules (``email.utils.getaddresses`` must find one address and no name,
``email.headerregistry.Address`` must parse all of it back to the same text), after refusing outright,
with their own reasons, what those parsers take in their stride.

Decisions:
- Refused: control characters (NUL, CR, LF, …), encoded words (``=?``), lists (``,`` ``;``), a display
  name, comment, quotes or angle brackets, non-ASCII text (sending it needs SMTPUTF8, which not every
  server offers), a domain literal (``[1.2.3.4]``) and a domain without a dot. Only spaces around the
  address are dropped.
- The address is kept as typed (case included): mail servers decide what a local part means.

>>> checked_address(" ann@example.org ")
'ann@example.org'
>>> checked_address("ann@b.co,victim@example.org")
Traceback (most recent call last):
...
ValueError: one address only: no lists (',' or ';')
>>> checked_address("Ann <ann@example.org>")
Traceback (most recent call last):
...
ValueError: just the address, like ann@example.org: no name, comment, quotes or angle brackets
"""

from __future__ import annotations

import re
from email.errors import HeaderParseError, MessageDefect
from email.headerregistry import Address
from email.utils import getaddresses

from ..core.reasons import reason

_DECORATION = set(' "()<>[]\\:\t')
_LABEL = re.compile(r"^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$")


def checked_address(value: str) -> str:
    """``value`` without surrounding spaces if it is one plain mail address; ValueError saying why not."""
    address = value.strip(" ")
    if any(ord(c) < 32 or ord(c) == 127 for c in address):
        raise ValueError(reason("an address may not hold control characters (NUL, CR, LF, …)"))
    if "=?" in address:
        raise ValueError(reason("an address may not hold an encoded word ('=?')"))
    if "," in address or ";" in address:
        raise ValueError(reason("one address only: no lists (',' or ';')"))
    if not address.isascii():
        raise ValueError(reason("only addresses in plain ASCII letters, digits and punctuation"))
    if _DECORATION & set(address):
        raise ValueError(
            reason("just the address, like ann@example.org: no name, comment, quotes or angle brackets")
        )
    if getaddresses([address]) != [("", address)]:
        raise ValueError(reason("not one mail address"))
    try:
        parsed = Address(addr_spec=address)
    except (ValueError, HeaderParseError, MessageDefect):
        raise ValueError(reason("not a mail address like ann@example.org")) from None
    labels = parsed.domain.split(".")
    if parsed.addr_spec != address or not parsed.username or len(parsed.username) > 64:
        raise ValueError(reason("not a mail address like ann@example.org"))
    if len(labels) < 2 or not all(_LABEL.match(label) for label in labels):
        raise ValueError(reason("the part after '@' must be a domain name like example.org"))
    return address
