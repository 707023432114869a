"""Remote play's messages and topics (docs/contracts.md#remote-play): what goes on the broker,
how it is written and how a message is checked before anything acts on it.

Every message is one JSON object with ``"v": 1`` and the game's ``code``; anything else (not
JSON, another version, another game, a missing or mistyped field) is refused with one sentence
saying why. Topics hold the publishing user's name, so the broker's ACL (each user writes only
under its own name) tells who sent what.

Runs on CPython and on MicroPython (the simulator page plays a seat with it): no ``re``,
random bytes from ``os.urandom`` or, where the interpreter has none, RANDOM (the page
sets it to the browser's crypto.getRandomValues)."""
import hashlib
import json
import os
from binascii import hexlify

from firmware.rules import Rng

VERSION = 1
ROOT = "arbiter/%d" % VERSION
DEALER = "dealer"          # the user the dealer of hidden-information games runs as
GAMES = ("morbak", "mabula", "fursaz", "mano", "masbrur")
HIDDEN = ("mano", "masbrur")   # the games whose hands or walls a player may not see
CODE_LETTERS = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"   # no 0/O, 1/I/L: read aloud, typed back
CODE_LENGTH = 6
_USER_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-"
_HEX = "0123456789abcdef"
MAX_MOVE = 400             # characters of a move in the notation (Masbrur's are the longest)
SEED_MASK = 0x3FFFFFFF     # a seed is 30 bits: a board holds it as a small integer
RANDOM = getattr(os, "urandom", None)   # n -> n random bytes


class Refused(ValueError):
    """A message that must not be acted on; the text says why, for a person."""


def _random(n):
    return RANDOM(n)


def new_code(rand=_random):
    """A fresh game code: six letters and digits that cannot be misread (~30 bits)."""
    n = int.from_bytes(rand(8), "big")
    out = ""
    for _ in range(CODE_LENGTH):
        n, k = divmod(n, len(CODE_LETTERS))
        out += CODE_LETTERS[k]
    return out


def normal_code(text):
    """The code as typed (any case, spaces or dashes) in its written form; Refused if it
    cannot be one."""
    code = "".join([c for c in str(text) if c not in " \t\r\n-"]).upper()
    if len(code) != CODE_LENGTH or [c for c in code if c not in CODE_LETTERS]:
        raise Refused("%r is not a game code (codes are %d letters and digits, e.g. K7Q2MX)"
                      % (str(text)[:20], CODE_LENGTH))
    return code


def check_user(name):
    if (not isinstance(name, str) or not 1 <= len(name) <= 32
            or [c for c in name if c not in _USER_LETTERS]):
        raise Refused("a user name is 1 to 32 letters, digits, '-' or '_'")
    return name


# --- topics: arbiter/1/CODE/USER/... ------------------------------------------------------

def topic(code, user, *rest):
    return "/".join((ROOT, code, user) + tuple(str(r) for r in rest))


def game_topic(code, user):
    """Retained: the creator's description of the game."""
    return topic(code, user, "game")


def join_topic(code, user):
    """Retained: a player's request to take the free seat."""
    return topic(code, user, "join")


def ply_topic(code, user, ply):
    """Retained, QoS 1: the move of one ply (players in open games, the dealer in hidden ones)."""
    return topic(code, user, "ply", ply)


def presence_topic(code, user):
    """Retained: "online" while connected, "offline" (the last will) once gone."""
    return topic(code, user, "presence")


def stop_topic(code, user):
    """Retained: a side stopped the game: the last ply it agreed on and why."""
    return topic(code, user, "stop")


def sync_topic(code, user):
    """A player's own echo: once it comes back, the retained messages before it are in."""
    return topic(code, user, "sync")


def secret_topic(code, user):
    """A player's move in a hidden game, to the dealer only (the ACL lets nobody else read)."""
    return topic(code, user, "secret")


def private_topic(code, user):
    """Retained, from the dealer to one player only: what that seat may see."""
    return topic(code, DEALER, "to", user)


def note_topic(code, user):
    """From the dealer to one player only: a move of theirs it refused, and why."""
    return topic(code, DEALER, "to", user, "note")


def deal_topic(code):
    """Retained, the dealer's: its commitment to the deal, then (game over) the deal itself."""
    return topic(code, DEALER, "deal")


def parse_topic(code, name):
    """(user, kind, rest) of a topic of game ``code``; None for a topic of another game."""
    parts = name.split("/")
    if len(parts) < 4 or "/".join(parts[:2]) != ROOT or parts[2] != code:
        return None
    return parts[3], (parts[4] if len(parts) > 4 else ""), parts[5:]


# --- the digest -------------------------------------------------------------------------

