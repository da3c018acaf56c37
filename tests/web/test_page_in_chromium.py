"""The desk page in a real headless Chromium: a puzz.link link opens with its verdict and
drawing, a grade's steps replay one by one with their cells marked and their techniques in
English, an ambiguous puzzle shows its undecided cells with the clues in them in sight, Grade
on a genre without a grader keeps the verdict, Hint gives the next step, the genre lists
come from the registry, bad input gets a clear message, "Make a puzzle" fills the puzzle box
with a puzzle made to order and its verdict. ``PENCILSAT_SCREENSHOTS=DIR`` saves
the screens (the PNGs in ``docs/`` come from ``PENCILSAT_SCREENSHOTS=docs``)."""

from __future__ import annotations

import os
import re
import shutil
import urllib.parse
from pathlib import Path

import pytest
from conftest import CORPUS, corpus_pairs
from web_support import CHROMEDRIVER, CHROMIUM, chromium, desk_server

import pencilsat
from pencilsat.core.registry import GENRES, generated
from pencilsat.formats.puzzlink import to_url

# the corpus's seed 10x10 Masyu, read from ../shared/corpus and written as a link at run time
SEED_URL = to_url(pencilsat.read_puzzle(str(CORPUS / "masyu" / "seed_10x10.txt")))
TWO_WAY = "masyu 4 4\nB.W.\nW...\n...B\n....\n"
ONE_CLUE_SLITHERLINK = "https://puzz.link/p?slither/3/3/jbh"
"""A 1 in the middle of a 3x3: many loops, every cell undecided, the 1 among them."""
WAIT = 60
CELL_NAME = re.compile(r"\br(\d+)c(\d+)\b")


@pytest.fixture(scope="module")
def page():
    if not (Path(CHROMIUM).exists() and Path(CHROMEDRIVER).exists()):
        pytest.fail("the browser tests need Debian's chromium and chromium-driver: run "
                    "sh tests/web/install_chromium.sh (as root it installs them)")
    with desk_server() as base, chromium() as driver:
        yield base, driver


def wait_for(driver, condition, timeout=WAIT):
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, timeout).until(lambda d: condition(d))


def text_of(driver, element_id):
    return driver.find_element("id", element_id).text


def screenshot(driver, tmp_path, name):
    path = tmp_path / name
    driver.save_screenshot(str(path))
    target = os.environ.get("PENCILSAT_SCREENSHOTS")
    if target:
        shutil.copy(path, Path(target) / name)
    return path


def open_text(driver, base, text):
    driver.get(base + "/")
    wait_for(driver, lambda d: "loading" not in text_of(d, "genre-list"))
    area = driver.find_element("id", "puzzle")
    area.clear()
    area.send_keys(text)


def console_errors(driver) -> list[str]:
    return [entry["message"] for entry in driver.get_log("browser")
            if entry["level"] == "SEVERE"]


def test_a_puzzlink_link_opens_with_its_verdict_and_drawing(page, tmp_path):
    base, driver = page
    driver.get(base + "/?url=" + urllib.parse.quote(SEED_URL, safe=""))
    wait_for(driver, lambda d: "Unique" in text_of(d, "verdict"))
    drawing = driver.find_element("id", "drawing")
    assert drawing.find_elements("css selector", "svg path.loop")
    assert len(drawing.find_elements("css selector", "svg circle.pearl")) == 18
    assert "variables" in text_of(driver, "stats")
    assert screenshot(driver, tmp_path, "desk-verdict.png").stat().st_size > 10_000


def test_the_grade_replays_step_by_step_with_the_cells_marked(page, tmp_path):
    base, driver = page
    driver.get(base + "/?url=" + urllib.parse.quote(SEED_URL, safe=""))
    wait_for(driver, lambda d: "Unique" in text_of(d, "verdict"))
    driver.find_element("id", "grade").click()
    wait_for(driver, lambda d: "Level" in text_of(d, "grade-summary"))
    wait_for(driver, lambda d: text_of(d, "step-counter").startswith("step 0 of"))
    total = int(text_of(driver, "step-counter").split()[-1])
    assert total > 10
    for item in driver.find_elements("css selector", "#techniques li"):
        paper = item.find_element("css selector", ".paper").text
        assert paper and item.text.split(paper)[0].strip().isascii()
    for k in range(1, 16):  # far enough for lines to show, not only blocked borders
        driver.find_element("id", "next").click()
        wait_for(driver, lambda d, k=k: text_of(d, "step-counter") == f"step {k} of {total}"
                 and d.find_elements("css selector", "#step-drawing svg rect.mark.step")
                 and f"after step {k}" in text_of(d, "step-drawing"))
    step_text = text_of(driver, "step-text")
    assert CELL_NAME.search(step_text) and not re.search(r"\(\d+, ?\d+\)", step_text)
    technique = driver.find_element("id", "step-technique")
    assert technique.find_element("css selector", ".paper").text in technique.text
    assert technique.text.split()[0].islower()  # the English name first
    screenshot(driver, tmp_path, "desk-grade-step.png")
    driver.find_element("id", "prev").click()
    wait_for(driver, lambda d: text_of(d, "step-counter") == f"step 14 of {total}"
             and "after step 14" in text_of(d, "step-drawing"))


