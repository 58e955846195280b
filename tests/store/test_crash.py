"""Crash test: SIGKILL the writers at random moments, then check nothing was lost or damaged.

Two writers, each a process forked by tests/store/fork_server.py (which imported the app once,
so a kill costs no Python start-up) and killed whole with SIGKILL:

- tests/store/save_loop.py DIR: creates, updates and finishes games in a loop and prints
  each game's id after `finish` returned (flushed);
- `tableside import FILE --data DIR`: an import of finished games spread over 24
  months (one month file written per month, then a backup).

After every kill: every data and backup file parses, GameStore(DIR) opens without having
to recover anything, every game whose save had returned is there finished, and an import
stored all of its games or none (one transaction over its 24 month files).

Then a SIGKILL at each file-system step in turn (kill_at.py, also forking a child per kill) of
a start-up repair and of saving the changes of an edited game: nothing is lost, the saved game
is stored once. CRASH_KILLS (default 120) sets how many random kills; workers run side by side."""

import json
import os
import random
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from companion.data.store import FINISHED, GameStore

ROOT = Path(__file__).resolve().parents[2]
SAVE_LOOP = Path(__file__).with_name("save_loop.py")
KILLS = int(os.environ.get("CRASH_KILLS", "120"))
IMPORT_SHARE = 0.3  # of the kills, the rest go to the save loop
WORKERS = 3
FRESH_EVERY = 25  # save-loop kills before its folder starts again (keeps month files small)


def import_records(n: int = 240) -> list[dict]:
    rng = random.Random(5)
    return [
        {
            "game": "cgt",
            "players": ["Lea", "Max"],
            "variant": {"first_player_penalty": 1},
            "final": {"meta": {"5": 1}, "collections": {"Lea": {"5": rng.randint(0, 3)}, "Max": {"5": 1}}},
            "played_at": f"{2024 + i % 2}-{1 + i % 12:02d}-{1 + i % 28:02d}T20:00:00",
            "id": f"imp-{i}",
        }
        for i in range(n)
    ]


def kill(proc: subprocess.Popen) -> None:
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    proc.wait()


def check_files(folder: Path) -> None:
    """Every data file and every complete backup parses as JSON."""
    files = [folder / "live.json", *(folder / "history").glob("*.json")]
    backups = folder / "backups"
    if backups.is_dir():
        files += [f for b in backups.iterdir() if not b.name.startswith(".") for f in b.rglob("*.json")]
    for f in files:
        if f.exists():
            json.loads(f.read_text(encoding="utf-8"))  # raises on a torn or empty file


def open_and_check(folder: Path, saved: set[str]) -> GameStore:
    check_files(folder)
    store = GameStore(folder)
    assert store.recovered == [], store.recovered
    for game_id in saved:
        game = store.get(game_id)
        assert game is not None and game.status == FINISHED, f"{game_id} was saved, then lost"
    return store


FORK_SERVER = Path(__file__).with_name("fork_server.py")


class ForkServer:
    """fork_server.py: runs each writer in a forked child and kills it (see there)."""

    def __init__(self):
        self.proc = subprocess.Popen(
            [sys.executable, str(FORK_SERVER)], cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
        )

    def run(self, run: str, args: list[str], kill_after: float | None) -> dict:
        self.proc.stdin.write(json.dumps({"run": run, "args": args, "kill_after": kill_after}) + "\n")
        self.proc.stdin.flush()
        answer = self.proc.stdout.readline()
        assert answer, f"fork server ended: {self.proc.poll()} {self.proc.stderr.read()}"
        return json.loads(answer)

    def close(self) -> None:
        self.proc.stdin.close()
        try:
            assert self.proc.wait(timeout=30) == 0, self.proc.stderr.read()
        finally:
            kill(self.proc)
            self.proc.stdout.close(), self.proc.stderr.close()


