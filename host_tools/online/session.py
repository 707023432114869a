"""One side of a remote game: a player (a seat) or a spectator, on one link to the broker
(docs/contracts.md#remote-play). Everything it knows it rebuilds from what the broker holds
(the retained description, plies, presence and stops), so a side that starts again, or
comes back after the link or the broker went down, finds the game where it was.

The caller's thread drives it: ``pump(seconds)`` handles what arrived and returns what a
person should be told, as events:

    ("started",)                      both seats taken: the game begins (or goes on)
    ("move", entry, mine)             an agreed ply (mirror.Entry); mine: made on this side
    ("presence", seat, online)        the other side's link came or went
    ("link", up)                      this side's own link to the broker
    ("refused", text)                 a message that was not acted on, and why
    ("stopped", text)                 the game stopped: the sides disagree (text: why)
    ("over", result)                  the game ended (the engine's result, or a resignation)
    ("checked", text)                 a hidden game's deal, shown at its end, was checked
"""
from firmware.rules import IllegalMove
from host_tools.online import protocol
from host_tools.online.clocks import TurnTimer, due, monotonic
from host_tools.online.mirror import RESIGN, Disagreement, Mirror, PublicRecord

RESEND_S = 2.0   # a hidden move the dealer has not answered is sent again after this long


def limits_of(game, options):
    """(game ms, move ms) per player: Morbak's time limits, none elsewhere."""
    if game != "morbak":
        return (None, None)
    from firmware.rules import morbak, take_options
    o = take_options(options, morbak.OPTIONS)
    return tuple(None if o[k] is None else o[k] * 1000 for k in ("game_time_s", "move_time_s"))


