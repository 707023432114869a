"""The native twins against their portable twins on the board itself
(docs/architecture.md#native-code;
run on the emulated Pico by tests/test_pico_native.py; this file is sent as code).

Prefixed by the sender with ``SEED`` and ``ROUNDS``. For each twin: whether the native one
is the one in use here, and ``ROUNDS`` random inputs run through both, which must give the
same results (a whole game counts as six). Prints one JSON line: {twin: {"native": bool,
"checked": rounds, "differ": [the first inputs that gave different results]}}."""
import json
import micropython
import sys

from firmware.rules import Rng


def _bytes(rng, n, below=256):
    b = bytearray(n)
    for i in range(n):
        b[i] = rng.below(below)
    return b


def leds_to_wire(rng, rounds):
    from array import array
    from firmware.hal import leds
    differ = []
    for r in range(rounds):
        n = 3 * (1 + rng.below(64))
        frame, lut = _bytes(rng, n), _bytes(rng, 256)
        dst = array("H", [rng.below(n) for _ in range(n)])
        a, b = bytearray(n), bytearray(n)
        leds.to_wire(frame, lut, dst, a, n)
        leds._to_wire(frame, lut, dst, b, n)
        if a != b and len(differ) < 3:
            differ.append([r, n])
    return leds._to_wire is not leds.to_wire, differ


class _Matrix:
    """Rows driven, columns read, as the key matrix's fake pins: ``down[r][c]``."""

    def __init__(self):
        self.down = [bytearray(7) for _ in range(7)]
        self.row = -1
        self.rows = [_Pin(self, r, True) for r in range(7)]
        self.cols = [_Pin(self, c, False) for c in range(7)]
        self.extra = [_Pin(self, -1, False), _Pin(self, -1, False)]


class _Pin:
    def __init__(self, m, i, out):
        self.m, self.i, self.out, self.held = m, i, out, 0

    def value(self, v=None):
        if self.out:
            if v == 0:
                self.m.row = self.i
            return 1
        if self.i < 0:
            return 0 if self.held else 1
        return 0 if self.m.row >= 0 and self.m.down[self.m.row][self.i] else 1


