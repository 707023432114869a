"""`arbiter uf2`: one file that turns a blank Pico into a board
(docs/contracts.md#the-arbiter-command).

The file is the MicroPython UF2 followed by a littlefs file system made here, placed where
MicroPython's rp2 port keeps its file system, holding what `arbiter deploy` would install:
the firmware compiled by mpy-cross (deploy's own build step), boot.py, main.py and the
profile as /profile.json. Dropped on the Pico in BOOTSEL mode, it boots straight into the
app.

On the RPI_PICO board MicroPython's file system is the last 1,408 KB of the 2 MB flash
(352 blocks of 4 KB from offset 0xA0000), one littlefs volume for everything: this image
replaces that volume, so settings, saved games and the game in progress are not kept by a
re-flash (`arbiter deploy` updates the firmware and keeps them)."""
import os
import struct

import littlefs

from host_tools import local_files
from host_tools.commands import deploy
from host_tools.errors import UsageError
from host_tools.pico import UF2_NAME, pico_dir

FLASH_BASE = 0x10000000
FS_OFFSET = 0xA0000     # MicroPython rp2, RPI_PICO: 2 MB flash - 1,408 KB of file system
FS_BLOCK = 4096
FS_BLOCKS = 352
PAGE = 256              # a UF2 block's payload, and the flash's program size
PAYLOAD_MAX = 476       # the most a UF2 block can carry
FLASH_SIZE = 2 << 20    # the RPI_PICO's flash
RAM = (0x20000000, 0x20042000)
MAGIC = (0x0A324655, 0x9E5D5157, 0x0AB16F30)
FLAG_FAMILY = 0x2000
RP2040_FAMILY = 0xE48BFF56
MPY_VERSION = 6 | 3 << 8 | 4 << 10  # MicroPython 1.27 on an RP2040: .mpy v6.3, armv6m


def read_blocks(data):
    """[(flash address, payload bytes)] of a UF2 file's blocks; UsageError (one sentence)
    unless it is one whole UF2 file for the RP2040: every block's magic, family, payload
    size (1-476 bytes), and number (0 to n-1 of n, in order, n blocks in all)."""
    if not data or len(data) % 512:
        raise UsageError("not a UF2 file: its size is not a multiple of 512 bytes")
    out = []
    count = len(data) // 512
    for i in range(count):
        at = 512 * i
        m0, m1, flags, addr, size, number, total, family = struct.unpack_from("<8I", data, at)
        if (m0, m1) != MAGIC[:2] or struct.unpack_from("<I", data, at + 508)[0] != MAGIC[2]:
            raise UsageError("not a UF2 file: block %d has no UF2 magic" % i)
        if flags & FLAG_FAMILY and family != RP2040_FAMILY:
            raise UsageError("this UF2 is not for the RP2040 (family 0x%08x)" % family)
        if not 0 < size <= PAYLOAD_MAX:
            raise UsageError("block %d of this UF2 says it carries %d bytes; a block carries 1 "
                             "to %d: the file is damaged" % (i, size, PAYLOAD_MAX))
        if i == 0 and total != count:
            raise UsageError("this UF2 holds %d of the %d blocks it says it has: it was cut short "
                             "or joined to another; download it again" % (count, total))
        if (number, total) != (i, count):
            raise UsageError("block %d of this UF2 is numbered %d of %d: it is not one whole "
                             "image (two files joined?); download it again" % (i, number, total))
        out.append((addr, data[at + 32:at + 32 + size]))
    return out


def write_blocks(blocks):
    """A UF2 file of (flash address, payload) blocks, numbered in order."""
    out = bytearray()
    for i, (addr, payload) in enumerate(blocks):
        head = struct.pack("<8I", MAGIC[0], MAGIC[1], FLAG_FAMILY, addr, len(payload), i,
                           len(blocks), RP2040_FAMILY)
        out += head + payload.ljust(476, b"\0") + struct.pack("<I", MAGIC[2])
    return bytes(out)


def file_system(files):
    """The littlefs volume (bytes) holding {path: bytes}, as MicroPython's rp2 port mounts it."""
    fs = littlefs.LittleFS(block_size=FS_BLOCK, block_count=FS_BLOCKS, prog_size=PAGE)
    for path, data in files.items():
        parent = os.path.dirname(path)
        if parent:
            fs.makedirs(parent, exist_ok=True)
        with fs.open(path, "wb") as f:
            f.write(data)
    return bytes(fs.context.buffer)


def read_volume(flash):
    """The file system in a whole-flash image (bytes), mounted read-write in memory: how
    the tests look at what a power cut left on the emulated Pico's flash."""
    from littlefs.context import UserContext
    data = flash[FS_OFFSET:FS_OFFSET + FS_BLOCK * FS_BLOCKS]
    return littlefs.LittleFS(context=UserContext(buffer=bytearray(data)), block_size=FS_BLOCK,
                             block_count=FS_BLOCKS, prog_size=PAGE, mount=True)


