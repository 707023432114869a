"""The flash of the emulated Pico at any instant of a run, rebuilt from its journal.

``Pico(..., journal=PATH)`` (host_tools/pico.py) has host_tools/node/pico_chip.mjs append
every flash erase and program of that power-up to PATH, in order, with the emulated time,
and marks between them (a note from the test, or code on the board raising the mark pin).
From the flash as it was at power-up and that journal, ``Journal.volume(cut)`` gives the
file system's bytes as a power cut would have left them: after the first ``cut.op``
operations, plus, for a cut in the middle of an operation, the first ``cut.done`` bytes of
the next one (a program stopped part way leaves a prefix of its bytes; an erase, a prefix
of 0xFF). ``mount(volume)`` mounts those bytes as the rp2 port's littlefs does."""
import struct

import littlefs

from host_tools.commands.uf2 import FLASH_BASE, FS_BLOCK, FS_BLOCKS, FS_OFFSET, read_blocks

ERASE, PROGRAM, MARK = 0x45, 0x50, 0x4D
FLASH_SIZE = 16 << 20       # rp2040js's flash, as host_tools/node/pico_chip.mjs keeps it
_HEAD = struct.Struct("<IIIId")


class Op:
    """One flash operation: ``kind`` ERASE or PROGRAM, ``at`` (offset in the file
    system), ``length``, ``ms`` (emulated time), ``data`` (what a program wrote)."""

    def __init__(self, kind, at, length, ms, data):
        self.kind, self.at, self.length, self.ms, self.data = kind, at, length, ms, data


class Cut:
    """A power cut after ``op`` complete operations and ``done`` bytes of the next one."""

    def __init__(self, op, done=0):
        self.op, self.done = op, done

    def __repr__(self):
        return "cut(op %d%s)" % (self.op, ", %d bytes into it" % self.done if self.done else "")


class Journal:
    """``ops``: the flash operations in order; ``marks``: for each mark, the number of
    operations made before it."""

    def __init__(self, base_flash, path):
        self.base = bytes(base_flash[FS_OFFSET:FS_OFFSET + FS_BLOCK * FS_BLOCKS])
        with open(path, "rb") as f:
            data = f.read()
        self.ops, self.marks = [], []
        at = 0
        while at + _HEAD.size <= len(data):
            kind, offset, length, _, ms = _HEAD.unpack_from(data, at)
            at += _HEAD.size
            if kind == MARK:
                self.marks.append(len(self.ops))
                continue
            if not FS_OFFSET <= offset <= offset + length <= FS_OFFSET + len(self.base):
                raise ValueError("a flash write outside the file system, at 0x%x" % offset)
            body = data[at:at + length] if kind == PROGRAM else None
            at += length if kind == PROGRAM else 0
            self.ops.append(Op(kind, offset - FS_OFFSET, length, ms, body))
        self._vol = bytearray(self.base)
        self._applied = 0

    def volume(self, cut):
        """The file system's bytes at ``cut``; cuts asked in increasing order cost one
        pass over the journal."""
        if cut.op < self._applied:
            self._vol, self._applied = bytearray(self.base), 0
        while self._applied < cut.op:
            _apply(self._vol, self.ops[self._applied], None)
            self._applied += 1
        if not cut.done:
            return bytes(self._vol)
        vol = bytearray(self._vol)
        _apply(vol, self.ops[cut.op], cut.done)
        return bytes(vol)

    def flash(self, base_flash, cut):
        """The whole flash image (as the emulator's flash file holds it) at ``cut``."""
        out = bytearray(base_flash)
        out[FS_OFFSET:FS_OFFSET + len(self.base)] = self.volume(cut)
        return bytes(out)


def _apply(vol, op, done):
    n = op.length if done is None else done
    if op.kind == ERASE:
        vol[op.at:op.at + n] = b"\xff" * n
    else:
        vol[op.at:op.at + n] = op.data[:n]


def flash_image(uf2_path, files=None):
    """The flash of a blank Pico after the UF2 ``uf2_path`` was dropped on it, with
    ``files`` ({path: bytes}) then added to its file system: what the flash file of
    ``Pico`` holds for a board set up that way."""
    with open(uf2_path, "rb") as f:
        blocks = read_blocks(f.read())
    flash = bytearray(b"\xff" * FLASH_SIZE)
    for addr, payload in blocks:
        flash[addr - FLASH_BASE:addr - FLASH_BASE + len(payload)] = payload
    if files:
        fs = mount(flash[FS_OFFSET:FS_OFFSET + FS_BLOCK * FS_BLOCKS])
        for path, data in files.items():
            with fs.open(path, "wb") as f:
                f.write(data)
        fs.unmount()
        flash[FS_OFFSET:FS_OFFSET + FS_BLOCK * FS_BLOCKS] = fs.context.buffer
    return bytes(flash)


def mount(volume):
    """The littlefs on ``volume`` mounted with the rp2 port's configuration (its _boot.py:
    VfsLfs2(bdev, progsize=256), MicroPython's defaults for the rest); littlefs's own
    error when the port would not mount it either (and would format the flash)."""
    return littlefs.LittleFS(context=littlefs.UserContext(buffer=bytearray(volume)),
                             block_size=FS_BLOCK, block_count=FS_BLOCKS, read_size=32,
                             prog_size=256, cache_size=1024, lookahead_size=32,
                             block_cycles=100, mount=True)


def files(fs, top="/"):
    """{path: bytes} of every file under ``top`` of a mounted volume (no leading /)."""
    out = {}
    for root, _dirs, names in fs.walk(top):
        for name in names:
            path = (root.rstrip("/") + "/" + name).lstrip("/")
            with fs.open(path, "rb") as f:
                out[path] = f.read()
    return out
