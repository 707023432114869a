"""The code follows the project's lint (ruff, configured in pyproject.toml as micropython-lib
configures it): every finding is a line and a reason, and there must be none."""
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CHECKED = ["firmware", "host_tools", "native", "tests", "tools"]   # the folders ruff checks


def test_the_code_is_lint_clean():
    r = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache",
                        "--output-format", "concise"] + CHECKED,
                       cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
