"""The desk page in a real headless Chromium: a puzz.link link opens with its verdict and
drawing, a grade's steps replay one by one with their cells marked, an ambiguous puzzle
shows its undecided cells, bad input a clear message. ``PENCILSAT_SCREENSHOTS=DIR`` saves
the screens (the PNGs in ``docs/`` come from ``PENCILSAT_SCREENSHOTS=docs``)."""

from __future__ import annotations

import os
import shutil
import urllib.parse
from pathlib import Path

import pytest
from web_support import CHROMEDRIVER, CHROMIUM, chromium, desk_server

SEED_URL = "https://puzz.link/p?mashu/10/10/i1900002i00o090i0i070301c000060100"
TWO_WAY = "masyu 4 4\nB.W.\nW...\n...B\n....\n"
WAIT = 60


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
    wait_for(driver, lambda d: "level" in text_of(d, "grade-summary"))
    wait_for(driver, lambda d: text_of(d, "step-counter").startswith("step 0 of"))
    total = int(text_of(driver, "step-counter").split()[-1])
    assert total > 10
    for k in range(1, 16):  # far enough for lines to show, not only blocked borders
        driver.find_element("id", "next").click()
        wait_for(driver, lambda d, k=k: text_of(d, "step-counter") == f"step {k} of {total}"
                 and d.find_elements("css selector", "#step-drawing svg rect.mark.step")
                 and f"after step {k}" in text_of(d, "step-drawing"))
    assert text_of(driver, "step-text")
    screenshot(driver, tmp_path, "desk-grade-step.png")
    driver.find_element("id", "prev").click()
    wait_for(driver, lambda d: text_of(d, "step-counter") == f"step 14 of {total}"
             and "after step 14" in text_of(d, "step-drawing"))


def test_an_ambiguous_puzzle_shows_its_undecided_cells(page, tmp_path):
    base, driver = page
    driver.get(base + "/")
    area = driver.find_element("id", "puzzle")
    area.clear()
    area.send_keys(TWO_WAY)
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
    driver.get(base + "/")
    area = driver.find_element("id", "puzzle")
    area.clear()
    area.send_keys("masyu 3 3\nXYZ")
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
