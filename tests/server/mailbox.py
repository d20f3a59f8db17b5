"""A real SMTP server on loopback (aiosmtpd) that keeps what it receives, for the tests of mail."""

from __future__ import annotations

import contextlib
import re
import threading
import time
from collections.abc import Callable, Iterator
from email import message_from_bytes, policy
from email.message import EmailMessage
from typing import Any

from aiosmtpd.controller import Controller

from .live_server import Client
from .process import free_port


class Mailbox:
    """The mails an SMTP server received, in order; ``url`` is what ``CARDTABLE_SMTP_URL`` is set to."""

    def __init__(self, port: int) -> None:
        self.url = f"smtp://127.0.0.1:{port}"
        self.mails: list[EmailMessage] = []
        self._arrived = threading.Condition()

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:  # aiosmtpd's handler hook
        mail = message_from_bytes(envelope.content, policy=policy.default)
        assert isinstance(mail, EmailMessage)
        with self._arrived:
            self.mails.append(mail)
            self._arrived.notify_all()
        return "250 OK"

    def wait_for(
        self, wanted: Callable[[EmailMessage], bool], timeout: float = 30, *, after: int = 0
    ) -> EmailMessage:
        """The first mail ``wanted`` accepts (from the ``after``-th received on), waiting for it up to
        ``timeout`` seconds."""
        deadline = time.monotonic() + timeout
        with self._arrived:
            while True:
                found = next((m for m in self.mails[after:] if wanted(m)), None)
                if found is not None:
                    return found
                left = deadline - time.monotonic()
                assert left > 0, f"no such mail came; received: {[m['Subject'] for m in self.mails]}"
                self._arrived.wait(left)

    def subjects(self, to: str | None = None) -> list[str]:
        with self._arrived:
            return [str(m["Subject"]) for m in self.mails if to is None or m["To"] == to]

    def count(self) -> int:
        with self._arrived:
            return len(self.mails)


def text(mail: EmailMessage) -> str:
    body = mail.get_body(("plain",))
    assert body is not None
    return str(body.get_content())


def link(mail: EmailMessage, kind: str) -> str:
    """The path of the mail's ``/mail/<kind>/<token>`` link (its host is ``public_url``'s)."""
    found = re.search(rf"https?://[^/\s]+(/mail/{kind}/[A-Za-z0-9_-]+)", text(mail))
    assert found is not None, f"no {kind} link in {text(mail)!r}"
    return found.group(1)


def verify_address(client: Client, mailbox: Mailbox, address: str) -> EmailMessage:
    """Give ``client``'s account ``address`` and follow the link mailed to it; the verification mail."""
    before = mailbox.count()
    assert client.http.put("/api/me/settings", json={"email": address}).status_code == 200
    mail = mailbox.wait_for(lambda m: m["To"] == address and "Confirm" in str(m["Subject"]), after=before)
    answer = client.http.post(link(mail, "verify"))
    assert answer.status_code == 200, answer.text
    assert client.http.get("/api/me/settings").json()["email_verified"] is True
    return mail


@contextlib.contextmanager
def smtp_server() -> Iterator[Mailbox]:
    """A local SMTP server for the duration of the block."""
    port = free_port()
    mailbox = Mailbox(port)
    controller = Controller(mailbox, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield mailbox
    finally:
        controller.stop()
