"""The browser app end to end: `jeopardy serve` on a free loopback port, driven by a
real headless Chromium (Debian's ``chromium`` and ``chromium-driver``) through Selenium.

Without the browser these tests skip, except when ``$CI`` is set: there they fail,
so that CI cannot pass by skipping them.  ``$JEOPARDY_WEB_SCREENSHOTS`` names a
directory for the pages' screenshots (docs/figures for docs/web.md); by default
they go to a temporary directory.  The page weights and times to first render
are printed (run with ``-s`` to see them).
"""
import json
import os
import socket
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from pathlib import Path

import pytest
from click.testing import CliRunner

from jeopardy.cli.main import cli

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-dev-shm-usage", "--window-size=1280,1250"]
PAGES = ("play", "review", "policy", "simultaneous", "variant")
GOAL, SEED = 30, 11
# The page shows probabilities to 6 decimals: a shown value is within half a unit of
# the last digit of the API's float.
SHOWN = 0.5e-6 + 1e-12
WAIT = 90  # seconds for a page to finish a request on a cold numba cache

_missing = [path for path in (CHROMIUM, CHROMEDRIVER) if not Path(path).exists()]
try:
    import selenium  # noqa: F401
except ImportError:
    _missing.append("the selenium package")
if _missing:
    why = f"end-to-end browser tests need {', '.join(_missing)}"
    if os.environ.get("CI"):
        pytest.fail(f"{why}; $CI is set, so they may not be skipped", pytrace=False)
    pytest.skip(why, allow_module_level=True)

from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.common.exceptions import TimeoutException  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

pytestmark = pytest.mark.slow


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    port = free_port()
    cache = tmp_path_factory.mktemp("web-cache")
    process = subprocess.Popen([sys.executable, "-m", "jeopardy", "serve", "--no-browser",
                                "--port", str(port)], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True,
                               env={**os.environ, "JEOPARDY_CACHE_DIR": str(cache)})
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        assert process.poll() is None, process.stderr.read()
        try:
            urllib.request.urlopen(base + "/api/games", timeout=2).read()
            break
        except OSError:
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.2)
    yield base
    process.terminate()
    process.wait(timeout=10)


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={tmp_path_factory.mktemp('chromium-profile')}")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.set_page_load_timeout(60)
    yield driver
    driver.quit()


@pytest.fixture(scope="module")
def shots(tmp_path_factory):
    target = os.environ.get("JEOPARDY_WEB_SCREENSHOTS")
    path = Path(target) if target else tmp_path_factory.mktemp("screenshots")
    path.mkdir(parents=True, exist_ok=True)
    return path


def api(base: str, path: str, **params) -> dict:
    url = f"{base}{path}?{urllib.parse.urlencode(params)}"
    with urllib.request.urlopen(url, timeout=WAIT) as response:
        return json.loads(response.read())


def ready(driver, key: str = "ready") -> None:
    WebDriverWait(driver, WAIT).until(
        lambda d: d.execute_script(f"return document.body.dataset.{key}") == "1")


def console_errors(driver) -> list[str]:
    return [entry["message"] for entry in driver.get_log("browser")
            if entry["level"] == "SEVERE"]


def played(driver, moves: str) -> None:
    """Wait until the page shows the game after ``moves`` -- or fail at once with the
    error line the page shows (a refused or failed request), or with what the page
    shows if it never gets there."""
    def done(d):
        shown = d.execute_script("return [document.body.dataset.moves || '', "
                                 "document.getElementById('error').textContent]")
        return shown[0] == moves or bool(shown[1])
    try:
        WebDriverWait(driver, WAIT).until(done)
    except TimeoutException:
        status = driver.find_element(By.ID, "status").text
        busy = driver.execute_script("return document.body.dataset.busy")
        pytest.fail(f"the page did not show moves {moves!r} in {WAIT} s: it shows "
                    f"{driver.execute_script('return document.body.dataset.moves')!r}, "
                    f"status {status!r}, busy {busy!r}, console {console_errors(driver)}")
    error = driver.find_element(By.ID, "error").text
    assert not error, f"after moves {moves!r} the page shows the error {error!r}"


