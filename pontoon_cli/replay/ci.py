"""Replay as CI reads it: a JUnit XML report (``--junit-xml FILE``) and GitHub Actions annotations
(``--annotate github``, on by default where ``GITHUB_ACTIONS=true``). docs/how-to/verify.md,
"Replay in CI".

:class:`CiReport` watches a run (:class:`pontoon_cli.replay.run.Watch`): it writes each
divergence, and each log that cannot be read, as a workflow command on stderr as they come (stdout
stays replay's own: its lines, or ``--json``'s), and keeps what the report needs: per log, the
counts and the divergent deals' lines, never a line per verified deal.

The report has one test case per log (``name="log"``: passed when every deal verified, a
``<failure>`` when one diverged, an ``<error>`` with replay's message when the log could not be
read, ``<skipped>`` when ``--fail-fast`` ended the run before it) and one per divergent deal
(``name="deal N"``, or ``header`` for the header's cut, T3.2), whose ``<failure>`` message is the
deal's first line as replay prints it, rule ID included, and whose body holds every line of that
deal. It carries no clock, host or date (``time`` is always 0), so the same logs give the same
bytes. Everything from a log is escaped, and a character XML 1.0 cannot hold is written as its
Python escape (``\\x1b``, ``\\udcff``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Final

from pontoon_cli.log.output import Sink, Writable, keep_whole, open_sink
from pontoon_cli.logformat.divergence import Divergence, Output, Summary
from pontoon_cli.logformat.sources import STDIN, display

#: ``--annotate``'s values: GitHub's workflow commands, or none.
ANNOTATE: Final = ("github", "none")


def annotating(choice: str | None, environ: Mapping[str, str]) -> bool:
    """Whether to write GitHub annotations: as ``--annotate`` says, else under GitHub Actions
    (the runner sets ``GITHUB_ACTIONS=true`` in every step)."""
    if choice is None:
        return environ.get("GITHUB_ACTIONS") == "true"
    return choice == "github"


# GitHub workflow commands ------------------------------------------------------------------------


def command_data(text: str) -> str:
    """A workflow command's message, escaped as GitHub reads it back (``%``, CR, LF)."""
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def command_property(text: str) -> str:
    """A workflow command's property value (file, title): as :func:`command_data`, and ``:``
    and ``,``, which end a value."""
    return command_data(text).replace(":", "%3A").replace(",", "%2C")


def github_error(message: str, path: str, line: int | None = None, title: str | None = None) -> str:
    """``::error file=LOG,line=N,title=RULE::message``; no file or line for stdin. A path that
    is not printable is named as replay's messages name it (escaped: ``'a\\x1b.jsonl'``), so
    no raw control character reaches the step's log."""
    props = []
    if path != STDIN:
        props.append(f"file={command_property(display(path))}")
        if line is not None:
            props.append(f"line={line}")
    if title is not None:
        props.append(f"title={command_property(title)}")
    head = "::error " + ",".join(props) if props else "::error"
    return f"{head}::{command_data(message)}"


# XML ---------------------------------------------------------------------------------------------

#: What XML 1.0 cannot hold: the control characters below a space but tab, LF and CR;
#: surrogates (a file name's undecodable bytes, written by chr(): mypyc takes none in a
#: literal); U+FFFE and U+FFFF.
_NOT_XML: Final = re.compile(f"[\x00-\x08\x0b\x0c\x0e-\x1f{chr(0xD800)}-{chr(0xDFFF)}\ufffe\uffff]")


