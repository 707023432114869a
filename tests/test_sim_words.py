"""The simulator's side panel names the cells of every board's legend as the docs do:
the stone board's points (e5, b3), where its page draws no names itself."""
from tests.sim_harness import browser, serve, sim  # noqa: F401 (fixtures)

server = serve("stone")


def legend(sim):
    """[(cells, text)] as the page shows the legend."""
    return [tuple(c) for c in sim.page.eval_on_selector_all(
        "#legend-cells li", "els => els.map(e => [e.querySelector('.cells').textContent, "
        "e.lastChild.textContent])")]


def test_the_stone_board_legend_names_its_points(sim):
    cells = dict(legend(sim))
    assert cells["e5"] == "start a game", cells
    assert cells["b3"] == "the board's strength, 1-5: now 3", cells
    assert sim.page.text_content("#legend-says").startswith("menu: start is selected (blinking)")
