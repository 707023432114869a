"""`arbiter uf2` without a Pico: the image's layout and contents, and its bad inputs.
A stand-in MicroPython UF2 is made here, so this runs without the Pico files of ARBITER_PICO_DIR."""
import os
import struct

import pytest

from host_tools import deploy, uf2
from host_tools.cli import main

FAKE_FIRMWARE = [(uf2.FLASH_BASE + 256 * i, bytes([i]) * 256) for i in range(8)]


@pytest.fixture
def micropython(tmp_path):
    path = tmp_path / "micropython.uf2"
    path.write_bytes(uf2.write_blocks(FAKE_FIRMWARE))
    return str(path)


def flash_of(data):
    """The 2 MB flash a Pico holds after this UF2 was dropped on a blank one."""
    flash = bytearray(b"\xff" * (2 << 20))
    for addr, payload in uf2.read_blocks(data):
        flash[addr - uf2.FLASH_BASE:addr - uf2.FLASH_BASE + len(payload)] = payload
    return bytes(flash)


def test_image_is_micropython_then_the_volume_with_the_deployed_files(micropython, tmp_path, capsys):
    assert main(["uf2", "--micropython", micropython, "--out", str(tmp_path / "out")]) == 0
    data = (tmp_path / "out" / "arbiter-light-pico.uf2").read_bytes()
    blocks = uf2.read_blocks(data)
    assert blocks[:len(FAKE_FIRMWARE)] == FAKE_FIRMWARE
    fs_start = uf2.FLASH_BASE + uf2.FS_OFFSET
    rest = [addr for addr, _ in blocks[len(FAKE_FIRMWARE):]]
    assert rest == sorted(rest) and rest[0] == fs_start and rest[-1] < uf2.FLASH_BASE + (2 << 20)
    # Blocks numbered 0..n-1 of n, all for the RP2040 family.
    for i in range(len(blocks)):
        head = struct.unpack_from("<8I", data, 512 * i)
        assert head[5:] == (i, len(blocks), uf2.RP2040_FAMILY)
    # The volume holds exactly what `arbiter deploy` would install, and nothing else.
    want = uf2.board_files(deploy.load_profile("light-pico"))[0]
    fs = uf2.read_volume(flash_of(data))
    got = {}
    for root, dirs, files in fs.walk("/"):
        for name in files:
            path = (root.rstrip("/") + "/" + name).lstrip("/")
            with fs.open(path, "rb") as f:
                got[path] = f.read()
    assert got == want
    assert "firmware/rules/morbak.mpy" in got and "profile.json" in got
    assert got["firmware/hal/keys_native.mpy"][2] >> 2 == 4, "native code for the RP2040: armv6m"
    assert "wrote" in capsys.readouterr().out


def test_bad_inputs_exit_2_and_write_nothing(micropython, tmp_path, capsys):
    out = tmp_path / "out"
    not_uf2 = tmp_path / "notes.uf2"
    not_uf2.write_bytes(b"hello" * 200)
    other_chip = tmp_path / "esp32.uf2"
    other_chip.write_bytes(uf2.write_blocks(FAKE_FIRMWARE).replace(
        struct.pack("<I", uf2.RP2040_FAMILY), struct.pack("<I", 0xC47E5767)))
    too_big = tmp_path / "big.uf2"
    too_big.write_bytes(uf2.write_blocks([(uf2.FLASH_BASE + uf2.FS_OFFSET, b"\0" * 256)]))
    cases = [
        (["--profile", "nope"], "no board profile"),
        (["--micropython", str(tmp_path / "missing.uf2")], "cannot read"),
        (["--micropython", str(not_uf2)], "not a UF2"),
        (["--micropython", str(other_chip)], "not for the RP2040"),
        (["--micropython", str(too_big)], "reaches into the file system"),
    ]
    for args, says in cases:
        if "--micropython" not in args:
            args = args + ["--micropython", micropython]
        assert main(["uf2", "--out", str(out)] + args) == 2, args
        err = capsys.readouterr().err
        assert says in err and err.count("\n") == 1, (args, err)
    assert not out.exists()
    blocker = tmp_path / "file"
    blocker.write_text("x")
    assert main(["uf2", "--micropython", micropython, "--out", str(blocker)]) == 2
    assert "cannot write" in capsys.readouterr().err
