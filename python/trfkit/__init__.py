"""Read, check and rate FIDE Tournament Report Files (TRF) from Python.

trfkit tells an arbiter or a rating officer, before upload, what FIDE will do
with a Tournament Report File: the verdict (``ready``, ``fix-before-upload``,
``not-rateable``), every finding with its exact columns and fix, and FIDE's
rating calculation of the tournament's own edition of the regulations.

Every function returns exactly the object that ``json.loads`` gives for the
JSON the ``trf`` command prints (the same library code writes it), so a
script can move between the two freely:

==============================  =================================
function                        the same JSON as
==============================  =================================
``check(report, **options)``    ``trf check --format json REPORT``
``rate(report, **options)``     ``trf rate --format json REPORT``
``parse(report, **options)``    ``trf parse REPORT`` (JSON is its default)
``period(reports, **options)``  ``trf period --format json REPORTS...``
==============================  =================================

A report is a path (``str`` or ``os.PathLike``) or its contents (``bytes``,
``bytearray`` or ``memoryview``); the result of ``check`` on contents has no
``"file"`` key. Options are the command's flags with underscores
(``--registered-on`` is ``registered_on=``); an unknown one raises
``TypeError``. Input that cannot be read (a missing file, a file that is no
TRF, a bad option value) raises :class:`TrfError`, a :class:`ValueError`,
with the message the command prints. A report with problems is no error:
they are the findings, and the verdict says what FIDE will do.

The work is done with the GIL released, so several reports can be checked
in parallel threads (Ctrl-C is seen when the call returns).
"""

from __future__ import annotations

import json
import os
from typing import Any, Dict, Iterable, List, Mapping, Union

from . import _trfkit
from ._trfkit import TrfError

__all__ = ["TrfError", "check", "rate", "parse", "period", "pairings", "__version__"]

__version__: str = _trfkit.__version__

Report = Union[str, "os.PathLike[str]", bytes, bytearray, memoryview]


# The keyword arguments each function takes: the flags of its command that
# change what it computes (not --format, --summary, --width and the like,
# nor --registrations: each call gives its own report's facts). Their values
# are given to the command's own parser.
_READ = ("encoding", "max_size", "max_line")
_RULES = (
    "regulations",
    "registered_on",
    "national_championship",
    "hybrid_approved",
    "rating_type",
    "qc_approved_fast_classic",
    "disable",
)
_OPTIONS = {
    "check": _RULES + ("max_per_rule", "rating_list", "ledger") + _READ,
    "rate": _RULES + ("what_if", "k", "rating_list") + _READ,
    "parse": _READ,
    "period": ("period", "rating_list", "published", "ledger", "list_type", "k") + _RULES + _READ,
    "pairings": ("system",) + _READ,
}
# Flags that take no value: True gives the flag, False leaves it out.
_SWITCHES = ("national_championship", "hybrid_approved", "qc_approved_fast_classic", "what_if")


def check(report: Report, **options: Any) -> Dict[str, Any]:
    """Check one report: its verdict and every finding.

    Returns the object of ``trf check --format json`` for that report
    (``verdict``, ``rated_games``, ``consequences``, ``diagnostics``, ...),
    without ``"file"`` when ``report`` is bytes.

    Options (the flags of ``trf check``): ``regulations`` (an edition,
    e.g. ``2005`` or ``"2024"``), ``registered_on`` (``"YYYY-MM-DD"`` or a
    ``datetime.date``), ``national_championship``, ``hybrid_approved``,
    ``rating_type`` (``"standard"``, ``"rapid"``, ``"blitz"``),
    ``qc_approved_fast_classic``, ``disable`` (a rule name or code, or a
    list of them), ``max_per_rule``, ``rating_list`` (a FIDE rating list:
    TXT, XML or zip), ``ledger`` (the officer's ledger of ``trf period
    --ledger``: a report it recorded as rated in an earlier period is
    ``already-rated``; created empty when missing, nothing recorded),
    ``encoding``, ``max_size``, ``max_line``.

    Raises :class:`TrfError` when the report cannot be read or an option
    value is invalid, and ``TypeError`` for an unknown option.
    """
    value = _load(_trfkit.check(_contents_or_path(report), _flags("check", options)))
    if isinstance(report, (bytes, bytearray, memoryview)):
        # The command names the file it read; contents have no name.
        del value["file"]
    return value


def rate(report: Report, **options: Any) -> Dict[str, Any]:
    """Rate one report as FIDE would: the verdict, then the figures.

    Returns the object of ``trf rate --format json`` for that report: the
    rating summary (per player Ro, K and its source, games, W, We, the
    change; the games left out and why; every assumption as a note).

    Options: those of :func:`check` but ``max_per_rule``, and ``what_if``
    (figures for an event FIDE will not rate, marked hypothetical) and
    ``k`` (``{fide_id: k}``: K for those players).
    """
    return _load(_trfkit.rate(_contents_or_path(report), _flags("rate", options)))


