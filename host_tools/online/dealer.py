"""The dealer of Mano a Mano and Masbrur (docs/contracts.md#hidden-information): a client that
both players trust, run next to the broker (``arbiter broker`` starts one; ``arbiter online
dealer`` runs one for another broker), logged in as the user ``dealer``.

For each hidden game whose seats are taken it draws a secret seed, publishes a commitment to
it, and holds the whole position. A player sends its move to the dealer alone (topic
``secret``, which the ACL lets nobody else read); the dealer checks it with the engine and
publishes it as everyone may know it, with the position a spectator may see, then sends each
seat, on a topic only that seat reads, the position that seat may see. When the game is over
it shows its seed and the whole moves, and every side checks the game against its
commitment. Its seeds and moves are kept in a file per game, each move added before it is
published, so a dealer started again goes on."""
import json
import os
import sys

from firmware.rules import IllegalMove
from host_tools.online import protocol
from host_tools.online.hidden import hands_left, public_move, stand_in
from host_tools.online.mirror import RESIGN, Mirror
from host_tools.online.session import limits_of


class Table:
    """One hidden game: the description, the secret seed and the whole position."""

    def __init__(self, code, desc, seed, nonce):
        self.code, self.desc, self.seed, self.nonce = code, desc, seed, nonce
        self.mirror = Mirror(desc["game"], desc["options"], seed,
                             limits_of(desc["game"], desc["options"]))
        self.commit = protocol.commitment(str(seed), nonce)
        self.full = []     # the moves as made, walls and all
        self.shown = []    # Mano a Mano: each finished hand's tiles left in the two hands