def number(driver, element_id: str) -> float:
    return float(driver.find_element(By.ID, element_id).text)


def new_ten_thousand_game(browser, server, goal: int, seed: int, ending: str | None = None) -> None:
    """Open Play, start a Ten Thousand game to ``goal`` with ``seed`` (and ``ending``,
    else the page's first), and wait until the person may throw."""
    from selenium.webdriver.support.ui import Select

    browser.get(f"{server}/play")
    ready(browser)
    Select(browser.find_element(By.ID, "game")).select_by_value("ten-thousand")
    if ending is not None:
        Select(browser.find_element(By.ID, "ending")).select_by_value(ending)
    for field, value in (("goal", goal), ("seed", seed)):
        box = browser.find_element(By.ID, field)
        box.clear()
        box.send_keys(str(value))
    browser.find_element(By.ID, "new-game").click()
    WebDriverWait(browser, WAIT).until(lambda d: d.find_element(By.ID, "roll").is_enabled())


def test_play_a_seeded_game_to_the_end_and_review_it(server, browser, shots):
    browser.get(f"{server}/play?seed={SEED}&goal={GOAL}")
    ready(browser)
    browser.find_element(By.ID, "new-game").click()
    WebDriverWait(browser, WAIT).until(lambda d: d.find_element(By.ID, "roll").is_enabled())
    first = api(server, "/api/play", goal=GOAL, seed=SEED)
    compare = json.loads(CliRunner().invoke(
        cli, ["compare", "optimal", "optimal", "--goal", str(GOAL), "--json"]).output)
    shown = max(number(browser, "coach-roll"), number(browser, "coach-hold"))
    assert abs(shown - compare["first"]) < SHOWN
    assert abs(shown - max(first["coach"]["roll"], first["coach"]["hold"])) < SHOWN
    moves = ""
    while browser.execute_script("return document.body.dataset.finished") != "1":
        state = api(server, "/api/play", goal=GOAL, seed=SEED, moves=moves)
        assert abs(number(browser, "coach-roll") - state["coach"]["roll"]) < SHOWN
        assert abs(number(browser, "coach-hold") - state["coach"]["hold"]) < SHOWN
        letter = state["coach"]["best"][0]
        if len(moves) == 2:  # one mistake for the review to find
            letter = "h" if letter == "r" else "r"
        if len(moves) == 4:
            browser.save_screenshot(str(shots / "web-play.png"))
        browser.find_element(By.ID, "roll" if letter == "r" else "hold").click()
        moves += letter
        played(browser, moves)
        assert len(moves) < 400
    after = api(server, "/api/play", goal=GOAL, seed=SEED, moves=moves)
    assert after["finished"]
    assert browser.find_element(By.ID, "you-score").text == str(after["scores"][0])
    assert number(browser, "last-cost") == pytest.approx(after["last_cost"], abs=SHOWN)
    assert console_errors(browser) == []

    browser.find_element(By.ID, "review-link").click()
    ready(browser)
    review = api(server, "/api/review", goal=GOAL, seed=SEED, moves=moves)
    assert abs(number(browser, "total-cost") - review["total_cost"]) < SHOWN
    assert review["total_cost"] > 0
    rows = browser.find_elements(By.CSS_SELECTOR, "#ranked tbody tr")
    assert len(rows) == len(review["decisions"])
    assert rows[0].find_elements(By.TAG_NAME, "td")[0].text == "3"  # the mistake, first
    share = browser.find_element(By.ID, "share-url").get_attribute("href")
    assert f"seed={SEED}" in share and f"moves={moves}" in share
    browser.save_screenshot(str(shots / "web-review.png"))
    assert console_errors(browser) == []
    # the shared address replays the same game in a fresh page
    browser.get(share)
    ready(browser)
    assert abs(number(browser, "total-cost") - review["total_cost"]) < SHOWN


