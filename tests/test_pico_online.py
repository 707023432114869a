"""Layer 7 (docs/architecture.md#layer-7) in a remote game: the real Pico MicroPython on an
emulated RP2040, booted from the image `arbiter uf2` builds, its app running, takes a seat
through `arbiter online join CODE --port` over its USB serial
(docs/contracts.md#a-board-over-usb) against a player in the terminal, through a real Mosquitto;
its person presses its keys. One whole Morbak game: the link is read by select.poll on sys.stdin,
as on a board. (What the link costs the heap: tests/bench/extra_pico.py.)"""
import json
import os
import subprocess
import time

import pytest

from host_tools.pico import Pico, PicoError, pico_files

try:
    MICROPYTHON, _ = pico_files()
except PicoError as e:
    pytest.skip("emulated Pico layer skipped: %s" % e, allow_module_level=True)

from host_tools.commands import uf2  # noqa: E402
from host_tools.online import protocol  # noqa: E402
from tests.online_kit import arbiter, choose, kit, output, player  # noqa: E402,F401

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PROFILE = os.path.join(ROOT, "hardware", "light-pico.json")
PRESS_MS = 120


@pytest.fixture(scope="module")
def image(tmp_path_factory):
    out = str(tmp_path_factory.mktemp("uf2"))
    assert uf2.write_image("light-pico", MICROPYTHON, out) == 0
    return os.path.join(out, "arbiter-light-pico.uf2")


def _square(s):
    """The square the person at the board presses: the computer's move when its square
    allows no other move, else the first light laid."""
    legal = s.mirror.engine.legal_moves(s.position())
    move = choose(s)
    squares = [m.split(" ")[-1] for m in legal]
    if move == "pass" or squares.count(move.split(" ")[-1]) != 1:
        move = next(m for m in legal if m.startswith("L "))
    return move.split(" ")[-1]


def _pump(a, seconds, done):
    deadline = time.monotonic() + seconds
    while not done():
        if time.monotonic() > deadline:
            return False
        a.pump(0.05)
    return True


def test_a_pico_plays_a_whole_morbak_game_against_the_terminal(image, request, tmp_path):
    broker = request.getfixturevalue("kit")     # Mosquitto (tests/online_kit.py)
    code = protocol.new_code()
    a = player(broker, "alice", code)
    a.create("morbak", {"game_time_s": 900, "move_time_s": None}, 1)   # the Pico moves first
    record = str(tmp_path / "pico.json")
    with Pico(PROFILE, str(tmp_path / "flash.bin"), uf2=image,
              stderr=subprocess.DEVNULL) as pico:
        pico.wait(2500)
        proc = arbiter("online", "join", code, "--broker", broker.url("bob"), "--port", pico.port,
                       "--record", record)
        try:
            assert _pump(a, 60, a.started), output(proc)
            deadline = time.monotonic() + 600
            while not a.ended:
                assert time.monotonic() < deadline, output(proc)[-3000:]
                assert proc.poll() is None or a.ended, output(proc)[-3000:]
                if a.my_turn():
                    a.play(choose(a))
                    continue
                a.pump(0.05)
                if a.ended or a.mirror.to_move() != 0:
                    continue
                # The person waits for the board to play the other side's move (it says so
                # on its serial: "moved PLY ..."), then presses the square twice (confirm).
                n = len(a.mirror.record)
                shown = "@A moved %d " % n if n else "@A game %s 0" % code
                assert _pump(a, 30, lambda: shown in pico.serial()), pico.serial()[-3000:]
                square = _square(a)
                pico.press(square, PRESS_MS)
                pico.press(square, PRESS_MS)
                assert _pump(a, 30, lambda: len(a.mirror.record) > n), (
                    output(proc)[-2000:] + pico.serial()[-2000:])
            proc.wait(60)
            assert proc.returncode == 0, output(proc)
        finally:
            if proc.poll() is None:
                proc.kill()
    with open(record) as f:
        kept = json.load(f)
    assert kept["moves"] == [e.move for e in a.mirror.record]
    text = output(proc)
    assert "Your move, on the board." in text and "Result: " in text