def parse(report: Report, **options: Any) -> Dict[str, Any]:
    """Read one report into its typed model, without judging it.

    Returns the object of ``trf parse REPORT`` (JSON is that command's
    default format): the header, the players with their rounds, every
    value with the byte span it was read from.

    Options: ``encoding``, ``max_size``, ``max_line``.
    """
    return _load(_trfkit.parse(_contents_or_path(report), _flags("parse", options)))


def period(
    reports: Iterable[Union[str, "os.PathLike[str]"]], **options: Any
) -> Dict[str, Any]:
    """Rate a federation's month over several reports, as FIDE publishes it.

    ``reports`` are paths of reports and of folders of reports. Returns the
    object of ``trf period --format json REPORTS...``: every report with
    whether it is rated in the period and why not, one change per player
    and list, the findings across reports.

    Options: ``period`` (``"YYYY-MM"``: the list being computed),
    ``rating_list`` (the list before the period), ``published`` (the list
    FIDE published at its end: each player's published figures beside the
    period's), ``ledger`` (the officer's ledger, an SQLite file created on
    first use: the period is recorded in it, a report it recorded as rated
    in an earlier period is ``already-rated``, and unrated players' earlier
    results pool with the period's; a ledger written by a newer trfkit
    raises :class:`TrfError`), ``list_type``, ``k``,
    the rule options of :func:`check`, and ``encoding``, ``max_size``,
    ``max_line``. A report that cannot be read raises :class:`TrfError`
    (the command goes on without it and exits with status 2); a file of a
    folder that is not a TRF is skipped with a ``UserWarning``.
    """
    if isinstance(reports, (str, bytes, os.PathLike)):
        # One path is not a list of paths (a str would be its characters).
        raise TypeError("period() takes a list of paths, not one path")
    return _load(_trfkit.period([os.fspath(p) for p in reports], _flags("period", options)))


def pairings(report: Report, **options: Any) -> Dict[str, Any]:
    """Re-pair each round of a Swiss with the FIDE (Dutch) system.

    Returns the object of ``trf pairings --format json`` for that report:
    ``system``, ``edition``, ``rounds`` (per round ``round``, ``same``,
    ``differences`` with the checker's pairing beside the report's, and the
    deciding ``criterion``), ``notes``; or ``{"file", "system", "error"}``
    when the report cannot be re-paired (not a Swiss, an event under the
    2016/17 rules, ...). ``"file"`` is left out when ``report`` is bytes.

    Options: ``system`` (``"dutch"``), ``encoding``, ``max_size``,
    ``max_line``.
    """
    value = _load(_trfkit.pairings(_contents_or_path(report), _flags("pairings", options)))
    if isinstance(report, (bytes, bytearray, memoryview)):
        del value["file"]
    return value


def _flags(function: str, options: Dict[str, Any]) -> List[str]:
    """The command's flags for these keyword arguments (`registered_on=d`
    is `--registered-on=YYYY-MM-DD`); an unknown one is a TypeError."""
    known = _OPTIONS[function]
    flags: List[str] = []
    for name, value in options.items():
        if name not in known:
            raise TypeError(f"{function}() got an unexpected keyword argument '{name}'")
        flag = "--" + name.replace("_", "-")
        if value is None:
            continue
        if name in _SWITCHES:
            if not isinstance(value, bool):
                raise TypeError(f"{name} must be True or False, not {type(value).__name__}")
            if value:
                flags.append(flag)
        elif name == "k":
            if not isinstance(value, Mapping):
                raise TypeError(f"k must be a mapping of FIDE IDs to K, not {type(value).__name__}")
            flags.extend(f"{flag}={fide_id}={k}" for fide_id, k in value.items())
        elif name == "disable" and not isinstance(value, (str, os.PathLike)):
            flags.extend(f"{flag}={rule}" for rule in value)
        elif isinstance(value, bool):
            raise TypeError(f"{name} takes a value, not {value}")
        else:
            flags.append(f"{flag}={os.fspath(value) if isinstance(value, os.PathLike) else value}")
    return flags


def _contents_or_path(report: Report) -> Any:
    # The extension reads bytes as a report's contents; a memoryview is
    # copied once into bytes.
    if isinstance(report, memoryview):
        return report.tobytes()
    return report


def _load(text: str) -> Dict[str, Any]:
    # The JSON the command prints, as `json.loads` reads it: the contract
    # is the JSON text, so this is the one conversion that cannot differ.
    value: Dict[str, Any] = json.loads(text)
    return value
