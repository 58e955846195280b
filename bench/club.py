"""A club night on one server: tables of tablets playing Lost Cities over Flet's websocket protocol.

    python bench/club.py club   [--tables 10] [--devices 4] [--seconds 60] [--closed 40] [--processes 1]
    python bench/club.py closed [--closed 100] [--seconds 30]
    python bench/club.py memory [--sessions 100] [--wait 30]
    python bench/club.py import [--games 10000] [--seconds 60]

The server is the real one (`python -m companion serve` in a subprocess on loopback). Each device
is a websocket client that speaks Flet's protocol as the browser does (tests/security/flet_client.py):
it registers a tablet-sized page (1180 × 820) on /play/<game>, reads every message the server sends
and decodes it whole (msgpack, Flet's own ext types), as Flet's web client does, and taps a card by
sending a click to the button's id. A card's key holds its state
("Mia red 6:held", controls.card_button), so a device has seen a tap once a control with the
tapped card's new key reached it.

club    Every table taps once a second (its four devices in turn: add the red 2…10, then take them
        off again, and so on), for `--seconds`, after `--closed` tabs opened table 1 and closed.
        Prints the tapping device's and the other devices' latency (p50/p95/max), updates missing,
        server CPU and memory. Issue 19's target at 10 × 4 after 40 closed: others p95 ≤ 300 ms,
        tapping device p95 ≤ 150 ms, nothing missing (issue 40: the same at 20 × 4 after 80 closed).
        `--processes N` shares the tables out among N servers (one data folder each), as
        sharding by game would (docs/scaling.md): table i on server i mod N, the closed tabs on the first.
closed  One table of four, with no closed tabs and then with `--closed` closed tabs on it:
        the others' latency and the server's CPU in each (target: within 10 %).
memory  The server's memory idle, with `--sessions` play screens open, and `--wait` seconds after
        they left (target: back within 10 % of idle).
import  One table plays while a 10,000-game file is imported on the import screen of another
        session (the file chosen, uploaded and confirmed as the browser does: Client.hand_over):
        that table's latency over the run (target p95 ≤ 300 ms), how long the import took, its
        steps and the taps slower than 300 ms, with when they were made.
Every device plays from this machine: the server is started with TABLESIDE_LOCAL_SOCKETS raised.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import websockets

import scoring
from companion.data.store import GameStore
from tests.e2e.conftest import Server
from tests.security.flet_client import CONTROL_EVENT, REGISTER_CLIENT, Client, pack, strings, unpack, walk

TABLET = {"width": 1180, "height": 820}
PLAYERS = ["Mia", "Noah"]
COLOURS = ["red", "green", "blue", "white", "yellow"]
MISSING_AFTER = 10.0  # seconds: an update not seen by then counts as missing
TICK = os.sysconf("SC_CLK_TCK")


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))] if ordered else float("nan")


def figures(values: list[float]) -> str:
    if not values:
        return "none measured"
    return (
        f"p50 {statistics.median(values):6.0f} ms  p95 {percentile(values, 95):6.0f} ms  max {max(values):6.0f} ms  ({len(values)} updates)"
    )


def card_taps() -> Iterator[tuple[str, str]]:
    """(card label, the state a tap leaves it in), for ever: a colour's 2…10 added, then taken off
    from the 10 down, then the next colour, the players in turn (a card changes at most every 9 taps)."""
    while True:
        for i, colour in enumerate(COLOURS):
            player = PLAYERS[i % 2]
            for n in range(2, 11):
                yield f"{player} {colour} {n}", "held"
            for n in range(10, 1, -1):
                yield f"{player} {colour} {n}", "free"


def keyed(value, found: dict[str, int]) -> None:
    """Every control in a message whose key is a card's ("<label>:<state>"): key → its id."""
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, dict):
            key = v.get("key")
            if isinstance(key, str) and ":" in key and "_i" in v:
                found[key] = v["_i"]
            stack.extend(v.values())
        elif isinstance(v, list | tuple):
            stack.extend(v)


@dataclass
class Expect:
    label: str
    state: str
    sent: float
    seen: dict[int, float] = field(default_factory=dict)  # device number → seconds after sent


