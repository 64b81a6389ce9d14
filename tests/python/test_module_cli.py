"""`import ldiv` against the `ldiv` executable: every function's result equals the CLI's
--json object on the Adult and hospital examples, from a file and from a DataFrame, and a
DataFrame's round trip through publish keeps dtypes and missing values. Also: Ctrl+C and
progress-callback exceptions cancel a running job, other Python threads run during one."""
import json
import math
import os
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pandas as pd
import pytest

import ldiv
from cli_json import LDIV, cli, strip

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "resources" / "examples"
HOSPITAL = str(EXAMPLES / "hospital" / "hospital.ldiv.json")
ADULT = str(EXAMPLES / "adult" / "adult.ldiv.json")

@pytest.mark.parametrize("project", [HOSPITAL, ADULT])
def test_search_equals_cli(project):
    # One thread: with several, the statistics (checked nodes, bounds read) depend on the
    # order the workers finish in; the optimum does not.
    got = ldiv.search(project=project, threads=1).to_dict()
    assert strip(got) == strip(cli("search", "--project", project, "--threads", "1"))
    assert got["optimum"]["levels"] == cli("search", "--project", project)["optimum"]["levels"]


@pytest.mark.parametrize("project", [HOSPITAL, ADULT])
def test_audit_risk_explain_equal_cli(project):
    node = ldiv.search(project=project).optimum["levels"]
    levels = ",".join(str(v) for v in node)
    for name in ("audit", "explain"):
        got = getattr(ldiv, name)(project=project, node=node).to_dict()
        assert strip(got) == strip(cli(name, "--project", project, "--node", levels)), name
    assert strip(ldiv.risk(project=project).to_dict()) == strip(cli("risk", "--project",
                                                                     project))


def test_frontier_equals_cli():
    got = ldiv.frontier(project=HOSPITAL, criteria_grid="k=2..4",
                        suppression=["0", "0.1"]).to_dict()
    want = cli("frontier", "--project", HOSPITAL, "--criteria-grid", "k=2..4", "--suppression",
               "0", "--suppression", "0.1")
    assert strip(got) == strip(want)
    assert len(got["points"]) == 3 * 2


@pytest.mark.parametrize("project", [HOSPITAL, ADULT])
def test_utility_equals_cli(project):
    node = ldiv.search(project=project).optimum["levels"]
    got = ldiv.utility(project=project, node=node).to_dict()
    want = cli("utility", "--project", project, "--node", ",".join(str(v) for v in node))
    assert strip(got) == strip(want)
    assert [a["name"] for a in got["attributes"]]


@pytest.mark.parametrize("project,question,extra", [
    (HOSPITAL, 2, {}), (HOSPITAL, 3, {"k": 2}), (ADULT, 4, {}), (ADULT, 1, {"k": 2})])
def test_diagnose_equals_cli(project, question, extra):
    got = ldiv.diagnose(project=project, question=question, **extra).to_dict()
    args = ["diagnose", "--project", project, "--question", str(question)]
    for k, v in extra.items():
        args += ["--" + k, str(v)]
    assert strip(got) == strip(cli(*args))
    assert got["question"] == question


