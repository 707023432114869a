"""The pieces of `arbiter` that need no board: KEY=VALUE parsing, the readable move list,
the hashes (the host's must equal the board's, checked on the real MicroPython), the
choice of mpy-cross for a board's .mpy version, the deploy image, port names."""

import pytest

from firmware.rules import morbak
from host_tools import board_link, profiles
from host_tools.commands import config as config_cmd
from host_tools.commands import deploy
from host_tools.commands import games as games_cmd
from host_tools.errors import UsageError


def test_pairs_are_parsed_with_the_firmware_schema():
    got = config_cmd.parse_pairs(["morbak.game_time_s=600", "morbak.move_time_s=OFF", "sound=on",
                                  " leds.brightness = 7 ", "morbak.first=random",
                                  "masbrur.rounds=6"])
    assert got == {"morbak.game_time_s": 600, "morbak.move_time_s": None, "sound": True,
                   "leds.brightness": 7, "morbak.first": "random", "masbrur.rounds": 6}
    for bad in (["masbrur.rounds=5"], ["fursaz.size=6"], ["morbak.first=1.0"], ["a=b=c"],
                ["sound=on", "sound=on"]):
        with pytest.raises(UsageError):
            config_cmd.parse_pairs(bad)


def _record(moves, result, clocks=True):
    state = morbak.new_game({}, 0)
    for m in moves:
        state = morbak.play(state, m)
    return {"version": 1, "id": 12, "game": "morbak", "options": {"game_time_s": 900}, "seed": 0,
            "moves": moves, "move_ms": [1500 * (i + 1) for i in range(len(moves))],
            "clock_ms": [[900000 - 1500 * i, 899000] if clocks else None
                         for i in range(len(moves))],
            "result": result, "ended": "win"}


def test_the_move_list_names_seats_times_and_clocks():
    moves = ["L a1", "L g7", "L b2", "timeout", "L c3", "L g5", "L d4"]
    rec = _record(moves, {"winner": 0, "scores": [1, 0], "reason": "line"})
    text = games_cmd.move_list(rec)
    lines = text.splitlines()
    assert lines[0] == "Arbiter game 12: morbak"
    assert "options: game_time_s=900" in lines and "result: A wins 1-0 (line)" in lines
    body = [line.split() for line in lines if line[:4].strip().rstrip(".").isdigit()]
    assert [b[:3] for b in body[:4]] == [["1.", "A", "L"], ["2.", "B", "L"], ["3.", "A", "L"],
                                         ["4.", "B", "timeout"]]
    assert body[4][:2] == ["5.", "A"]  # after B's forfeited turn, A again
    assert lines[-1] == "  7. A L d4       10.5 s   A 14:51  B 14:59"


def test_the_move_list_without_clocks_an_engine_or_a_result():
    rec = _record(["L a1"], None, clocks=False)
    del rec["ended"]  # the game in progress (/state/current.json)
    rec["game"] = "chess"  # no such engine: numbered moves without seats
    text = games_cmd.move_list(rec)
    assert "result: in progress" in text
    assert text.splitlines()[-1].split() == ["1.", "L", "a1", "1.5", "s"]
    assert games_cmd.result_text({"game": "morbak", "result": None,
                                  "ended": "abandoned"}) == "abandoned"
    assert games_cmd.result_text({"game": "mabula",
                                  "result": {"winner": 1, "scores": [3, 5], "reason": "score"}}) \
        == "B wins 3-5 (score)"
    assert games_cmd.result_text({"game": "morbak",
                                  "result": {"winner": None, "scores": [0, 0],
                                             "reason": "no moves"}}) == "draw (no moves)"


def test_the_board_computes_the_same_hashes_as_this_computer(upy):
    data = bytes(range(256)) * 5 + b"tail"
    out = upy.run(board_link._HELPERS + "\nwith open('/h.bin', 'wb') as f:\n f.write(%r)\n"
                  "print(_hash('/h.bin', 'sha256'), _hash('/h.bin', 'fnv1a32'), _hash('/none', "
                  "'sha256'))" % data)
    assert out.split() == [board_link.local_hash(data, "sha256"),
                           board_link.local_hash(data, "fnv1a32"), "None"]


def test_an_fnv_hash_that_starts_with_zeros_keeps_them_on_both_sides(upy):
    """A planted bug went unnoticed (issue 22): deploy on a board without sha256 printed
    FNV-1a without its leading zeros, so 1 file in 16 never verified."""
    data = b"arbiter 672"   # FNV-1a 32: 0x000c4679
    out = upy.run(board_link._HELPERS + "\nwith open('/z.bin', 'wb') as f:\n f.write(%r)\n"
                  "print(_hash('/z.bin', 'fnv1a32'))" % data)
    assert board_link.local_hash(data, "fnv1a32") == out.strip() == "000c4679"


