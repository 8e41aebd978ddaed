"""The officer's ledger through the module: ``ledger=`` of :func:`trfkit.period`
and :func:`trfkit.check` is ``trf period --ledger`` and ``trf check --ledger``."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest

import trfkit
from conftest import SAMPLES, trf, trf_json

P = SAMPLES / "hand" / "period-d-2024-p.trf"
Q = SAMPLES / "hand" / "period-d-2024-q.trf"


def already_rated(period: dict) -> list:
    return [f["message"] for f in period["findings"] if f["rule"] == "already-rated"]


def test_a_period_recorded_then_already_rated_as_on_the_command_line(tmp_path: Path):
    # The module and the command each keep a ledger of their own, given
    # the same periods; the results are equal but for the ledger's name.
    mine, theirs = tmp_path / "module" / "officer.ledger", tmp_path / "cli" / "officer.ledger"
    mine.parent.mkdir()
    theirs.parent.mkdir()
    again = tmp_path / "P again.trf"
    shutil.copy(P, again)

    def both(paths: list, period: str) -> tuple:
        got = trfkit.period(paths, period=period, ledger=mine)
        code, expected, err = trf_json(
            ["period", "--format", "json", "--ledger", str(theirs), "--period", period, *map(str, paths)]
        )
        assert code in (0, 1), err
        return got, expected

    april, expected = both([P], "2025-04")
    assert mine.is_file()
    assert already_rated(april) == []
    assert april == expected
    may, expected = both([again, Q], "2025-05")
    found = already_rated(may)
    assert len(found) == 1, may
    assert found[0].startswith(
        f"the same event as `{P}`, recorded as rated in the 2025-04 period (ledger `{mine}`)"
    ), found
    assert str(may).replace(str(mine), "L") == str(expected).replace(str(theirs), "L")
    # `trf check --ledger`: the report recorded in April is already rated.
    checked = trfkit.check(again, ledger=mine)
    _, expected, _ = trf_json(["check", "--format", "json", "--ledger", str(theirs), str(again)])
    assert [d["rule"] for d in checked["diagnostics"]].count("already-rated") == 1, checked
    assert str(checked).replace(str(mine), "L") == str(expected).replace(str(theirs), "L")
    # Without the ledger, nothing of it.
    assert already_rated(trfkit.period([again, Q], period="2025-05")) == []


def test_a_newer_ledger_is_refused_with_the_commands_words(tmp_path: Path):
    path = tmp_path / "newer.ledger"
    with sqlite3.connect(path) as c:
        c.executescript("CREATE TABLE future (x); PRAGMA user_version = 99;")
    before = path.read_bytes()
    code, _, err = trf(["period", "--ledger", str(path), str(P)])
    assert code == 2
    said = err.strip().removeprefix("trf: ")
    assert "was written by a newer trfkit (schema version 99; this trfkit reads up to 1)" in said
    with pytest.raises(trfkit.TrfError) as e:
        trfkit.period([P], ledger=path)
    assert str(e.value) == said
    with pytest.raises(trfkit.TrfError) as e:
        trfkit.check(P, ledger=path)
    assert str(e.value) == said
    assert path.read_bytes() == before
