"""The documentation's pictures, taken from the browser simulator.

    python -m tools.doc_pictures [--list] [NAME ...]

takes every picture of PICTURES (or only those named) and writes it to docs/pictures/.
Each picture is a board kind, the steps that reach the state to show on a fresh board
(empty flash, manual clock, so the same steps give the same picture), and what to
photograph: the board alone (#board-area) or the whole page.

Steps, one string each:
    press KEY ...       click each key (a square, MENU, OK, PASS, ...) and let it settle
    hold KEY MS         hold a key down for MS ms (a long press)
    click SELECTOR ...  click each element (CSS selector), then let the board settle
    wait MS             let MS ms of board time pass
    play MOVE ...       play each move as a hand would on that board: a key pressed twice
                        (light), an edge marble rolled in (marble), a stone put down and the
                        stones it flips turned over (stone); MOVE is a move as the page lists
                        it (a square for Morbak) or a number, the index in the legal moves
                        the page lists (-1: the last)
    place POINT         put a stone down and leave the stones it flips as they are (stone)
    lead                the seat holding the highest double names itself (LEFT or RIGHT)
                        and puts it on the start slot (tile)
    turns N             N turns of Mano a Mano (tile): the mover puts the first tile of
                        their hand that fits on the track, else draws, else passes
    finish              play the first legal move until the game is over"""
import argparse
import os
import sys

from host_tools.sim_server import SetupError
from tests.harness import sim_page

OUT_DIR = os.path.join(sim_page.ROOT, "docs", "pictures")
BOARD = "#board-area"
PAGE = "page"
# sensors settle, then a step
SETTLE_MS = {"light": sim_page.PRESS_MS, "marble": 1200, "stone": 700, "tile": 700}
MAX_PLIES = 400


class Picture:
    def __init__(self, board, name, steps, shot=BOARD, what=""):
        self.board, self.name, self.steps, self.shot, self.what = board, name, steps, shot, what


PICTURES = (
    Picture("light", "light-menu.png", [], what="the light board's menu at power-up"),
    Picture("light", "light-game.png", ["press d4", "play 24 0 16 0 30 0"],
            what="a Morbak game in progress"),
    Picture("light", "light-won.png",
            ["press d4", "press a1 a1 g7 g7 b2 b2 g6 g6 c3 c3 g5 g5 d4 d4", "wait 600"],
            shot=PAGE, what="A wins on the a1-d4 diagonal: the line blinks white"),
    Picture("light", "light-pause.png", ["press d4", "press a1 a1", "hold MENU 1000"],
            what="the pause screen (long MENU)"),
    # The light board's quick-reference card (docs/light-card.md).
    Picture("light", "light-card-menu.png", [], what="card: the menu"),
    Picture("light", "light-card-setting.png", ["press b1"],
            what="card: a setting's editor (time per move)"),
    Picture("light", "light-card-game.png",
            ["press d4", "press d4 d4 e5 e5 c3 c3 d4 d4", "wait 1500"],
            what="card: a game, B's switch on d4 just played (ringed on the page)"),
    Picture("light", "light-card-status.png",
            ["press d4", "press d4 d4 e5 e5 c3 c3 d4 d4", "press MENU"],
            what="card: budgets and clocks (MENU)"),
    Picture("light", "light-card-pause.png", ["press d4", "press a1 a1", "hold MENU 1000"],
            what="card: the pause (hold MENU)"),
    Picture("light", "light-card-end.png",
            ["press d4", "press a1 a1", "hold MENU 1000", "press f4 f4"],
            what="card: ending a game: resign or draw"),
    Picture("light", "light-card-match.png",
            ["press e7 b2 OK d4", "press c3 c3", "hold MENU 1000", "press f4 f4 b4 OK OK"],
            what="card: a match's score between games (B won game 1; A starts game 2)"),
    Picture("light", "light-card-colour-blind.png",
            ["press f7 e4 OK d4", "press d4 d4 e5 e5 c3 c3 d4 d4", "wait 1500"],
            what="card: the same game in the colour-blind palette"),
    Picture("marble", "marble-setup.png", ["press OK"],
            what="the dealt setup lit on the edge spaces"),
    Picture("marble", "marble-game.png",
            ["press OK", "click #marble-setup", "wait 1200", "play -1 0 -1"],
            shot=PAGE, what="a Mabula game in progress"),
    Picture("marble", "marble-correction.png",
            ["press OK", "click #marble-setup", "wait 1200", "play -1",
             "click [data-space=b1] [data-space=b1]"],
            what="a marble lifted off: the space blinks until it is put back"),
    Picture("marble", "marble-end.png", ["press OK", "click #marble-setup", "wait 1200", "finish"],
            what="game over: the groups lit"),
    Picture("tile", "tile-game.png", ["press OK", "lead", "turns 6"], shot=PAGE,
            what="Mano a Mano on the tile board: the line on the track, both hands (hot seat)"),
    Picture("stone", "stone-pie.png", ["press OK", "play e5"],
            what="Fursaz, the pie stone: White may take it with SWAP"),
    Picture("stone", "stone-flips.png", ["press OK", "play e3 e5", "place e7"],
            what="Black's e7 flanks e5: it blinks in the colour it must show"),
    Picture("stone", "stone-end.png", ["press OK", "play e2 d4 e6 f4 pass pass"],
            what="game over: e3 and e5 are Black's territory, e4 is neutral"),
)


