"""Layer 7 (docs/architecture.md#native-code): on the emulated RP2040, booted from the image
`arbiter uf2` builds, each native twin is the one in use and gives the same results as its
portable twin on random inputs (tests/pico_twins.py runs there)."""
import os
import subprocess

import pytest

from host_tools.pico import Pico, PicoError, pico_files, run_script

try:
    MICROPYTHON, _ = pico_files()
except PicoError as e:
    pytest.skip("emulated Pico layer skipped: %s" % e, allow_module_level=True)

from host_tools.commands import uf2  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


@pytest.fixture(scope="module")
def pico(tmp_path_factory):
    out = str(tmp_path_factory.mktemp("uf2"))
    assert uf2.write_image("light-pico", MICROPYTHON, out) == 0
    with Pico(os.path.join(ROOT, "hardware", "light-pico.json"), os.path.join(out, "flash.bin"),
              uf2=os.path.join(out, "arbiter-light-pico.uf2"), hold=("a1", "g1"),
              stderr=subprocess.DEVNULL) as p:
        p.wait(1000)
        yield p


def test_native_twins_run_on_the_chip_and_agree_with_the_portable_ones(pico):
    # (its wall time: ~15 min on a loaded machine, every twin checked)
    got = run_script(pico.port, "tests/pico_twins.py", 2400, SEED=25, ROUNDS=12)
    print(got)
    assert got and all(t["native"] for t in got.values()), got
    assert {name: t["differ"] for name, t in got.items()} == {name: [] for name in got}