def keys_scan(rng, rounds):
    from firmware.hal import keys
    differ = []
    for r in range(rounds // 2 + 1):   # 80 scans each
        made = []
        for _ in range(2):
            m = _Matrix()
            made.append((m, keys.KeyMatrix(m.rows, m.cols, m.extra, settle_us=0,
                                           debounce=1 + r % 4, long_ms=40,
                                           sleep_us=lambda us: None)))
        seed = rng.next32()
        got = []
        for (m, km), scan in zip(made, (keys.scan, keys._scan)):
            flips = Rng(seed)
            events = []
            for t in range(40):
                for _ in range(flips.below(3)):
                    k = flips.below(51)
                    if k < 49:
                        m.down[k // 7][k % 7] ^= 1
                    else:
                        m.extra[k - 49].held ^= 1
                if scan is keys._scan and t == 20:
                    micropython.heap_lock()      # a scan allocates nothing
                    try:
                        scan(km, 5 * t)
                    finally:
                        micropython.heap_unlock()
                else:
                    scan(km, 5 * t)
                events.append(km.take_events())
            got.append((events, bytes(km._stable), bytes(km._differ)))
        if got[0] != got[1] and len(differ) < 3:
            differ.append([r, seed])
    return keys._scan is not keys.scan, differ


def fursaz_nearest(rng, rounds):
    from firmware.rules import fursaz
    differ = []
    for r in range(rounds):
        g = fursaz._geo((5, 7)[r % 2])
        col = bytearray(g.n)
        for p in range(g.n):
            col[p] = rng.below(3) if rng.below(3) else 0
        a, b = bytearray(6 * g.n), bytearray(6 * g.n)
        fursaz.nearest_fill(g.ray, g.ray_at, a, col, g.edges)
        fursaz._nearest_fill(g.ray, g.ray_at, b, col, g.edges)
        if a != b and len(differ) < 3:
            differ.append([r, bytes(col)])
    return fursaz._nearest_fill is not fursaz.nearest_fill, differ


def _fursaz_board(rng, fursaz, size):
    """A random board of Fursaz's tables: colours, stamps, the nearest-stone table."""
    from array import array
    g = fursaz._geo(size)
    col = bytearray(g.n)
    st = array("I", range(g.n))
    for p in range(g.n):
        col[p] = rng.below(3) if rng.below(2) else 0
        st[p] = rng.below(1000)
    dist = bytearray(6 * g.n)
    fursaz.nearest_fill(g.ray, g.ray_at, dist, col, g.edges)
    return g, col, st, dist


def fursaz_flanks(rng, rounds):
    """capturable on every stone, quiet_after on every empty point, quiet_points on the
    whole board, settles (four rounds) from every fifth empty point, suspect from every
    third point of random boards."""
    from array import array
    from firmware.rules import fursaz
    differ = []
    for r in range(rounds):
        g, col, st, dist = _fursaz_board(rng, fursaz, (5, 7)[r % 2])
        for x in range(g.n):
            if col[x]:
                a = fursaz.capturable(g.pair, g.pair_at, col, st, x)
                b = fursaz._capturable_in(g.pair, g.pair_at, col, st, x)
            else:
                col[x] = 1 + rng.below(2)
                st[x] = 1000
                a = fursaz.quiet_after(g.ray, g.ray_at, col, st, x, dist)
                b = fursaz._quiet_after_in(g.ray, g.ray_at, col, st, x, dist)
                col[x] = 0
            if a != b and len(differ) < 3:
                differ.append([r, x, bytes(col)])
        quiet = [bytearray(g.n), bytearray(g.n)]
        mover = 1 + rng.below(2)
        for fn, q in ((fursaz.quiet_points, quiet[0]), (fursaz._quiet_points, quiet[1])):
            fn(g.ray, g.ray_at, col, st, mover, 1000, dist, q)
        if quiet[0] != quiet[1] and len(differ) < 3:
            differ.append([r, "quiet_points", bytes(col)])
        for x in range(0, g.n, 5):
            if col[x]:
                continue
            got = []
            for fn in (fursaz.settles, fursaz._settles):
                c, t = bytearray(col), array("I", st)
                c[x] = mover
                t[x] = 1000
                log = bytearray((0, 8, 4 * g.n)[x % 3])   # none, too short, room
                ok = fn(g.ray, g.ray_at, g.pair, g.pair_at, c, t, 1001, x, mover,
                        bytearray(g.n), bytearray(g.n), 4, log)
                got.append((ok, bytes(c), list(t), bytes(log) if ok else None))
            if got[0] != got[1] and len(differ) < 3:
                differ.append([r, "settles", x, bytes(col)])
        for run in (True, False):
            lands = [bytearray(g.n), _bytes(rng, g.n, 3)]
            fursaz.land_fill(g.ray, g.ray_at, g.pair, g.pair_at, col, run, lands[0])
            fursaz._land_fill(g.ray, g.ray_at, g.pair, g.pair_at, col, run, lands[1])
            if lands[0] != lands[1] and len(differ) < 3:
                differ.append([r, "land_fill", run, bytes(col)])
        for x in range(0, g.n, 3):
            got = []
            for fn in (fursaz.suspect, fursaz._suspect):
                mark = bytearray(g.n)
                mark[x // 2] = 1
                sus = [x // 2]
                fn(g.ray, g.ray_at, col, x, sus, mark)
                got.append((sus, bytes(mark)))
            if got[0] != got[1] and len(differ) < 3:
                differ.append([r, "suspect", x, bytes(col)])
    native = (fursaz._capturable_in is not fursaz.capturable
              and fursaz._suspect is not fursaz.suspect
              and fursaz._land_fill is not fursaz.land_fill)
    return (native and fursaz._quiet_after_in is not fursaz.quiet_after
            and fursaz._quiet_points is not fursaz.quiet_points
            and fursaz._settles is not None), differ


def fursaz_games(rng, rounds):
    """Whole random games of size 5, each played with the native twins and again with the
    portable ones: the same legal moves at every ply, the same forced passes and resolution
    of the placement played at every third ply and where a pass is the only move, the same
    position and result at the end."""
    from firmware.rules import fursaz
    fursaz._geo(5)                        # the twins are bound with the first geometry
    names = ("_nearest_fill", "_capturable_in", "_quiet_after_in", "_quiet_points", "_suspect",
             "_settles", "_land_fill")
    native = [getattr(fursaz, n) for n in names]
    portable = [fursaz.nearest_fill, fursaz.capturable, fursaz.quiet_after, fursaz.quiet_points,
                fursaz.suspect, fursaz.settles, fursaz.land_fill]
    differ = []
    for r in range(max(1, rounds // 6)):
        seed = rng.next32()
        got = []
        for twins in (native, portable):
            for n, f in zip(names, twins):
                setattr(fursaz, n, f)
            moves = Rng(seed)
            s = fursaz.new_game({"size": 5})
            trail = []
            while not fursaz.is_over(s):
                legal = fursaz.legal_moves(s)
                m = legal[moves.below(len(legal))]
                if len(trail) % 3 and len(legal) > 1:
                    trail.append(len(legal))
                else:
                    trail.append((len(legal), fursaz.only_pass(s), m in ("pass", "swap")
                                  or fursaz.resolution(s, m)))
                s = fursaz.play(s, m)
            got.append((trail, fursaz.to_text(s), fursaz.result(s), fursaz.territory(s)))
        for n, f in zip(names, native):
            setattr(fursaz, n, f)
        if got[0] != got[1] and len(differ) < 3:
            differ.append([r, seed])
    return fursaz._capturable_in is not fursaz.capturable, differ


def fursaz_judge(rng, rounds):
    """The Fursaz opponent's judge on random boards, both territory rules: flanks_in, and
    placed_in from every empty point; flipped_in from every third empty point, with a
    random quarter of the stones flipped."""
    from firmware.ai import fursaz_judge as fj
    from firmware.rules import fursaz
    differ = []
    for r in range(rounds):
        g, col, st, dist = _fursaz_board(rng, fursaz, (5, 7)[r % 2])
        for run in (0, 1):
            flank = [bytearray(g.n), bytearray(g.n)]
            got = [f(g.ray, g.ray_at, col, dist, run, b)
                   for f, b in zip((fj.flanks_in, fj._flanks_in), flank)]
            if (got[0] != got[1] or flank[0] != flank[1]) and len(differ) < 3:
                differ.append([r, "flanks_in", run, bytes(col)])
            for p in range(g.n):
                if not col[p]:
                    mover = 1 + rng.below(2)
                    got = [f(g.ray, g.ray_at, col, dist, run, flank[0], p, mover)
                           for f in (fj.placed_in, fj._placed_in)]
                    if got[0] != got[1] and len(differ) < 3:
                        differ.append([r, "placed_in", run, p, bytes(col)])
                    if p % 3:
                        continue
                    now = bytearray(col)
                    now[p] = mover
                    for x in range(g.n):
                        if col[x] and rng.below(4) == 0:
                            now[x] = 3 - col[x]
                    marks = [bytearray(g.n), bytearray(g.n)]
                    got = [f(g.ray, g.ray_at, col, now, run, flank[0], m, p)
                           for f, m in zip((fj.flipped_in, fj._flipped_in), marks)]
                    if (got[0] != got[1] or any(marks[0]) or any(marks[1])) \
                            and len(differ) < 3:
                        differ.append([r, "flipped_in", run, p, bytes(col), bytes(now)])
    return fj._placed_in is not fj.placed_in and fj._flanks_in is not fj.flanks_in \
        and fj._flipped_in is not fj.flipped_in, differ


def fursaz_judge_games(rng, rounds):
    """Whole random games of size 5, both territory rules: the judge's margin of every
    position, and of every placement at every sixth ply, equals the one rules.result
    gives."""
    from firmware.ai.fursaz_judge import Judge
    from firmware.rules import fursaz
    differ = []
    for r in range(max(1, rounds // 6)):
        seed = rng.next32()
        options = {"size": 5, "territory": ("run", "midpoint")[r % 2]}
        judge = Judge(5)
        moves = Rng(seed)
        s = fursaz.new_game(options)
        ply = 0
        while True:
            legal = fursaz.legal_moves(s)
            got = [judge.margin(s)]
            want = [s]
            judge.start(s, legal)
            for i in range(len(legal)) if ply % 6 == 0 else ():
                m = legal[i]
                if m != "pass" and m != "swap":
                    got.append(judge.placed(i))
                    want.append(fursaz.play(s, m))
            for i in range(len(want)):
                scores = fursaz.result(want[i])["scores"]
                black = fursaz.sides(want[i])[1]
                want[i] = scores[black] - scores[1 - black]
            if got != want and len(differ) < 3:
                differ.append([r, seed, fursaz.to_text(s)])
            if fursaz.is_over(s):
                break
            pick = legal[moves.below(len(legal))]
            if pick == "pass" and ply < 30 and len(legal) > 2:   # the board fills, cascades come
                pick = legal[moves.below(len(legal) - 1)]
            s = fursaz.play(s, pick)
            ply += 1
    from firmware.ai import fursaz_judge as fj
    return fj._placed_in is not fj.placed_in, differ


def masbrur_witness(rng, rounds):
    """The attack search on random hands of 6 to 20 tiles, ten per round."""
    from firmware.rules import masbrur_attack as ma
    ma.load_twins()
    tiles = [a * 8 + b for a in range(8) for b in range(a, 8)]
    differ = []
    for r in range(10 * rounds):
        rng.shuffle(tiles)
        hand = tiles[:6 + rng.below(15)]
        got = []
        for search in (ma._witness, ma.witness_in):
            got.append(search(ma.work(hand), len(hand)))
        if got[0] != got[1] and len(differ) < 3:
            differ.append([r, hand, got])
    return ma._witness is not ma.witness_in, differ


def masbrur_plus(rng, rounds):
    """The equipment phase's move lists of whole random games (every third such ply: their
    pushes, wall pairs, +A bits and counts), from the native twins and the portable ones."""
    from firmware.rules import masbrur, masbrur_attack as ma
    ma.load_twins()
    native = ma._turn_codes, ma._plus_bits
    differ = []

    def made(moves):
        return (len(moves), bytes(moves._plus), bytes(moves._codes), list(moves._at),
                bytes(moves._pairs), list(moves._first), list(moves._bit))

    for r in range(max(1, rounds // 6)):
        seed = rng.next32()
        moves = Rng(seed)
        s = masbrur.new_game({"rounds": 4}, seed)
        ply = 0
        while not masbrur.is_over(s):
            legal = masbrur.legal_moves(s)
            if s.phase == "equipment" and ply % 3 == 0:
                ma._turn_codes, ma._plus_bits = ma.turn_codes, ma.plus_bits
                portable = masbrur.legal_moves(s)
                ma._turn_codes, ma._plus_bits = native
                if made(legal) != made(portable) and len(differ) < 3:
                    differ.append([r, seed, ply])
            ply += 1
            s = masbrur.play(s, legal[moves.below(len(legal))])
    return native[0] is not ma.turn_codes and native[1] is not ma.plus_bits, differ


def masbrur_fits(rng, rounds):
    """The selection search's fit tests, community bound, fillings, runs, shape tables and
    shape-set search on random hands, uses, needs, shape sets, walls, floors and move texts,
    ten per round, and the reference selection of a hand of eight per round, through both twins
    (masbrur_search_native's in use)."""
    from array import array
    from firmware import native as loader
    from firmware.rules import masbrur_search as ms, masbrur_search_portable as mp
    tiles = [a * 8 + b for a in range(8) for b in range(a, 8)]
    ms.best_selection(tiles[:6], [], "formation", "pips")    # binds the twin
    nat = loader.load("firmware.rules.masbrur_search_native")
    native, native_room, native_sets = nat.fits_in, ms._room_in, ms._fits_sets
    native_runs, native_fills, native_tables = ms._runs_in, ms._fills_in, ms._tables_in
    native_search, native_plan = ms._sets_in, ms._plan_in
    differ = []
    for r in range(rounds):
        for _ in range(10):
            rng.shuffle(tiles)
            n = 6 + rng.below(12)
            lo = bytes([t >> 3 for t in tiles[:n]])
            hi = bytes([t & 7 for t in tiles[:n]])
            used = (bytearray(n), bytearray(n))
            for i in range(n):
                row = rng.below(4)
                if row < 2:
                    used[row][i] = 1 + (hi[i] if rng.below(2) else lo[i])
            need = bytearray([rng.below(3) for _ in range(16)])
            heavy = bytes(sorted(range(n), key=lambda i: -(lo[i] + hi[i])))
            got = [(fits(lo, hi, n, used[0], used[1], need, ms.work()),
                    room(lo, hi, n, heavy, used[0], used[1], need, pips, ms.work()))
                   for fits, room in ((native, native_room), (mp.fits_in, mp.room_in))
                   for pips in (True, False)]
            if (got[0], got[1]) != (got[2], got[3]) and len(differ) < 3:
                differ.append([r, tiles[:n], bytes(used[0]), bytes(used[1]), bytes(need)])
            got = [ms.work(), ms.work()]
            native_runs(lo, hi, n, got[0])
            mp.runs_in(lo, hi, n, got[1])
            if got[0] != got[1] and len(differ) < 3:
                differ.append([r, tiles[:n], "runs"])
            h = ms._Hand(sorted(tiles[:n]))
            shapes = ms.shapes_of(h)
            got = []
            for tables in (native_tables, mp.tables_in):
                made = [bytearray(16 * len(shapes))] + [bytearray(len(shapes)) for _ in "sbzc"]
                tables(array("H", shapes), len(shapes), *made)
                got.append(made)
            if got[0] != got[1] and len(differ) < 3:
                differ.append([r, tiles[:n], "tables"])
            sneed = ms.needs(shapes)
            k = len(sneed) // 16
            # Two or three shapes, or (none listed: 255) the values in ``need``.
            sets = [rng.below(k), rng.below(k), 255 if rng.below(2) else rng.below(k)] \
                if k and rng.below(4) else [255, 0, 0]
            got = [fits_sets(h.lo, h.hi, n, h.free, h.cnt, sneed, sets[0], sets[1], sets[2],
                             bytearray(need), ms.work())
                   for fits_sets in (native_sets, mp.fits_sets)]
            if got[0] != got[1] and len(differ) < 3:
                differ.append([r, tiles[:n], sets])
            # The shape sets reaching the best vector over a random wall's blocker cases.
            wall = tiles[n:n + rng.below(3)]
            tab = ms._Shapes(shapes)
            got = []
            for sets_in in (native_search, mp.sets_in):
                st = array("i", [-1, 0, 0, 0, 0, 0, 64])
                out = bytearray(3 * 64)
                for case in ms._cases(wall):
                    st[2], st[3], st[4], st[5] = case[0], int(case[1]), int(case[2]), case[3]
                    sets_in(h.lo, h.hi, n, h.free, h.cnt, tab.sneed, tab.strength, tab.bv,
                            tab.zh, tab.chain, len(shapes), st, out, bytearray(16), ms.work(),
                            bytearray(4 * len(shapes)))
                got.append((list(st), bytes(out[:3 * st[1]])))
            if got[0] != got[1] and len(differ) < 3:
                differ.append([r, tiles[:n], wall, "sets"])
            # Every filling of one to three shapes (tried in a random order), with a random
            # community measure, floor and move text to stay under.
            picked = [shapes[rng.below(len(shapes))] for _ in range(1 + rng.below(3))]
            gain = (None, "pips", "count")[rng.below(3)]
            floor = rng.below(9) - 4
            beat = None
            if rng.below(2):            # a filling's text: those after it are cut
                ms._fills_in, ms._plan_in = mp.fills_in, mp.plan_in
                for forms, part in ms._fills(h, picked, gain, [floor]):
                    beat = ms._canonical(forms)[0]
                    if rng.below(2):
                        break
            got = []
            for twins in ((native_fills, native_plan), (mp.fills_in, mp.plan_in)):
                ms._fills_in, ms._plan_in = twins
                found = []
                for forms, part in ms._fills(h, picked, gain, [floor], beat):
                    found.append((ms._canonical(forms)[0], part))
                    if len(found) == 40:    # (a hand's fillings can be thousands)
                        break
                got.append(found)
            ms._fills_in, ms._plan_in = native_fills, native_plan
            if got[0] != got[1] and len(differ) < 3:
                differ.append([r, tiles[:n], picked, gain, "fills"])
        rng.shuffle(tiles)
        got = []
        for twins in ((native_room, native_sets, native_runs, native_fills, native_tables,
                       native_search, native_plan),
                      (mp.room_in, mp.fits_sets, mp.runs_in, mp.fills_in, mp.tables_in,
                       mp.sets_in, mp.plan_in)):
            ms._room_in, ms._fits_sets, ms._runs_in, ms._fills_in, ms._tables_in, \
                ms._sets_in, ms._plan_in = twins
            got.append(ms.best_selection(tiles[:8], tiles[8:10], "formation", "pips")[0])
        ms._room_in, ms._fits_sets, ms._runs_in, ms._fills_in, ms._tables_in, ms._sets_in, \
            ms._plan_in = native_room, native_sets, native_runs, native_fills, native_tables, \
            native_search, native_plan
        if got[0] != got[1] and len(differ) < 3:
            differ.append([r, tiles[:10]])
    return (native_room is nat.room_in and native_sets is nat.fits_sets
            and native_runs is nat.runs_in and native_fills is nat.fills_in
            and native_tables is nat.tables_in and native_search is nat.sets_in
            and native_plan is nat.plan_in), differ


def masbrur_select(rng, rounds):
    """The playout's formations (firmware/ai/masbrur_playout.py) on random hands of 1 to 20
    tiles, ten per round, random community measures and blocking values to avoid: the
    buffers and the score, both twins."""
    from array import array
    from firmware.ai import masbrur_playout as mp
    tiles = [a * 8 + b for a in range(8) for b in range(a, 8)]
    differ = []
    for r in range(10 * rounds):
        rng.shuffle(tiles)
        n = 1 + rng.below(20)
        flags = rng.below(4) | rng.below(512) << 2
        got = []
        for select in (mp._select, mp.select_in):
            w = bytearray(mp.W_SIZE)
            m = array("I", bytes(4 * mp.M_SIZE))
            for i in range(n):
                w[i] = tiles[i] >> 3
                w[24 + i] = tiles[i] & 7
            got.append((select(w, m, n, flags), bytes(w), list(m)))
        if got[0] != got[1] and len(differ) < 3:
            differ.append([r, tiles[:n], flags])
    return mp._select is not mp.select_in, differ


def stone_differences(rng, rounds):
    from firmware.app.games import fursaz_stone
    differ = []
    for r in range(rounds):
        n = 1 + rng.below(127)
        seen, target = _bytes(rng, n, 4), _bytes(rng, n, 4)
        for i in range(n):
            if rng.below(2):
                target[i] = seen[i]    # mostly alike, as a board reads
        a, b = _bytes(rng, n), _bytes(rng, n)
        got = (fursaz_stone.differences(seen, bytes(target), a, n),
               fursaz_stone._differences(seen, bytes(target), b, n))
        if (a != b or got[0] != got[1]) and len(differ) < 3:
            differ.append([r, n])
    return fursaz_stone._differences is not fursaz_stone.differences, differ


def stone_paint(rng, rounds):
    from firmware.app.games import fursaz_stone
    differ = []
    for r in range(rounds):
        n = 1 + rng.below(127)
        cells, palette = _bytes(rng, n, 3), _bytes(rng, 9)
        a, b = _bytes(rng, 3 * n), _bytes(rng, 3 * n)
        fursaz_stone.paint(a, cells, palette, n)
        fursaz_stone._paint(b, cells, palette, n)
        if a != b and len(differ) < 3:
            differ.append([r, n])
    return fursaz_stone._paint is not fursaz_stone.paint, differ


def tile_track(rng, rounds):
    """The tile board's readings of random frames (contacts 0-9, mostly tiles), where
    random tracks differ from random lines (mostly alike, a refused tile on a slot), and
    its bars (render.bar) of random lengths, fractions and colours."""
    from firmware.app.games import mano_tile
    differ = []
    for r in range(rounds):
        n = 1 + rng.below(64)
        frame = bytearray(2 * n)
        for i in range(2 * n):
            frame[i] = rng.below(10) if rng.below(4) == 0 else rng.below(8) | 8 * rng.below(2)
        a, b = _bytes(rng, n), _bytes(rng, n)
        mano_tile.keys_in(bytes(frame), a, n)
        mano_tile._keys_in(bytes(frame), b, n)
        expect = bytearray(a)
        for i in range(n):
            if rng.below(3) == 0:
                expect[i] = (255, 253, 254, rng.below(64))[rng.below(4)]
        refused = -1 if rng.below(3) == 0 else rng.below(n) * 256 + rng.below(256)
        if refused >= 0 and rng.below(2):
            refused = refused & ~255 | a[refused >> 8]
            expect[refused >> 8] = 255
        w = [_bytes(rng, n), _bytes(rng, n)]
        got = [mano_tile.diff_in(expect, a, w[0], n, refused),
               mano_tile._diff_in(expect, a, w[1], n, refused)]
        if (a != b or w[0] != w[1] or got[0] != got[1]) and len(differ) < 3:
            differ.append([r, bytes(frame), bytes(expect), refused])
    from firmware.app.core import render
    for r in range(rounds):
        cells = 1 + rng.below(20)
        args = (rng.below(4), cells, rng.below(300) - 20, rng.below(1 << (4 * rng.below(8))) - 5,
                (rng.below(256), rng.below(256), rng.below(256)))
        a, b = _bytes(rng, 3 * cells + 12), _bytes(rng, 3 * cells + 12)
        b[:] = a
        render.bar(a, *args)
        mano_tile._bar(b, *args)
        if a != b and len(differ) < 3:
            differ.append([r, "bar", args])
    native = mano_tile._keys_in is not mano_tile.keys_in and mano_tile._bar is not render.bar
    return native and mano_tile._diff_in is not mano_tile.diff_in, differ


def light_paint(rng, rounds):
    from firmware.app.games import morbak_light
    morbak_light.load_twin()   # as a game does
    differ = []
    for r in range(rounds):
        n = 1 + rng.below(64)
        cells, code, buf = _bytes(rng, n, 128), _bytes(rng, 128, 8), _bytes(rng, 24)
        a, b = bytearray(3 * n), bytearray(3 * n)
        morbak_light.paint(a, cells, code, buf, n)
        morbak_light._paint(b, cells, code, buf, n)
        if a != b and len(differ) < 3:
            differ.append([r, n])
    return morbak_light._paint is not morbak_light.paint, differ


# A generator state whose next value is 2^32 - 1, which below(n) rejects unless n is a
# power of two (tests/portable/test_rng_draws.py finds such states): the playouts' redraw.
_REJECTING = 0x5E6CFCE7

_MORBAK_OPTIONS = (None, {"lite": True}, {"switch_limit": "per_player"},
                   {"budget_scope": "separate", "budget": 2, "neutralizations": 3},
                   {"switch_limit": "per_player", "budget": 20, "neutralizations": 9})


def _morbak_position(rng, morbak):
    """A position of a random game of Morbak (every option that changes the moves in turn)
    after a random number of plies, played by the fast playout."""
    from firmware.rules import morbak_playout
    s = morbak.new_game(_MORBAK_OPTIONS[rng.below(len(_MORBAK_OPTIONS))])
    return morbak_playout.playout(s, rng, rng.below(60))


def morbak_threats(rng, rounds):
    """can_win_in for both seats on a random position a round and on five boards made from
    it, each with a random square set to a random character."""
    from firmware.rules import morbak, morbak_playout as mp
    mp.can_win_now(morbak.new_game(), 0)
    native = mp._can_win
    differ = []
    for r in range(rounds):
        s = _morbak_position(rng, morbak)
        sw = s.sw if s.sw is not None else s.board
        for _ in range(5):
            b = bytearray(s.board)
            b[rng.below(49)] = b"..AaBb12#"[rng.below(9)]
            for board in (s.board, b):
                for p in (0, 1):
                    args = (board, morbak._OWNER, sw, p, rng.below(2), s.sw is not None)
                    if native(*args) != mp.can_win_in(*args) and len(differ) < 3:
                        differ.append([r, morbak.to_text(s), bytes(board), p])
    return native is not mp.can_win_in, differ


def morbak_playouts(rng, rounds):
    """Whole random playouts (three a round from a random position: one cut by a limit, one
    whose first draw is redrawn) through the viper twin and the portable loop: the same end
    and the same generator's state after."""
    from firmware.rules import morbak, morbak_playout as mp
    native = mp._run
    differ = []
    for r in range(rounds):
        s = _morbak_position(rng, morbak)
        for limit, seed in ((1 + rng.below(20), rng.next32()), (-1, rng.next32()),
                            (-1, _REJECTING)):
            got = []
            for run in (native, None):
                mp._run = run
                gen = Rng(seed)
                t = mp.playout(s, gen, limit)
                got.append((morbak.to_text(t), morbak.result(t), t.empty, gen.state))
            mp._run = native
            if got[0] != got[1] and len(differ) < 3:
                differ.append([r, morbak.to_text(s), seed, limit])
    return native is not None, differ


def mabula_playouts(rng, rounds):
    """Whole random playouts of Mabula (three a round from a random position of a random
    game, every scoring option in turn; the last one's first draw is redrawn) through the
    opponent's viper twin and the portable playout: the same end and the same generator's
    state after."""
    from firmware.ai import mabula as opponent
    from firmware.rules import mabula, mabula_playout
    options = (None, {"scoring": "product", "count_edge_marbles": True})
    differ = []
    for r in range(rounds):
        s = mabula_playout.playout(mabula.new_game(options[r % 2], rng.next32()), rng,
                                   rng.below(30))
        for seed in (rng.next32(), rng.next32(), _REJECTING):
            got = []
            for playout in (opponent._playout, mabula_playout.playout):
                gen = Rng(seed)
                t = playout(s, gen)
                got.append((bytes(t.cells), t.turn, mabula.result(t), gen.state))
            if got[0] != got[1] and len(differ) < 3:
                differ.append([r, mabula.to_text(s), seed])
    return opponent._twin is not None, differ


def marble_reading(rng, rounds):
    """The marble board's reading of a push and its view of a position: random positions
    of random games (both scoring options), each with every push's occupancy, the position's
    own, and ten made by changing one to three random spaces; the pushes found and the
    colours and movers shown must be the engine's."""
    from firmware.app.games import mabula_marble as marble
    from firmware.rules import mabula, mabula_playout
    options = (None, {"scoring": "product", "count_edge_marbles": True})
    differ = []
    for r in range(rounds):
        s = mabula_playout.playout(mabula.new_game(options[r % 2], rng.next32()), rng,
                                   rng.below(40))
        seen = [mabula.occupancy(s)] + [mabula.occupancy(mabula.play(s, m))
                                        for m in mabula.legal_moves(s) if m != "pass"]
        for k in range(10):
            occ = bytearray(seen[rng.below(len(seen))])
            for _ in range(1 + rng.below(3)):
                occ[rng.below(60)] ^= 1
            seen.append(bytes(occ))
        for occ in seen:
            got = (marble.move_from(s, occ), mabula.move_from_occupancy(s, occ))
            if got[0] != got[1] and len(differ) < 3:
                differ.append([r, mabula.to_text(s), occ])
        a = [bytearray(60), bytearray(60)]
        b = [_bytes(rng, 60), _bytes(rng, 60)]
        marble.board_view(s, a[0], a[1])
        mabula.board_view(s, b[0], b[1])
        if a != b and len(differ) < 3:
            differ.append([r, mabula.to_text(s), "board_view"])
    return marble._twin is not None, differ


TWINS = {"leds.to_wire": leds_to_wire, "morbak_light.paint": light_paint, "keys.scan": keys_scan,
         "fursaz_stone.differences": stone_differences, "fursaz_stone.paint": stone_paint,
         "mano_tile.keys_in, diff_in, bar": tile_track,
         "mabula_marble.move_from, board_view": marble_reading,
         "fursaz.nearest_fill": fursaz_nearest,
         "fursaz.capturable, quiet_after, quiet_points, settles, suspect, land_fill":
             fursaz_flanks,
         "fursaz: whole games": fursaz_games,
         "fursaz_judge.flanks_in, placed_in, flipped_in": fursaz_judge,
         "fursaz_judge: whole games": fursaz_judge_games, "masbrur.witness_in": masbrur_witness,
         "masbrur.turn_codes, plus_bits: whole games": masbrur_plus,
         "masbrur_search.fits_in, fits_sets, room_in, runs_in, fills_in, tables_in, sets_in, "
         "plan_in": masbrur_fits,
         "masbrur_playout.select_in": masbrur_select,
         "morbak_playout.can_win_in": morbak_threats,
         "morbak_playout.playout_in: whole playouts": morbak_playouts,
         "mabula (opponent) playout_in: whole playouts": mabula_playouts}


def main(seed, rounds):
    rng = Rng(seed)
    out = {}
    for name in sorted(TWINS):
        had = set(sys.modules)
        native, differ = TWINS[name](rng, rounds)
        out[name] = {"native": native, "checked": rounds, "differ": differ}
        # A board holds one game's code at a time: so does this, or every game's code and
        # native twins together outgrow the heap (MemoryError).
        from firmware.app.core import unload
        unload.forget([m for m in sys.modules if m not in had])
    return out


print(json.dumps(main(SEED, ROUNDS)))  # noqa: F821 (given by the sender)
