"""The module's options, errors and threads, and rating periods."""

from __future__ import annotations

import datetime
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

import trfkit
from conftest import ROOT, SAMPLES, trf, trf_json

HAND = SAMPLES / "hand"
MALFORMED = HAND / "malformed-syntax.trf"
LIST = SAMPLES / "lists" / "period-players_list_foa_2025-03.txt"


def test_the_readme_example():
    result = trfkit.check(str(MALFORMED))
    assert result["verdict"] == "fix-before-upload"
    assert result["file"] == str(MALFORMED)
    assert result["diagnostics"]
    assert trfkit.__version__ == trf(["--version"])[1].split()[1]


def test_trf_error_is_a_value_error():
    assert issubclass(trfkit.TrfError, ValueError)
    assert trfkit.TrfError.__module__ == "trfkit"


def test_missing_file(tmp_path: Path):
    missing = tmp_path / "nothing.trf"
    with pytest.raises(trfkit.TrfError) as e:
        trfkit.check(missing)
    code, _, err = trf(["check", "--format", "json", str(missing)])
    assert code == 2
    assert err == f"trf: {e.value}\n"
    assert str(e.value).startswith(f"{missing}: ")


def test_not_a_trf_raises_with_the_commands_words():
    for bad in (b"Dear arbiter,\nthe results are attached.\n", b"%PDF-1.4\n\x00\x01\x02"):
        for function in (trfkit.check, trfkit.rate, trfkit.parse):
            with pytest.raises(trfkit.TrfError, match="does not look like a TRF"):
                function(bad)


def test_too_large_is_refused():
    with pytest.raises(trfkit.TrfError):
        trfkit.check(MALFORMED, max_size=100)
    assert trfkit.check(MALFORMED, max_size=1 << 20)["verdict"] == "fix-before-upload"


def test_unknown_keyword_is_a_type_error():
    for function in (trfkit.check, trfkit.rate, trfkit.parse):
        with pytest.raises(TypeError, match="unexpected keyword argument 'regulation'"):
            function(MALFORMED, regulation=2005)
    with pytest.raises(TypeError, match="unexpected keyword argument 'what_if'"):
        trfkit.check(MALFORMED, what_if=True)
    with pytest.raises(TypeError, match="unexpected keyword argument 'regulations'"):
        trfkit.parse(MALFORMED, regulations=2005)
    with pytest.raises(TypeError, match="unexpected keyword argument 'periods'"):
        trfkit.period([HAND / "period-a-1.trf"], periods="2025-04")


def test_a_report_of_another_type_is_a_type_error():
    with pytest.raises(TypeError, match="a report is a path"):
        trfkit.check(42)
    with pytest.raises(TypeError):
        trfkit.period(str(HAND / "period-a-1.trf"))


@pytest.mark.parametrize(
    "options, flag",
    [
        ({"regulations": 2030}, "--regulations"),
        ({"regulations": "latest"}, "--regulations"),
        ({"registered_on": "2024-13-01"}, "--registered-on"),
        ({"rating_type": "bullet"}, "--rating-type"),
        ({"encoding": "ebcdic"}, "encoding"),
    ],
)
def test_a_bad_option_value_raises(options: dict, flag: str):
    with pytest.raises(trfkit.TrfError, match=flag):
        trfkit.check(MALFORMED, **options)


def test_bad_k_and_period():
    with pytest.raises(trfkit.TrfError, match="K factor"):
        trfkit.rate(MALFORMED, k={4600010: 300})
    with pytest.raises(trfkit.TrfError, match="FIDE ID"):
        trfkit.rate(MALFORMED, k={0: 20})
    with pytest.raises(trfkit.TrfError, match="expected YYYY-MM"):
        trfkit.period([HAND / "period-a-1.trf"], period="2025-13")


def test_a_missing_rating_list_raises(tmp_path: Path):
    with pytest.raises(trfkit.TrfError, match="^rating list: "):
        trfkit.check(MALFORMED, rating_list=tmp_path / "none.txt")