def check_firmware(blocks):
    """UsageError (one sentence) unless ``blocks`` are a Pico firmware this image can carry:
    every block in the flash below the file system, one at the flash's start (the Pico
    boots from there)."""
    fs_start = FLASH_BASE + FS_OFFSET
    for i in range(len(blocks)):
        addr, payload = blocks[i]
        if RAM[0] <= addr < RAM[1]:
            raise UsageError("block %d of this UF2 loads into RAM (0x%08x), not into flash: a UF2 "
                             "that runs from RAM cannot carry the files; use the RPI_PICO build"
                             % (i, addr))
        if not FLASH_BASE <= addr < FLASH_BASE + FLASH_SIZE:
            raise UsageError("block %d of this UF2 writes to 0x%08x, outside the Pico's flash "
                             "(0x%08x-0x%08x)" % (i, addr, FLASH_BASE, FLASH_BASE + FLASH_SIZE))
        if addr + len(payload) > fs_start:
            raise UsageError("this MicroPython UF2 reaches into the file system at 0x%x: "
                             "use the RPI_PICO build" % fs_start)
    if FLASH_BASE not in [addr for addr, _ in blocks]:
        raise UsageError("this UF2 writes nothing at 0x%08x, where the Pico starts: it is not a "
                         "MicroPython firmware" % FLASH_BASE)


def image(micropython, files):
    """MicroPython's UF2 blocks, then the pages of the file system that hold data."""
    blocks = read_blocks(micropython)
    check_firmware(blocks)
    fs_start = FLASH_BASE + FS_OFFSET
    volume = file_system(files)
    # Whole 4 KB blocks, each one that holds data and always littlefs's superblock pair
    # (blocks 0 and 1): over an older volume, the flash then holds the new one whole, the
    # old data only in blocks the new volume counts as free.
    erased = b"\xff" * FS_BLOCK
    for at in range(0, len(volume), FS_BLOCK):
        block = volume[at:at + FS_BLOCK]
        if at < 2 * FS_BLOCK or block != erased:
            blocks += [(fs_start + at + p, block[p:p + PAGE]) for p in range(0, FS_BLOCK, PAGE)]
    return write_blocks(blocks)


def board_files(profile):
    """(what the volume holds, the compiler, the native architecture) for the Pico that
    runs the MicroPython this image carries: deploy's build for its .mpy version and arch."""
    info = {"name": "micropython", "mpy": MPY_VERSION}
    compiler = deploy.compiler_for(info)
    arch = deploy.native_arch(info)
    return deploy.build(compiler, profile, arch), compiler, arch


def write_image(profile_name=deploy.DEFAULT_PROFILE, micropython=None, out="."):
    profile = deploy.load_profile(profile_name)
    if micropython is None:
        micropython = os.path.join(pico_dir(), UF2_NAME)
        if not os.path.isfile(micropython):
            raise UsageError("no %s: give --micropython UF2 (MicroPython v1.27 for RPI_PICO, "
                             "from micropython.org) or set ARBITER_PICO_DIR" % micropython)
    try:
        with open(micropython, "rb") as f:
            firmware = f.read()
    except OSError as e:
        raise UsageError("cannot read %s: %s" % (micropython, e.strerror))
    check_firmware(read_blocks(firmware))   # before the compiling: bad input said at once
    files, compiler, arch = board_files(profile)
    data = image(firmware, files)
    path = os.path.join(out, "arbiter-%s.uf2" % profile_name)
    try:
        os.makedirs(out, exist_ok=True)
    except OSError as e:
        raise UsageError("cannot write %s: %s" % (path, local_files.why(e)))
    local_files.write(path, data)
    print("wrote %s (%d KB): MicroPython from %s + %d files (%s%s) in a littlefs volume at 0x%x"
          % (path, len(data) // 1024, os.path.basename(micropython), len(files),
             "bytecode" if compiler else "sources", ", native code for %s" % arch if arch else "",
             FLASH_BASE + FS_OFFSET))
    return 0


def add(subparsers):
    p = subparsers.add_parser("uf2",
                              description="Write DIR/arbiter-NAME.uf2: the MicroPython UF2 with a "
                                          "file system holding the compiled firmware, boot.py, "
                                          "main.py and the profile. Drag it onto a Pico in "
                                          "BOOTSEL mode.")
    p.add_argument("--profile", default=deploy.DEFAULT_PROFILE, metavar="NAME",
                   help="the board profile hardware/NAME.json (default: %s)"
                        % deploy.DEFAULT_PROFILE)
    p.add_argument("--micropython", metavar="UF2",
                   help="MicroPython v1.27 for RPI_PICO (default: from ARBITER_PICO_DIR)")
    p.add_argument("--out", default=".", metavar="DIR", help="folder to write to (default: .)")
    p.set_defaults(func=run)


def run(args):
    return write_image(args.profile, args.micropython, args.out)
