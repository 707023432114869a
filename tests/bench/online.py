"""Remote play under load (docs/architecture.md#memory-and-speed): many games at once through one
Mosquitto on this machine, as the tests start it (127.0.0.1, the configuration `arbiter
broker` writes, the dealer beside it).

    .venv/bin/python tests/bench/online.py [--games 50] [--plies 40] [--watchers 10] [--workers 5]

Every game is two players, each its own MQTT connection and thread (the games take turns
through the five games), the games shared out among a few processes; the watchers follow
games read-only. Each move is made by the computer (level 1)
and timed from the moment it is made on one side to the moment the other side shows it.
Prints: moves made, moves shown (each exactly once on the other side, and on each watcher),
records equal, latency median / 95th percentile / worst, overall and by game. Bounded: each
game stops after --plies plies, and the whole run after --seconds. Figures only."""
import argparse
import multiprocessing
import os
import statistics
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path[:0] = [ROOT]

from host_tools.online import protocol  # noqa: E402
from host_tools.online.session import Session  # noqa: E402
from tests.online_kit import Kit, choose, player, pump_until  # noqa: E402

GAMES = ("morbak", "mabula", "fursaz", "mano", "masbrur")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--plies", type=int, default=40)
    ap.add_argument("--watchers", type=int, default=10)
    ap.add_argument("--seconds", type=float, default=300.0)
    ap.add_argument("--workers", type=int, default=5, help="processes the games are shared among")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="arbiter-bench-online-") as folder:
        kit = Kit(folder)
        kit.setup.users = tuple("p%d" % i for i in range(2 * args.games))
        kit.start()
        kit.start_dealer()
        try:
            run(kit, args)
        finally:
            kit.close()


def run(kit, args):
    """The games shared out among --workers processes (players in other homes run their own
    programs; one process for all would measure Python's threads taking turns)."""
    ctx = multiprocessing.get_context("fork")
    results = ctx.Queue()
    procs = []
    for w in range(args.workers):
        mine = [i for i in range(args.games) if i % args.workers == w]
        watchers = [i for i in range(args.watchers) if i % args.workers == w]
        procs.append(ctx.Process(target=worker, args=(kit, args, mine, watchers, results)))
    t0 = time.monotonic()
    for p in procs:
        p.start()
    got = [results.get(timeout=args.seconds + 120) for _ in procs]
    for p in procs:
        p.join(10)
    total = {"made": 0, "plies": 0, "twice": 0, "missing": 0, "equal": 0, "stopped": 0,
             "latency": {n: [] for n in GAMES}, "watch": [], "elapsed": 0.0, "games": 0}
    for r in got:
        for k in ("made", "plies", "twice", "missing", "equal", "stopped", "games"):
            total[k] += r[k]
        for n in GAMES:
            total["latency"][n] += r["latency"][n]
        total["watch"] += r["watch"]
        total["elapsed"] = max(total["elapsed"], r["elapsed"])
    print("%d games (%s) in %d processes, %d players, %d watchers, %.1f s in all"
          % (total["games"], ", ".join(n for n in GAMES), args.workers, 2 * total["games"],
             args.watchers, time.monotonic() - t0))
    report(total)