class Dealer:
    def __init__(self, link, folder=None):
        self.link = link
        self.folder = folder     # one file per game: <code>.jsonl
        self.tables = {}
        self.descs = {}          # (code, creator) -> description seen
        self._load()

    def start(self):
        self.link.subscribe("%s/+/+/game" % protocol.ROOT)
        self.link.subscribe("%s/+/+/secret" % protocol.ROOT)

    def _load(self):
        if not self.folder or not os.path.isdir(self.folder):
            return
        for name in sorted(os.listdir(self.folder)):
            if name.endswith(".jsonl"):
                table = self._read(os.path.join(self.folder, name), name[:-6])
                if table is not None:
                    self.tables[table.code] = table

    def _read(self, path, code):
        """A game's file: its first line the deal, then one line per move (a last line cut
        short by a crash is the move that was never published)."""
        with open(path) as f:
            lines = f.read().split("\n")
        try:
            head = json.loads(lines[0])
            table = Table(code, head["desc"], head["seed"], head["nonce"])
        except (ValueError, KeyError):
            return None
        for line in lines[1:]:
            try:
                seat, move, think = json.loads(line)
            except ValueError:
                break
            self._apply(table, seat, move, think)
        return table

    def _save(self, table):
        """Append what is new to the game's file before anyone hears of it."""
        if not self.folder:
            return
        os.makedirs(self.folder, exist_ok=True)
        path = os.path.join(self.folder, table.code + ".jsonl")
        with open(path, "a") as f:
            if not table.mirror.record:
                f.write(json.dumps({"desc": table.desc, "seed": table.seed,
                                    "nonce": table.nonce}) + "\n")
            else:
                e = table.mirror.record[-1]
                f.write(json.dumps([e.seat, table.full[-1], e.think_ms]) + "\n")

    def pump(self, seconds=0.0):
        for ev in self.link.arrivals(seconds):
            if ev[0] == "up":
                for table in self.tables.values():
                    self._publish_all(table)
            elif ev[0] == "msg":
                try:
                    self._message(ev[1], ev[2])
                except Exception as e:   # one game's trouble never stops the others' dealer
                    sys.stderr.write("dealer: %s on %s: %r\n" % (type(e).__name__, ev[1], e))

    def _message(self, name, payload):
        parts = name.split("/")
        if len(parts) != 5 or not payload:
            return
        code, user, kind = parts[2], parts[3], parts[4]
        try:
            msg = protocol.decode(payload, code)
            if kind == "game":
                self._description(code, user, msg)
            elif kind == "secret":
                self._secret(code, user, msg)
        except protocol.Refused:
            return    # not a message for the dealer to act on

    def _description(self, code, user, msg):
        protocol.check_description(msg, user)
        if not msg["hidden"] or None in msg["seats"] or msg.get("creator") != user:
            return
        others = [k for k in self.descs if k[0] == code and k[1] != user]
        self.descs[(code, user)] = msg
        if others or code in self.tables:
            return     # a code two creators claim gets no deal; a dealt game keeps its own
        seed, nonce = protocol.dealer_seed(), protocol.nonce()
        try:
            table = Table(code, msg, seed, nonce)
        except ValueError as e:   # options the engine refuses: no game, and the players told
            return self._stop(code, 0, str(e))
        self.tables[code] = table
        self._save(table)
        self._publish_all(table)

    def _secret(self, code, user, msg):
        table = self.tables.get(code)
        if table is None:
            return
        seats = table.desc["seats"]
        seat, ply = msg.get("seat"), msg.get("ply")
        move, think = msg.get("move"), msg.get("think_ms")
        if seat not in (0, 1) or seats[seat] != user:
            return self._note(table, user, ply, "you do not hold that seat")
        if not (type(ply) is int and isinstance(move, str) and type(think) is int and think >= 0):
            return self._note(table, user, ply, "a move without its ply, text or time")
        record = table.mirror.record
        if ply <= len(record):
            if record[ply - 1].seat == seat and table.full[ply - 1] == move:
                self._publish_ply(table, ply)    # lost on its way out? say it again
            return
        if ply != len(record) + 1:
            return self._note(table, user, ply, "a move for ply %d; the game is at ply %d"
                              % (ply, len(record) + 1))
        try:
            self._apply(table, seat, move, think)
        except IllegalMove as e:
            return self._note(table, user, ply, str(e))
        self._save(table)
        try:
            self._publish_ply(table, ply)
        except ValueError as e:    # a position it cannot show: the game stops, said so
            return self._stop(code, ply - 1, "the dealer cannot go on: %s" % e)
        if table.mirror.is_over():
            self._publish_deal(table)

    def _apply(self, table, seat, move, think):
        m = table.mirror
        if m.to_move() != seat:
            raise IllegalMove("it is not your turn")
        before = m.state
        m.make(seat, move, think)
        table.full.append(move)
        if m.game == "mano" and len(m.engine.hand_history(m.state)) > len(table.shown):
            table.shown.append(hands_left(before, move))

    def _stop(self, code, ply, why):
        self.link.publish(protocol.topic(code, protocol.DEALER, "stop"),
                          protocol.encode({"code": code, "ply": ply, "why": why}), retain=True)

    def _note(self, table, user, ply, why):
        self.link.publish(protocol.note_topic(table.code, user),
                          protocol.encode({"code": table.code, "ply": ply, "why": why}))

    # --- what the dealer publishes ---------------------------------------------------------

    def _publish_all(self, table):
        self._publish_deal(table)
        for ply in range(1, len(table.mirror.record) + 1):
            self._publish_ply(table, ply, privately=ply == len(table.mirror.record))
        if not table.mirror.record:
            self._publish_private(table, 0, table.mirror.state)

    def _publish_deal(self, table):
        m = table.mirror
        first = m.engine.new_game(m.options, table.seed)
        msg = {"code": table.code, "commit": table.commit,
               "state": m.engine.to_text(stand_in(m.game, first, None))}
        if m.is_over():
            msg.update(seed=table.seed, nonce=table.nonce, moves=table.full)
        self.link.publish(protocol.deal_topic(table.code), protocol.encode(msg), retain=True)

    def _publish_ply(self, table, ply, privately=True):
        m = table.mirror
        e = m.record[ply - 1]
        state = m.state if ply == len(m.record) else self._replayed(table, ply)
        if privately:
            self._publish_private(table, ply, state)
        move = e.move if e.move == RESIGN else public_move(m.game, e.move, state)
        msg = protocol.move(table.code, ply, e.seat, move, e.digest, e.clocks, e.think_ms)
        msg["state"] = m.engine.to_text(stand_in(m.game, state, None))
        self.link.publish(protocol.ply_topic(table.code, protocol.DEALER, ply),
                          protocol.encode(msg), retain=True)

    def _replayed(self, table, ply):
        m = table.mirror
        state = m.engine.new_game(m.options, table.seed)
        for move in table.full[:ply]:
            if move != RESIGN:
                state = m.engine.play(state, move)
        return state

    def _publish_private(self, table, ply, state):
        m = table.mirror
        for seat in (0, 1):
            user = table.desc["seats"][seat]
            text = m.engine.to_text(stand_in(m.game, state, seat))
            msg = {"code": table.code, "ply": ply, "state": text}
            if m.game == "mano":
                msg["shown"] = table.shown
            self.link.publish(protocol.private_topic(table.code, user), protocol.encode(msg),
                              retain=True)


def run(link, folder, stop_event=None):
    """Deal until ``stop_event`` is set (or forever); its games kept in ``folder``."""
    dealer = Dealer(link, folder)
    dealer.start()
    while stop_event is None or not stop_event.is_set():
        dealer.pump(0.2)
    return dealer