def test_an_ambiguous_puzzle_shows_its_undecided_cells(page, tmp_path):
    base, driver = page
    open_text(driver, base, TWO_WAY)
    driver.find_element("id", "check").click()
    wait_for(driver, lambda d: "NOT unique" in text_of(d, "verdict"))
    covers = driver.find_elements("css selector", "#drawing svg g.undecided")
    cells = sorted((int(c.get_attribute("data-row")), int(c.get_attribute("data-col")))
                   for c in covers)
    assert cells == [(2, 0), (2, 1), (3, 0), (3, 1)]
    assert "12 of 16" in text_of(driver, "stats")
    screenshot(driver, tmp_path, "desk-ambiguous.png")
    driver.find_element("css selector", "button.view[data-view=two_solutions]").click()
    wait_for(driver, lambda d: len(d.find_elements("css selector", "#drawing svg g.panel")) == 2)


def test_bad_input_gets_a_clear_message_not_a_trace(page):
    base, driver = page
    open_text(driver, base, "masyu 3 3\nXYZ")
    driver.find_element("id", "check").click()
    wait_for(driver, lambda d: "Cannot check" in text_of(d, "verdict"))
    message = text_of(driver, "message")
    assert "invalid input" in message and "line" in message
    assert "Traceback" not in driver.page_source


def test_the_redundant_clues_are_marked(page):
    base, driver = page
    driver.get(base + "/?url=" + urllib.parse.quote(SEED_URL, safe=""))
    wait_for(driver, lambda d: "Unique" in text_of(d, "verdict"))
    driver.find_element("id", "clues").click()
    wait_for(driver, lambda d: "redundant" in text_of(d, "clues-summary"))
    marks = driver.find_elements("css selector", "#clues-drawing svg rect.mark.redundant")
    assert sorted((int(m.get_attribute("data-row")), int(m.get_attribute("data-col")))
                  for m in marks) == [(0, 5), (9, 5)]
    assert "r1c6" in text_of(driver, "clues-summary")  # 1-based, as the axes number them
    assert "r10c6" in text_of(driver, "clues-summary")


def test_the_drawings_number_rows_and_columns_from_1(page):
    base, driver = page
    driver.get(base + "/?url=" + urllib.parse.quote(SEED_URL, safe=""))
    wait_for(driver, lambda d: "Unique" in text_of(d, "verdict"))
    columns = driver.find_elements("css selector", "#drawing svg text.axis.col")
    rows = driver.find_elements("css selector", "#drawing svg text.axis.row")
    assert [c.text for c in columns] == [str(k) for k in range(1, 11)]
    assert [r.text for r in rows] == [str(k) for k in range(1, 11)]


def test_the_genre_lists_come_from_the_registry(page):
    base, driver = page
    driver.get(base + "/")
    wait_for(driver, lambda d: "loading" not in text_of(d, "genre-list"))
    assert text_of(driver, "genre-list") == ", ".join(g.title for g in GENRES.values())
    assert text_of(driver, "graded-list") == ", ".join(
        g.title for g in GENRES.values() if g.grader)
    static = Path(__file__).parents[2] / "src/pencilsat/web/static"
    for path in static.iterdir():
        text = path.read_text(encoding="utf-8").lower()
        named = [g.title for g in GENRES.values()
                 if re.search(rf"\b{re.escape(g.title.lower())}\b", text)]
        assert not named, f"{path.name} names {named}: take genres from /api/genres"


def test_grade_on_a_genre_without_a_grader_keeps_the_verdict(page, tmp_path):
    base, driver = page
    name = next(n for n, g in GENRES.items() if g.grader is None)
    title = GENRES[name].title
    puzzle, _ = corpus_pairs(f"{name}/janko")[0]
    open_text(driver, base, puzzle.read_text())
    driver.find_element("id", "check").click()
    wait_for(driver, lambda d: "Unique" in text_of(d, "verdict"))
    assert not driver.find_element("id", "hint").is_enabled()
    assert f"no grader for {title} yet" in text_of(driver, "hint-note")
    console_errors(driver)  # read (and so clear) the console so far
    driver.find_element("id", "grade").click()
    wait_for(driver, lambda d: "no grader" in text_of(d, "grade-summary"))
    assert "Unique" in text_of(driver, "verdict")
    assert "Cannot check" not in text_of(driver, "verdict")
    assert f"no grader for {title} yet" in text_of(driver, "grade-summary")
    assert not driver.find_element("id", "stepper").is_displayed()
    assert not console_errors(driver)  # no replay asked for, so no 422
    screenshot(driver, tmp_path, "desk-no-grader.png")


