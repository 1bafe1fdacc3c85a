"""Every sentence a person reads, as a coded message rendered through the catalog.

A :class:`Message` is a stable ``code`` and its parameters, like pydantic-core's error
``type`` and ``ctx``; the words come last, from the gettext catalogs in
``manille_variants/locale/{nl,fr}/LC_MESSAGES/manille.po`` (managed with Babel: ``make
catalog`` extracts the English templates from the source and updates them).  English is the
template itself, so JSON keeps the English text beside the code and the parameters.

A room declares its sentences where it speaks, once, with :func:`define`: the code is the
gettext context (``msgctxt``) and the English template the ``msgid``, so two sentences that
read alike in English can still be translated apart.

>>> HELLO = define("doc.hello", "{name} deals {count} cards")
>>> m = msg(HELLO, name="An", count=8)
>>> m.code, m.text("en"), m.json()["params"]
('doc.hello', 'An deals 8 cards', {'name': 'An', 'count': 8})
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

__all__ = [
    "DOMAIN",
    "LANGUAGES",
    "LOCALE_DIR",
    "Message",
    "define",
    "env_language",
    "format_datetime",
    "format_number",
    "from_json",
    "is_defined",
    "msg",
    "render",
    "templates",
    "translation",
]

DOMAIN = "manille"
LANGUAGES = ("en", "nl", "fr")
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"

_TEMPLATES: dict[str, str] = {}


def define(code: str, english: str) -> str:
    """Declare the sentence ``code`` with its English template (``str.format`` fields for its
    parameters); returns the code.  Declaring one code twice with two texts is a bug."""
    known = _TEMPLATES.setdefault(code, english)
    if known != english:
        raise ValueError(f"message {code!r} declared twice with different texts")
    return code


def is_defined(code: str) -> bool:
    """Whether the sentence ``code`` has been declared."""
    return code in _TEMPLATES


def templates() -> dict[str, str]:
    """code -> English template of every sentence declared so far."""
    return dict(_TEMPLATES)


@dataclass(frozen=True)
class Message:
    """A sentence as data: its ``code`` and ``params``; :meth:`text` gives the words."""

    code: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def text(self, lang: str | None = None) -> str:
        """The sentence in ``lang`` (``en``, ``nl``, ``fr``; None: the environment's)."""
        return render(self, lang)

    def json(self) -> dict[str, Any]:
        """``code``, ``params`` (nested messages as their own JSON) and the English ``text``."""
        return {"code": self.code, "params": _json_params(self.params), "text": self.text("en")}

    def __str__(self) -> str:
        return self.text("en")


def msg(code: str, **params: Any) -> Message:
    """The message ``code`` with ``params``; the code must have been declared."""
    if code not in _TEMPLATES:
        raise KeyError(f"undeclared message {code!r}")
    return Message(code, params)


def from_json(data: Mapping[str, Any]) -> Message:
    """The message of its JSON (``{code, params}``, nested messages as their own JSON).

    >>> from_json(msg(define("doc.deal", "{name} deals"), name="An").json()).text("en")
    'An deals'
    """
    params = {k: (from_json(v) if isinstance(v, Mapping) and "code" in v and "params" in v else v)
              for k, v in data.get("params", {}).items()}
    return Message(data["code"], params)


def _json_params(params: Mapping[str, Any]) -> dict[str, Any]:
    return {k: (v.json() if isinstance(v, Message) else v) for k, v in params.items()}


def render(message: Message, lang: str | None = None) -> str:
    """The words of ``message`` in ``lang``: its template through the catalog, its parameters
    (messages themselves rendered in the same language) filled in."""
    lang = lang or env_language()
    template = _TEMPLATES[message.code]
    words = translation(lang).pgettext(message.code, template) if lang != "en" else template
    params = {k: (render(v, lang) if isinstance(v, Message) else v) for k, v in message.params.items()}
    return words.format(**params)


def format_number(number: float, lang: str) -> str:
    """``number`` written as ``lang`` writes it (Babel's locale data): ``1,234.5``, ``1.234,5``.

    >>> format_number(1234.5, "en"), format_number(1234.5, "nl"), format_number(0.25, "fr")
    ('1,234.5', '1.234,5', '0,25')
    """
    from babel.numbers import format_decimal

    return format_decimal(number, locale=_locale(lang))


def format_datetime(iso: str, lang: str) -> str:
    """An ISO timestamp (``2026-12-01T20:15:00+00:00``) as a date and time in ``lang`` (Babel's
    locale data), in the timestamp's own zone (UTC for stored ones, marked so).

    >>> format_datetime("2026-12-01T20:15:00+00:00", "nl")
    '1 dec 2026, 20:15 UTC'
    """
    from datetime import datetime

    from babel import Locale
    from babel.dates import format_date, format_time

    moment = datetime.fromisoformat(iso)
    locale = Locale.parse(_locale(lang))
    date = format_date(moment, "medium", locale=locale)
    time = format_time(moment, "short", tzinfo=moment.tzinfo, locale=locale)
    zone = " UTC" if moment.tzinfo is not None and not moment.utcoffset() else ""
    return str(locale.datetime_formats["medium"]).format(time, date) + zone


_LOCALES = {"en": "en_GB", "nl": "nl_BE", "fr": "fr_BE"}


def _locale(lang: str) -> str:
    return _LOCALES.get(lang, "en_GB")


class _PoTranslations(gettext.NullTranslations):
    """A catalog read from its ``.po`` when no compiled ``.mo`` is beside it (a source tree
    whose catalogs were not compiled yet)."""

    def __init__(self, po: Path) -> None:
        super().__init__()
        from babel.messages.pofile import read_po

        with po.open("rb") as handle:
            catalog = read_po(handle)
        self._entries: dict[tuple[str | None, str], str] = {
            (m.context, str(m.id)): str(m.string)
            for m in catalog
            if m.id and m.string and not m.fuzzy
        }

    def pgettext(self, context: str, message: str) -> str:
        return self._entries.get((context, message), message)

    def gettext(self, message: str) -> str:
        return self._entries.get((None, message), message)


@cache
def translation(lang: str) -> gettext.NullTranslations:
    """The catalog of ``lang``: the compiled ``.mo``, else its ``.po`` (also when the ``.po``
    is newer: a source tree whose catalog was edited since ``make catalog-compile``), else
    none (English)."""
    folder = LOCALE_DIR / lang / "LC_MESSAGES"
    mo, po = folder / f"{DOMAIN}.mo", folder / f"{DOMAIN}.po"
    if mo.exists() and not (po.exists() and po.stat().st_mtime > mo.stat().st_mtime):
        return gettext.translation(DOMAIN, LOCALE_DIR, [lang])
    if po.exists():
        return _PoTranslations(po)
    return gettext.NullTranslations()


def env_language(environ: Mapping[str, str] | None = None) -> str:
    """The language gettext would pick: the first of ``LANGUAGE`` (a colon list), ``LC_ALL``,
    ``LC_MESSAGES``, ``LANG`` that is set, reduced to one we speak; English otherwise.

    >>> env_language({"LANG": "nl_BE.UTF-8"}), env_language({"LANGUAGE": "de:fr", "LANG": "nl"})
    ('nl', 'fr')
    """
    environ = os.environ if environ is None else environ
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name, "")
        if not value:
            continue
        for part in value.split(":") if name == "LANGUAGE" else [value]:
            code = part.split(".")[0].split("@")[0].split("_")[0].lower()
            if code in LANGUAGES:
                return code
        if name != "LANGUAGE":
            return "en"  # C, POSIX or a language we do not speak
    return "en"
