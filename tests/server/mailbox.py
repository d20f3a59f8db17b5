"""A real SMTP server on loopback (aiosmtpd) that keeps what it receives, for the tests of mail."""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Callable, Iterator
from email import message_from_bytes, policy
from email.message import EmailMessage
from typing import Any

from aiosmtpd.controller import Controller

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

    def wait_for(self, wanted: Callable[[EmailMessage], bool], timeout: float = 30) -> EmailMessage:
        """The first mail ``wanted`` accepts, waiting for it up to ``timeout`` seconds."""
        deadline = time.monotonic() + timeout
        with self._arrived:
            while True:
                found = next((m for m in self.mails if wanted(m)), None)
                if found is not None:
                    return found
                left = deadline - time.monotonic()
                assert left > 0, f"no such mail came; received: {[m['Subject'] for m in self.mails]}"
                self._arrived.wait(left)

    def subjects(self, to: str | None = None) -> list[str]:
        with self._arrived:
            return [str(m["Subject"]) for m in self.mails if to is None or m["To"] == to]


def text(mail: EmailMessage) -> str:
    body = mail.get_body(("plain",))
    assert body is not None
    return str(body.get_content())


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