class Device:
    """One tablet's browser: its websocket, the cards it was last sent and their ids."""

    def __init__(self, number: int, url: str, route: str):
        self.number, self.url, self.route = number, url, route
        self.ws = None
        self.state: dict[str, str] = {}  # card label → its state as last drawn here
        self.ids: dict[str, int] = {}  # "<label>:<state>" → the button's id
        self.waiting: list[Expect] = []
        self.reader: asyncio.Task | None = None
        self.received = 0
        self.ready = asyncio.Event()

    async def open(self) -> None:
        self.ws = await websockets.connect(self.url, max_size=None, open_timeout=60, ping_interval=None)
        page = {"route": self.route, **TABLET, "platform": "linux", "web": True}
        await self.ws.send(pack(REGISTER_CLIENT, {"session_id": "", "page_name": "", "page": page}))
        self.reader = asyncio.create_task(self.read())
        await asyncio.wait_for(self.ready.wait(), 120)

    async def read(self) -> None:
        try:
            async for frame in self.ws:
                now = time.perf_counter()
                self.received += 1
                if frame[:1] != b"\x00":
                    continue
                found: dict[str, int] = {}
                keyed(unpack(frame), found)
                for key, control in found.items():
                    label, _, state = key.rpartition(":")
                    self.state[label] = state
                    self.ids[key] = control
                if found and not self.ready.is_set() and any(k.startswith(PLAYERS[0]) for k in found):
                    self.ready.set()
                for expect in list(self.waiting):
                    if self.state.get(expect.label) == expect.state:
                        expect.seen[self.number] = now - expect.sent
                        self.waiting.remove(expect)
        except websockets.ConnectionClosed:
            pass

    async def shows(self, label: str, state: str) -> bool:
        """Whether this screen shows the card in `state`, waiting for it (the last tap's update is
        late) as a person would, at most MISSING_AFTER seconds."""
        deadline = time.perf_counter() + MISSING_AFTER
        while self.state.get(label) != state:
            if time.perf_counter() > deadline:
                return False
            await asyncio.sleep(0.01)
        return True

    async def tap(self, label: str, state_before: str) -> None:
        control = self.ids[f"{label}:{state_before}"]
        await self.ws.send(pack(CONTROL_EVENT, {"target": control, "name": "click", "data": None}))

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()
        if self.reader is not None:
            await asyncio.wait_for(self.reader, 10)