def test_a_three_player_table_to_the_end(server, browser, shots):
    from selenium.webdriver.support.ui import Select

    browser.get(f"{server}/play")
    ready(browser)
    Select(browser.find_element(By.ID, "game")).select_by_value("piglet")
    goal = browser.find_element(By.ID, "goal")
    goal.clear()
    goal.send_keys("8")
    seed = browser.find_element(By.ID, "seed")
    seed.clear()
    seed.send_keys("5")
    Select(browser.find_element(By.ID, "players")).select_by_value("3")
    Select(browser.find_element(By.ID, "ending")).select_by_value("equal-turns")
    Select(browser.find_element(By.ID, "seat")).select_by_value("1")
    browser.find_element(By.ID, "new-game").click()
    WebDriverWait(browser, WAIT).until(lambda d: d.find_element(By.ID, "roll").is_enabled())
    base = {"game": "piglet", "goal": 8, "seed": 5, "players": 3, "ending": "equal-turns",
            "seat": 1}
    moves = ""
    while browser.execute_script("return document.body.dataset.finished") != "1":
        state = api(server, "/api/play", **base, moves=moves)
        coach = state["coach"]
        if coach["roll"] is not None:
            assert abs(number(browser, "coach-roll") - coach["roll"]) < SHOWN
            assert abs(number(browser, "coach-hold") - coach["hold"]) < SHOWN
        if len(moves) == 3:
            browser.save_screenshot(str(shots / "web-play-table.png"))
        letter = coach["best"][0]
        browser.find_element(By.ID, "roll" if letter == "r" else "hold").click()
        moves += letter
        played(browser, moves)
        assert len(moves) < 200
    final = api(server, "/api/play", **base, moves=moves)
    assert browser.find_element(By.ID, "you-score").text == str(final["scores"][1])
    browser.find_element(By.ID, "review-link").click()
    ready(browser)
    assert abs(number(browser, "total-cost") - 0.0) < SHOWN  # the coach's advice costs nothing
    assert console_errors(browser) == []


def test_ten_thousand_to_the_end(server, browser, shots):
    new_ten_thousand_game(browser, server, 2000, 3)
    assert browser.find_element(By.ID, "roll").text == "Throw"
    base = {"game": "ten-thousand", "goal": 2000, "seed": 3}
    moves = ""
    while browser.execute_script("return document.body.dataset.finished") != "1":
        coach = api(server, "/api/play", **base, moves=moves)["coach"]
        assert abs(number(browser, "coach-roll") - coach["roll"]) < SHOWN
        assert browser.find_element(By.ID, "hold").is_enabled() == (coach["hold"] is not None)
        if coach["hold"] is not None:
            assert abs(number(browser, "coach-hold") - coach["hold"]) < SHOWN
        if len(moves) == 2:
            browser.save_screenshot(str(shots / "web-play-ten-thousand.png"))
        letter = coach["best"][0]
        browser.find_element(By.ID, "roll" if letter == "r" else "hold").click()
        moves += letter
        played(browser, moves)
        assert len(moves) < 200
    assert console_errors(browser) == []


