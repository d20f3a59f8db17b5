"""The links in mails: ``/mail/verify/<token>`` confirms an address, ``/mail/unsubscribe/<key>`` turns an
account's mail off (RFC 8058 one-click). No login is needed for either: the token is the proof.

A GET shows a page with a button that POSTs to the same address; only the POST acts, so a mail scanner
that opens the link changes nothing (``services.mail_links``). A mail provider's one-click unsubscribe is
that POST, with ``List-Unsubscribe=One-Click`` as a form body, which is not read.
"""

from __future__ import annotations

from typing import Annotated

import anyio.to_thread
from fastapi import APIRouter, Path
from fastapi.responses import HTMLResponse

from ...i18n import translations
from ..deps import ReaderLanguage, ServicesDep
from ..schemas import ErrorPublic, MailLinkPublic
from .pages import ReaderDep, page

router = APIRouter(prefix="/mail", include_in_schema=False)
"""Links for people and mail clients, not the JSON API: kept out of the OpenAPI document."""
Token = Annotated[str, Path(min_length=20, max_length=100, pattern=r"^[A-Za-z0-9_-]+$")]


@router.get("/verify/{token}")
def verify_page(token: Token, who: ReaderDep) -> HTMLResponse:
    return page("mail_link.html", who)


@router.post("/verify/{token}", responses={400: {"model": ErrorPublic}, 404: {"model": ErrorPublic}})
async def verify(token: Token, services: ServicesDep, lang: ReaderLanguage) -> MailLinkPublic:
    """Confirm the address this link was mailed to (once; 400 once it expired, 404 when used or
    replaced)."""
    await anyio.to_thread.run_sync(services.settings_of.links.verify, token)
    _ = translations(lang, "site").gettext
    return MailLinkPublic(detail=_("Your address is verified: you get the mails you asked for."))


@router.get("/unsubscribe/{key}")
def unsubscribe_page(key: Token, who: ReaderDep) -> HTMLResponse:
    return page("mail_link.html", who)


@router.post("/unsubscribe/{key}", responses={404: {"model": ErrorPublic}})
async def unsubscribe(key: Token, services: ServicesDep, lang: ReaderLanguage) -> MailLinkPublic:
    """One-click unsubscribe (RFC 8058): the account of this link gets no more game mail."""
    await anyio.to_thread.run_sync(services.settings_of.links.unsubscribe, key)
    _ = translations(lang, "site").gettext
    return MailLinkPublic(
        detail=_("You get no more mail from this site. Your settings page turns it on again.")
    )