def test_the_hint_button_gives_the_next_step_on_a_masyu(page, tmp_path):
    base, driver = page
    driver.get(base + "/?url=" + urllib.parse.quote(SEED_URL, safe=""))
    wait_for(driver, lambda d: "Unique" in text_of(d, "verdict"))
    wait_for(driver, lambda d: d.find_element("id", "hint").is_enabled())
    driver.find_element("id", "hint").click()
    wait_for(driver, lambda d: text_of(d, "hint-text")
             and d.find_elements("css selector", "#hint-drawing svg rect.mark.step"))
    technique = driver.find_element("id", "hint-technique")
    paper = technique.find_element("css selector", ".paper").text
    assert paper and technique.text.replace(paper, "").strip().isascii()
    named = {(int(r) - 1, int(c) - 1) for r, c in CELL_NAME.findall(text_of(driver,
                                                                         "hint-text"))}
    marks = {(int(m.get_attribute("data-row")), int(m.get_attribute("data-col")))
             for m in driver.find_elements("css selector", "#hint-drawing svg rect.mark.step")}
    assert marks and marks <= named
    screenshot(driver, tmp_path, "desk-hint.png")


CLUES_IN_SIGHT = """
const seen = {};
for (const t of document.querySelectorAll('#drawing svg text.clue')) {
  t.scrollIntoView({block: 'center'});
  const b = t.getBoundingClientRect();
  const key = t.getAttribute('x') + ',' + t.getAttribute('y');
  let hit = false;
  for (let i = 1; i < 10 && !hit; i++) for (let j = 1; j < 10 && !hit; j++) {
    hit = document.elementFromPoint(b.left + b.width * i / 10, b.top + b.height * j / 10) === t;
  }
  seen[key] = seen[key] || hit;
}
return seen;
"""
"""Per clue position, whether a clue's text there is painted on top (some point of it is
what the browser finds under the pointer) rather than under a cover."""


def test_the_clues_stay_in_sight_under_the_backbone(page, tmp_path):
    base, driver = page
    driver.get(base + "/?url=" + urllib.parse.quote(ONE_CLUE_SLITHERLINK, safe=""))
    wait_for(driver, lambda d: "NOT unique" in text_of(d, "verdict"))
    undecided = driver.find_elements("css selector", "#drawing svg g.undecided")
    assert len(undecided) == 9  # every cell, the 1 in the middle among them
    clues = driver.find_elements("css selector", "#drawing svg text.clue")
    assert {c.text for c in clues} == {"1"}
    seen = driver.execute_script(CLUES_IN_SIGHT)
    assert seen and all(seen.values()), seen
    screenshot(driver, tmp_path, "desk-backbone-clues.png")


def test_make_a_puzzle_fills_the_box_with_its_verdict_and_the_tools_take_it(page, tmp_path):
    from selenium.webdriver.support.ui import Select

    base, driver = page
    driver.get(base + "/")
    wait_for(driver, lambda d: "loading" not in text_of(d, "genre-list"))
    offered = [o.get_attribute("value") for o in Select(
        driver.find_element("id", "make-genre")).options]
    assert offered == [name for name in GENRES if name in generated()]  # the registry's order
    Select(driver.find_element("id", "make-genre")).select_by_value("sudoku")
    assert driver.find_element("id", "make-size").get_attribute("value") == "9x9"
    Select(driver.find_element("id", "make-level")).select_by_value("2")
    driver.find_element("id", "make-seed").send_keys("4")
    driver.find_element("id", "make-button").click()
    wait_for(driver, lambda d: "Unique" in text_of(d, "verdict")
             and d.find_element("id", "puzzle").get_attribute("value").strip())
    made = pencilsat.generate("sudoku", 9, 9, level=2, seed=4)
    assert driver.find_element("id", "puzzle").get_attribute("value") == made.text
    assert "level 2" in text_of(driver, "message") and "seed 4" in text_of(driver, "message")
    assert driver.find_elements("css selector", "#drawing svg")
    screenshot(driver, tmp_path, "desk-make.png")
    driver.find_element("id", "grade").click()  # the grade tool takes the puzzle in the box
    wait_for(driver, lambda d: "Level" in text_of(d, "grade-summary"))
    assert text_of(driver, "grade-summary").startswith("Level 2")
    wait_for(driver, lambda d: d.find_element("id", "hint").is_enabled())


