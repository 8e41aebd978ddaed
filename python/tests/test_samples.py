"""The module's results are the CLI's JSON, on every file of samples/.

For each file and each of check, rate and parse: the path and the bytes give
the object `json.loads` gives for the command's output (`-`, standard input,
for the bytes; without `file` for check), with the fixture's `.options`; a
file the command refuses (exit 2: no TRF, a list, a licence) raises
TrfError with the command's message.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import trfkit
from conftest import ROOT, options_of, sample_files, trf, trf_json

FILES = sample_files()
COMMANDS = {
    "check": (trfkit.check, ["check", "--format", "json"]),
    "rate": (trfkit.rate, ["rate", "--format", "json"]),
    "parse": (trfkit.parse, ["parse"]),
}


def test_the_samples_are_there():
    # A walk that found nothing would make every case below vacuous.
    assert len(FILES) > 300
    assert sum(p.suffix == ".trf" for p in FILES) > 300


@pytest.mark.parametrize("command", sorted(COMMANDS))
@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(ROOT)) for p in FILES])
def test_module_equals_cli(path: Path, command: str):
    function, args = COMMANDS[command]
    flags, kwargs = options_of(path)
    if command == "parse":
        flags, kwargs = [], {}
    data = path.read_bytes()

    if path.suffix == ".zip" and command != "parse":
        # The command reads a zip like a folder (every report in it); the
        # module takes one report and refuses an archive, as it refuses a
        # folder.
        with pytest.raises(trfkit.TrfError) as e:
            function(str(path), **kwargs)
        assert str(e.value).endswith("an archive of reports, not one report")
        return
    code, expected, err = trf_json([*args, *flags, str(path)])
    if code == 2:
        # Refused: no verdict, one line on stderr, the module raises.
        assert expected is None, err
        with pytest.raises(trfkit.TrfError) as e:
            function(str(path), **kwargs)
        assert err == f"trf: {e.value}\n"
        code_b, _, err_b = trf([*args, *flags, "-"], stdin=data)
        assert code_b == 2
        with pytest.raises(trfkit.TrfError) as e:
            function(data, **kwargs)
        assert err_b == f"trf: -: {e.value}\n"
        return
    assert code in (0, 1), err
    assert function(str(path), **kwargs) == expected
    assert function(path, **kwargs) == expected  # os.PathLike

    code_b, expected_b, err_b = trf_json([*args, *flags, "-"], stdin=data)
    assert code_b == code, err_b
    if command == "check":
        assert expected_b.pop("file") == "-"
    assert function(data, **kwargs) == expected_b
    assert function(bytearray(data), **kwargs) == expected_b