def test_policy_explorer_cell_and_comparison(server, browser, shots):
    browser.get(f"{server}/policy?goal=100")
    ready(browser)
    # counted and found in the page (a round trip per cell read 4,000 cells one by one)
    assert browser.execute_script(
        "return document.querySelectorAll('#map-a rect.cell').length") == 100 * 100
    target = browser.find_element(By.CSS_SELECTOR,
                                  '#map-a rect.cell[data-row="40"][data-col="60"]')
    browser.execute_script("arguments[0].dispatchEvent(new MouseEvent('click'))", target)
    WebDriverWait(browser, WAIT).until(lambda d: d.find_element(By.ID, "cell-win").text)
    column = api(server, "/api/policy", goal=100, scores="40,60")
    assert abs(number(browser, "cell-win") - column["win_probability"]) < SHOWN
    result = json.loads(CliRunner().invoke(
        cli, ["compare", "optimal", "hold:20", "--goal", "100", "--json"]).output)
    for key in ("first", "second", "fair"):
        assert abs(number(browser, f"compare-{key}") - result[key]) < SHOWN
    browser.save_screenshot(str(shots / "web-policy.png"))
    assert console_errors(browser) == []
    # A other than optimal: the page sends ?a=, which /api/compare ignored (it read
    # ?policy=, a shared Query object's name), so A showed as optimal whatever was chosen
    browser.get(f"{server}/policy?goal=100&a=hold:25&b=hold:20")
    ready(browser)
    result = json.loads(CliRunner().invoke(
        cli, ["compare", "hold:25", "hold:20", "--goal", "100", "--json"]).output)
    for key in ("first", "second", "fair"):
        assert abs(number(browser, f"compare-{key}") - result[key]) < SHOWN
    assert console_errors(browser) == []
    # two games side by side: each game's optimal first player, as jeopardy solve
    browser.get(f"{server}/policy?goal=50&game=pig&game_b=piglet&a=optimal&b=optimal")
    ready(browser)
    for element, game in (("solve-a", "pig"), ("solve-b", "piglet")):
        solved = json.loads(CliRunner().invoke(
            cli, ["solve", "--game", game, "--goal", "50", "--json"]).output)
        assert abs(number(browser, element) - solved["win_probability"]) < SHOWN
    assert browser.find_element(By.ID, "title-b").text == "B: optimal in piglet"
    assert console_errors(browser) == []


def test_simultaneous_game(server, browser, shots):
    browser.get(f"{server}/simultaneous")
    ready(browser)
    data = api(server, "/api/simultaneous", max_hold=30)
    rows = browser.find_elements(By.CSS_SELECTOR, "#weights tbody tr")
    assert len(rows) == len(data["strategy"])
    assert browser.find_element(By.ID, "best-reply").text in data["labels"]
    csv = browser.find_element(By.ID, "csv").get_attribute("href")
    assert urllib.request.urlopen(csv, timeout=WAIT).read().decode().startswith(data["labels"][0]) \
        or "hold" in urllib.request.urlopen(csv, timeout=WAIT).read().decode()[:200]
    browser.save_screenshot(str(shots / "web-simultaneous.png"))
    assert console_errors(browser) == []


def test_variant_builder_solves_and_refuses(server, browser, shots):
    browser.get(f"{server}/variant")
    ready(browser)
    goal = browser.find_element(By.ID, "goal")
    goal.clear()
    goal.send_keys(str(GOAL))
    browser.find_element(By.ID, "solve").click()
    WebDriverWait(browser, WAIT).until(lambda d: d.find_elements(By.ID, "variant-win"))
    pig = api(server, "/api/solve", goal=GOAL)  # the default faces are Pig's
    assert abs(number(browser, "variant-win") - pig["win_probability"]) < SHOWN
    browser.save_screenshot(str(shots / "web-variant.png"))
    assert console_errors(browser) == []
    goal.clear()
    goal.send_keys("5000")
    browser.find_element(By.ID, "solve").click()
    WebDriverWait(browser, WAIT).until(lambda d: d.find_element(By.ID, "error").text)
    assert "needs about" in browser.find_element(By.ID, "error").text
    browser.save_screenshot(str(shots / "web-variant-refused.png"))
    # the browser logs the refusal's status itself; nothing else
    assert [e for e in console_errors(browser) if "/api/variant" not in e or "413" not in e] == []


def test_every_page_has_no_console_errors_and_its_weight(server, browser, shots):
    """Each page loaded fresh (cache off): no console errors; its weight (every byte
    the page fetched, API answers included) and its time to first render."""
    browser.execute_cdp_cmd("Network.enable", {})
    browser.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})
    figures = {}
    for page in PAGES:
        suffix = f"?game=pig&goal={GOAL}&seed={SEED}&moves=rrh" if page == "review" else ""
        browser.get(f"{server}/{page}{suffix}")
        ready(browser)
        try:  # a page may say it is ready before its first paint is recorded
            WebDriverWait(browser, 10).until(lambda d: d.execute_script(
                "return performance.getEntriesByName('first-contentful-paint').length"))
        except TimeoutException:
            pass  # asserted below
        timing = browser.execute_script("""
            const nav = performance.getEntriesByType('navigation')[0];
            const paint = performance.getEntriesByName('first-contentful-paint')[0];
            const bytes = [nav, ...performance.getEntriesByType('resource')]
              .reduce((s, e) => s + (e.encodedBodySize || 0), 0);
            return {bytes, first_render_ms: paint ? paint.startTime : null};""")
        figures[page] = {"kB": round(timing["bytes"] / 1024, 1),
                         "first_render_ms": round(timing["first_render_ms"] or -1)}
        assert console_errors(browser) == [], page
        assert timing["first_render_ms"] is not None, page
    print("\npage weight and time to first render:", json.dumps(figures))
    for page, figure in figures.items():
        assert figure["kB"] < 1000, (page, figure)


