"""The spectator page's side on MicroPython (online.html): the game rebuilt move by move with
the engines of firmware.rules, each move's digest checked as every side checks it
(docs/contracts.md#remote-play), the board drawn as the terminal draws it. Every function
takes and returns JSON text, so the page passes strings only."""
import hashlib
import json

from host_tools.terminal import move_read

try:
    from binascii import hexlify
except ImportError:   # pragma: no cover
    from ubinascii import hexlify

HIDDEN = ("mano", "masbrur")
_game = None


def _hex(data):
    return hexlify(data).decode()


def _sha(text):
    return hashlib.sha256(text.encode()).digest()


class _Watch:
    def __init__(self, game, options, seed, first):
        self.game = game
        self.engine = __import__("firmware.rules." + game, None, None, ("new_game",))
        self.hidden = game in HIDDEN
        if self.hidden:
            self.state = self.engine.from_text(first)
        else:
            self.state = self.engine.new_game(options, seed)
        self.moves = []
        self.read = []   # each move with its player's name when it was made
        self.last = None
        self.resigned = None
        try:
            self.view = __import__("host_tools.terminal." + game, None, None, ("board",))
        except ImportError:   # a game whose drawing needs what MicroPython lacks
            self.view = None

    def public_text(self, state):
        if self.hidden:
            return self.engine.public_view(state, None)
        return self.engine.to_text(state)

    def take(self, msg):
        move = msg["move"]
        if move == "resign":
            after = self.state
        elif self.hidden:
            after = self.engine.from_text(msg["state"])
        else:
            after = self.engine.play(self.state, move)
        text = self.public_text(after) + (" resign" if move == "resign" else "")
        if _hex(_sha(text))[:16] != msg["digest"]:
            raise ValueError("after ply %d the position differs from the players'" % msg["ply"])
        if self.view is not None:
            self.read.append(move_read(self.view, after, msg["ply"], msg["seat"], move))
        self.state = after
        self.moves.append(move)
        self.last = move
        if move == "resign":
            self.resigned = msg["seat"]

    def status(self):
        e = self.engine
        over = self.resigned is not None or e.is_over(self.state)
        if self.resigned is not None:
            result = {"winner": 1 - self.resigned, "reason": "resignation"}
        else:
            result = e.result(self.state) if over else None
        board = None
        if self.view is not None:
            try:
                board = self.view.board(self.state, self.last, None)
            except Exception:   # the drawing is a nicety; the position text is the truth
                board = None
        if board is None:
            board = self.public_text(self.state)
        names = ["seat 1", "seat 2"]
        if self.view is not None:   # as named now (Fursaz's swap changes the colours)
            names = [self.view.player(self.state, 0), self.view.player(self.state, 1)]
        return {"ply": len(self.moves), "moves": self.moves, "board": board,
                "moves_read": self.read if self.view is not None else self.moves,
                "to_move": None if over else e.to_move(self.state), "over": over,
                "result": result, "players": names}


def seed_of(reveal, join_nonce):
    """The open game's seed, as host_tools/online/protocol.shared_seed makes it."""
    return int.from_bytes(_sha(reveal + ":" + join_nonce)[:4], "big") & 0x3FFFFFFF


def start(desc_json, first):
    """A game from its description (and, hidden, the dealer's first position); its status."""
    global _game
    d = json.loads(desc_json)
    seed = 0
    if d["game"] not in HIDDEN:
        if _hex(_sha(d["reveal"] + ":")) != d["commit"]:
            return json.dumps({"error": "the game's seed does not match its commitment"})
        seed = seed_of(d["reveal"], d["join_nonce"])
    _game = _Watch(d["game"], d["options"], seed, first)
    return json.dumps(_game.status())


def take(msg_json):
    """One ply, in order; its status, or {"error": why}."""
    try:
        _game.take(json.loads(msg_json))
    except Exception as e:
        return json.dumps({"error": str(e)})
    return json.dumps(_game.status())