class Taker:
    """Runs a picture's steps on a simulator page (tests/harness/sim_page.py's Sim)."""

    def __init__(self, sim, board):
        self.sim, self.board = sim, board
        self.settle = SETTLE_MS[board]

    def run(self, step):
        verb, *args = step.split()
        getattr(self, "do_" + verb)(*args)

    def do_press(self, *keys):
        self.sim.press(*keys)

    def do_hold(self, key, ms):
        self.sim.hold(key, int(ms))

    def do_click(self, *selectors):
        for sel in selectors:
            self.sim.page.click(sel)
        self.sim.advance(self.settle)

    def do_wait(self, ms):
        self.sim.advance(int(ms))

    def do_play(self, *moves):
        for m in moves:
            try:
                m = self.sim.status()["legal"][int(m)]
            except ValueError:
                pass
            self.play(m)

    def do_place(self, point):
        self.do_click("[data-point=%s]" % point)

    def do_finish(self):
        for _ in range(MAX_PLIES):
            st = self.sim.status()
            if st.get("result") or not st["legal"]:
                return
            self.play(st["legal"][0])
        raise RuntimeError("no end after %d moves" % MAX_PLIES)

    def do_lead(self):
        best = None
        for seat in (0, 1):
            for t in self.hand(seat):
                a, b = int(t[0]), int(t[2])
                key = (a == b, a + b, b)
                if best is None or key > best[0]:
                    best = (key, seat, t)
        _key, seat, tile = best
        self.sim.press("LEFT" if seat == 0 else "RIGHT")
        self.drag(tile, "S")

    def do_turns(self, n):
        for _ in range(int(n)):
            st = self.sim.status()
            line = st["position"].split("line=")[1].split(" h0=")[0].split()
            left, right = int(line[0][0]), int(line[-1][2])
            for t in self.hand(st["to_move"]):
                a, b = int(t[0]), int(t[2])
                if left in (a, b) or right in (a, b):
                    self.drag(t, st["ends"][0 if left in (a, b) else 1])
                    break
            else:
                self.sim.press("DRAW" if "draw" in st["legal"] else "PASS")

    def hand(self, seat):
        return self.sim.page.eval_on_selector_all('[data-hand="%d"] [data-tile]' % seat,
                                                  "els => els.map(e => e.dataset.tile)")

    def drag(self, tile, slot):
        self.sim.page.locator('[data-tile="%s"]' % tile).first.hover()
        self.sim.page.mouse.down()
        self.sim.page.locator('[data-pos="%s"]' % slot).hover()
        self.sim.page.mouse.up()
        self.sim.advance(self.settle)

    def play(self, move):
        before = len(self.sim.status()["moves"])
        if move in ("pass", "swap"):
            self.sim.press(move.upper())
        elif self.board == "light":
            square = move.split()[-1]
            self.sim.press(square, square)
        elif self.board == "marble":
            src, dst = move.split("-")
            self.do_click("[data-space=%s]" % src, "[data-space=%s]" % dst)
        else:
            self.do_click("[data-point=%s]" % move)
            owed = self.sim.status().get("owed") or []
            if owed:
                self.do_click(*("[data-point=%s]" % p for p in owed))
        if len(self.sim.status()["moves"]) == before:
            raise RuntimeError("%s was not taken: %s" % (move, self.sim.status().get("message")))


def take(browser, server, picture, out_dir):
    context = browser.new_context(viewport=sim_page.VIEWPORT)
    try:
        sim = sim_page.Sim(context.new_page(), server.url)
        sim.open()
        sim.advance(sim_page.BOOT_MS)
        taker = Taker(sim, picture.board)
        for step in picture.steps:
            taker.run(step)
        path = os.path.join(out_dir, picture.name)
        if picture.shot == PAGE:
            sim.page.screenshot(path=path, full_page=True)
        else:
            sim.page.locator(picture.shot).screenshot(path=path)
        return path
    finally:
        context.close()


def take_all(pictures, out_dir=OUT_DIR):
    """Take ``pictures``; returns the paths written."""
    from playwright.sync_api import sync_playwright
    if not sim_page.have_chromium():
        raise SetupError("Debian's chromium is not installed (./test installs it)")
    os.makedirs(out_dir, exist_ok=True)
    paths = []
    with sync_playwright() as p:
        browser = sim_page.launch(p)
        try:
            for board in sorted({pic.board for pic in pictures}):
                server = sim_page.Server(board)
                try:
                    for pic in pictures:
                        if pic.board == board:
                            paths.append(take(browser, server, pic, out_dir))
                finally:
                    server.close()
        finally:
            browser.close()
    return paths


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m tools.doc_pictures",
                                     description="Take the documentation's pictures from the "
                                     "browser simulator.")
    parser.add_argument("names", nargs="*", help="pictures to take (file names; default: all)")
    parser.add_argument("--list", action="store_true",
                        help="list the pictures and what each shows")
    args = parser.parse_args(argv)
    if args.list:
        for pic in PICTURES:
            print("%-24s %-7s %s" % (pic.name, pic.board, pic.what))
        return 0
    known = {pic.name for pic in PICTURES}
    unknown = [n for n in args.names if n not in known]
    if unknown:
        print("no such picture: %s (see --list)" % ", ".join(unknown), file=sys.stderr)
        return 2
    chosen = [pic for pic in PICTURES if not args.names or pic.name in args.names]
    try:
        for path in take_all(chosen):
            print(os.path.relpath(path, sim_page.ROOT))
    except SetupError as e:
        print(e, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
