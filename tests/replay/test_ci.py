"""`pontoon replay --junit-xml FILE` and `--annotate github|none` (replay/ci.py): the JUnit XML
report's cases (a log's, a divergent deal's, an unreadable log's, the logs --fail-fast left), its
escaping and its bytes, the report file written whole and never onto an input or a non-file, and
GitHub's workflow commands on stderr, escaped, on under GITHUB_ACTIONS=true."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path
from xml.etree import ElementTree

import orjson
import pytest
from support.logs import play_log
from support.replay import BASE_LOG, base, dump, written
from typer.testing import CliRunner

from pontoon_cli.cli.main import app
from pontoon_cli.logformat.divergence import Divergence, StreamOutput, Summary
from pontoon_cli.replay.ci import (
    NOT_READ,
    CiReport,
    JunitFile,
    command_data,
    command_property,
    github_error,
    xml_attribute,
    xml_text,
)
from pontoon_cli.replay.run import replay_logs

runner = CliRunner()

Element = ElementTree.Element


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The test's directory as the working directory: the logs are named as a user names them."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _bad_net() -> bytes:
    """The base log with p1's net in deal 2 (line 3) one more than the rules pay (T7)."""
    recs = base()
    recs[2]["net"]["p1"] += 1
    return dump(recs)


def _replay(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["replay", *args])
    return result.exit_code, result.stdout, result.stderr


def _suite(path: Path) -> Element:
    root = ElementTree.parse(path).getroot()
    assert root.tag == "testsuites"
    (suite,) = root
    assert suite.tag == "testsuite"
    return suite


def _cases(suite: Element) -> list[Element]:
    return suite.findall("testcase")


def _counts(suite: Element) -> tuple[str | None, ...]:
    return tuple(suite.get(k) for k in ("tests", "failures", "errors", "skipped", "time"))


def _child(case: Element, tag: str) -> Element:
    found = case.find(tag)
    assert found is not None, tag
    return found


def _outcome(case: Element) -> list[str]:
    """The tags inside a case: [] passed, ["failure"], ["error"], ["skipped"], and system-out."""
    return [child.tag for child in case]


# the report's cases ------------------------------------------------------------------------------


def test_a_tampered_log_has_its_case_and_exactly_its_divergent_deals(here: Path) -> None:
    written(here / "bad.jsonl", _bad_net())
    code, out, err = _replay("--junit-xml", "r.xml", "bad.jsonl")
    assert code == 1
    (line,) = out.splitlines()  # replay's own output is unchanged by the report
    assert err == (
        "pontoon replay: 11 deals verified, 1 with divergences (1 divergence); 13 lines read "
        "from 1 file\n"
    )
    assert line.startswith("bad.jsonl:3: deal 2: p1 hand 1: net recorded 5, rules give 4 (T7); ")
    suite = _suite(here / "r.xml")
    assert _counts(suite) == ("2", "2", "0", "0", "0")
    log, deal = _cases(suite)
    assert dict(log.attrib) == {
        "classname": "bad.jsonl",
        "name": "log",
        "file": "bad.jsonl",
        "time": "0",
    }
    assert _outcome(log) == ["failure", "system-out"]
    counted = "11 deals verified, 1 with divergences (1 divergence); 13 lines read from 1 file"
    assert _child(log, "failure").attrib == {"message": counted, "type": "divergence"}
    assert log.findtext("system-out") == counted
    assert dict(deal.attrib) == {
        "classname": "bad.jsonl",
        "name": "deal 2",
        "file": "bad.jsonl",
        "line": "3",
        "time": "0",
    }
    failure = deal.find("failure")
    assert failure is not None
    assert failure.get("message") == line  # the line replay prints, rule ID included
    assert failure.get("type") == "T7"
    assert failure.text == line + "\n"


def test_a_verified_log_is_one_passing_case_with_its_counts(here: Path) -> None:
    written(here / "game.jsonl", BASE_LOG)
    code, out, err = _replay("--junit-xml", "r.xml", "game.jsonl")
    assert (code, out) == (0, "")
    assert err == (
        "pontoon replay: 12 deals verified, 0 with divergences; 13 lines read from 1 file\n"
    )
    suite = _suite(here / "r.xml")
    assert _counts(suite) == ("1", "0", "0", "0", "0")
    (case,) = _cases(suite)
    assert (case.get("classname"), case.get("name")) == ("game.jsonl", "log")
    assert _outcome(case) == ["system-out"]  # passed
    assert case.findtext("system-out") == (
        "12 deals verified, 0 with divergences; 13 lines read from 1 file"
    )
    assert suite.findtext("system-out") == err.rstrip("\n")  # the run's summary