def play_best_moves(browser, server, params: dict, limit: int = 200, shot=None) -> str:
    """Click the coach's better move until the game ends, checking the shown coach
    against the API's at every decision; the moves made.  ``shot``: (path, moves) saves
    a screenshot after that many moves."""
    moves = ""
    while browser.execute_script("return document.body.dataset.finished") != "1":
        if shot and len(moves) == shot[1]:
            browser.save_screenshot(str(shot[0]))
        coach = api(server, "/api/play", **params, moves=moves)["coach"]
        assert abs(number(browser, "coach-roll") - coach["roll"]) < SHOWN
        if coach["hold"] is not None:
            assert abs(number(browser, "coach-hold") - coach["hold"]) < SHOWN
        letter = coach["best"][0]
        browser.find_element(By.ID, "roll" if letter == "r" else "hold").click()
        moves += letter
        played(browser, moves)
        assert len(moves) < limit
    return moves


def test_a_variant_with_effects_saved_and_played(server, browser, shots):
    """Build a die with effects (bust_gain, double, bank), solve it, save it in the
    browser, and play it from the Play page to the end; the shown numbers are the
    API's for the same roll model (the model file the page offers)."""
    from selenium.webdriver.support.ui import Select

    browser.get(f"{server}/variant")
    ready(browser)
    name = browser.find_element(By.ID, "name")
    name.clear()
    name.send_keys("gain-double")
    goal = browser.find_element(By.ID, "goal")
    goal.clear()
    goal.send_keys("16")
    rows = browser.find_elements(By.CSS_SELECTOR, ".face-row")
    # a die with no face that ends the turn: the CLI's line, on the page
    Select(rows[0].find_element(By.TAG_NAME, "select")).select_by_visible_text("add")
    browser.find_element(By.ID, "solve").click()
    WebDriverWait(browser, WAIT).until(lambda d: d.find_element(By.ID, "error").text)
    assert "no roll ends the turn" in browser.find_element(By.ID, "error").text
    # the browser logs the refusal's status itself; nothing else
    assert [e for e in console_errors(browser) if "/api/variant" not in e or "400" not in e] == []
    for row, (effect, points) in zip(rows, [("bust_gain", 1), ("double", 0), ("bank", 3)]):
        Select(row.find_element(By.TAG_NAME, "select")).select_by_visible_text(effect)
        box = row.find_element(By.TAG_NAME, "input")
        assert box.is_enabled() == (effect != "double")
        if box.is_enabled():
            box.clear()
            box.send_keys(str(points))
    browser.find_element(By.ID, "solve").click()
    WebDriverWait(browser, WAIT).until(lambda d: d.find_elements(By.ID, "variant-win"))
    model = json.loads(browser.find_element(By.ID, "model-json").text)
    effects = sorted((o["effect"], o["points"]) for o in model["outcomes"])
    assert effects == [("add", 4), ("add", 5), ("add", 6), ("bank", 3), ("bust_gain", 1),
                       ("double", 0)]
    solved = api(server, "/api/solve", model=json.dumps(model), goal=16)
    assert abs(number(browser, "variant-win") - solved["win_probability"]) < SHOWN
    browser.find_element(By.ID, "save").click()
    browser.save_screenshot(str(shots / "web-variant-effects.png"))
    assert console_errors(browser) == []

    browser.find_element(By.ID, "play-saved").click()
    ready(browser)
    assert browser.find_element(By.ID, "game").get_attribute("value") == "saved:gain-double"
    assert browser.find_element(By.ID, "goal").get_attribute("value") == "16"
    seed = browser.find_element(By.ID, "seed")
    seed.clear()
    seed.send_keys("7")
    browser.find_element(By.ID, "new-game").click()
    WebDriverWait(browser, WAIT).until(lambda d: d.find_element(By.ID, "roll").is_enabled())
    params = {"model": json.dumps(model), "goal": 16, "seed": 7}
    start = api(server, "/api/play", **params)["coach"]
    assert abs(max(start["roll"], start["hold"]) - solved["win_probability"]) < 1e-12
    play_best_moves(browser, server, params, shot=(shots / "web-play-saved.png", 3))
    assert console_errors(browser) == []
    browser.find_element(By.ID, "review-link").click()
    ready(browser)
    assert "gain-double to 16" in browser.find_element(By.ID, "summary").text
    assert abs(number(browser, "total-cost") - 0.0) < SHOWN  # the coach's advice costs nothing
    assert console_errors(browser) == []