class Worker:
    def __init__(self, base: Path, number: int, import_file: Path, import_seconds: float, by_month: dict):
        self.base, self.number = base, number
        self.import_file, self.import_seconds, self.by_month = import_file, import_seconds, by_month
        self.rng = random.Random(number)
        self.kills = self.games_checked = self.imports_checked = self.completed = self.partial = 0
        self.acknowledged = 0  # games whose save returned (each checked after every later kill of its folder)
        self.loop_runs = 0
        self.loop_dir: Path | None = None
        self.saved: set[str] = set()
        self.error: BaseException | None = None

    def save_loop_once(self, server: ForkServer) -> None:
        if self.loop_dir is None or self.loop_runs % FRESH_EVERY == 0:
            self.loop_dir = self.base / f"loop-{self.number}-{self.loop_runs}"
            self.saved = set()
        self.loop_runs += 1
        # a game takes ~0.1 s: kills land in every write
        run = server.run("save_loop", [str(self.loop_dir)], kill_after=self.rng.uniform(0, 0.25))
        out = run["stdout"]
        assert out.startswith("ready\n") and run["returncode"] == -signal.SIGKILL, f"save_loop did not start: {run}"
        self.kills += 1
        new = {line for line in out.split("\n")[1:-1] if line}  # whole lines only: a cut line was not acknowledged
        self.acknowledged += len(new - self.saved)
        self.saved |= new
        open_and_check(self.loop_dir, self.saved).close()
        self.games_checked += len(self.saved)

    def import_once(self, server: ForkServer) -> None:
        folder = self.base / f"import-{self.number}"
        shutil.rmtree(folder, ignore_errors=True)
        # The writes come at the end of the run: kill mostly there.
        run = server.run(
            "import", ["import", str(self.import_file), "--data", str(folder)], self.rng.uniform(0.6, 1.6) * self.import_seconds
        )
        done, out = run["returncode"] == 0, run["stdout"]
        assert done or run["returncode"] == -signal.SIGKILL, run
        self.kills += 1
        if not folder.exists():
            return  # killed before the store was opened
        store = open_and_check(folder, set())
        try:
            for month, ids in self.by_month.items():
                present = {i for i in ids if store.get(i) is not None}
                assert present in (set(), ids), f"import left month {month} half written: {len(present)} of {len(ids)}"
            if done:
                assert out.startswith("imported 240"), out
                assert len(store.finished()) == 240
                self.completed += 1
            self.imports_checked += 1
            self.games_checked += len(store.finished())
            assert len(store.finished()) in (0, 240), "an import is one transaction: all of it or none"
            self.partial += 0 < len(store.finished()) < 240
        finally:
            store.close()

    def run(self, tasks: list[str]) -> None:
        server = ForkServer()
        try:
            for task in tasks:
                self.import_once(server) if task == "import" else self.save_loop_once(server)
        except BaseException as e:  # reported by the test's thread
            self.error = e
        finally:
            server.close()