class ServerProcess:
    """The server's CPU time and memory, read from /proc."""

    def __init__(self, pid: int):
        self.pid = pid

    def cpu_seconds(self) -> float:
        fields = Path(f"/proc/{self.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / TICK

    def rss_mb(self) -> float:
        for line in Path(f"/proc/{self.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
        return float("nan")


def make_store(data: Path, tables: int) -> list[str]:
    store = GameStore(data)
    ids = [store.create(scoring.new_record("lost-cities", PLAYERS, {"rounds": 1})).id for _ in range(tables)]
    store.close()
    return ids


async def open_devices(ws_url: str, routes: list[str], at_once: int = 8) -> list[Device]:
    devices = [Device(i, ws_url, route) for i, route in enumerate(routes)]
    for start in range(0, len(devices), at_once):  # a room filling up, not a stampede
        await asyncio.gather(*(d.open() for d in devices[start : start + at_once]))
    return devices


async def closed_tabs(ws_url: str, route: str, count: int) -> None:
    """`count` tabs open the route and close: Flet keeps each session (its page, its screens) until it expires."""
    tabs = await open_devices(ws_url, [route] * count)
    await asyncio.gather(*(t.close() for t in tabs))


@dataclass
class Played:
    own: list[float]
    others: list[float]
    missing: int
    taps: int
    slowest: list[tuple[float, float]] = field(default_factory=list)  # per tap: when it was sent, its slowest update (s)


async def play(tables: list[list[Device]], seconds: float) -> Played:
    """Each table taps once a second, its devices in turn, for `seconds`; then waits for the last updates."""
    expects: list[tuple[int, Expect]] = []  # (the tapping device's number, what it expects)
    skipped: list[str] = []  # taps not made: the card was still not shown as the tap needs it

    async def table(devices: list[Device], offset: float) -> None:
        await asyncio.sleep(offset)
        started = time.perf_counter()
        taps = card_taps()
        for k in range(int(seconds)):
            label, state = next(taps)
            tapper = devices[k % len(devices)]
            before = "free" if state == "held" else "held"
            if await tapper.shows(label, before):
                expect = Expect(label, state, time.perf_counter())
                for d in devices:
                    d.waiting.append(expect)
                expects.append((tapper.number, expect))
                await tapper.tap(label, before)
            else:
                skipped.append(label)
            await asyncio.sleep(max(0.0, started + k + 1 - time.perf_counter()))

    n = len(tables)
    await asyncio.gather(*(table(devices, i / n) for i, devices in enumerate(tables)))
    deadline = time.perf_counter() + MISSING_AFTER
    everyone = [d for devices in tables for d in devices]
    while any(d.waiting for d in everyone) and time.perf_counter() < deadline:
        await asyncio.sleep(0.05)
    own, others, missing = [], [], 0
    per_table = len(tables[0])
    for tapper, expect in expects:
        table_of = tapper // per_table
        for d in tables[table_of]:
            seen = expect.seen.get(d.number)
            if seen is None or seen > MISSING_AFTER:
                missing += 1
            elif d.number == tapper:
                own.append(seen * 1000)
            else:
                others.append(seen * 1000)
    slowest = [(e.sent, max(e.seen.values(), default=MISSING_AFTER)) for _, e in expects]
    return Played(own, others, missing + len(skipped) * per_table, len(expects) + len(skipped), slowest)


class Run:
    """A server on a fresh data folder with `tables` Lost Cities games."""

    def __init__(self, tables: int, env: dict[str, str] | None = None):
        self.tmp = tempfile.TemporaryDirectory()
        self.data = Path(self.tmp.name) / "data"
        self.games = make_store(self.data, tables)
        self.server = Server(self.data)
        self.env = env

    def __enter__(self) -> Run:
        old = dict(os.environ)
        os.environ.update(self.env or {})
        try:
            self.server.start()
        finally:
            os.environ.clear()
            os.environ.update(old)
        self.proc = ServerProcess(self.server.proc.pid)
        self.ws = f"ws://127.0.0.1:{self.server.port}/ws"
        return self

    def __exit__(self, *exc) -> None:
        self.server.stop()
        self.tmp.cleanup()

    async def tables(self, count: int, devices: int) -> list[list[Device]]:
        routes = [f"/play/{g}" for g in self.games[:count] for _ in range(devices)]
        opened = await open_devices(self.ws, routes)
        return [opened[i * devices : (i + 1) * devices] for i in range(count)]

    def stored_cards(self, game_id: str) -> dict[str, list[int]]:
        record = self.server.stored_record(game_id)
        return {f"{p} {c}": sorted(e.get("cards", [])) for p in PLAYERS for c, e in record["rounds"][0][p].items()}


def report(title: str, played: Played, cpu: float, seconds: float, rss: float) -> None:
    print(title)
    print(f"  tapping device  {figures(played.own)}")
    print(f"  other devices   {figures(played.others)}")
    delivered = len(played.own) + len(played.others)
    print(f"  missing updates {played.missing} of {played.taps} taps × devices;  server CPU {cpu / seconds:5.0%}, memory {rss:.0f} MB")
    # The server's CPU time per update delivered to a device: what the machine's other load does not change.
    per_update = cpu * 1000 / max(1, delivered)
    print(f"  server CPU per device update {per_update:.1f} ms;  load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")


def local_sockets(sessions: int) -> dict[str, str]:
    """Every device of the club plays from this machine: the guard's share for its own browsers is raised."""
    return {"TABLESIDE_LOCAL_SOCKETS": str(max(64, sessions + 8))}


async def club(args) -> None:
    """`--processes` servers, each on its own data folder with its share of the tables (table i on server
    i mod N): sharding by game, as a proxy routing each game's prefix to its process would (docs/scaling.md)."""
    n = max(1, args.processes)
    shares = [len(range(i, args.tables, n)) for i in range(n)]
    runs = [Run(share, env=local_sockets(share * args.devices + args.closed)) for share in shares]
    for run in runs:
        run.__enter__()
    try:
        if args.closed:
            await closed_tabs(runs[0].ws, f"/play/{runs[0].games[0]}", args.closed)
        by_run = [await run.tables(share, args.devices) for run, share in zip(runs, shares, strict=True)]
        tables = [by_run[i % n][i // n] for i in range(args.tables)]  # table i on server i mod n
        for number, device in enumerate(d for devices in tables for d in devices):
            device.number = number  # play() finds a device's table by its number
        await asyncio.sleep(2)
        cpu0, t0, mine = [run.proc.cpu_seconds() for run in runs], time.perf_counter(), time.process_time()
        played = await play(tables, args.seconds)
        elapsed = time.perf_counter() - t0
        cpus = [run.proc.cpu_seconds() - c for run, c in zip(runs, cpu0, strict=True)]
        clients = (time.process_time() - mine) / elapsed
        title = f"{args.tables} tables × {args.devices} devices, 1 tap/s per table, {args.seconds} s"
        title += f", after {args.closed} closed tabs on table 1"
        if n > 1:
            title += f", on {n} server processes ({', '.join(map(str, shares))} tables)"
        report(title, played, sum(cpus), elapsed, sum(run.proc.rss_mb() for run in runs))
        if n > 1:
            print("  each process's CPU " + ", ".join(f"{c / elapsed:4.0%}" for c in cpus))
        # The devices are this process, on the server's machine: what they take is not the server's to use,
        # and a client loop near 100 % reads frames late (latencies then include its own queue).
        print(f"  the {args.tables * args.devices} simulated devices (this process) took {clients:.0%} of a core")
        for devices in tables:
            await asyncio.gather(*(d.close() for d in devices))
    finally:
        for run in runs:
            run.__exit__(None, None, None)


async def closed(args) -> None:
    for count in (0, args.closed):
        with Run(1, env=local_sockets(4 + count)) as run:
            if count:
                await closed_tabs(run.ws, f"/play/{run.games[0]}", count)
            tables = await run.tables(1, 4)
            await asyncio.sleep(2)
            cpu0, t0 = run.proc.cpu_seconds(), time.perf_counter()
            played = await play(tables, args.seconds)
            cpu, elapsed = run.proc.cpu_seconds() - cpu0, time.perf_counter() - t0
            report(f"1 table × 4 devices, {args.seconds} s, {count} closed tabs on it", played, cpu, elapsed, run.proc.rss_mb())
            await asyncio.gather(*(d.close() for d in tables[0]))


WAVE = 50  # sessions open at once in the memory scenario


async def memory(args) -> None:
    with Run(1) as run:
        await asyncio.sleep(2)
        idle = run.proc.rss_mb()
        first = (await run.tables(1, 1))[0]  # one screen drawn, as after the first visitor
        await first[0].close()
        await asyncio.sleep(2)
        warmed = run.proc.rss_mb()
        # In waves: the guard lets this machine hold MAX_LOCAL_SOCKETS at once (its own browsers), so
        # 100 sessions come as two of 50; Flet keeps each session a while after its socket closed.
        open_ = 0.0
        for wave in range(0, args.sessions, WAVE):
            devices = await open_devices(run.ws, [f"/play/{run.games[0]}"] * min(WAVE, args.sessions - wave))
            await asyncio.sleep(2)
            open_ = max(open_, run.proc.rss_mb())
            await asyncio.gather(*(d.close() for d in devices))
        await asyncio.sleep(args.wait)
        after = run.proc.rss_mb()
        at_once = min(WAVE, args.sessions)
        print(f"server memory: idle {idle:.0f} MB, after one play screen {warmed:.0f} MB, {at_once} play screens open {open_:.0f} MB")
        print(f"  ({(open_ - warmed) / at_once:.2f} MB per session), {args.wait} s after they left {after:.0f} MB")
        print(f"  ({(after - warmed) / warmed:+.0%} of the server after one screen)")


def finished_records(games: int) -> list[dict]:
    """`games` finished games, as an export holds them (the generators also make games still in progress)."""
    from bench.history import records

    made = [r for r in records(games * 2) if scoring.score(r).decided]
    assert len(made) >= games, "the generators made too few finished games"
    return made[:games]


def import_file(path: Path, games: int) -> None:
    path.write_text(json.dumps(finished_records(games)))


async def importing(args) -> None:
    with Run(1) as run:
        big = run.data.parent / "club-import.json"
        import_file(big, args.games)
        tables = await run.tables(1, 4)
        importer = await ImportScreen.open(run.ws)
        await asyncio.sleep(2)
        cpu0, t0 = run.proc.cpu_seconds(), time.perf_counter()
        game = asyncio.create_task(play(tables, args.seconds))
        await asyncio.sleep(2)
        started = time.perf_counter()
        took = await importer.import_(big)
        played = await game
        cpu, elapsed = run.proc.cpu_seconds() - cpu0, time.perf_counter() - t0
        report(f"1 table × 4 devices, {args.seconds} s, a {args.games}-game import during it", played, cpu, elapsed, run.proc.rss_mb())
        print(f"  the import: {took:.1f} s from the file handed over to 'Imported' on its screen")
        print("  its steps, s after the file was chosen: " + ", ".join(f"{step} {t - started:.1f}" for step, t in importer.steps))
        late = [(sent - started, worst) for sent, worst in played.slowest if worst > 0.3]
        shown = ", ".join(f"{a:.1f}: {b:.2f}" for a, b in late) or "none"
        print(f"  taps whose slowest update took over 300 ms (sent at s, took s): {shown}")
        await importer.close()
        await asyncio.gather(*(d.close() for d in tables[0]))


class ImportScreen:
    """A session on /transfer that hands the server a file as the browser does (Client.hand_over: a signed upload)."""

    def __init__(self, client: Client, http_url: str):
        self.client = client
        self.http_url = http_url
        self.steps: list[tuple[str, float]] = []  # what happened when (perf_counter)

    @classmethod
    async def open(cls, ws_url: str) -> ImportScreen:
        client = await Client.open(ws_url, route="/transfer")
        return cls(client, ws_url.replace("ws://", "http://").removesuffix("/ws"))

    async def import_(self, path: Path) -> float:
        """From the file handed over to 'Imported' on the screen, in seconds."""
        client = self.client
        started = time.perf_counter()
        status = await client.hand_over(self.http_url, path.name, path.read_bytes())
        assert status == 200, f"the upload was refused: HTTP {status}"
        self.steps.append(("uploaded", time.perf_counter()))
        await client.until(lambda m: any(d.get("_c") == "AlertDialog" for d in walk(m)), 300)
        self.steps.append(("checked (asks)", time.perf_counter()))
        dialog = [d for d in walk(client.received) if d.get("_c") == "AlertDialog"][-1]
        confirm = next(a for a in dialog["actions"] if a.get("_c") == "FilledButton")
        await client.ws.send(pack(CONTROL_EVENT, {"target": confirm["_i"], "name": "click", "data": None}))
        await client.until(lambda m: any("Imported " in t or "nothing imported" in t.lower() for t in strings(m)), 300)
        self.steps.append(("imported", time.perf_counter()))
        return time.perf_counter() - started

    async def close(self) -> None:
        await self.client.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="scenario", required=True)
    c = sub.add_parser("club")
    c.add_argument("--tables", type=int, default=10)
    c.add_argument("--devices", type=int, default=4)
    c.add_argument("--seconds", type=int, default=60)
    c.add_argument("--closed", type=int, default=40)
    c.add_argument("--processes", type=int, default=1, help="server processes, the tables shared out among them")
    k = sub.add_parser("closed")
    k.add_argument("--closed", type=int, default=100)
    k.add_argument("--seconds", type=int, default=30)
    m = sub.add_parser("memory")
    m.add_argument("--sessions", type=int, default=100)
    m.add_argument("--wait", type=int, default=30)
    i = sub.add_parser("import")
    i.add_argument("--games", type=int, default=10_000)
    i.add_argument("--seconds", type=int, default=60)
    args = parser.parse_args()
    scenario = {"club": club, "closed": closed, "memory": memory, "import": importing}[args.scenario]
    asyncio.run(scenario(args))


if __name__ == "__main__":
    main()
