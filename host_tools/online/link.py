"""The connection to the broker: a paho-mqtt client that comes back by itself after the link
drops, announces the user's presence with a retained "online" and leaves a retained
"offline" as its last will, and hands every message and every change of the link to the
caller's thread through a queue (paho's own thread never touches a game).

A broker is a URL: ``mqtt://[USER[:PASSWORD]@]HOST[:PORT]`` (1883), ``mqtts://`` (8883, TLS,
checked against ``ca`` or the system's authorities), ``ws://`` / ``wss://`` (9001,
WebSockets)."""
import queue
import socket
import ssl
import threading
import time
import urllib.parse
import uuid

import paho.mqtt.client as mqtt

from host_tools.errors import UsageError

SCHEMES = {"mqtt": (1883, "tcp", False), "mqtts": (8883, "tcp", True),
           "ws": (9001, "websockets", False), "wss": (9001, "websockets", True)}


class LinkError(Exception):
    """The broker cannot be reached or refuses this user (one sentence; exit status 1)."""


class Broker:
    """Where and as whom to connect, from a URL."""

    def __init__(self, url, user=None, password=None, ca=None):
        try:
            parts = urllib.parse.urlsplit(url or "")
        except ValueError:   # e.g. an IPv6 host without its closing bracket
            parts = urllib.parse.urlsplit("")
        if parts.scheme not in SCHEMES or not parts.hostname:
            raise UsageError("%r is not a broker URL: write mqtt://HOST[:PORT] (or mqtts://, "
                             "ws://, wss://), optionally with USER:PASSWORD@ before the host"
                             % str(url)[:80])
        default_port, self.transport, self.tls = SCHEMES[parts.scheme]
        try:
            self.port = parts.port or default_port
        except ValueError:
            raise UsageError("the port in %r is not a number from 1 to 65535" % str(url)[:80])
        self.host = parts.hostname
        self.path = parts.path or "/mqtt"
        given = urllib.parse.unquote
        self.user = user if user is not None else given(parts.username or "") or None
        self.password = password if password is not None else given(parts.password or "") or None
        self.ca = ca
        self.url = "%s://%s:%d" % (parts.scheme, self.host, self.port)


class Link:
    """One connection. ``events`` yields ("up",), ("down", why) and ("msg", topic, payload,
    retained); ``subscribe`` and the presence announcement are done again at every
    reconnection."""

    def __init__(self, broker, client_id=None):
        self.broker = broker
        self.events = queue.Queue()
        self.subscriptions = []
        self.presence = None     # (topic of "online"/"offline") once announced
        self.up = False
        self._first = threading.Event()
        self._refused = None
        c = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2,
                        client_id=client_id or "arbiter-" + uuid.uuid4().hex[:12],
                        transport=broker.transport, protocol=mqtt.MQTTv311,
                        clean_session=True, reconnect_on_failure=True)
        if broker.transport == "websockets":
            c.ws_set_options(path=broker.path)
        if broker.user is not None:
            c.username_pw_set(broker.user, broker.password)
        if broker.tls:
            try:
                c.tls_set(ca_certs=broker.ca, cert_reqs=ssl.CERT_REQUIRED)
            except (OSError, ssl.SSLError, ValueError) as e:
                raise UsageError("cannot use the CA file %r: %s" % (broker.ca, e))
        c.reconnect_delay_set(min_delay=0.2, max_delay=4)
        c.max_queued_messages_set(0)
        c.on_connect = self._on_connect
        c.on_disconnect = self._on_disconnect
        c.on_message = self._on_message
        self.client = c

    @property
    def user(self):
        return self.broker.user

    def will(self, topic):
        """Leave a retained "offline" on ``topic`` when the link dies; say "online" there now
        and at every reconnection. Set before ``connect``."""
        self.presence = topic
        self.client.will_set(topic, b"offline", qos=1, retain=True)

    def connect(self, timeout=10.0):
        b = self.broker
        try:   # the first attempt in the open, so that "nobody there" is said at once
            self.client.connect(b.host, b.port, keepalive=15)
        except ssl.SSLError as e:
            raise LinkError("the broker at %s failed the TLS check: %s"
                            % (b.url, getattr(e, "reason", None) or e))
        except (OSError, ValueError) as e:
            raise LinkError("cannot reach the broker at %s: %s"
                            % (b.url, getattr(e, "strerror", None) or e))
        self.client.loop_start()
        if not self._first.wait(timeout):
            self.close(clean=False)
            raise LinkError("no answer from the broker at %s within %d s (is it running, and "
                            "is the address right?)" % (b.url, timeout))
        if self._refused:
            self.close(clean=False)
            raise LinkError("the broker at %s refused the connection: %s"
                            % (b.url, self._refused))

    def subscribe(self, pattern):
        self.subscriptions.append(pattern)
        if self.up:
            self.client.subscribe(pattern, qos=1)

    def publish(self, topic, payload, retain=False):
        """QoS 1. What is published while the link is down may never arrive: callers publish
        again when the link is back (their record says what is missing)."""
        self.client.publish(topic, payload, qos=1, retain=retain)

    def arrivals(self, seconds=0.0):
        """The events that arrive within ``seconds`` (at least those already there), ending
        soon after the first when waiting."""
        deadline = time.monotonic() + seconds
        while True:
            wait = deadline - time.monotonic()
            try:
                ev = self.events.get(timeout=wait) if wait > 0 else self.events.get_nowait()
            except queue.Empty:
                return
            yield ev
            if seconds > 0:
                deadline = time.monotonic()

    def close(self, clean=True):
        if clean and self.presence and self.up:
            self.client.publish(self.presence, b"offline", qos=1, retain=True).wait_for_publish(2)
        self.client.disconnect()
        self.client.loop_stop()

    # paho's thread

    def _on_connect(self, client, userdata, flags, reason, properties=None):
        if reason.is_failure:
            if not self._first.is_set():
                self._refused = str(reason).lower()
                self._first.set()
            return
        self.up = True
        try:   # a move is one small packet: send it at once, not with the next
            client.socket().setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        except (OSError, AttributeError):
            pass
        for pattern in self.subscriptions:
            client.subscribe(pattern, qos=1)
        if self.presence:
            client.publish(self.presence, b"online", qos=1, retain=True)
        self.events.put(("up",))
        self._first.set()

    def _on_disconnect(self, client, userdata, flags, reason, properties=None):
        if self.up:
            self.up = False
            self.events.put(("down", str(reason)))

    def _on_message(self, client, userdata, msg):
        self.events.put(("msg", msg.topic, msg.payload, bool(msg.retain)))
