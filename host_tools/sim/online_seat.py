"""The simulator page's seat in a remote game (host_tools/sim/online_seat.js), on the page's
second MicroPython: the computer a board is plugged into, in the page. It runs what
`arbiter online --port` runs - the Session (host_tools/online/session.py) and the bridge
to the board (bridge.py) - over the page's MQTT client (npm mqtt, over WebSockets) and the
page's board (glue.py, the firmware on the first MicroPython), whose USB serial lines it
reads and writes. So the page and a board on USB are the same code on both sides of the
line.

JavaScript calls, each with JSON text in and out:
    start(args)     {action: "new"|"join", code, user, game, seat}: the session (a new
                    game takes the options the board's settings give: "options GAME")
                    -> {code, will}: the topic of the connection's last will
    board_power()   the page's board powered up again: its serial is new
    up(), down(why), message(topic, payload, retained)   the MQTT client's news
    pump(lines)     the board's lines since the last call -> {actions: [["sub", pattern] |
                    ["pub", topic, payload, retain]], board: [lines to send it], said:
                    [words for the page], panel: what the online panel shows}
    leave()         -> {actions, board}: the last words to the broker and the board
"""
import json

from host_tools.online import protocol
from host_tools.online.board_game import protocol_options
from host_tools.online.bridge import Bridge
from host_tools.online.clocks import clocks_after, monotonic
from host_tools.online.session import Session

_seat = None


def _random(n):
    """n random bytes from the browser (crypto.getRandomValues): MicroPython here has no
    os.urandom."""
    import js
    a = js.Uint8Array.new(n)
    js.crypto.getRandomValues(a)
    return bytes([a[i] for i in range(n)])


if protocol.RANDOM is None:
    protocol.RANDOM = _random


class PageLink:
    """The Link a Session talks through (host_tools/online/link.py's interface), its work
    done by the page's MQTT client: what to publish and subscribe is handed to it as
    actions, what arrives is put in ``events``."""

    def __init__(self, user):
        self.user = user
        self.up = False
        self.presence = None
        self.subscriptions = []
        self.events = []
        self.actions = []

    def will(self, topic):
        self.presence = topic

    def subscribe(self, pattern):
        self.subscriptions.append(pattern)
        if self.up:
            self.actions.append(["sub", pattern])

    def publish(self, topic, payload, retain=False):
        self.actions.append(["pub", topic, bytes(payload).decode(), bool(retain)])

    def arrivals(self, seconds=0.0):
        out, self.events = self.events, []
        return out

    def connected(self):
        self.up = True
        for pattern in self.subscriptions:
            self.actions.append(["sub", pattern])
        if self.presence:
            self.actions.append(["pub", self.presence, "online", True])
        self.events.append(("up",))

    def lost(self, why):
        if self.up:
            self.up = False
            self.events.append(("down", why))

    def close(self):
        if self.presence and self.up:
            self.actions.append(["pub", self.presence, "offline", True])


class Seat:
    def __init__(self, args):
        self.link = PageLink(args["user"])
        action = args["action"]
        if action == "new":
            self.code = protocol.new_code()
        else:
            self.code = protocol.normal_code(args["code"])
        self.session = Session(self.link, self.code)
        self.said = []
        self.to_board = []
        self.bridge = Bridge(self.session, self.to_board.append, self.said.append)
        self.game, self.seat = args.get("game"), args.get("seat", 0)
        self.bridge.connected()
        if action == "new":
            self.to_board.append("options " + self.game)
        else:
            self.session.join()
        self.turn_at = monotonic()
        self.plies = 0

    def pump(self, lines):
        s = self.session
        asked = self.bridge.options
        if self.game is not None and asked is not None and asked["game"] == self.game:
            s.create(self.game, protocol_options(self.game, asked["options"]), self.seat)
            self.game = None
        events = s.pump(0)
        self._say(events)
        self.bridge.events(events)
        for line in lines:
            self.bridge.line(line)
        self.bridge.tick()
        if s.started() and len(s.mirror.record) != self.plies:
            self.plies = len(s.mirror.record)
            self.turn_at = monotonic()
        out = {"actions": self.link.actions, "board": self.to_board[:], "said": self.said[:],
               "panel": self.panel()}
        self.link.actions = []
        del self.to_board[:]
        del self.said[:]
        return out

    def _say(self, events):
        for ev in events:
            if ev[0] == "refused":
                self.said.append("Ignored a message %s" % ev[1])
            elif ev[0] == "stopped":
                self.said.append("The game stopped: %s" % ev[1])
            elif ev[0] == "checked":
                self.said.append("The dealer's deal was checked: %s" % ev[1])

    def panel(self):
        """What the online panel shows: the code, both seats with their connection, both
        clocks (the mover's running), the agreed moves, and how the game stands."""
        s = self.session
        d = s.desc
        out = {"code": self.code, "user": self.link.user, "link": self.link.up, "synced": s.synced,
               "seat": s.seat, "started": s.started(), "stopped": s.stopped,
               "over": s.ended, "seats": None, "clocks": None, "moves": [],
               "failed": self.bridge.failed}
        if d is None:
            return out
        out["game"] = d["game"]
        out["seats"] = [{"user": u, "online": (self.link.up if u == self.link.user
                                                else s.presence.get(u))}
                        for u in d["seats"]]
        if not s.started():
            return out
        m = s.mirror
        out["moves"] = [[e.seat, e.move] for e in m.record]
        clocks = m.clocks()
        mover = m.to_move()
        if mover is not None and not m.is_over() and s.stopped is None:
            clocks = clocks_after(clocks, mover, int((monotonic() - self.turn_at) * 1000))
        out["clocks"] = clocks
        out["to_move"] = None if m.is_over() else mover
        out["result"] = m.result() if m.is_over() else None
        return out


def start(args):
    global _seat
    _seat = Seat(json.loads(args))
    return json.dumps({"code": _seat.code, "will": _seat.link.presence})


def up():
    _seat.link.connected()
    return "{}"


def down(why):
    _seat.link.lost(why)
    return "{}"


def message(topic, payload, retained):
    _seat.link.events.append(("msg", topic, payload.encode(), bool(retained)))
    return "{}"


def pump(lines):
    return json.dumps(_seat.pump(json.loads(lines)))


def board_power():
    _seat.bridge.connected()
    return "{}"


def leave():
    """The person leaves (the game waits on the broker): the last word to the broker and
    to the board, whose game waits too."""
    _seat.link.close()
    return json.dumps({"actions": _seat.link.actions, "board": ["bye"]})