def test_sigkill_at_random_moments_loses_no_saved_game(tmp_path):
    started = time.monotonic()
    help_text = subprocess.run([sys.executable, "-m", "companion", "--help"], cwd=ROOT, capture_output=True, text=True).stdout
    has_import = "import" in help_text
    records = import_records()
    import_file = tmp_path / "games.json"
    import_file.write_text(json.dumps(records), encoding="utf-8")
    by_month: dict[str, set[str]] = {}
    for r in records:
        by_month.setdefault(r["played_at"][:7], set()).add(r["id"])
    import_seconds = 0.0
    if has_import:  # how long an import (forked, as the killed ones) runs when nothing stops it
        timings = []
        server = ForkServer()
        try:
            for n in range(3):
                run = server.run("import", ["import", str(import_file), "--data", str(tmp_path / f"timing-{n}")], None)
                timings.append(run["seconds"])
                assert run["returncode"] == 0 and run["stdout"].startswith("imported 240"), run
        finally:
            server.close()
        import_seconds = sorted(timings)[1]
    n_import = round(KILLS * IMPORT_SHARE) if has_import else 0
    tasks = ["import"] * n_import + ["loop"] * (KILLS - n_import)
    random.Random(1).shuffle(tasks)
    workers = [Worker(tmp_path, n, import_file, import_seconds, by_month) for n in range(WORKERS)]
    threads = [threading.Thread(target=w.run, args=(tasks[n::WORKERS],)) for n, w in enumerate(workers)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for w in workers:
        if w.error is not None:
            raise w.error
    kills = sum(w.kills for w in workers)
    games = sum(w.games_checked for w in workers)
    print(
        f"\ncrash test: {kills} SIGKILLs in {time.monotonic() - started:.1f} s; "
        f"save loop: {kills - n_import} kills, {sum(w.acknowledged for w in workers)} games acknowledged; "
        f"import: {n_import} kills ({sum(w.partial for w in workers)} with some months written, "
        f"{sum(w.completed for w in workers)} after it had finished; {import_seconds:.2f} s uninterrupted); "
        f"{games} game presence checks after kills"
    )
    assert kills >= KILLS


KILL_AT = Path(__file__).with_name("kill_at.py")


def prepared(folder: Path) -> Path:
    """Three saved games over two months, a game in progress and a PIN, all backed up."""
    from .test_store import LOST_CITIES, cgt

    store = GameStore(folder)
    store.add_finished([cgt(1, "2026-01-05T20:00:00", "jan"), cgt(2, "2026-02-05T20:00:00", "feb"), cgt(1, "2026-02-06T20:00:00", "feb2")])
    store.create({**LOST_CITIES, "id": "playing"})
    store.set_setting("access.pin", "hash")
    store.close()
    return folder


@pytest.fixture(scope="module")
def kill_at():
    """One kill_at.py server for the file: it forks a child per kill (see kill_at.py)."""
    server = subprocess.Popen([sys.executable, str(KILL_AT), "serve"], cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def run(folder: Path, action: str, n: int) -> dict:
        server.stdin.write(json.dumps({"folder": str(folder), "action": action, "n": n}) + "\n")
        server.stdin.flush()
        answer = server.stdout.readline()
        assert answer, f"kill_at server ended: {server.poll()}"
        return json.loads(answer)

    yield run
    server.stdin.close()
    assert server.wait(timeout=30) == 0


def kill_at_each_step(kill_at, base: Path, tmp_path: Path, action: str, damage, check) -> int:
    """Run `action` in a child process killed at step 1, 2, … until it completes; check the folder after each."""
    n = 0
    while True:
        n += 1
        folder = tmp_path / f"{action}-{n}"
        shutil.copytree(base, folder)
        damage(folder)
        run = kill_at(folder, action, n)
        killed = run["returncode"] == -signal.SIGKILL
        assert killed or (run["returncode"] == 0 and run["stdout"].endswith("done\n")), run["stderr"]
        check(folder, run["stdout"], n)  # opens the store: a repair cut short is finished first
        check_files(folder)
        shutil.rmtree(folder)
        if not killed:
            return n - 1


def test_sigkill_at_each_step_of_a_repair_loses_nothing(kill_at, tmp_path):
    base = prepared(tmp_path / "base")

    def damage(folder):
        (folder / "live.json").write_text("{torn")
        (folder / "history/2026-01.json").write_text("")

    def check(folder, out, n):
        store = GameStore(folder)
        try:
            assert {g.id for g in store.finished()} == {"jan", "feb", "feb2"}, f"step {n}"
            assert store.get("playing") is not None and store.setting("access.pin") == "hash", f"step {n}"
            assert not (folder / "repair.json").exists()
            assert store.recovered, f"step {n}: repaired without a word"
            store.acknowledge_recovered()
        finally:
            store.close()
        again = GameStore(folder)
        assert again.recovered == [], f"step {n}: {again.recovered}"
        again.close()

    steps = kill_at_each_step(kill_at, base, tmp_path, "repair", damage, check)
    print(f"\nrepair: killed at each of {steps} steps")
    assert steps >= 10


def test_sigkill_at_each_step_of_saving_an_edit_keeps_the_game_once(kill_at, tmp_path):
    base = prepared(tmp_path / "base")

    def check(folder, out, n):
        store = GameStore(folder)
        try:
            assert sorted(g.id for g in store.finished()) == ["feb", "feb2", "jan"], f"step {n}: a game was lost"
            month = store.get("feb").record["played_at"][:7]
            if "saved" in out:
                assert month == "2026-03", f"step {n}: a save that returned was lost"
            assert store.recovered == [], f"step {n}: {store.recovered}"
            holders = [p.name for p in (folder / "history").glob("*.json") if '"id":"feb"' in p.read_text()]
            assert holders == [f"{month}.json"], f"step {n}: stored in {holders}"
        finally:
            store.close()

    steps = kill_at_each_step(kill_at, base, tmp_path, "edit", lambda folder: None, check)
    print(f"\nedit and save changes: killed at each of {steps} steps")
    assert steps >= 10