def _escaped(found: re.Match[str]) -> str:
    code = ord(found.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def xml_text(text: str) -> str:
    """``text`` as element content: markup escaped, what XML cannot hold as its escape, CR kept."""
    text = _NOT_XML.sub(_escaped, text)
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return text.replace("\r", "&#13;")


def xml_attribute(text: str) -> str:
    """``text`` as an attribute's value in double quotes: as :func:`xml_text`, with the quote,
    tab and LF as references (a reader would turn them into spaces)."""
    text = xml_text(text).replace('"', "&quot;")
    return text.replace("\t", "&#9;").replace("\n", "&#10;")


def _tag(name: str, attributes: list[tuple[str, str]], end: str = ">") -> str:
    written = "".join(f' {key}="{xml_attribute(value)}"' for key, value in attributes)
    return f"<{name}{written}{end}"


# the report --------------------------------------------------------------------------------------


class _Log:
    """One log of the run: its path as named, its divergences deal by deal, its counts and why
    it could not be read."""

    __slots__ = ("counts", "deals", "error", "path")

    def __init__(self, path: str) -> None:
        self.path = path
        self.deals: list[list[Divergence]] = []  # each divergent deal's lines, in order
        self.counts = Summary()
        self.error: str | None = None


def _since(before: Summary, after: Summary) -> Summary:
    """What a run found between two of its summaries: one log's counts."""
    return Summary(
        files=after.files - before.files,
        lines=after.lines - before.lines,
        deals_verified=after.deals_verified - before.deals_verified,
        deals_diverged=after.deals_diverged - before.deals_diverged,
        headers_diverged=after.headers_diverged - before.headers_diverged,
        deals_stacked=after.deals_stacked - before.deals_stacked,
        divergences=after.divergences - before.divergences,
        following=after.following - before.following,
        unopened=after.unopened - before.unopened,
        errors=after.errors - before.errors,
    )


def _counted(summary: Summary) -> str:
    """A summary's line without the ``pontoon replay:`` it starts with."""
    return str(summary).partition(": ")[2]


#: Why a log named after the one ``--fail-fast`` stopped at has no verdict.
NOT_READ: Final = "not read: --fail-fast ended the run at an earlier log"


class CiReport:
    """Watches a replay run of ``paths``: annotations on ``output``'s messages (``annotate``) and
    what :meth:`junit_xml` needs (``junit``)."""

    def __init__(
        self, paths: Sequence[str], output: Output, *, junit: bool, annotate: bool
    ) -> None:
        self._paths = list(paths)
        self._output = output
        self._junit = junit
        self._annotate = annotate
        self._logs: list[_Log] = []
        self._before = Summary()
        self._run = Summary()  # the run's own, as it goes

    def started(self, path: str, summary: Summary) -> None:
        self._logs.append(_Log(path))
        self._before = _since(Summary(), summary)  # a copy
        self._run = summary

    def found(self, divergence: Divergence) -> None:
        log = self._logs[-1]
        if self._annotate:
            self._output.message(
                github_error(str(divergence), log.path, divergence.line, divergence.rule)
            )
        if not self._junit:
            return
        deals = log.deals
        last = deals[-1][0] if deals else None
        if last is not None and (last.line, last.deal) == (divergence.line, divergence.deal):
            deals[-1].append(divergence)
        else:
            deals.append([divergence])

    def ended(self, summary: Summary, error: str | None) -> None:
        log = self._logs[-1]
        log.counts = _since(self._before, summary)
        log.error = error
        if error is not None and self._annotate:
            self._output.message(github_error(error, log.path))

    def junit_xml(self) -> bytes:
        """The JUnit XML report of the run so far (the whole run, once it has ended)."""
        cases: list[str] = []
        failures = errors = skipped = 0
        for log in self._logs:
            case, failed = _log_case(log)
            cases.append(case)
            if log.error is not None:
                errors += 1
            if failed:
                failures += 1
            for lines in log.deals:
                cases.append(_deal_case(log.path, lines))
                failures += 1
        for path in self._paths[len(self._logs) :]:
            skip = _tag("skipped", [("message", NOT_READ)], "/>")
            cases.append(_case(path, "log", None, f"      {skip}\n"))
            skipped += 1
        counts = [
            ("tests", str(len(cases))),
            ("failures", str(failures)),
            ("errors", str(errors)),
            ("skipped", str(skipped)),
            ("time", "0"),
        ]
        named = [("name", "pontoon replay"), *counts]
        text = [
            '<?xml version="1.0" encoding="utf-8"?>\n',
            _tag("testsuites", named) + "\n",
            "  " + _tag("testsuite", named) + "\n",
            *cases,
            f"    <system-out>{xml_text(str(self._run))}</system-out>\n",
            "  </testsuite>\n",
            "</testsuites>\n",
        ]
        return "".join(text).encode()


def _case(path: str, name: str, line: int | None, inner: str) -> str:
    """A ``<testcase>`` of the log at ``path``: the log's own or a deal's (at ``line``)."""
    attributes = [("classname", display(path)), ("name", name)]
    if path != STDIN:
        attributes.append(("file", path))
        if line is not None:
            attributes.append(("line", str(line)))
    attributes.append(("time", "0"))
    if not inner:
        return "    " + _tag("testcase", attributes, "/>") + "\n"
    return f"    {_tag('testcase', attributes)}\n{inner}    </testcase>\n"


def _log_case(log: _Log) -> tuple[str, bool]:
    """The log's own test case, and whether it is a failure (it diverged, and was read)."""
    counted = _counted(log.counts)
    inner = []
    failed = False
    if log.error is not None:
        inner.append(_tag("error", [("message", log.error), ("type", "unreadable")], "/>"))
    elif log.counts.divergences:
        inner.append(_tag("failure", [("message", counted), ("type", "divergence")], "/>"))
        failed = True
    if log.counts.files:  # opened: what was read, and verified
        inner.append(f"<system-out>{xml_text(counted)}</system-out>")
    return _case(log.path, "log", None, "".join(f"      {x}\n" for x in inner)), failed


def _deal_case(path: str, lines: list[Divergence]) -> str:
    """A divergent deal's test case: its first line the message, every line the body."""
    first = lines[0]
    name = "header" if first.deal is None else f"deal {first.deal}"
    body = "".join(f"{found}\n" for found in lines)
    failure = _tag("failure", [("message", str(first)), ("type", first.rule)])
    inner = f"      {failure}{xml_text(body)}</failure>\n"
    return _case(path, name, first.line, inner)


class JunitFile:
    """``--junit-xml FILE`` around a run: opened before any log is read (a directory, a FIFO, a
    device or a path that cannot be written exits 2 then, with nothing read), written whole when
    the run ends, and discarded if it does not (a signal, an error): an existing file is then
    left as it was. ``path`` None: no report."""

    def __init__(self, path: str | None, report: CiReport, stdout: Writable) -> None:
        self._path = path
        self._report = report
        self._stdout = stdout
        self._sink: Sink | None = None

    def __enter__(self) -> JunitFile:
        if self._path is not None:
            self._sink = open_sink(self._path, self._stdout, regular_only=True)
        return self

    def __exit__(self, exc_type: object, exc: object, tb: object) -> None:
        sink, self._sink = self._sink, None
        if sink is None:
            return
        if exc is None:
            keep_whole(sink, self._report.junit_xml())
        else:
            sink.discard()