def test_verify_equals_cli(tmp_path):
    published, record = tmp_path / "published.csv", tmp_path / "release.json"
    result = ldiv.publish(project=HOSPITAL, output=published, release=record, seed=7)
    assert result.output == str(published) and published.exists() and record.exists()
    assert result.release == json.loads(record.read_text())
    original = str(EXAMPLES / "hospital" / "hospital.csv")
    got = ldiv.verify(record, published, original=original).to_dict()
    assert strip(got) == strip(cli("verify", str(record), "--published", str(published),
                                   "--original", original))
    assert got["verified"] is True
    assert {c["verdict"] for c in got["claims"]} <= {"holds", "information"}
    # The CLI writes the same file from the same project and node.
    again = tmp_path / "again.csv"
    done = subprocess.run([LDIV, "generalize", "--project", HOSPITAL, "--node", "optimum",
                           "--seed", "7", "--output", str(again), "--output-sep", "comma"], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert again.read_bytes() == published.read_bytes()
    # A tampered file fails verification (exit code 3 has a result: the claims).
    published.write_text(published.read_text().replace("1305*", "1306*", 1))
    tampered = ldiv.verify(record, published, original=original)
    assert tampered.verified is False
    assert "fails" in {c["verdict"] for c in tampered.to_dict()["claims"]}


def test_version_info_equals_cli():
    done = subprocess.run([LDIV, "--version", "--json"], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    info = json.loads(done.stdout)
    assert ldiv.version_info() == info
    assert info["version"] == ldiv.__version__
    assert isinstance(info["features"]["postgres"], bool)
    plain = subprocess.run([LDIV, "--version"], capture_output=True, text=True)
    assert plain.stdout.strip() == "ldiv " + info["version"]


def test_dataframe_input_equals_file_input():
    csv = EXAMPLES / "hospital" / "hospital.csv"
    frame = pd.read_csv(csv)
    h = {c: str(EXAMPLES / "hospital" / f"hierarchy_{c}.csv") for c in ("zip", "age",
                                                                        "nationality")}
    roles = dict(qi=["zip", "age", "nationality"], sensitive="condition", hierarchies=h,
                 criteria=["distinct-l=3"])
    from_frame = ldiv.search(frame, **roles).to_dict()
    from_file = ldiv.search(str(csv), **roles).to_dict()
    assert strip(from_frame) == strip(from_file)
    assert from_frame["satisfying_count"] > 0


def test_publish_round_trip_keeps_dtypes_and_missing(tmp_path):
    frame = pd.DataFrame({
        "age": [30, 31, 32, 33, 40, 41, 42, 43],
        "zip": ["13053", "13068", "13053", "13068", "14850", "14853", "14850", "14853"],
        "weight": [70.5, math.nan, 80.25, 60.0, 55.5, 90.0, math.nan, 75.0],
        "disease": ["flu", "cold", "flu", "cancer", "cold", "flu", "cancer", "cold"],
    })
    result = ldiv.publish(frame, qi=["zip"], sensitive="disease", insensitive=["age", "weight"],
                          hierarchies={"zip": "mask"}, criteria=["k=2"], node=[0],
                          keep_order=True)
    out = result.data
    assert result.rows == len(frame)
    assert out["age"].dtype == frame["age"].dtype
    assert out["weight"].dtype == frame["weight"].dtype
    assert out["weight"].isna().tolist() == frame["weight"].isna().tolist()
    assert out["weight"].dropna().tolist() == frame["weight"].dropna().tolist()
    assert out["zip"].tolist() == frame["zip"].tolist()


def test_publish_keeps_formula_like_values(tmp_path):
    # The CLI neutralizes cells a spreadsheet would run (=, +, -, @) in files it writes; a
    # DataFrame gets the values as they were.
    frame = pd.DataFrame({"zip": ["13053", "13068", "13053", "13068"],
                          "note": ["=1+2", "-x", "@a", "+7 days"]})
    out = ldiv.publish(frame, qi=["zip"], insensitive=["note"], hierarchies={"zip": "mask"},
                       criteria="k=2", node=[1], keep_order=True)
    assert out.data["note"].tolist() == frame["note"].tolist()
    assert out.formulas_neutralized is False


def test_publish_release_record_and_verify(tmp_path):
    csv = EXAMPLES / "hospital" / "hospital.csv"
    result = ldiv.publish(project=HOSPITAL, release=True)
    assert result.release is not None and result.satisfies
    assert len(result.data) == result.rows


def test_errors_are_typed_and_name_the_place(tmp_path):
    bad = tmp_path / "bad.csv"
    bad.write_text('a,b\n1,"2\n')
    with pytest.raises(ldiv.InputError) as e:
        ldiv.search(str(bad), qi=["a"], hierarchies={"a": "suppress"}, criteria="k=2")
    assert "bad.csv" in str(e.value) and e.value.file.endswith("bad.csv")
    with pytest.raises(ldiv.ParameterError):
        ldiv.search(project=HOSPITAL, criteria="no-such-criterion=3")


def test_progress_is_reported():
    seen = []
    ldiv.search(project=ADULT, progress=seen.append)
    assert all(0.0 <= p <= 1.0 for p in seen)


def test_project_load_and_save(tmp_path):
    p = ldiv.Project.load(HOSPITAL)
    assert p.config["qi_order"] == ["zip", "age", "nationality"]
    with pytest.raises(ldiv.InputError):
        ldiv.Project.load(tmp_path / "missing.ldiv.json")


def run_script(body):
    env = dict(os.environ)
    done = subprocess.run([sys.executable, "-c", textwrap.dedent(body)], capture_output=True,
                          text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_ctrl_c_interrupts_a_running_job():
    # A frontier of ~1200 searches (about 15 s on one thread); the progress callback sends
    # SIGINT to its own process at the first report, as Ctrl+C would.
    r = run_script(f"""
        import json, os, signal, time
        import ldiv
        seen, sent = [], []
        def progress(p):
            seen.append(p)
            if not sent:
                sent.append(time.monotonic())
                os.kill(os.getpid(), signal.SIGINT)
        try:
            ldiv.frontier(project={ADULT!r}, criteria_grid="k=2..400", threads=1,
                          suppression=[0, 0.01, 0.05], progress=progress)
            outcome = "finished"
        except KeyboardInterrupt:
            outcome = "interrupted"
        after = time.monotonic() - sent[0]
        # The module is usable again: the job ended and released the engine.
        k = ldiv.audit(project={HOSPITAL!r}, node=[1, 2, 1]).k
        print(json.dumps({{"outcome": outcome, "after": after, "last": seen[-1], "k": k}}))
    """)
    assert r["outcome"] == "interrupted"
    assert r["last"] <= 1.0
    assert r["after"] < 3.0
    assert r["k"] == 4


def test_progress_exception_cancels_and_propagates():
    class Stop(Exception):
        pass

    def progress(p):
        raise Stop()

    started = time.monotonic()
    with pytest.raises(Stop):
        ldiv.frontier(project=ADULT, criteria_grid="k=2..400", threads=1,
                      suppression=[0, 0.01, 0.05], progress=progress)
    assert time.monotonic() - started < 5.0
    assert ldiv.audit(project=HOSPITAL, node=[1, 2, 1]).k == 4


def test_other_threads_run_during_a_job():
    ticks = [0]
    stop = threading.Event()

    def spin():
        while not stop.is_set():
            ticks[0] += 1

    t = threading.Thread(target=spin)
    t.start()
    try:
        time.sleep(0.05)
        before = ticks[0]
        started = time.monotonic()
        ldiv.search(project=ADULT, threads=1)
        elapsed = time.monotonic() - started
        during = ticks[0] - before
    finally:
        stop.set()
        t.join()
    # Holding the GIL for the whole search would leave the thread a few switch intervals
    # (5 ms each) of ticks at most; released, it spins the whole time.
    assert elapsed > 0.05
    assert during > 10000


def test_concurrent_calls_from_threads_are_each_right():
    want = {p: strip(cli("search", "--project", p, "--threads", "1")) for p in (HOSPITAL, ADULT)}
    got = {}

    def one(p):
        got[p] = strip(ldiv.search(project=p, threads=1).to_dict())

    threads = [threading.Thread(target=one, args=(p,)) for p in (ADULT, HOSPITAL)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert got == want


def test_stub_declares_every_public_name():
    import ast
    stub = ast.parse((Path(ldiv.__file__).parent / "__init__.pyi").read_text())
    declared = set()
    for node in stub.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            declared.add(node.name)
        elif isinstance(node, ast.Assign):
            declared |= {t.id for t in node.targets if isinstance(t, ast.Name)}
    assert set(ldiv.__all__) <= declared, set(ldiv.__all__) - declared