def _order_on_page(page, genre: str, size: str):
    """The page loaded, with ``genre`` and ``size`` chosen in Make a puzzle; the driver."""
    from selenium.webdriver.support.ui import Select

    base, driver = page
    driver.get(base + "/")
    wait_for(driver, lambda d: "loading" not in text_of(d, "genre-list"))
    Select(driver.find_element("id", "make-genre")).select_by_value(genre)
    field = driver.find_element("id", "make-size")
    field.clear()
    field.send_keys(size)
    return driver


def test_a_seed_past_javascripts_exact_integers_round_trips_through_the_page(page):
    """The page sent the seed as a JavaScript number, so 2**53 + 1 reached the server as
    2**53, and showed the answer's seed rounded too."""
    seed = 2**53 + 1
    driver = _order_on_page(page, "sudoku", "4x4")
    driver.find_element("id", "make-seed").send_keys(str(seed))
    driver.find_element("id", "make-button").click()
    wait_for(driver, lambda d: "Unique" in text_of(d, "verdict")
             and d.find_element("id", "puzzle").get_attribute("value").strip())
    made = pencilsat.generate("sudoku", 4, 4, seed=seed)
    assert made.text != pencilsat.generate("sudoku", 4, 4, seed=2**53).text  # told apart
    assert driver.find_element("id", "puzzle").get_attribute("value") == made.text
    message = text_of(driver, "message")
    assert f"seed {seed}," in message and message.endswith(f"--seed {seed}")
    assert [seed] == [int(row.find_elements("tag name", "td")[1].text)
                      for row in driver.find_elements("css selector", "#stats tr")
                      if row.find_element("tag name", "td").text == "seed"]


def test_make_a_puzzle_says_what_is_wrong_with_an_order(page):
    driver = _order_on_page(page, "sudoku", "10x10")
    driver.find_element("id", "make-button").click()
    wait_for(driver, lambda d: "Cannot make" in text_of(d, "verdict"))
    assert "the sizes are" in text_of(driver, "message")
    assert "Traceback" not in driver.page_source


def test_make_a_symmetric_puzzle_where_the_genre_makes_one(page):
    from selenium.webdriver.support.ui import Select

    base, driver = page
    driver.get(base + "/")
    wait_for(driver, lambda d: "loading" not in text_of(d, "genre-list"))
    genre = Select(driver.find_element("id", "make-genre"))
    genre.select_by_value("masyu")  # pearls follow the loop: no symmetry offered
    assert not driver.find_element("id", "make-symmetry").is_enabled()
    genre.select_by_value("sudoku")
    Select(driver.find_element("id", "make-symmetry")).select_by_value("rot2")
    driver.find_element("id", "make-seed").send_keys("3")
    driver.find_element("id", "make-button").click()
    wait_for(driver, lambda d: "Unique" in text_of(d, "verdict")
             and "--symmetry rot2" in text_of(d, "message"))
    grid = driver.find_element("id", "puzzle").get_attribute("value").strip()
    assert grid == pencilsat.generate("sudoku", 9, 9, seed=3, symmetry="rot2").text.strip()
    given = [ch != "." for ch in grid]
    assert given == given[::-1]  # the half-turn of a 9x9 line read backwards


def test_make_offers_stars_and_variants_only_where_the_genre_takes_them(page):
    """Star Battle's stars and Numberlink's filled variant are asked on the page, as
    ``--stars`` and ``--variant`` are; other genres have the two controls disabled."""
    from selenium.webdriver.support.ui import Select

    driver = _order_on_page(page, "sudoku", "4x4")
    assert not driver.find_element("id", "make-stars").is_enabled()
    assert not driver.find_element("id", "make-variant").is_enabled()
    driver = _order_on_page(page, "numberlink", "6x6")
    assert not driver.find_element("id", "make-stars").is_enabled()
    Select(driver.find_element("id", "make-variant")).select_by_value("full")
    driver.find_element("id", "make-seed").send_keys("2")
    driver.find_element("id", "make-button").click()
    wait_for(driver, lambda d: "Unique" in text_of(d, "verdict")
             and "--variant full" in text_of(d, "message"))
    made = pencilsat.generate("numberlink", 6, 6, variant="full", seed=2)
    assert driver.find_element("id", "puzzle").get_attribute("value") == made.text
    driver = _order_on_page(page, "starbattle", "8x8")
    assert not driver.find_element("id", "make-variant").is_enabled()
    driver.find_element("id", "make-stars").send_keys("2")
    driver.find_element("id", "make-seed").send_keys("5")
    driver.find_element("id", "make-button").click()
    wait_for(driver, lambda d: "Unique" in text_of(d, "verdict")
             and "--stars 2" in text_of(d, "message"))
    made = pencilsat.generate("starbattle", 8, 8, stars=2, seed=5)
    assert driver.find_element("id", "puzzle").get_attribute("value") == made.text
