"""Type stubs of trfkit: FIDE Tournament Report Files, read, checked and rated.

The results are the JSON objects of the ``trf`` command (``json.loads`` of
its output), typed loosely as ``Dict[str, Any]``: their fields are the
command's JSON contracts, documented in the README.
"""

import datetime
import os
from typing import Any, Dict, Iterable, Mapping, Optional, Sequence, Union

__version__: str

Report = Union[str, os.PathLike[str], bytes, bytearray, memoryview]
Path = Union[str, os.PathLike[str]]
Edition = Union[int, str]
Date = Union[str, datetime.date]
Rules = Union[str, Sequence[str]]

class TrfError(ValueError):
    """A report or list that cannot be read, a file that is no TRF, or an
    option value that is not valid; the message is the one ``trf`` prints."""

def check(
    report: Report,
    *,
    regulations: Optional[Edition] = ...,
    registered_on: Optional[Date] = ...,
    national_championship: bool = ...,
    hybrid_approved: bool = ...,
    rating_type: Optional[str] = ...,
    qc_approved_fast_classic: bool = ...,
    disable: Optional[Rules] = ...,
    max_per_rule: int = ...,
    rating_list: Optional[Path] = ...,
    ledger: Optional[Path] = ...,
    encoding: Optional[str] = ...,
    max_size: Optional[int] = ...,
    max_line: Optional[int] = ...,
) -> Dict[str, Any]:
    """``trf check --format json REPORT`` as an object (no ``"file"`` for bytes)."""

def rate(
    report: Report,
    *,
    regulations: Optional[Edition] = ...,
    registered_on: Optional[Date] = ...,
    national_championship: bool = ...,
    hybrid_approved: bool = ...,
    rating_type: Optional[str] = ...,
    qc_approved_fast_classic: bool = ...,
    disable: Optional[Rules] = ...,
    what_if: bool = ...,
    k: Optional[Mapping[int, int]] = ...,
    rating_list: Optional[Path] = ...,
    encoding: Optional[str] = ...,
    max_size: Optional[int] = ...,
    max_line: Optional[int] = ...,
) -> Dict[str, Any]:
    """``trf rate --format json REPORT`` as an object: the rating summary."""

def parse(
    report: Report,
    *,
    encoding: Optional[str] = ...,
    max_size: Optional[int] = ...,
    max_line: Optional[int] = ...,
) -> Dict[str, Any]:
    """``trf parse REPORT`` (JSON) as an object: the typed model."""

def pairings(
    report: Report,
    *,
    system: Optional[str] = ...,
    encoding: Optional[str] = ...,
    max_size: Optional[int] = ...,
    max_line: Optional[int] = ...,
) -> Dict[str, Any]:
    """``trf pairings --format json REPORT`` as an object: each round re-paired."""

def period(
    reports: Iterable[Path],
    *,
    period: Optional[str] = ...,
    rating_list: Optional[Path] = ...,
    published: Optional[Path] = ...,
    ledger: Optional[Path] = ...,
    list_type: Optional[str] = ...,
    k: Optional[Mapping[int, int]] = ...,
    regulations: Optional[Edition] = ...,
    registered_on: Optional[Date] = ...,
    national_championship: bool = ...,
    hybrid_approved: bool = ...,
    rating_type: Optional[str] = ...,
    qc_approved_fast_classic: bool = ...,
    disable: Optional[Rules] = ...,
    encoding: Optional[str] = ...,
    max_size: Optional[int] = ...,
    max_line: Optional[int] = ...,
) -> Dict[str, Any]:
    """``trf period --format json REPORTS...`` as an object."""
