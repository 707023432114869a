"""The repository stands on its own (issue 15): no tracked file names a document that
lives outside it, and every reference into docs/ - a Markdown link, or a path such as
docs/rules/fursaz.md#fz-3 in code - names a file and an anchor that exist.

The anchors of a Markdown file are its explicit ones (<a id="fz-3"></a>) and those
GitHub makes from its headings."""
import os
import re
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Documents that are not in the repository: the engineering notes it was written from (by
# name, or by their section numbers), the folder next to it that holds them, and the
# machine it was written on. (Written so that this file does not match itself.)
OUTSIDE = re.compile(r"RULES\.md|DESIGN\.md|\.\./shared|shared[/]pico|[/]work[/]|\u00a7 ?\d")

# Mentions that are not pointers to documents: {(file, text matched): why}.
ALLOWED = {
    ("host_tools/pico.py", "shared" + "/pico"):
        "the default of ARBITER_PICO_DIR: the emulated Pico's MicroPython UF2 and RP2040 boot "
        "ROM are test inputs, not documents, and a clone without them skips that test layer "
        "with a line saying how to point ARBITER_PICO_DIR at them",
}

MD_LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")
DOCS_PATH = re.compile(r"(?<![\w./-])docs/[\w./-]*\.md(?:#[\w-]+)?")
ANCHOR = re.compile(r"""<a\s+(?:id|name)=["']([^"']+)["']""")
HEADING = re.compile(r"^#{1,6}\s+(.*?)\s*#*\s*$")


def tracked_text_files():
    names = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True,
                           ).stdout.decode().split("\0")
    for name in names:
        path = os.path.join(ROOT, name)
        if not name or not os.path.isfile(path):
            continue
        try:
            with open(path, encoding="utf-8") as f:
                yield name, f.read()
        except UnicodeDecodeError:
            continue   # pictures and other binary files name no document


def slug(heading):
    """The anchor GitHub gives a heading."""
    text = re.sub(r"<[^>]*>", "", heading).strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(path):
    found, seen = set(), {}
    with open(path, encoding="utf-8") as f:
        text = f.read()
    found.update(ANCHOR.findall(text))
    fenced = False
    for line in text.splitlines():
        if line.startswith("```"):
            fenced = not fenced
        m = None if fenced else HEADING.match(line)
        if m:
            s = slug(m.group(1))
            n = seen.get(s, 0)
            seen[s] = n + 1
            found.add(s if n == 0 else "%s-%d" % (s, n))
    return found


def broken(target, base, anchor_cache):
    """Why the reference ``target`` (relative to folder ``base``) is broken, or None."""
    path, _, anchor = target.partition("#")
    full = os.path.normpath(os.path.join(base, path)) if path else None
    if full is not None and not os.path.exists(full):
        return "no such file"
    if anchor and (full is None or full.endswith(".md")):
        if full not in anchor_cache:
            anchor_cache[full] = anchors(full)
        if anchor not in anchor_cache[full]:
            return "no anchor #%s" % anchor
    return None


def test_no_file_points_to_a_document_outside_the_repository():
    found, used = [], set()
    for name, text in tracked_text_files():
        for n, line in enumerate(text.splitlines(), 1):
            for m in OUTSIDE.finditer(line):
                if (name, m.group(0)) in ALLOWED:
                    used.add((name, m.group(0)))
                else:
                    found.append("%s:%d: %s" % (name, n, line.strip()[:120]))
    assert not found, ("these lines name documents outside the repository "
                       "(point to docs/ instead):\n" + "\n".join(found))
    assert used == set(ALLOWED), "allowances no longer needed: %s" % sorted(set(ALLOWED) - used)


def test_every_reference_into_docs_names_a_file_and_anchor_that_exist():
    bad, cache = [], {}
    for name, text in tracked_text_files():
        refs = [(t, ROOT) for t in DOCS_PATH.findall(text)]
        if name.endswith(".md"):
            base = os.path.dirname(os.path.join(ROOT, name))
            for target in MD_LINK.findall(text):
                if not re.match(r"[a-z]+:", target):
                    refs.append((target if not target.startswith("#") else name.rsplit("/", 1)[-1]
                                 + target,
                                 base))
        for target, base in refs:
            why = broken(target, base, cache)
            if why:
                bad.append("%s: %s (%s)" % (name, target, why))
    assert not bad, "broken references:\n" + "\n".join(bad)


def test_docs_cover_every_game_and_board_kind():
    from firmware import catalogue
    for game in catalogue.names():
        assert os.path.isfile(os.path.join(ROOT, "docs", "rules", game + ".md")), game
    for kind in ("light", "marble", "stone", "tile"):
        assert os.path.isfile(os.path.join(ROOT, "docs", "boards", kind + ".md")), kind


def test_the_pico_files_are_found_through_arbiter_pico_dir(monkeypatch, tmp_path):
    from host_tools import pico
    monkeypatch.setenv("ARBITER_PICO_DIR", str(tmp_path))
    assert pico.pico_dir() == str(tmp_path)


def test_every_picture_is_in_the_table_and_shown_by_a_doc():
    """docs/pictures/ holds what tools/doc_pictures.py takes, nothing stale, and each
    picture appears in some document."""
    from tools import doc_pictures
    names = [pic.name for pic in doc_pictures.PICTURES]
    assert len(names) == len(set(names))
    on_disk = set(os.listdir(doc_pictures.OUT_DIR))
    assert on_disk == set(names), "not taken by the table: %s; missing: %s" % (
        sorted(on_disk - set(names)), sorted(set(names) - on_disk))
    shown = "".join(text for name, text in tracked_text_files() if name.endswith(".md"))
    assert not [n for n in names if "pictures/" + n not in shown]
    verbs = {v[3:] for v in dir(doc_pictures.Taker) if v.startswith("do_")}
    for pic in doc_pictures.PICTURES:
        assert pic.board in doc_pictures.SETTLE_MS, pic.name
        assert all(step.split()[0] in verbs for step in pic.steps), pic.name