def test_each_log_counts_its_own_deals(here: Path) -> None:
    written(here / "bad.jsonl", _bad_net())
    written(here / "game.jsonl", BASE_LOG)
    code, _, _ = _replay("--junit-xml", "r.xml", "bad.jsonl", "game.jsonl")
    assert code == 1
    cases = _cases(_suite(here / "r.xml"))
    assert [(c.get("classname"), c.get("name")) for c in cases] == [
        ("bad.jsonl", "log"),
        ("bad.jsonl", "deal 2"),
        ("game.jsonl", "log"),
    ]
    assert cases[2].findtext("system-out") == (
        "12 deals verified, 0 with divergences; 13 lines read from 1 file"
    )


def test_an_unreadable_log_is_an_error_with_replays_message(here: Path) -> None:
    written(here / "cut.jsonl", BASE_LOG[:-20])  # the last deal's line cut short
    code, _, err = _replay("--junit-xml", "r.xml", "cut.jsonl", "missing.jsonl")
    assert code == 2
    said = [line.removeprefix("pontoon: ") for line in err.splitlines()[:2]]
    assert said[0].startswith("cut.jsonl:13: the last line is truncated")
    assert said[1] == "missing.jsonl: no such file"
    suite = _suite(here / "r.xml")
    assert _counts(suite) == ("2", "0", "2", "0", "0")
    cut, missing = _cases(suite)
    assert _outcome(cut) == ["error", "system-out"]
    assert _child(cut, "error").attrib == {"message": said[0], "type": "unreadable"}
    assert cut.findtext("system-out", "").startswith("11 deals verified, 0 with divergences")
    assert _outcome(missing) == ["error"]  # never opened: nothing read to count
    assert _child(missing, "error").get("message") == said[1]


def test_a_header_divergence_is_a_header_case_and_stdin_no_file() -> None:
    log = play_log(7, deals=5).replace(b'"p1":"4C"', b'"p1":"5C"', 1)  # the cut (T1.1, T3.2)
    out, err = io.BytesIO(), io.StringIO()
    view = StreamOutput(out, err)
    report = CiReport(["-"], view, junit=True, annotate=True)
    assert replay_logs(["-"], view, stdin=io.BytesIO(log), watch=report) == 1
    (line,) = out.getvalue().decode().splitlines()
    assert line.startswith("<stdin>:1: p2: cut[0] recorded ")
    assert err.getvalue().splitlines()[0] == f"::error title=T1.1::{line}"  # no file to point at
    suite = ElementTree.fromstring(report.junit_xml())[0]
    log_case, header = _cases(suite)
    assert dict(header.attrib) == {"classname": "<stdin>", "name": "header", "time": "0"}
    assert _child(header, "failure").get("message") == line
    assert "file" not in log_case.attrib


def test_fail_fast_leaves_the_logs_after_it_skipped(here: Path) -> None:
    written(here / "bad.jsonl", _bad_net())
    written(here / "game.jsonl", BASE_LOG)
    code, _, _ = _replay("--fail-fast", "--junit-xml", "r.xml", "bad.jsonl", "game.jsonl")
    assert code == 1
    suite = _suite(here / "r.xml")
    assert _counts(suite) == ("3", "2", "0", "1", "0")
    skipped = _cases(suite)[2]
    assert (skipped.get("classname"), _outcome(skipped)) == ("game.jsonl", ["skipped"])
    assert _child(skipped, "skipped").get("message") == NOT_READ


def _divergence(line: int, deal: int, field: str, follows: int | None = None) -> Divergence:
    return Divergence(
        file="g.jsonl",
        line=line,
        deal=deal,
        player="p1",
        hand=None,
        field=field,
        recorded=1,
        expected=2,
        rule="T7",
        follows=follows,
    )


def test_a_deals_lines_are_one_case_its_first_the_message() -> None:
    report = CiReport(["g.jsonl"], StreamOutput(io.BytesIO()), junit=True, annotate=False)
    summary = Summary(files=1)
    report.started("g.jsonl", summary)
    first = _divergence(4, 3, "net")
    then = _divergence(4, 3, "balance", follows=4)
    later = _divergence(5, 4, "balance", follows=4)
    for found in (first, then, later):
        report.found(found)
    report.ended(summary, None)
    cases = _cases(ElementTree.fromstring(report.junit_xml())[0])
    assert [c.get("name") for c in cases] == ["log", "deal 3", "deal 4"]
    failure = cases[1].find("failure")
    assert failure is not None
    assert failure.get("message") == str(first)
    assert failure.text == f"{first}\n{then}\n"
    assert "[follows from line 4]" in str(then)


