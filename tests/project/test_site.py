"""The documentation site as a reader gets it: built once with Sphinx, then its HTML opened.

Every page of the toctrees exists, every internal link and anchor resolves, the pictures of
``show`` and ``stats`` are on their pages, and the search index holds the pages. ``make docs``
builds the same site with warnings as errors; these tests check what warnings cannot (a link
written as raw HTML, a picture that is missing from the output, a page left out of the toctree).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site, built once per test session (a few seconds), warnings as errors."""
    try:
        import myst_parser  # noqa: F401
        import sphinx  # noqa: F401
    except ImportError:
        if os.environ.get("CI"):
            raise
        pytest.skip("the docs extra (sphinx, myst-parser) is not installed")
    out = tmp_path_factory.mktemp("site")
    done = subprocess.run(
        [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html", DOCS, out],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return out


class _Page(HTMLParser):
    """A page's ids, its links (``href``) and its pictures (``img src``, ``object data``)."""

    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()
        self.links: list[str] = []
        self.pictures: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = {name: value or "" for name, value in attrs}
        if "id" in found:
            self.ids.add(found["id"])
        if tag == "a" and "href" in found:
            self.links.append(found["href"])
        if tag == "img" and "src" in found:
            self.pictures.append(found["src"])


def _read(path: Path) -> _Page:
    page = _Page()
    page.feed(path.read_text(encoding="utf-8"))
    return page


def _toctree_pages() -> list[str]:
    """Every page named in a toctree of docs/index.md."""
    index = (DOCS / "index.md").read_text(encoding="utf-8")
    pages = []
    for block in re.findall(r"```\{toctree\}\n(.*?)```", index, flags=re.DOTALL):
        pages += [line for line in block.splitlines() if line and not line.startswith(":")]
    return pages


def _pages(site: Path) -> list[Path]:
    skip = {"genindex.html", "search.html", "py-modindex.html"}
    return [
        p
        for p in sorted(site.rglob("*.html"))
        if p.name not in skip and not p.relative_to(site).parts[0].startswith("_")
    ]


def test_every_page_of_the_toctrees_is_built_and_every_page_is_in_one(site: Path) -> None:
    listed = _toctree_pages()
    assert {"tutorials/first-game", "rules", "log-format", "reference/commands"} <= set(listed)
    for name in listed:
        assert (site / f"{name}.html").is_file(), name
    sources = {str(p.relative_to(DOCS).with_suffix("")) for p in DOCS.rglob("*.md")}
    assert sources - {"index"} == set(listed), "a page outside the toctrees, or one missing"


def test_every_internal_link_and_anchor_resolves(site: Path) -> None:
    pages = {path: _read(path) for path in _pages(site)}
    checked, broken = 0, []
    for path, page in pages.items():
        for href in page.links:
            parts = urlsplit(href)
            if parts.scheme or href.startswith("mailto:"):
                continue
            target = (path.parent / unquote(parts.path)).resolve() if parts.path else path
            where = f"{path.relative_to(site)}: {href}"
            if not target.is_file():
                broken.append(where)
            elif parts.fragment and target.suffix == ".html":
                known = pages[target].ids if target in pages else _read(target).ids
                if parts.fragment not in known:
                    broken.append(where)
            checked += 1
    assert broken == []
    assert checked > 100  # the check reads the links


def test_the_show_and_stats_pictures_are_on_their_page(site: Path) -> None:
    path = site / "how-to" / "read-logs.html"
    pictures = _read(path).pictures
    names = sorted(Path(src).name for src in pictures)
    assert names == ["show-deal.svg", "show-shoot-deal.svg", "stats-bankroll.svg"]
    for src in pictures:
        picture = (path.parent / src).resolve()
        assert picture.read_bytes().startswith(b"<svg") or b"<svg" in picture.read_bytes()[:400]


def test_search_has_an_index_of_the_pages(site: Path) -> None:
    assert (site / "search.html").is_file()
    index = (site / "searchindex.js").read_text(encoding="utf-8")
    for title in ("Your first game", "Verify another engine", "The Python API"):
        assert title in index, title
    terms = index.split('"terms":', 1)[1]
    assert '"kitti":' in terms and '"diverg":' in terms  # the pages' words (stemmed), not titles