@pytest.mark.parametrize(
    "kwargs, flags",
    [
        ({"regulations": 2005}, ["--regulations", "2005"]),
        ({"regulations": "2005"}, ["--regulations", "2005"]),
        ({"registered_on": datetime.date(2024, 1, 2)}, ["--registered-on", "2024-01-02"]),
        ({"disable": "missing-record"}, ["--disable", "missing-record"]),
        (
            {"disable": ["missing-record", "TRF-S001"]},
            ["--disable", "missing-record", "--disable", "TRF-S001"],
        ),
        ({"max_per_rule": 1}, ["--max-per-rule", "1"]),
        ({"national_championship": True, "hybrid_approved": True}, ["--national-championship", "--hybrid-approved"]),
        ({"rating_type": "blitz"}, ["--rating-type", "blitz"]),
        ({"encoding": "iso-8859-2"}, ["--encoding", "iso-8859-2"]),
        ({"rating_list": SAMPLES / "lists" / "crosscheck-players_list_foa.txt"},
         ["--rating-list", str(SAMPLES / "lists" / "crosscheck-players_list_foa.txt")]),
    ],
)
def test_check_options_are_the_flags(kwargs: dict, flags: list):
    for report in (MALFORMED, HAND / "list-crosscheck.trf", HAND / "version-diff-2024.trf"):
        _, expected, err = trf_json(["check", "--format", "json", *flags, str(report)])
        assert trfkit.check(str(report), **kwargs) == expected, err


@pytest.mark.parametrize(
    "kwargs, flags",
    [
        ({"what_if": True}, ["--what-if"]),
        ({"k": {2930001: 40}}, ["--k", "2930001=40"]),
        ({"rating_list": LIST}, ["--rating-list", str(LIST)]),
        ({"regulations": 2014, "disable": "time-control-below-minimum"},
         ["--regulations", "2014", "--disable", "time-control-below-minimum"]),
    ],
)
def test_rate_options_are_the_flags(kwargs: dict, flags: list):
    for report in (
        HAND / "rate-not-rateable-2024-all-below-band.trf",
        HAND / "period-a-1.trf",
        HAND / "rate-2024-swiss-60-min-some-below-band.trf",
    ):
        _, expected, err = trf_json(["rate", "--format", "json", *flags, str(report)])
        assert trfkit.rate(report, **kwargs) == expected, err


PERIODS = [
    ({"period": "2025-04"}, ["period-a-1.trf", "period-a-2.trf", "period-a-3.trf"]),
    ({"period": "2025-04", "rating_list": LIST}, ["period-b-x.trf", "period-b-y.trf"]),
    ({"period": "2025-04"}, ["period-c-1.trf", "period-c-2.trf", "period-c-3.trf"]),
    ({}, ["period-d-2024-p.trf", "period-d-2024-q.trf"]),
    ({}, ["period-e-2005.trf"]),
    ({"period": "2024-03"}, ["period-f-2024-02.trf", "period-a-1.trf"]),
    ({"list_type": "rapid"}, ["period-a-1.trf", "rb-rapid-swiss-15-10.trf"]),
    ({"k": {2930001: 40}, "regulations": 2022}, ["period-a-1.trf", "period-a-2.trf"]),
]


@pytest.mark.parametrize("kwargs, reports", PERIODS)
def test_period_equals_cli(kwargs: dict, reports: list):
    paths = [str(HAND / r) for r in reports]
    flags = []
    for name, value in kwargs.items():
        if name == "k":
            flags += [f"--k={i}={k}" for i, k in value.items()]
        else:
            flags += [f"--{name.replace('_', '-')}", str(value)]
    code, expected, err = trf_json(["period", "--format", "json", *flags, *paths])
    assert code in (0, 1), err
    assert trfkit.period(paths, **kwargs) == expected


def test_period_of_folders_with_findings_across_reports():
    for folder in ("duplicate-report", "player-in-simultaneous-events", "player-data-conflict"):
        path = SAMPLES / "across" / folder / "fires"
        _, expected, err = trf_json(["period", "--format", "json", str(path)])
        got = trfkit.period([path])
        assert got == expected, err
        assert got["findings"]


