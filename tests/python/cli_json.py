"""What the module's tests compare with: the `ldiv` executable's --json object ($LDIV_BIN),
with the fields that measure time or name a temporary file left out (equal in kind, not in
value)."""
import json
import os
import subprocess

LDIV = os.environ.get("LDIV_BIN", "ldiv")
VOLATILE = {"elapsed_ms", "load_ms", "classify_ms", "optimum_ms", "query_ms", "output", "file",
            "ms", "seconds", "ms_per_call", "threads_detail", "critical_path"}


def strip(value):
    if isinstance(value, dict):
        return {k: strip(v) for k, v in value.items()
                if k not in VOLATILE and not k.endswith("_ms")}
    if isinstance(value, list):
        return [strip(v) for v in value]
    return value


def cli(*args):
    done = subprocess.run([LDIV, *args, "--json"], capture_output=True, text=True)
    assert done.returncode in (0, 3), done.stderr
    return json.loads(done.stdout)
