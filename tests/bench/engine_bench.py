"""Engine figures, portable: random playouts through the public API, timed."""
from clock import elapsed_us, now_us

from firmware.rules import Rng


def playouts(engine, games, seed=1, budget_us=3000000):
    """Play up to ``games`` random games (stopping after ``budget_us``).

    Returns (games played, plies, µs in legal_moves + play, µs in total)."""
    rng = Rng(seed)
    plies = 0
    move_us = 0
    t_all = now_us()
    done = 0
    while done < games and elapsed_us(t_all) < budget_us:
        s = engine.new_game(None, seed + done)
        while True:
            t0 = now_us()
            moves = engine.legal_moves(s)
            move_us += elapsed_us(t0)
            if not moves:
                break
            move = moves[rng.below(len(moves))]
            t0 = now_us()
            s = engine.play(s, move)
            move_us += elapsed_us(t0)
            plies += 1
        engine.result(s)
        done += 1
    return done, plies, move_us, elapsed_us(t_all)


def figures(name, games=100):
    engine = __import__("firmware.rules." + name, None, None, [name])
    done, plies, move_us, total_us = playouts(engine, games)
    return {
        "playouts/s": done * 1000000.0 / max(1, total_us),
        "legal_moves+play ms": move_us / 1000.0 / max(1, plies),
        "plies/game": plies / max(1, done),
    }