def test_ten_thousand_first_to_reach_to_the_end(server, browser, shots):
    """Play offers Ten Thousand's two endings (jeopardy farkle solve's): first to reach
    is played to the end; the coach at the start is that solve's first-player chance."""
    from selenium.webdriver.support.ui import Select

    new_ten_thousand_game(browser, server, 1000, 4, "first-to-reach")
    ending = Select(browser.find_element(By.ID, "ending"))
    assert [o.get_attribute("value") for o in ending.options] == ["rounds", "first-to-reach"]
    assert ending.first_selected_option.get_attribute("value") == "first-to-reach"
    solved = json.loads(CliRunner().invoke(cli, ["farkle", "solve", "--goal", "1000",
                                                 "--first-to-reach", "--json"]).stdout)
    assert abs(number(browser, "coach-roll") - solved["win_probability"]) < SHOWN
    params = {"game": "ten-thousand", "goal": 1000, "seed": 4, "first_to_reach": "true"}
    play_best_moves(browser, server, params)
    browser.find_element(By.ID, "review-link").click()
    ready(browser)
    assert "first_to_reach=true" in browser.find_element(By.ID, "share-url").text
    assert "first to reach" in browser.find_element(By.ID, "summary").text
    review = api(server, "/api/review", **params,
                 moves=browser.execute_script("return new URLSearchParams(location.search)"
                                              ".get('moves')"))
    assert review["first_to_reach"] and review["finished"]
    assert abs(number(browser, "total-cost") - review["total_cost"]) < SHOWN
    assert console_errors(browser) == []


def test_a_click_on_throw_while_the_dice_spin_reaches_the_button(server, browser, shots):
    """Ten Thousand's die shows six faces: a wide box whose spin (0.35 s after each
    throw) swept over the buttons below, so a quick second click landed on the spinning
    die and was lost (a user's click, and once a test's in a loaded CI run).  The die
    takes no clicks: at the buttons' centres the element hit is the button, at every
    frame of the spin, paused at each point of it."""
    new_ten_thousand_game(browser, server, 1000, 4)
    browser.find_element(By.ID, "roll").click()
    played(browser, "r")
    width, hits = browser.execute_script("""
        const die = document.getElementById('die');
        const width = die.offsetWidth;  // the layout's width: the throw's own spin may be turning it
        die.classList.remove('rolling'); void die.offsetWidth; die.classList.add('rolling');
        const spin = die.getAnimations()[0];
        spin.pause();
        const hits = [];
        for (let ms = 0; ms <= 350; ms += 10) {
          spin.currentTime = ms;
          for (const id of ['roll', 'hold']) {
            const box = document.getElementById(id).getBoundingClientRect();
            const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
            hits.push([ms, id, hit ? hit.id : null]);
          }
        }
        spin.finish();
        return [width, hits];""")
    assert width > 100, "the die shows six faces (wide)"
    assert len(hits) == 72
    missed = [(ms, id, hit) for ms, id, hit in hits if hit != id]
    assert missed == []