def digest(text):
    """The position's digest: the first 16 hex digits of SHA-256 over its text (UTF-8).
    Open games hash the engine's ``to_text``; hidden ones ``public_view(state, None)``."""
    return _sha_hex(text.encode("utf-8"))[:16]


def _sha_hex(data):
    return hexlify(hashlib.sha256(data).digest()).decode()


def commitment(secret_hex, nonce_hex):
    """SHA-256 (hex) of a secret and a nonce, published before the secret is shown."""
    return _sha_hex((secret_hex + ":" + nonce_hex).encode())


def shared_seed(creator_nonce, joiner_nonce):
    """The seed of an open game: neither player chooses it (the creator commits to its nonce
    before the joiner's is known); 30 bits, so that a board holds it as a small integer."""
    h = hashlib.sha256((creator_nonce + ":" + joiner_nonce).encode()).digest()
    return int.from_bytes(h[:4], "big") & SEED_MASK


def nonce(rand=_random):
    return hexlify(rand(16)).decode()


def dealer_seed(rand=_random):
    return Rng(int.from_bytes(rand(4), "big")).next32()


# --- messages -------------------------------------------------------------------------------

def encode(obj):
    out = dict(obj)
    out["v"] = VERSION
    try:
        text = json.dumps(out, separators=(",", ":"), sort_keys=True)
    except TypeError:   # MicroPython's json sorts nothing: any order is the same message
        text = json.dumps(out, separators=(",", ":"))
    return text.encode("utf-8")


def decode(payload, code):
    """The message in ``payload`` (bytes) for game ``code``; Refused with the reason."""
    try:
        obj = json.loads(payload.decode("utf-8"))
    except ValueError:   # (bad UTF-8 too)
        raise Refused("a message that is not JSON")
    if not isinstance(obj, dict):
        raise Refused("a message that is not a JSON object")
    if obj.get("v") != VERSION:
        raise Refused("a message of protocol version %r (this program speaks %d)"
                      % (obj.get("v"), VERSION))
    if obj.get("code") != code:
        raise Refused("a message of another game (%r)" % str(obj.get("code"))[:12])
    return obj


def _int(obj, key, low=0):
    x = obj.get(key)
    if type(x) is not int or x < low:
        raise Refused("a message whose %s is not a whole number from %d" % (key, low))
    return x


def _text(obj, key, limit):
    x = obj.get(key)
    if not isinstance(x, str) or not x or len(x) > limit:
        raise Refused("a message whose %s is not a text of 1 to %d characters" % (key, limit))
    return x


def description(code, game, options, seats, commit, creator, hidden):
    """The game's description: seats[i] is the user playing seat i (None while free)."""
    return {"code": code, "game": game, "options": options, "seats": seats, "commit": commit,
            "creator": creator, "hidden": hidden, "reveal": None, "join_nonce": None}


def check_description(obj, creator):
    game = obj.get("game")
    if game not in GAMES:
        raise Refused("a game description for an unknown game %r" % str(game)[:20])
    seats = obj.get("seats")
    if not isinstance(seats, list) or len(seats) != 2:
        raise Refused("a game description without two seats")
    for s in seats:
        if s is not None:
            check_user(s)
    if creator not in seats:
        raise Refused("a game description whose creator %s holds no seat" % creator)
    if not isinstance(obj.get("options"), dict):
        raise Refused("a game description without options")
    if obj.get("hidden") is not (game in HIDDEN):
        raise Refused("a game description that says %s has no hidden information" % game)
    return obj


def move(code, ply, seat, move_text, digest_hex, clocks, think_ms):
    return {"code": code, "ply": ply, "seat": seat, "move": move_text, "digest": digest_hex,
            "clocks": clocks, "think_ms": think_ms}


def check_move(obj):
    """The fields of a move message, checked for form (the mirror checks the rest)."""
    _int(obj, "ply", 1)
    if obj.get("seat") not in (0, 1) or type(obj.get("seat")) is not int:
        raise Refused("a move whose seat is not 0 or 1")
    _text(obj, "move", MAX_MOVE)
    d = obj.get("digest")
    if not isinstance(d, str) or len(d) != 16 or [c for c in d if c not in _HEX]:
        raise Refused("a move without a digest of 16 hex digits")
    _int(obj, "think_ms")
    check_clocks(obj.get("clocks"))
    return obj


def check_clocks(c):
    if not isinstance(c, dict):
        raise Refused("a move without its clocks")
    for key in ("used_ms", "left_ms"):
        v = c.get(key)
        if key == "left_ms" and v is None:
            continue
        if not (isinstance(v, list) and len(v) == 2 and all(type(x) is int for x in v)):
            raise Refused("a move whose clocks' %s is not two whole numbers" % key)
    return c