def worker(kit, args, indices, watch_indices, results):
    kit.links = []
    games = []
    for i in indices:
        code = protocol.new_code()
        a = player(kit, "p%d" % (2 * i), code)
        a.create(GAMES[i % len(GAMES)], {}, 0)
        b = player(kit, "p%d" % (2 * i + 1), code)
        b.join()
        games.append((code, GAMES[i % len(GAMES)], a, b))
    sessions = [s for g in games for s in g[2:]]
    pump_until(sessions, lambda: all(s.started() for s in sessions), 120)
    watchers = []
    for i in watch_indices:
        w = Session(kit.link(None), games[(i // args.workers) % len(games)][0])
        w.link.connect()
        w.watch()
        watchers.append(w)
    pump_until(watchers, lambda: all(w.started() for w in watchers), 60)

    made = {}        # (code, ply) -> time the move was made
    shown = {}       # (id(session), ply) -> times it was shown there
    latency = {n: [] for n in GAMES}
    watch_latency = []
    kind = {g[0]: g[1] for g in games}
    lock = threading.Lock()
    start = time.monotonic()
    deadline = start + args.seconds

    def note(s, events):
        now = time.monotonic()
        with lock:
            for ev in events:
                if ev[0] != "move":
                    continue
                entry, mine = ev[1], ev[2]
                key = (id(s), entry.ply)
                shown[key] = shown.get(key, 0) + 1
                t = made.get((s.code, entry.ply))
                if not mine and t is not None:
                    ms = (now - t) * 1000
                    (watch_latency if s.seat is None else latency[kind[s.code]]).append(ms)

    def side(s):
        """One player or watcher in its own thread: it waits for what arrives and, on its
        turn, has the computer move."""
        def finished():
            if s.seat is None:
                return time.monotonic() > stop_watching[0]
            return s.ended or s.stopped or len(s.mirror.record) >= args.plies
        while time.monotonic() < deadline and not finished():
            note(s, s.pump(0.02))
            if s.seat is not None and s.my_turn() and len(s.mirror.record) < args.plies:
                move = choose(s)
                with lock:
                    made[(s.code, s.mirror.next_ply())] = time.monotonic()
                note(s, s.play(move))

    stop_watching = [deadline]
    threads = [threading.Thread(target=side, args=(s,), daemon=True) for s in sessions]
    watching = [threading.Thread(target=side, args=(w,), daemon=True) for w in watchers]
    for t in threads + watching:
        t.start()
    for t in threads:
        t.join()
    elapsed = time.monotonic() - start
    stop_watching[0] = time.monotonic() + 1.0    # the watchers see the last moves
    for t in watching:
        t.join()
    missing = 0
    for s in sessions + watchers:
        missing += sum(1 for p in range(1, len(s.mirror.record) + 1) if (id(s), p) not in shown)
    results.put({
        "games": len(games), "made": len(made), "elapsed": elapsed,
        "plies": sum(len(g[2].mirror.record) for g in games),
        "twice": sum(1 for n in shown.values() if n != 1), "missing": missing,
        "equal": sum(1 for g in games if [(e.ply, e.move, e.digest) for e in g[2].mirror.record]
                     == [(e.ply, e.move, e.digest) for e in g[3].mirror.record]),
        "stopped": sum(1 for g in games if g[2].stopped or g[3].stopped),
        "latency": latency, "watch": watch_latency})
    for link in kit.links:
        link.close(clean=False)


def _figures(values):
    if not values:
        return "no moves"
    v = sorted(values)
    p95 = v[min(len(v) - 1, int(len(v) * 0.95))]
    return "median %6.1f ms   95%% %6.1f ms   worst %6.1f ms   (%d moves)" % (
        statistics.median(v), p95, v[-1], len(v))


def report(t):
    print("moves made: %d in %.1f s (%.0f a second through the broker)"
          % (t["made"], t["elapsed"], t["made"] / t["elapsed"] if t["elapsed"] else 0))
    print("moves agreed on both sides: %d; shown more than once: %d; never shown: %d"
          % (t["plies"], t["twice"], t["missing"]))
    print("games whose two records are equal: %d of %d; stopped on a disagreement: %d"
          % (t["equal"], t["games"], t["stopped"]))
    print("move made -> shown on the other side:")
    print("  all games      %s" % _figures([x for v in t["latency"].values() for x in v]))
    for n in GAMES:
        print("  %-14s %s" % (n, _figures(t["latency"][n])))
    print("  watchers       %s" % _figures(t["watch"]))
    print("goal on the loopback: median <= 100 ms, worst <= 500 ms")


if __name__ == "__main__":
    main()
