"""Storage on a FAT-like file system (CPython): rename cannot replace an existing file,
so write_text removes the old file first; a cut between the two steps leaves only the
complete .tmp, which read_json falls back to."""
import os

import pytest

from firmware.hal import storage as storage_mod
from firmware.hal.storage import Storage


@pytest.fixture
def fat(monkeypatch):
    real = os.rename

    def rename(src, dst):
        if os.path.exists(dst):
            raise OSError(17, "File exists")
        real(src, dst)
    monkeypatch.setattr(storage_mod.os, "rename", rename)
    return real


def test_write_replaces_a_file_on_fat(tmp_path, fat):
    s = Storage(str(tmp_path))
    s.write_json("a.json", [1])
    s.write_json("a.json", [2])
    assert s.read_json("a.json") == [2]
    assert not os.path.exists(tmp_path / "a.json.tmp")


class PowerCut(Exception):
    pass


def test_cut_between_remove_and_rename_keeps_the_new_file(tmp_path, monkeypatch):
    s = Storage(str(tmp_path))
    s.write_json("a.json", [1])

    def fat_then_cut(src, dst):
        if os.path.exists(dst):
            raise OSError(17, "File exists")
        raise PowerCut  # the old file is removed, the new one not renamed yet

    monkeypatch.setattr(storage_mod.os, "rename", fat_then_cut)
    with pytest.raises(PowerCut):
        s.write_json("a.json", [2])
    assert not os.path.exists(tmp_path / "a.json")
    assert Storage(str(tmp_path)).read_json("a.json") == [2]