def test_the_report_is_the_same_bytes_every_run(here: Path) -> None:
    written(here / "bad.jsonl", _bad_net())
    written(here / "game.jsonl", BASE_LOG)
    runs = []
    for name in ("one.xml", "two.xml", "one.xml"):  # and over the file the first run wrote
        code, _, _ = _replay("--junit-xml", name, "bad.jsonl", "game.jsonl", "missing.jsonl")
        assert code == 2
        runs.append((here / name).read_bytes())
    assert runs[0] == runs[1] == runs[2]
    assert runs[0].startswith(b'<?xml version="1.0" encoding="utf-8"?>\n<testsuites ')
    assert b"timestamp" not in runs[0] and b"hostname" not in runs[0]


# escaping ----------------------------------------------------------------------------------------

#: Everything XML 1.0 cannot hold (C0 controls but tab, LF, CR; a surrogate, as an undecodable
#: byte of a file name; U+FFFE, U+FFFF), markup, and what an attribute would turn into spaces.
HOSTILE = "".join(map(chr, range(0x20))) + "\ud800\udcff\ufffe\uffff<&>\"' ]]> é 🂡 %,:"
HOSTILE_SHOWN = "".join(c if c in "\t\n\r" else f"\\x{ord(c):02x}" for c in map(chr, range(0x20)))
HOSTILE_SHOWN += "\\ud800\\udcff\\ufffe\\uffff<&>\"' ]]> é 🂡 %,:"


def test_xml_escaping_keeps_what_xml_holds_and_shows_the_rest() -> None:
    document = f'<a b="{xml_attribute(HOSTILE)}">{xml_text(HOSTILE)}</a>'.encode()
    element = ElementTree.fromstring(document)
    assert element.get("b") == HOSTILE_SHOWN  # tab, LF and CR too, as references
    assert element.text == HOSTILE_SHOWN


def test_hostile_messages_are_escaped_and_the_report_parses() -> None:
    report = CiReport(["x.jsonl"], StreamOutput(io.BytesIO()), junit=True, annotate=False)
    summary = Summary(files=1, errors=1)
    report.started("x.jsonl", summary)
    report.ended(summary, HOSTILE)  # an error's text, as a log's bytes could make it
    data = report.junit_xml()
    data.decode("utf-8")  # every byte UTF-8: no lone surrogate was encoded
    (case,) = _cases(ElementTree.fromstring(data)[0])
    assert _child(case, "error").get("message") == HOSTILE_SHOWN


def test_a_hostile_log_name_is_escaped_in_the_report_and_the_annotations(here: Path) -> None:
    name = 'a<b>&"c\x1b,d:e\nf%.jsonl'
    written(here / name, _bad_net())
    code, out, err = _replay("--annotate", "github", "--junit-xml", "r.xml", name)
    assert code == 1
    shown = repr(name)  # as every message of replay's names it
    assert out.startswith(f"{shown}:3: deal 2: p1 hand 1: net recorded 5, rules give 4 (T7); ")
    suite = _suite(here / "r.xml")
    log, deal = _cases(suite)
    assert log.get("classname") == deal.get("classname") == shown
    assert deal.get("file") == name.replace("\x1b", "\\x1b")  # the path; LF kept, ESC shown
    assert _child(deal, "failure").get("message") == out.rstrip("\n")
    assert "\x1b" not in err
    annotation = err.splitlines()[0]
    quoted = command_property(shown)
    assert annotation == f"::error file={quoted},line=3,title=T7::{command_data(out.rstrip())}"


# the report file ---------------------------------------------------------------------------------


def _left(where: Path) -> list[str]:
    return sorted(p.name for p in where.iterdir())


def test_a_directory_is_refused_before_anything_is_read(here: Path) -> None:
    written(here / "game.jsonl", BASE_LOG)
    (here / "out").mkdir()
    code, out, err = _replay("--junit-xml", "out", "game.jsonl")
    assert (code, out) == (2, "")
    assert err == "pontoon: cannot write to out: Is a directory\n"  # no summary: nothing read
    assert _left(here) == ["game.jsonl", "out"] and _left(here / "out") == []


def test_a_fifo_or_a_device_is_refused(here: Path) -> None:
    written(here / "game.jsonl", BASE_LOG)
    os.mkfifo(here / "pipe")
    for target in ("pipe", os.devnull):
        code, out, err = _replay("--junit-xml", target, "game.jsonl")
        assert (code, out) == (2, "")
        assert err == (
            f"pontoon: cannot write to {target}: not a regular file (a FIFO, a device or a "
            "stream): name a new file or a regular one, which is replaced whole\n"
        )
    assert _left(here) == ["game.jsonl", "pipe"]


def test_stdout_is_refused(here: Path) -> None:
    written(here / "game.jsonl", BASE_LOG)
    code, out, err = _replay("--junit-xml", "-", "game.jsonl")
    assert (code, out) == (2, "")
    assert err == (
        "pontoon: --junit-xml -: stdout carries replay's own lines (and --json's); name a file\n"
    )