class Session:
    def __init__(self, link, code, now=monotonic):
        self.link, self.code, self.user = link, code, link.user
        self.descs = {}          # creator -> its description (more than one: the code is taken)
        self.desc = None
        self.mirror = None
        self.seat = None         # this side's seat; None for a spectator
        self.presence = {}       # user -> True (online) / False
        self.stopped = None
        self.private = None      # hidden game: (ply, state) the dealer sent this seat
        self.shown = []          # Mano a Mano: each finished hand's tiles left in both hands
        self.deal = None         # hidden game: the dealer's commitment, then its deal
        self.timer = TurnTimer(now)
        self.turn_ply = None     # the ply whose thinking the timer measures
        self.nonce = None        # creator: its nonce; joiner: its own
        self.role = "watch"
        self.joins = {}          # user -> join request seen
        self.secret = None       # hidden game: the move sent to the dealer, not yet public
        self.secret_sent = 0.0
        self.ended = False
        self.audited = False
        self._started = False
        self._early = []         # plies that came before the description
        self._early_private = None   # the dealer's word to this seat, come before its deal
        self.synced = None       # the nonce of this side's echo while waited for; True once back
        if self.user is not None:    # before the link connects: the will goes with it
            link.will(protocol.presence_topic(code, self.user))

    # --- starting --------------------------------------------------------------------------

    def _listen(self):
        self.link.subscribe("%s/%s/#" % (protocol.ROOT, self.code))
        if self.link.up:   # the echo of a sync sent before this subscription never comes
            self._sync()

    def create(self, game, options, seat=0):
        self.role = "create"
        self.nonce = protocol.nonce()
        seats = [None, None]
        seats[seat] = self.user
        self.desc = protocol.description(self.code, game, options, seats,
                                         protocol.commitment(self.nonce, ""), self.user,
                                         game in protocol.HIDDEN)
        self.descs[self.user] = self.desc
        self._listen()
        self._publish_description()

    def join(self):
        self.role = "join"
        self.nonce = protocol.nonce()
        self._listen()
        self._publish_join()

    def watch(self):
        self.role = "watch"
        self._listen()

    def _publish_description(self):
        self.link.publish(protocol.game_topic(self.code, self.user),
                          protocol.encode(self.desc), retain=True)

    def _publish_join(self):
        self.link.publish(protocol.join_topic(self.code, self.user),
                          protocol.encode({"code": self.code, "nonce": self.nonce}), retain=True)

    # --- what the person does ----------------------------------------------------------------

    def started(self):
        return self._started

    def my_turn(self):
        return (self._started and self.stopped is None and self.seat is not None
                and self.synced is True
                and not self.mirror.is_over() and self.mirror.to_move() == self.seat
                and self.secret is None and self._position_known())

    def _position_known(self):
        """A hidden game's seat knows its position once the dealer has sent it."""
        return not self.mirror.hidden or (self.private is not None
                                          and self.private[0] == len(self.mirror.record))

    def position(self):
        """The engine state this side shows: the whole position (open games), or the
        stand-in its seat or a spectator may see (hidden games)."""
        if self.private is not None and self.private[0] == len(self.mirror.record):
            return self.private[1]
        return self.mirror.state

    def think_ms(self):
        return self.timer.elapsed_ms()

    def clock_due(self):
        """"flag" or "timeout" when this side's own clock calls for it, else None."""
        if not self.my_turn():
            return None
        return due(self.mirror.clocks(), self.mirror.limits, self.seat, self.think_ms())

    def play(self, move, think_ms=None):
        """This side's move: IllegalMove (with the reason) if it is refused here.
        ``think_ms``: the time it took as a board counted it (else this side's timer)."""
        if not self.my_turn():
            raise IllegalMove("the game stopped" if self.stopped else "it is not your turn")
        if think_ms is None:
            think_ms = self.timer.elapsed_ms()
        if self.mirror.hidden:
            return self._send_secret(move, think_ms)
        entry = self.mirror.make(self.seat, move, think_ms)
        self.timer.stop()
        msg = protocol.encode(entry.message(self.code))
        self.link.publish(protocol.ply_topic(self.code, self.user, entry.ply), msg, retain=True)
        return [("move", entry, True)] + self._after_ply()

    def _send_secret(self, move, think):
        if move != RESIGN:
            self.mirror.engine.play(self.position(), move)   # IllegalMove: not sent
        self._send(protocol.encode({"code": self.code, "ply": self.mirror.next_ply(),
                                    "seat": self.seat, "move": move, "think_ms": think}))
        return []

    def _send(self, secret):
        self.secret, self.secret_sent = secret, monotonic()
        self.link.publish(protocol.secret_topic(self.code, self.user), secret)

    def resign(self):
        return self.play(RESIGN)

    def stop(self, why):
        """Stop the game here, on both sides: the last agreed ply and the reason, retained."""
        if self.stopped is None:
            self.stopped = why
            plies = len(self.mirror.record) if self.mirror else 0
            self.link.publish(protocol.stop_topic(self.code, self.user or "-"),
                              protocol.encode({"code": self.code, "ply": plies, "why": why}),
                              retain=True)
        return [("stopped", why)]

    def close(self):
        self.link.close()

    # --- what arrives --------------------------------------------------------------------------

    def pump(self, seconds=0.0):
        """Handle everything that arrives within ``seconds`` (at least what is there now)."""
        out = []
        for ev in self.link.arrivals(seconds):
            out += self._event(ev)
        if self.secret is not None and monotonic() - self.secret_sent > RESEND_S:
            self._send(self.secret)     # the dealer may have been away when it was sent
        return out

    def _event(self, ev):
        if ev[0] == "up":
            self.timer.link(True)
            self._republish()
            self._sync()
            return [("link", True)]
        if ev[0] == "down":
            self.timer.link(False)
            self.synced = None
            return [("link", False)]
        _, name, payload, _retained = ev
        where = protocol.parse_topic(self.code, name)
        if where is None:
            return []
        user, kind, rest = where
        try:
            return self._message(user, kind, rest, payload)
        except protocol.Refused as e:
            return [("refused", "from %s: %s" % (user, e))]
        except Disagreement as e:
            return self.stop(str(e))

    def _message(self, user, kind, rest, payload):
        if kind == "presence":
            return self._presence(user, payload)
        if kind == "sync":
            return self._synced(user, payload)
        if not payload:
            return []    # a retained message cleared
        if user == protocol.DEALER:
            return self._from_dealer(kind, rest, payload)
        msg = protocol.decode(payload, self.code)
        if kind == "game":
            return self._description(user, msg)
        if kind == "join":
            return self._join(user, msg)
        if kind == "ply" and not (self.desc and self.desc["hidden"]):
            return self._ply(user, msg)
        if kind == "stop":
            return self._stopped(user, msg)
        return []

    def _presence(self, user, payload):
        online = payload == b"online"
        before = self.presence.get(user)
        self.presence[user] = online
        if user == self.user or before == online or self.desc is None:
            return []
        seats = [s for s in (0, 1) if self.desc["seats"][s] == user]
        return [("presence", s, online) for s in seats]

    def _description(self, user, msg):
        protocol.check_description(msg, user)
        if msg.get("creator") != user:
            raise protocol.Refused("a description of a game created by someone else")
        if self.role == "create" and user != self.user:
            raise protocol.Refused("another game uses this code")
        self.descs[user] = msg
        if len(self.descs) > 1:
            raise protocol.Refused("two games claim the code %s: ask for a new one" % self.code)
        if self._started and self.role != "create":
            old = self.desc
            if (msg["game"], msg["options"], msg["commit"]) != (old["game"], old["options"],
                                                                old["commit"]):
                raise protocol.Refused("the game's description changed after it began")
        if self.role == "join" and user == self.user and None in msg["seats"]:
            return self._create_again(msg)
        if self.role != "create":
            self.desc = msg
        return self._maybe_start()

    def _create_again(self, msg):
        """This user created the game, nobody has joined, and the nonce it committed to went
        with the program that made it: commit to a new one, and take the join requests."""
        self.role = "create"
        self.nonce = protocol.nonce()
        self.desc = dict(msg, commit=protocol.commitment(self.nonce, ""))
        self.descs[self.user] = self.desc
        self._publish_description()
        out = []
        for user, join in sorted(self.joins.items()):
            out += self._join(user, join)
        return out

    def _join(self, user, msg):
        self.joins[user] = msg
        if (self.role != "create" or self._started or user == self.user
                or None not in self.desc["seats"]):
            return []
        n = msg.get("nonce")
        if not isinstance(n, str) or len(n) != 32:
            raise protocol.Refused("a join request without its nonce")
        free = self.desc["seats"].index(None)
        self.desc["seats"][free] = user
        self.desc["join_nonce"] = n
        self.desc["reveal"] = self.nonce
        self._publish_description()
        return self._maybe_start()

    def _maybe_start(self):
        d = self.desc
        if self._started or d is None or None in d["seats"]:
            return []
        if not d["hidden"]:
            if d["reveal"] is None or protocol.commitment(d["reveal"], "") != d["commit"]:
                return []
        elif self.deal is None:
            return []
        if self.role == "join" and self.user not in d["seats"]:
            self.role = "watch"
            return [("refused", "both seats of %s are taken: watching it instead" % self.code)]
        if self.user in d["seats"] and self.role != "watch":
            self.seat = d["seats"].index(self.user)
        limits = limits_of(d["game"], d["options"])
        if d["hidden"]:
            self.mirror = PublicRecord(d["game"], d["options"], self.deal["state"], limits)
        else:
            seed = protocol.shared_seed(d["reveal"], d["join_nonce"])
            self.mirror = Mirror(d["game"], d["options"], seed, limits)
        self._started = True
        out = [("started",)]
        early, self._early = self._early, []
        for user, msg in early:
            if user == protocol.DEALER:
                out += self._safely(self._dealer_ply, msg)
            else:
                out += self._safely(self._ply, user, msg)
        return out + self._after_ply()

    def _safely(self, fn, *args):
        try:
            return fn(*args)
        except protocol.Refused as e:
            return [("refused", str(e))]
        except Disagreement as e:
            return self.stop(str(e))

    def _sender_seat(self, user, msg):
        seats = self.desc["seats"]
        claimed = msg.get("seat")
        if claimed in (0, 1) and seats[claimed] == user:
            return claimed
        if user not in seats:
            raise protocol.Refused("a move from %s, who holds no seat in this game" % user)
        return seats.index(user)   # the sender's real seat: the mirror refuses the pose

    def _ply(self, user, msg):
        if not self._started:
            self._early.append((user, msg))
            return []
        seat = self._sender_seat(user, msg)
        return self._agreed(self.mirror.offer(msg, seat))

    def _agreed(self, entries):
        out = []
        for e in entries:
            out.append(("move", e, e.seat == self.seat and self.seat is not None))
        return out + self._after_ply() if entries else out

    def _after_ply(self):
        """Start this side's clock when its player is to move; say when the game is over."""
        out = []
        if self.mirror.is_over():
            if not self.ended:
                self.ended = True
                out.append(("over", self.mirror.result()))
            return out
        ply = self.mirror.next_ply()
        if self.my_turn() and self.turn_ply != ply:
            self.turn_ply = ply
            self.timer.start()
        return out

    def _stopped(self, user, msg):
        if self.desc is None or user not in self.desc["seats"]:
            return []
        plies = msg.get("ply")
        why = str(msg.get("why"))[:300]
        if self.mirror is not None and type(plies) is int and 0 <= plies < len(self.mirror.record):
            try:
                self.mirror.truncate(plies)
            except Disagreement:
                pass
        if self.stopped is None:
            self.stopped = why
            return [("stopped", "%s stopped the game after ply %s: %s" % (user, plies, why))]
        return []

    # --- the dealer (hidden games) -------------------------------------------------------------

    def _from_dealer(self, kind, rest, payload):
        msg = protocol.decode(payload, self.code)
        if kind == "deal":
            return self._deal(msg)
        if kind == "ply":
            if not self._started:
                self._early.append((protocol.DEALER, msg))
                return []
            return self._dealer_ply(msg)
        if kind == "stop":
            return self._stopped_by_dealer(msg)
        if kind == "to" and rest[1:] == ["note"]:
            if msg.get("ply") == (self.mirror.next_ply() if self.mirror else None):
                self.secret = None
                self.turn_ply = None
                out = [("refused", "not accepted: %s" % str(msg.get("why"))[:300])]
                return out + self._after_ply()
            return []
        if kind == "to":
            ply, text = msg.get("ply"), msg.get("state")
            if isinstance(msg.get("shown"), list):
                self.shown = msg["shown"]
            if type(ply) is int and isinstance(text, str) and self.mirror is not None:
                self.private = (ply, self.mirror.engine.from_text(text))
                return self._after_ply()
            elif type(ply) is int and isinstance(text, str):
                self._early_private = (ply, text)
            return []
        return []

    def _dealer_ply(self, msg):
        if not self.desc["hidden"]:
            raise protocol.Refused("a move from the dealer in a game it does not deal")
        if self.secret is not None and msg.get("seat") == self.seat:
            self.secret = None
        return self._agreed(self.mirror.offer(msg, msg.get("seat")))

    def _deal(self, msg):
        if self.deal is None:
            if not isinstance(msg.get("state"), str) or not isinstance(msg.get("commit"), str):
                raise protocol.Refused("a deal without its commitment")
            self.deal = msg
            out = self._maybe_start()
            early = self._early_private
            if early and self.mirror is not None:
                self.private = (early[0], self.mirror.engine.from_text(early[1]))
                out += self._after_ply()
            return out
        if msg.get("seed") is None or self.audited or not self._started:
            return []
        if not self.mirror.is_over() or msg.get("commit") != self.deal["commit"]:
            return []
        self.audited = True
        seed, nonce, moves = msg.get("seed"), msg.get("nonce"), msg.get("moves")
        if protocol.commitment(str(seed), str(nonce)) != self.deal["commit"]:
            return self.stop("the dealer's deal is not the one it committed to")
        why = self.mirror.audit(seed, moves if isinstance(moves, list) else [])
        if why:
            return self.stop("the dealer's game does not check: " + why)
        return [("checked", ("the deal is the one the dealer committed to, and every move "
                             "was legal"))]

    def _stopped_by_dealer(self, msg):
        if self.stopped is None:
            self.stopped = str(msg.get("why"))[:300]
            return [("stopped", "the dealer stopped the game: %s" % self.stopped)]
        return []

    def _sync(self):
        """Echo a fresh nonce through the broker: it comes back after every retained message
        of the subscription, so no move is made on a game not yet rebuilt."""
        if self.user is not None:
            self.synced = protocol.nonce()
            self.link.publish(protocol.sync_topic(self.code, self.user),
                              self.synced.encode("ascii"))

    def _synced(self, user, payload):
        if user == self.user and isinstance(self.synced, str) and payload == self.synced.encode():
            self.synced = True
            return self._after_ply() if self._started else []
        return []

    # --- after a reconnection --------------------------------------------------------------

    def _republish(self):
        """Whatever of this side's the broker may have lost: the description, the join, own
        moves (they are retained; the same ply twice is a duplicate everyone ignores)."""
        if self.role == "create" and self.desc is not None:
            self._publish_description()
        elif self.role == "join" and not self._started:
            self._publish_join()
        if self.mirror is not None and not self.mirror.hidden:
            for e in self.mirror.record:
                if e.seat == self.seat or self.desc["seats"][e.seat] == self.user:
                    self.link.publish(protocol.ply_topic(self.code, self.user, e.ply),
                                      protocol.encode(e.message(self.code)), retain=True)
        if self.secret is not None:
            self._send(self.secret)
