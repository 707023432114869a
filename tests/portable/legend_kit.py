"""Does the legend explain what the board shows? (no tests here; used by the monkey and
test_app_legends). Every lit cell must have a line of the legend in its colour - at any
strength, as the app dims and blinks colours - naming the cell, or saying the colour
may be anywhere; and every button of the board must be in the keys."""


def shade_of(colour, rgb):
    """True when ``rgb`` is ``colour`` at some strength (render.put_scaled)."""
    k = 0
    for i in (1, 2):
        if colour[i] > colour[k]:
            k = i
    if colour[k] == 0:
        return False
    level = (rgb[k] << 8) // colour[k]
    for lv in (level, level + 1, level + 2):
        if lv <= 256 and [1 for i in range(3) if (colour[i] * lv) >> 8 != rgb[i]] == []:
            return True
    return False


def unexplained(frame, legend):
    """The lit cells no line of ``legend`` explains: [(cell, (r, g, b))]."""
    out = []
    for c in range(len(frame) // 3):
        rgb = (frame[3 * c], frame[3 * c + 1], frame[3 * c + 2])
        if rgb == (0, 0, 0):
            continue
        for cells, colour, _text in [line[:3] for line in legend["cells"]]:
            if (not cells or c in cells) and shade_of(colour, rgb):
                break
        else:
            out.append((c, rgb))
    return out


def missing_keys(app, legend):
    """The board's buttons the legend's keys do not name."""
    named = [k for k, _text in legend["keys"]]
    return [b for b in sorted(app.keys)
            if b.upper() not in named and "hold " + b.upper() not in named]


def check(app):
    """The board explains what it shows now: every lit cell, every button, a sentence."""
    from firmware.app import explain
    st = explain.status(app)
    lost = unexplained(app.frame, st["legend"])
    assert not lost, "%s screen: no legend line for %s" % (st["screen"], lost[:4])
    lost = missing_keys(app, st["legend"])
    assert not lost, "%s screen: the legend does not name %s" % (st["screen"], lost)
    assert st["message"], "%s screen: the board says nothing" % st["screen"]
    for text in [st["message"]] + [line[2] for line in st["legend"]["cells"]]:
        assert not plural_slip(text), text
    return st


_NOUNS = ("tiles", "stones", "marbles", "squares", "points", "spaces", "positions", "moves",
          "formations", "games", "wins", "cells")


def plural_slip(text):
    """True when ``text`` counts one of something in the plural ("1 tiles")."""
    words = text.replace(",", " ").replace(";", " ").replace(")", " ").split()
    for i in range(len(words) - 1):
        if words[i] == "1" and words[i + 1] in _NOUNS:
            return True
    return False


def watch(board, every=1):
    """Check the board's legend after every step ``board`` takes from now on (or every
    ``every``-th: a status lists the legal moves, thousands in Masbrur's equipment)."""
    step = board.step
    count = [0]

    def checked(*args):
        step(*args)
        count[0] += 1
        if count[0] % every == 0:
            check(board.app)
    board.step = checked
    return board