def test_a_log_read_is_never_the_report(here: Path) -> None:
    written(here / "game.jsonl", BASE_LOG)
    os.symlink("game.jsonl", "link.jsonl")
    for target in ("game.jsonl", "./game.jsonl", "link.jsonl"):
        code, out, err = _replay("--junit-xml", target, "bad.jsonl", "game.jsonl")
        assert (code, out) == (2, "")
        assert err == (
            f"pontoon: --junit-xml {target} is the log read itself: the output would overwrite it\n"
        )
    assert (here / "game.jsonl").read_bytes() == BASE_LOG
    assert _left(here) == ["game.jsonl", "link.jsonl"]


def test_stdin_from_the_report_file_is_refused(here: Path) -> None:
    report = written(here / "r.xml", BASE_LOG)  # a log, by mistake, named as the report
    with report.open("rb") as stdin:
        done = subprocess.run(
            [sys.executable, "-m", "pontoon_cli", "replay", "--junit-xml", "r.xml", "-"],
            stdin=stdin,
            capture_output=True,
            text=True,
            check=False,
            timeout=60,
        )
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == (
        "pontoon: --junit-xml r.xml is the log read itself: the output would overwrite it\n"
    )
    assert report.read_bytes() == BASE_LOG


def test_a_run_that_does_not_end_leaves_the_old_report(here: Path) -> None:
    old = written(here / "r.xml", b"<old/>")
    report = CiReport(["g.jsonl"], StreamOutput(io.BytesIO()), junit=True, annotate=False)
    with pytest.raises(RuntimeError), JunitFile("r.xml", report, io.BytesIO()):
        assert len(_left(here)) == 2  # the report's temporary file, beside it
        raise RuntimeError("the run stopped")
    assert old.read_bytes() == b"<old/>" and _left(here) == ["r.xml"]
    with JunitFile("r.xml", report, io.BytesIO()):
        pass
    assert old.read_bytes() == report.junit_xml() and _left(here) == ["r.xml"]


# GitHub annotations --------------------------------------------------------------------------


def test_workflow_command_escaping() -> None:
    assert command_data("100% sure\r\nnext: a, b") == "100%25 sure%0D%0Anext: a, b"
    assert command_property("a,b:c%d\ne") == "a%2Cb%3Ac%25d%0Ae"
    assert github_error("x%\ny", "logs/a,b:c.jsonl", 7, "T7.1") == (
        "::error file=logs/a%2Cb%3Ac.jsonl,line=7,title=T7.1::x%25%0Ay"
    )
    assert github_error("unreadable", "a.jsonl") == "::error file=a.jsonl::unreadable"
    assert github_error("m", "-", 3, "T7") == "::error title=T7::m"  # stdin: no file, no line
    assert github_error("m", "-") == "::error::m"


def test_github_actions_turns_annotations_on_and_annotate_none_off(
    here: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    written(here / "bad.jsonl", _bad_net())
    _, line, plain = _replay("bad.jsonl", "missing.jsonl")
    assert "::" not in plain  # not under GitHub Actions: none
    annotations = [
        f"::error file=bad.jsonl,line=3,title=T7::{line.rstrip()}",
        "::error file=missing.jsonl::missing.jsonl: no such file",
    ]
    code, out, err = _replay("--annotate", "github", "bad.jsonl", "missing.jsonl")
    assert (code, out) == (2, line)
    assert [x for x in err.splitlines() if x.startswith("::")] == annotations
    assert [x for x in err.splitlines() if not x.startswith("::")] == plain.splitlines()
    monkeypatch.setenv("GITHUB_ACTIONS", "true")
    code, out, under_actions = _replay("bad.jsonl", "missing.jsonl")
    assert (code, out, under_actions) == (2, line, err)
    code, out, off = _replay("--annotate", "none", "bad.jsonl", "missing.jsonl")
    assert (code, out, off) == (2, line, plain)


def test_json_lines_stay_json_with_annotations_on(
    here: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    recs = base()
    recs[2]["net"]["p1"] += 1
    recs[5]["net"]["p2"] += 1
    written(here / "bad.jsonl", dump(recs))
    monkeypatch.setenv("GITHUB_ACTIONS", "true")
    code, out, err = _replay("--json", "bad.jsonl")
    assert code == 1
    found = [orjson.loads(line) for line in out.splitlines()]  # every line parses
    assert [(d["line"], d["rule"]) for d in found] == [(3, "T7"), (6, "T7.1")]
    assert [x.split("::")[1] for x in err.splitlines() if x.startswith("::")] == [
        "error file=bad.jsonl,line=3,title=T7",
        "error file=bad.jsonl,line=6,title=T7.1",
    ]


def test_an_unknown_annotate_value_is_refused(here: Path) -> None:
    code, out, err = _replay("--annotate", "gitlab", "game.jsonl")
    assert (code, out) == (2, "")
    assert err == "pontoon: --annotate 'gitlab': expected one of github, none\n"
