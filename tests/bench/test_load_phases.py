"""The load bench's loads, in the order every setup and peer plays each in turn
(``bench/load.py``: one load by all of them, then the next), and the targets it prints
from them."""

from __future__ import annotations

import argparse

import bench.load as load
from bench.load import compare, phases


def _args(**given):
    base = {"rooms": [10, 100, 300], "players": 4, "think": (1.0, 3.0), "duration": 30.0, "warmup": 10.0,
            "seed": 1, "pace": "both", "burst_rooms": 10, "burst_duration": 20.0, "repeat": 1}
    return argparse.Namespace(**{**base, **given})


def test_the_human_loads_come_in_the_order_given_then_the_burst():
    got = phases(_args())
    assert [p.label for p in got] == ["human/10", "human/100", "human/300", "burst"]
    assert [p.rooms_n for p in got] == [10, 100, 300, 10]
    human, burst = got[1], got[-1]
    assert (human.think, human.duration, human.warmup, human.seed) == ((1.0, 3.0), 30.0, 10.0, 1)
    # the burst: no think time, its own length, a short warm-up, its own seed
    assert (burst.think, burst.duration, burst.warmup, burst.seed) == ((0.0, 0.0), 20.0, 3.0, 2)


def test_a_pace_plays_only_its_own_loads():
    assert [p.label for p in phases(_args(pace="human", rooms=[100]))] == ["human/100"]
    assert [p.label for p in phases(_args(pace="burst"))] == ["burst"]


def test_a_repeated_load_is_played_again_right_after_itself():
    got = phases(_args(rooms=[100], repeat=3))
    assert [p.label for p in got] == ["human/100", "human/100#2", "human/100#3", "burst", "burst#2", "burst#3"]
    assert {p.seed for p in got[:3]} == {1} and {p.seed for p in got[3:]} == {2}  # the same games each time


def _result(setup, phase, cpu, p95=5.0, moves_per_s=45.0):
    return {"setup": setup, "phase": f"{setup}/{phase}", "moves_per_s": moves_per_s,
            "all_others_ms": {"p50": 3.0, "p95": p95, "p99": 9.0}, "server": {"worker": {"cpu_ms_per_move": cpu}},
            "kb_per_frame": 1.5, "errors": {"refused": {}, "timeouts": 0, "lost_sockets": 0}, "rooms_failed": 0,
            "client_cpu_pct": 5.0}


def _targets(capsys, results):
    compare(results, _args())
    out = capsys.readouterr().out
    return [line.strip() for line in out.split("== Targets")[1].splitlines() if line.strip()][1:]


def test_the_targets_of_a_single_run_read_its_figures(capsys):
    got = _targets(capsys, [_result("single", "human/100", 3.3, p95=6.2), _result("floor", "human/100", 1.5)])
    assert got[0] == "MISS  100 rooms human: CPU per move <= 2x the floor's: ours 3.3 ms, floor 1.5 ms (2.2x)"
    assert got[1] == "PASS  100 rooms human: p95 <= 20 ms: 6.2 ms"


def test_the_targets_of_repeated_loads_take_the_median_of_each_repeats_ratio(capsys):
    # ratios 2.4x, 1.8x, 2.5x: the median ratio is 2.4x, not the ratio of the medians (3.3 / 1.5)
    results = []
    for phase, ours, floor, p95 in (("human/100", 3.6, 1.5, 7.0), ("human/100#2", 3.3, 1.8333, 6.0),
                                     ("human/100#3", 3.0, 1.2, 25.0)):
        results += [_result("single", phase, ours, p95=p95), _result("floor", phase, floor)]
    results += [_result("single", f"burst{n}", 1.0, moves_per_s=mps) for n, mps in (("", 450.0), ("#2", 380.0))]
    got = _targets(capsys, results)
    assert got[0] == "(each figure is the median of the load's repeats; the ratio, of each repeat's own ratio)"
    assert got[1] == ("MISS  100 rooms human: CPU per move <= 2x the floor's: ours 3.3 ms, floor 1.5 ms (2.4x) "
                      "(median of 3: 2.4x, 1.8x, 2.5x)")
    assert got[2] == "PASS  100 rooms human: p95 <= 20 ms: 7 ms (median of 3: 7 ms, 6 ms, 25 ms)"
    assert got[4] == "PASS  burst (10 rooms): >= 400 moves/s: 415 moves/s (median of 2: 450, 380)"


def _run_main(monkeypatch, tmp_path, *extra, start=None):
    """``bench/load.py``'s main with one load, ours as a stand-in server (no process) or as
    ``start`` makes it; its exit code, and each stop as (the server's folder, whether that
    folder still existed when the server was stopped)."""
    stopped = []

    def start_single(folder):
        (folder / "single.log").write_text("served\n")
        return load.Server("single", "http://127.0.0.1:1", f"sqlite:///{folder / 'bench.db'}", {},
                           lambda: stopped.append((folder, folder.exists())), "a stand-in")

    async def run_phase(server, *_args):
        return _result("single", "human/10", 3.0)

    monkeypatch.setattr(load, "start_single", start or start_single)
    monkeypatch.setattr(load, "run_phase", run_phase)
    monkeypatch.setattr(load, "show", lambda result: None)
    monkeypatch.setattr("sys.argv", ["load.py", "--setups", "single", "--peers", "none", "--rooms", "10",
                                     "--pace", "human", "--work-dir", str(tmp_path),
                                     "--json", str(tmp_path / "out.json"), *extra])
    return load.main(), stopped


def test_a_servers_files_are_removed_after_the_run(monkeypatch, tmp_path):
    code, stopped = _run_main(monkeypatch, tmp_path)
    assert code == 0 and len(stopped) == 1
    folder, there_at_stop = stopped[0]
    assert there_at_stop and not folder.exists()  # stopped first, then its folder removed
    assert [p.name for p in tmp_path.iterdir()] == ["out.json"]


def test_keep_files_keeps_them(monkeypatch, tmp_path, capsys):
    code, [(folder, _)] = _run_main(monkeypatch, tmp_path, "--keep-files")
    assert code == 0 and (folder / "single.log").read_text() == "served\n"
    assert f"single's files (its database, its log): {folder}" in capsys.readouterr().out


def test_a_server_that_could_not_start_keeps_its_log(monkeypatch, tmp_path):
    def start_single(folder):
        (folder / "single.log").write_text("port taken\n")
        raise RuntimeError(f"did not listen; log {folder / 'single.log'}")

    code, stopped = _run_main(monkeypatch, tmp_path, start=start_single)
    assert code == 1 and stopped == []
    kept = [p for p in tmp_path.iterdir() if p.is_dir()]
    assert len(kept) == 1 and (kept[0] / "single.log").read_text() == "port taken\n"