def test_mpy_cross_matches_the_boards_mpy_version():
    def emits(mpy):
        binary = deploy.compiler_for({"name": "micropython", "mpy": mpy})
        return binary and deploy._emits(binary)
    assert deploy.mpy_version({"mpy": 774}) == "6.3"  # MicroPython 1.27 (the WebAssembly build)
    assert emits(774) == "6.3"
    assert emits(6 | 2 << 8 | 10 << 10) == "6.2"       # 1.22 on an armv7emsp board: arch ignored
    assert emits(6 | 1 << 8) == "6.1"
    assert emits(6) == "6"                               # 1.19
    assert emits(5) == "5"
    assert deploy.compiler_for({"name": "micropython", "mpy": 9}) is None   # unknown: sources
    assert deploy.compiler_for({"name": "micropython", "mpy": None}) is None
    assert deploy.compiler_for({"name": "circuitpython", "mpy": 774}) is None


def test_the_deploy_image():
    profile = deploy.load_profile("light-pico")
    image = deploy.build(deploy.compiler_for({"name": "micropython", "mpy": 774}), profile)
    paths = list(image)
    assert paths[0] == "firmware/update.mpy" and paths[-1] == "boot.py"  # see firmware/update.py
    assert {"main.py", "profile.json", "firmware/rules/morbak.mpy",
            "firmware/app/core/runtime.mpy"} <= set(paths)
    assert not [p for p in paths if p.startswith("firmware/") and not p.endswith(".mpy")]
    assert image["profile.json"] == profile and image["firmware/rules/morbak.mpy"][:1] == b"M"
    sources = deploy.build(None, profile)
    assert "firmware/rules/morbak.py" in sources and "firmware/rules/morbak.mpy" not in sources


def test_native_code_goes_to_boards_with_a_native_emitter():
    pico, pico2 = 6 | 3 << 8 | 4 << 10, 6 | 3 << 8 | 7 << 10      # as sys.implementation._mpy
    assert deploy.native_arch({"name": "micropython", "mpy": pico}) == "armv6m"
    assert deploy.native_arch({"name": "micropython", "mpy": pico2}) == "armv7emsp"
    assert deploy.native_arch({"name": "micropython", "mpy": 774}) is None    # WebAssembly: none
    assert deploy.native_arch({"name": "micropython", "mpy": None}) is None
    assert deploy.native_arch({"name": "micropython", "mpy": 6 | 60 << 10}) is None   # unknown
    assert deploy.native_arch({"name": "circuitpython", "mpy": pico}) is None
    profile = deploy.load_profile("light-pico")
    info = {"name": "micropython", "mpy": pico2}
    image = deploy.build(deploy.compiler_for(info), profile, deploy.native_arch(info))
    twins = [p for p in image if p.endswith("_native.mpy")]
    assert "firmware/hal/leds_native.mpy" in twins and "firmware/hal/leds.mpy" in image
    # A .mpy's third byte holds the native architecture (bits 2-7): armv7emsp's is 7.
    assert {image[p][2] >> 2 for p in twins} == {7}
    assert image["firmware/hal/leds.mpy"][2] >> 2 == 0, "the portable twin is bytecode only"
    plain = deploy.build(deploy.compiler_for(info), profile)
    assert not [p for p in plain if "_native" in p], "no architecture: no native code"
    sources = deploy.build(None, profile, "armv6m")    # the board compiles them itself
    assert "firmware/hal/leds_native.py" in sources
    # In the repository the twins stand outside firmware/ (mpy-cross needs an -march).
    assert ("native/hal/leds_native.py", "firmware/hal/leds_native.py") in deploy.native_sources()
    assert not [p for p in deploy.firmware_sources() if "_native" in p]
    assert not [p for p in deploy.build(None, profile) if "_native" in p]


def test_a_bad_profile_is_bad_input(tmp_path, monkeypatch):
    (tmp_path / "hardware").mkdir()
    (tmp_path / "hardware" / "broken.json").write_text('{"name": "broken", "kind": "light"}')
    monkeypatch.setattr(profiles, "HARDWARE", str(tmp_path / "hardware"))
    with pytest.raises(UsageError) as e:
        deploy.load_profile("broken")
    assert "hardware/broken.json is not a valid profile" in str(e.value)


def test_port_names_as_mpremote_takes_them():
    assert board_link.resolve_port("a0") == ["/dev/ttyACM0"]
    assert board_link.resolve_port("u12") == ["/dev/ttyUSB12"]
    assert board_link.resolve_port("c3") == ["COM3"]
    assert board_link.resolve_port("port:/dev/serial0") == ["/dev/serial0"]
    assert board_link.resolve_port("socket://127.0.0.1:7777") == ["socket://127.0.0.1:7777"]
    assert board_link.resolve_port("COM7") == ["COM7"]