def test_period_with_an_unreadable_report_raises(tmp_path: Path):
    with pytest.raises(trfkit.TrfError, match="nothing.trf"):
        trfkit.period([HAND / "period-a-1.trf", tmp_path / "nothing.trf"])
    with pytest.raises(trfkit.TrfError, match="no TRF file found"):
        trfkit.period([tmp_path])


def test_threads_give_the_serial_results():
    reports = sorted(HAND.glob("*.trf")) + sorted((SAMPLES / "real").rglob("*.trf"))
    assert len(reports) > 40
    serial = [(trfkit.check(r), trfkit.rate(r)) for r in reports]
    with ThreadPoolExecutor(max_workers=4) as pool:
        checks = pool.map(trfkit.check, reports)
        rates = pool.map(trfkit.rate, [r.read_bytes() for r in reports])
        parallel = list(zip(checks, rates))
    assert [c for c, _ in parallel] == [c for c, _ in serial]
    assert [r for _, r in parallel] == [r for _, r in serial]


def test_the_gil_is_released_while_a_report_is_checked(tmp_path: Path):
    # While a report is read, checked and rated with the GIL released, a Python
    # thread keeps running: its ticks land inside the calls. With the GIL held
    # it could run at most once at each end of a call (the switch into and out
    # of it), so the test counts ticks strictly inside the calls and repeats the
    # call until enough time has passed to tell, however fast the machine.
    big = tmp_path / "big.trf"
    code, _, err = trf(["generate", "--players", "3000", "--rounds", "11", "-o", str(big)])
    assert code == 0, err
    data = big.read_bytes()
    stamps = []
    done = threading.Event()

    def count():
        while not done.is_set():
            stamps.append(time.perf_counter())
            time.sleep(0.001)

    counter = threading.Thread(target=count)
    counter.start()
    windows = []
    try:
        while sum(e - s for s, e in windows) < 0.25 and len(windows) < 100:
            started = time.perf_counter()
            trfkit.rate(data)
            windows.append((started, time.perf_counter()))
    finally:
        done.set()
        counter.join()
    inside = sum(1 for t in stamps if any(s < t < e for s, e in windows))
    took = sum(e - s for s, e in windows)
    assert inside >= max(20, 3 * len(windows)), (
        f"{inside} ticks inside {len(windows)} calls of {took:.3f}s in all"
    )


def test_the_readme_example_runs(capsys, monkeypatch):
    readme = (ROOT / "README.md").read_text()
    start = readme.index("```python\nimport trfkit")
    code = readme[start + len("```python\n") : readme.index("```\n", start + 10)]
    assert len(code.strip().splitlines()) <= 10
    monkeypatch.chdir(ROOT)
    exec(compile(code, "README.md", "exec"), {})
    out = capsys.readouterr().out
    assert out.startswith("fix-before-upload\n")
    assert "refused: does not look like a TRF" in out


PAIRINGS = ROOT / "tests" / "fixtures" / "pairings"


@pytest.mark.parametrize(
    "report", [PAIRINGS / "altered-01-p12-r9.trf", PAIRINGS / "bbp-01-p9-r5.trf", HAND / "rr-2005-worked-example.trf"]
)
def test_pairings_equals_cli(report: Path):
    code, expected, err = trf_json(["pairings", "--format", "json", str(report)])
    assert code in (0, 1, 2), err
    assert trfkit.pairings(report) == expected
    from_bytes = trfkit.pairings(report.read_bytes())
    assert "file" not in from_bytes
    expected.pop("file")
    assert from_bytes == expected


def test_pairings_names_the_rounds_that_differ():
    got = trfkit.pairings(PAIRINGS / "altered-01-p12-r9.trf", system="dutch")
    assert got["system"] == "dutch"
    assert "2026" in got["edition"]
    assert [r["round"] for r in got["rounds"] if not r["same"]] == [4, 6, 7, 8, 9]
    with pytest.raises(TypeError):
        trfkit.pairings(PAIRINGS / "bbp-01-p9-r5.trf", format="human")
