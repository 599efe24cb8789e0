"""What we publish: every number README.md, docs/ and ``jeopardy reproduce`` print as ours.

Beside, and separate from, :mod:`jeopardy.published` (the literature's numbers):
these are *our* results, pinned so that a change in any solver that moves a
number we have printed fails a test (``tests/test_pinned.py`` recomputes
every row; nothing here is computed).  Each row names the analysis that
computes it (a function in the test), which of its numbers, the value, the
tolerance and why that tolerance, and the page that prints it.

Exact results (``Fraction``, counts, decisions, policy strings) are compared
exactly: ``tolerance`` is None and a fraction is written ``"p/q"``.  Floats
carry the tolerance of the computation that produced them (``why``), well
below the digits the docs print, so the printed digits are pinned too.

Seeded simulations are pinned too (the same seed plays the same games), to
the digits printed.  Not pinned, on purpose: timings, sweep and pass counts,
residuals, standard errors and memory (diagnostics of how a number was
computed, which a faster solver changes); the literature's numbers that
``reproduce`` prints beside ours (jeopardy/published.py, compared by
tests/test_reproduce.py and tests/test_seed_*.py).  tests/test_pinned_coverage.py
checks that every number the pages print is a row here or belongs to one of
the classes of tests/pinned_coverage.py that are not results, each with its
reason (``python tests/pinned_coverage.py --why`` lists every number's class).

Rows marked ``slow`` (minutes in all) run in the full suite, not in
``python -m pytest -m "not slow"``; rows marked ``long`` (an analysis of many
minutes on its own, as the docs commands marked long in tests/test_docs.py)
run only with ``python -m pytest -m long tests/test_pinned.py``.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Pinned:
    """One number we publish: ``analysis``'s ``name`` is ``value`` (within ``tolerance``)."""

    analysis: str
    name: str
    value: object  # "p/q" for a Fraction; an int, str or bool; a float with a tolerance
    tolerance: float | None  # None: compared exactly
    why: str
    where: str  # the page(s) that print it
    slow: bool = False
    long: bool = False  # minutes on its own: left out by default, run with -m long

    @property
    def id(self) -> str:
        return f"{self.analysis}: {self.name}"


EXACT = "an exact rational: compared exactly"
COUNT = "a count, a decision or a policy: exact"
# Why each float tolerance (one place; the rows refer to these).
RACE = ("race solver / exact policy evaluation: Bellman residual <= 1e-15 per state, and the "
        "interval certificate bounds |float - exact| of Pig to 100 by 1.6e-13; 1e-12 admits a "
        "change of summation order, far below the 10 digits printed")
INTERVAL = ("an endpoint of the outward-rounded interval enclosure (width 3.5e-14 at P(0,0,0)); "
            "1e-14 admits reordered interval sums, and fails if the enclosure moves by its width")
SCORE = ("expected-score DP in floats, values ~30-110 (an ulp is 1.4e-14); the exact rational "
         "agrees to 1e-14; 1e-11 admits summation order (1e-13 relative)")
TURNS = ("solitaire policy iteration with exact-in-floats solves, residual ~5e-15 on ~12.5 "
         "turns; 1e-11 admits summation order")
REACH = "a finite-horizon backward pass in floats, no iteration: 1e-12 admits summation order"
FIXED = ("fixed-turns game, midpoint of a proved sandwich with bound below 1e-13 (0 for SKUNK); "
         "1e-12 admits that bound and summation order")
THINK_GAME = ("THINK's truncated game (caps 200/200) solved in floats with no iteration; win "
              "rates against a rule move by < 1e-10 between caps 200 and 240; 1e-9 admits "
              "summation order and fails on any change at the printed 9 digits")
FARKLE_TURN = ("Ten Thousand single-turn DP in floats on values ~460 (an ulp is 5.7e-14); "
               "1e-9 admits summation order and pins the 4 printed decimals")
FARKLE_GAME = ("two-player Ten Thousand, each pair iterated to 1e-14, residual <= 3e-15; 1e-11 "
               "admits that tolerance and summation order, far below the 6 digits printed")

SEEDED = ("a seeded simulation: the same seed plays the same games, so the number is "
          "reproduced exactly (a count of wins over the games); the tolerance is half a unit of "
          "the last printed digit, so a change of generator, seeding or play that moves the "
          "printed number fails")
NUMPY = ("benchmarks/race.py's plain numpy Jacobi iteration, stopped at a change below 1e-12 "
         "(its error is up to ~100x that, the contraction being ~0.99): 5e-13 is half the last "
         "of the 12 printed decimals, and the value sits 2.9e-13 from the solver's")
RACE_WHERE = "docs/race.md, docs/games.md (jeopardy variants), README.md"


def exact(analysis: str, name: str, value: str, where: str, slow: bool = False,
          long: bool = False) -> Pinned:
    return Pinned(analysis, name, value, None, EXACT, where, slow, long)


def equal(analysis: str, name: str, value, where: str, slow: bool = False,
          long: bool = False) -> Pinned:
    return Pinned(analysis, name, value, None, COUNT, where, slow, long)


def close(analysis: str, name: str, value: float, tolerance: float, why: str, where: str,
          slow: bool = False, long: bool = False) -> Pinned:
    return Pinned(analysis, name, value, tolerance, why, where, slow, long)


PINNED: list[Pinned] = []


# ---------------------------------------------------------------- one turn
_TURN = "README.md, docs/tutorial.md, docs/reproduce.md, docs/python.md (jeopardy turn --hold 20)"
PINNED += [exact("turn pig hold 20", f"P({n})", v, _TURN) for n, v in {
    0: "9440899/15116544", 20: "6029263/60466176", 21: "717965/7558272", 22: "1121479/15116544",
    23: "1638515/30233088", 24: "1064147/30233088", 25: "115373/6718464"}.items()]
PINNED += [
    exact("turn pig hold 20", "mean", "492303203/60466176", _TURN),
    exact("turn pig hold 20", "bust", "9440899/15116544", _TURN),
    exact("turn unfair coin hold 3", "P(0)", "19/27", "docs/games.md (docs/examples/unfair-coin.json)"),
    exact("turn unfair coin hold 3", "P(3)", "8/27", "docs/games.md (docs/examples/unfair-coin.json)"),
]

# ------------------------------------------------- the simultaneous game, H = 100
_SIM = "README.md, docs/simultaneous.md, docs/reproduce.md (jeopardy simultaneous --max-hold 100)"
_SIM_WEIGHTS = {
    "weight hold 1": "187642488384016713373/2497184199671497047895",
    "weight hold 6": "40854273882439457592/2497184199671497047895",
    "weight hold 7": "219747425743985403798/2497184199671497047895",
    "weight hold 9": "253764536989154826528/32463394595729461622635",
    "weight hold 10": "1527643185604693915365468/40546779850066097566671115",
    "weight hold 11": "64080351266825136825336384/3758374593794588274449130275",
    "weight hold 12": "1205940880810400679153494784/20314481091038643267258669725",
    "weight hold 13": "65759973319130159634895656/1399254714154528955338149035",
    "weight hold 14": "202933190908190177538084504/7622217762262302226716105875",
    "weight hold 15": "157893117192634263766264795968/3208586342116657560231735218875",
    "weight hold 16": "1371753007221182538650823602496/17579039695336676598043514442805",
    "weight hold 17": "116108751867108342378065459316/3010257720518599160997577117585",
    "weight hold 18": "1223165657385614561788755665964/16284370581488479875225039635545",
    "weight hold 19": "101568301097886182274251904/2721773455037352477891532615",
    "weight hold 21": "865847006278224638976/2497184199671497047895",
    "full weight hold at 3": "100022313809/27276021553604",
    "full weight hold at 5": "27666797584630189596426269943318053932672464227183320892/8435902064891365293950552431045420801470970267644616377319",
    "full weight hold at 12": "2500245434908539253880063335118031988180224327746690018396637/113901549680163214198920358923975271661461040553737610326561138",
    "full weight hold at 14": "2247549340641359392621905194500504164401044534732028936068985709/83774589789760044043305923988583812307004595327274012395185716999",
    "full weight hold at 15": "102455655389073125774816842790981455724645945926769594957494703608957/8010191177337696371244739228092429797546551386812631969178077516576384",
    "full weight hold at 21": "25353392116892914117112242591385045295692607734715910130123/134974433038261844703208838896726732823535524282313862037104",
    "full weight roll at 0,2-4,6-18,20": "23668363627739632249730008566690436340053950318256086653865/269948866076523689406417677793453465647071048564627724074208",
    "full weight roll at 0,2,4-6,8": "325271971591091841123668878330164880126625157942057787956/8435902064891365293950552431045420801470970267644616377319",
    "full weight roll at 0,2-12,14": "237708397267982947924003241806956963407665900453147838063221312445/5445405287109242944421984519437409787591129426793087674492234885504",
    "full weight roll at 0,2-8,10-18,20": "65826481741174757589359642819370736789922886902772795881963/539897732153047378812835355586906931294142097129255448148416",
    "full weight roll at 0,2-16,18,20": "62970185691378856839552761360479378405450450943028163096943/539897732153047378812835355586906931294142097129255448148416",
    "full weight roll at 0,2-10,12-14,16": "219835638563487677725970781429491942672535625662506548340/8435902064891365293950552431045420801470970267644616377319",
    "full weight roll at 0,2-6,8-14,16": "1830377838570306366230980675962458483842343422254474514897/134974433038261844703208838896726732823535524282313862037104",
    "full weight roll at 0,2,4-6,10": "727632754986008942373505946490224921221331411771207590677/33743608259565461175802209724181683205883881070578465509276",
    "full weight roll at 0,2-12,14,16,18": "5293915046385154280981695154284459291702332173581858642299/67487216519130922351604419448363366411767762141156931018552",
    "full weight roll at 0,2,4-6,8-10,12,14-15,18": "3821325111759408093691679015322933440517076276124841658759/67487216519130922351604419448363366411767762141156931018552",
    "full weight roll at 0,2-6,8-10,12,14,16,19-20": "15204085426629359623710901558396564591182744104477801230217/134974433038261844703208838896726732823535524282313862037104",
    "full weight roll at 0,2,4-5,7-8,10-14,16,19-20": "115741949603851386524067694866885393365991465628242857569/59051314454239557057653867017317945610296791873512314641233",
    "full weight roll at 0,2,4,6-8,10-14,16,19-20": "5750293284572037724710326874753391538189095342670756745559/236205257816958228230615468069271782441187167494049258564932",
}
PINNED += [exact("simultaneous pig 100", name, value, _SIM) for name, value in _SIM_WEIGHTS.items()]
PINNED += [
    equal("simultaneous pig 100", "support", "1,6,7,9,10,11,12,13,14,15,16,17,18,19,21", _SIM),
    exact("simultaneous pig 100", "value", "0", _SIM),
    equal("simultaneous pig 100", "verified", True, _SIM),
    equal("simultaneous pig 100", "merged", "{1: (2,)}", _SIM),
    equal("simultaneous pig 100", "dominated", 68, _SIM),
    # The full game over all stopping rules: the gain of 2.49e-4 is an exact rational.
    exact("simultaneous pig 100", "gain",
          "130555557616553932012013/524288817089430148199651040", _SIM),
    equal("simultaneous pig 100", "best rule", "roll at 0,2,5-6,8-18,20", _SIM),
    equal("simultaneous pig 100", "oracle rounds", 20, _SIM),
    equal("simultaneous pig 100", "full rules", 19, _SIM),
    exact("simultaneous pig 100", "full value", "0", _SIM),
    equal("simultaneous pig 100", "full verified", True, _SIM),
]
_REPLIES = "docs/simultaneous.md, docs/reproduce.md (jeopardy replies --max-hold 25)"
PINNED += [
    exact("replies pig 25", "least edge, any rule", "16611228692533/203119913336832", _REPLIES),
    equal("replies pig 25", "least edge against", 17, _REPLIES),
    exact("replies pig 25", "least edge, hold-at-h", "48500044288693/609359740010496", _REPLIES),
    exact("replies pig 25", "single roll vs hold 20", "13150625/90699264", _REPLIES),
]
PINNED += [equal("replies pig 25", f"vs hold {h}: best hold", best, _REPLIES)
           for h, best in {1: 6, 2: 6, 3: 6, 4: 7, 5: 8, 6: 10, 7: 11, 8: 11, 9: 12, 10: 13,
                           11: 14, 12: 15, 13: 16, 14: 17, 15: 18, 16: 19, 17: 20, 18: 1, 19: 1,
                           20: 1, 21: 1, 22: 1, 23: 1, 24: 1, 25: 1}.items()]

# The replies table: each opponent's best hold-at edge, and the best stopping rule with its
# edge (both exact; P(win) - P(loss)).
_REPLY_TABLE = [  # opponent's hold, best hold's edge, best rule, its edge
    (1, "137/324", "hold at 6", "137/324"),
    (2, "137/324", "hold at 6", "137/324"),
    (3, "371/972", "hold at 6", "371/972"),
    (4, "5533/15552", "hold at 7", "5533/15552"),
    (5, "86893/279936", "hold at 8", "86893/279936"),
    (6, "56999/209952", "hold at 10", "56999/209952"),
    (7, "202775/839808", "hold at 11", "202775/839808"),
    (8, "1499755/6718464", "hold at 11", "1499755/6718464"),
    (9, "72851749/362797056", "hold at 12", "72851749/362797056"),
    (10, "16241981/90699264", "hold at 13", "16241981/90699264"),
    (11, "129327319/816293376", "hold at 14", "129327319/816293376"),
    (12, "409991777/2902376448", "hold at 15", "409991777/2902376448"),
    (13, "59548517533/470184984576", "hold at 16", "59548517533/470184984576"),
    (14, "1118281061/9795520512", "hold at 17", "1118281061/9795520512"),
    (15, "214271154623/2115832430592", "hold at 18", "214271154623/2115832430592"),
    (16, "3040745303281/33853318889472", "hold at 19", "3040745303281/33853318889472"),
    (17, "48500044288693/609359740010496", "roll at 0,3-19", "16611228692533/203119913336832"),
    (18, "180193/2239488", "roll at 0,5-20", "9098904291581/101559956668416"),
    (19, "41180573/362797056", "hold at 1", "41180573/362797056"),
    (20, "13150625/90699264", "hold at 1", "13150625/90699264"),
    (21, "381936893/2176782336", "hold at 1", "381936893/2176782336"),
    (22, "445117813/2176782336", "hold at 1", "445117813/2176782336"),
    (23, "3033099227/13060694016", "hold at 1", "3033099227/13060694016"),
    (24, "93857945/362797056", "hold at 1", "93857945/362797056"),
    (25, "22255529771/78364164096", "hold at 1", "22255529771/78364164096"),
]
for _h, _hold_edge, _rule, _rule_edge in _REPLY_TABLE:
    PINNED += [exact("replies pig 25", f"vs hold {_h}: hold edge", _hold_edge, _REPLIES),
               equal("replies pig 25", f"vs hold {_h}: best rule", _rule, _REPLIES),
               exact("replies pig 25", f"vs hold {_h}: rule edge", _rule_edge, _REPLIES)]

# ------------------------------------------------------------------- race games
_P = {"pig 100": 0.5305927252737468, "piglet 10": 0.5224794079488324,
      "linux-magazin 50": 0.5379372884252288, "two-dice-pig 100": 0.5195588938612182,
      "think 100": 0.5195588938612182, "skunk 100": 0.5195588938612182,
      "big-pig 100": 0.5359630705340338, "frey-pig 100": 0.53669195354229,
      "piggy 100": 0.5406932369439255, "piggy-sicherman 100": 0.5511092263357332,
      "pass-the-pigs 100": 0.5309727275389144, "pigmania 100": 0.5127172500825372,
      "shi 100": 0.5436818192931344, "pig d8 100": 0.5405468989983194,
      "pig bad 6 50": 0.5379372884252288}
PINNED += [close(f"race {name}", "P(0,0,0)", value, 1e-12, RACE, RACE_WHERE)
           for name, value in _P.items()]
PINNED += [
    equal("race pig 100", "states", 505_000, RACE_WHERE),
    equal("race linux-magazin 50", "states", 63_750, RACE_WHERE),
    equal("race piglet 10", "states", 550, RACE_WHERE),
    close("race pig 1000", "P(0,0,0)", 0.5096374184873417, 1e-12, RACE, "docs/race.md", slow=True),
    close("numpy value iteration pig 100", "P(0,0,0)", 0.5305927252734556, 5e-13, NUMPY,
          "docs/race.md (python benchmarks/race.py --repeat 10)", slow=True),
]
_POLICY = "README.md, docs/tutorial.md, docs/race.md, docs/reproduce.md (jeopardy policy)"
PINNED += [
    equal("policy pig 100", "actions 41 vs 49",
          "RRRRRRRRRRRRRRRRRRRRRRHHHHHRHHHHHHHHHHHHHHHHHHHHHHHHHHHHHRR", _POLICY),
    close("policy pig 100", "P(41,49,0)", 0.463657913249372, 1e-12, RACE, _POLICY),
    equal("policy pig 100", "hold threshold 0 vs 30", 24, _POLICY),
    close("policy pig 100", "P(0,30,0)", 0.3048399657327595, 1e-12, RACE, _POLICY),
]
# P(41, 49, k) for every turn total k = 1 .. 58 (jeopardy policy --json prints the column).
PINNED += [close("policy pig 100", f"P(41,49,{k})", value, 1e-12, RACE, _POLICY)
           for k, value in enumerate([
               0.4674297531565941, 0.4713760952358689, 0.4755036467785547, 0.47982035412280644,
               0.48433628989914534, 0.4890620947746309, 0.49400713467920165, 0.4991816992542031,
               0.5045856633789217, 0.5102365339646557, 0.516157709432664, 0.522361963932115,
               0.5288519386816282, 0.5356330508289301, 0.5426603187129675, 0.5500629329470688,
               0.5578890167401641, 0.5660774656783338, 0.5745728993260093, 0.583346991596779,
               0.5922265402512937, 0.6023047021447713, 0.613033968436906, 0.6237035929550273,
               0.6343195934828313, 0.6448710938759126, 0.6555819940718591, 0.6673202449959855,
               0.681998476685724, 0.6965633269405356, 0.7109975548340367, 0.7252752524435659,
               0.7368083548420671, 0.7454513773646372, 0.753898930053253, 0.7621603298784608,
               0.7702434432766585, 0.7781311172270939, 0.7858485528891579, 0.7932786694965973,
               0.8005427257165425, 0.8076658281980498, 0.8146323866866426, 0.8213645868210293,
               0.8279417828958162, 0.8339044476357896, 0.8401619727701612, 0.846360900069582,
               0.8522983133354136, 0.8577896598134384, 0.863099657423019, 0.8668122950869569,
               0.8737847967664862, 0.8792993781186527, 0.8837438963634406, 0.8873009360038849,
               0.8969748331142042, 0.8969748331142042,], start=1)]
_CERTIFY = "docs/race.md (jeopardy certify)"
PINNED += [
    equal("certify pig 100", "certified", 505_000, _CERTIFY),
    equal("certify pig 100", "undecided", 0, _CERTIFY),
    close("certify pig 100", "lower P(0,0,0)", 0.5305927252737292, 1e-14, INTERVAL, _CERTIFY),
    close("certify pig 100", "upper P(0,0,0)", 0.5305927252737644, 1e-14, INTERVAL, _CERTIFY),
    close("certify piglet 60", "lower P(0,0,0)", 0.5091117848289536, 1e-14, INTERVAL, _CERTIFY),
    close("certify piglet 60", "upper P(0,0,0)", 0.5091117848289701, 1e-14, INTERVAL, _CERTIFY),
    # Decisions whose exact margins are ~1e-18 are below float resolution: which of
    # them the enclosure resolves moves with rounding order (docs/race.md printed
    # 109,044 / 756 before a kernel change; now 109,043 / 757).
    Pinned("certify piglet 60", "undecided", 757.0, 10.0,
           "decisions closer than the enclosure (margins ~1e-18): their count moves with the "
           "rounding order of the interval sums; +-10 of 757", _CERTIFY),
]
_COMPARE = "README.md, docs/tutorial.md, docs/comparison.md, docs/reproduce.md (jeopardy compare)"
PINNED += [close("compare pig 100", name, value, 1e-12, RACE, _COMPARE) for name, value in {
    "optimal vs hold 20: first": 0.5714984302771061,
    "optimal vs hold 20: second": 0.5083420645467333,
    "optimal vs hold 20: fair": 0.5399202474119197,
    "best response vs hold 20: first": 0.5873676212371987,
    "best response vs hold 20: second": 0.522381972391184,
    "best response vs hold 20: fair": 0.5548747968141914,
    "optimal vs keep pace: first": 0.5350881703321562,
    "optimal vs keep pace: second": 0.4742211362314763,
    "optimal vs keep pace: fair": 0.5046546532818162,
    "hold 20 vs hold 20: first": 0.5346983261654297,
}.items()]
PINNED += [
    close("compare linux-magazin 50", "optimal vs hold 16: fair", 0.5307292328795161, 1e-12, RACE,
          "docs/reproduce.md"),
]
# Seeded simulations: each printed to 5 decimals (the mean score to 4).
_SIMULATE = "docs/comparison.md (jeopardy simulate optimal hold:20 --games 1000000 --seed 1)"
PINNED += [close("simulate pig 100 optimal vs hold 20", f"1,000,000 games, seed 1: {name}", value,
                 5e-6, SEEDED, _SIMULATE, slow=True)
           for name, value in {"first": 0.570727, "second": 0.508748, "fair": 0.5397375}.items()]
_SIMULATE = "README.md (jeopardy simulate best-response hold:20 --games 200000 --seed 1)"
PINNED += [close("simulate pig 100 best response vs hold 20", f"200,000 games, seed 1: {name}",
                 value, 5e-6, SEEDED, _SIMULATE, slow=True)
           for name, value in {"first": 0.58753, "second": 0.520295, "fair": 0.5539125}.items()]
_SIMULATE = ("docs/games.md (jeopardy simulate optimal hold:20 hold:25 --goal 50 --games 20000 "
             "--seed 3)")
PINNED += [close("simulate pig 50 three players", f"20,000 games, seed 3: player {n} wins", value,
                 5e-6, SEEDED, _SIMULATE, slow=True)
           for n, value in {1: 0.4432, 2: 0.2474, 3: 0.3094}.items()]
_SWEEP = "docs/sweep.md (jeopardy sweep docs/examples/hold20.toml)"
PINNED += [close("sweep hold20", f"{name}: optimal vs hold 20", value, 1e-12, RACE, _SWEEP)
           for name, value in {
               "pig 25": 0.6232191050100779, "pig 50": 0.5684467939287517,
               "pig 100": 0.5399202474119197, "piggy 25": 0.656936756804277,
               "piggy 50": 0.6588276410124647, "piggy 100": 0.6423468371745734,
               "big-pig 25": 0.5804862968394546, "big-pig 50": 0.5516072453097304,
               "big-pig 100": 0.5706438116102408}.items()]
# The hold20 sweep's simultaneous rows: value 0 (a symmetric game) and the support.
_SWEEP = "docs/sweep.md (jeopardy sweep docs/examples/hold20.toml)"
_PIG_SUPPORT = "1,6,7,9,10,11,12,13,14,15,16,17,18,19,21"
_PIGGY_SUPPORT = "1,9,10,11,12,15,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,36,37"
for _name, _goal, _support in [
        ("pig", 25, _PIG_SUPPORT), ("pig", 50, _PIG_SUPPORT), ("pig", 100, _PIG_SUPPORT),
        ("piggy", 25, "25"), ("piggy", 50, _PIGGY_SUPPORT), ("piggy", 100, _PIGGY_SUPPORT),
        ("big-pig", 25, "1,9,12,13,25"), ("big-pig", 50, "1,9,10,11,16,25,26"),
        ("big-pig", 100, "1,9,10,11,16,25,26")]:
    PINNED += [exact("sweep hold20 simultaneous", f"{_name} {_goal}: value", "0", _SWEEP,
                     slow=True),
               equal("sweep hold20 simultaneous", f"{_name} {_goal}: support", _support, _SWEEP,
                     slow=True)]
# docs/sweep.md's two tables (docs/examples/variants.toml): P(0,0,0) and the fairest
# bonus of five games at goals 10, 20, ..., 200 (each list in goal order).
_SWEEP = "docs/sweep.md (jeopardy sweep docs/examples/variants.toml)"
_SWEEP_P = {
    "pig": [0.709424322598303, 0.6155585498050428, 0.5679147444934842, 0.5446943934816963,
        0.5461508441667879, 0.5398928598945608, 0.5366608451427803, 0.5342377765107502,
        0.5322520704529013, 0.5305927252737468, 0.5291080761856354, 0.5278898352899989,
        0.526738317803419, 0.5257596807343073, 0.524872738573479, 0.5240834836086163,
        0.5233651713897156, 0.5227025825924715, 0.5220934317211472, 0.5215293242436796],
    "d8-pig": [0.7809900612531879, 0.6913308976933132, 0.6348506735311834, 0.5974349111200816,
        0.571568209511122, 0.5531798939689956, 0.545078008318571, 0.5473805779932834,
        0.544177637499362, 0.5405468989983194, 0.5386243622149833, 0.5367074166822848,
        0.5352998683610384, 0.5340021499150748, 0.5327886871477614, 0.5316541604894852,
        0.5307836059319488, 0.5298295778415361, 0.5290364782554713, 0.5282778872742129],
    "two-dice-pig": [0.681198989648275, 0.6028576782549381, 0.5614187584623865, 0.5396186878092635,
        0.5375589821482233, 0.5318070636337942, 0.5276945152786644, 0.5245418774067163,
        0.5218345484551173, 0.5195588938612182, 0.5175883126386451, 0.5158730818328525,
        0.5143710799993298, 0.5130457548881867, 0.511870456158049, 0.5108251869508249,
        0.5098914579745614, 0.509055355556635, 0.5083040317457123, 0.5076274197198789],
    "piggy": [0.7720242691671264, 0.6883749708587253, 0.6341702391954469, 0.5976697265286403,
        0.5722275890500523, 0.5540135214969198, 0.544822101043213, 0.5471189184078828,
        0.5447566605930526, 0.5406932369439255, 0.5387419918404461, 0.5369722759602087,
        0.5356495416591521, 0.5341945693137898, 0.5330270095614735, 0.5318695702790383,
        0.5310462620907943, 0.5300659234934146, 0.5292523178173526, 0.5284865317135614],
    "big-pig": [0.7097480832420592, 0.64524773957994, 0.5995795478755396, 0.5697435129768527,
        0.5493223794319861, 0.5451724196412089, 0.5448246094220993, 0.5404131007500883,
        0.5378351874485212, 0.5359630705340338, 0.5341935444088015, 0.5327322896808879,
        0.5313969176792332, 0.5302681603735109, 0.5292179125366712, 0.5282821199836987,
        0.5274424668640685, 0.5266590895575645, 0.5259467577939541, 0.5252897198783244],
}
_SWEEP_BONUS = {
    "pig": [8, 10, 6, 4, 5, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4],
    "d8-pig": [8, 18, 21, 15, 11, 8, 7, 7, 8, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7],
    "two-dice-pig": [6, 10, 6, 4, 5, 5, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4],
    "piggy": [7, 17, 21, 15, 11, 8, 7, 8, 8, 8, 7, 8, 7, 7, 7, 7, 7, 7, 7, 7],
    "big-pig": [5, 15, 13, 9, 7, 6, 7, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6],
}
PINNED += [close("sweep variants", f"{name} {goal}: P(0,0,0)", value, 1e-12, RACE, _SWEEP,
                 slow=True)
           for name, values in _SWEEP_P.items() for goal, value in zip(range(10, 201, 10), values)]
PINNED += [equal("sweep variants", f"{name} {goal}: bonus", bonus, _SWEEP, slow=True)
           for name, bonuses in _SWEEP_BONUS.items()
           for goal, bonus in zip(range(10, 201, 10), bonuses)]
_REACH = "docs/comparison.md, docs/reproduce.md (jeopardy reach)"
PINNED += [
    equal("reach pig 100", "states", 179_577, _REACH),
    equal("reach pig 100", "rolling", 160_879, _REACH),
    equal("reach pig 100", "score pairs", 6_190, _REACH),
    equal("reach pig 100", "own scores never reached",
          ",".join(map(str, [*range(1, 21), *range(90, 100)])), _REACH),
]
_FAIR = "docs/farkle.md (jeopardy fairness --game pig)"
PINNED += [
    equal("fairness pig 100", "bonus", 4, _FAIR),
    close("fairness pig 100", "P(first wins)", 0.5015947430468631, 1e-12, RACE, _FAIR),
]
PINNED += [close("fairness pig 100", f"P(first wins), bonus {bonus}", value, 1e-12, RACE, _FAIR)
           for bonus, value in {
               -8: 0.5899102872720212, -7: 0.5824694477128123, -6: 0.5750248669526381,
               -5: 0.5675788886065075, -4: 0.560136654488065, -3: 0.5527321040530282,
               -2: 0.5453370856896692, -1: 0.5379558858576395, 0: 0.5305927252737468,
               1: 0.5234012202077856, 2: 0.5161701778169955, 3: 0.5088999208935521,
               4: 0.5015947430468631, 5: 0.4942327998170195, 6: 0.48683341519827766,
               7: 0.4794005082746364, 8: 0.4719363466132359,}.items()]

# ------------------------------------------------------------------------ exact
_EXACT = "README.md, docs/exact.md, docs/reproduce.md (jeopardy exact)"
PINNED += [exact("exact piglet 2", f"P{state}", value, _EXACT) for state, value in {
    "000": "4/7", "001": "5/7", "010": "2/5", "011": "3/5", "100": "4/5", "110": "2/3"}.items()]
PINNED += [
    equal("exact piglet 2", "verified", True, _EXACT),
    exact("exact piglet 10", "P000", "5556238701119487884/10634368774326171875", _EXACT),
    equal("exact piglet 10", "verified", True, _EXACT),
    exact("exact piglet 10", "P009", "1023/1025", "docs/exact.md (jeopardy exact --game piglet "
          "--goal 10 --start roll --state 0,0,9)"),
]
# The largest goal each preset's exact solve accepts: the fitted time model (benchmarks/exact.py)
# against the ten-minute limit.
PINNED += [equal("exact limits", name, goal, "docs/exact.md (largest_exact_goal)")
           for name, goal in {"pig": 187, "piglet": 291, "linux-magazin": 150, "boyan": 77,
                              "two-dice-pig": 75, "think": 75, "skunk": 75, "big-pig": 141,
                              "frey-pig": 120, "piggy": 176, "piggy-sicherman": 233,
                              "pass-the-pigs": 77, "pigmania": 75, "shi": 77}.items()]

# --------------------------------------------------------------- expected score
_MAX = "README.md, docs/expected-score.md, docs/reproduce.md (jeopardy max-score)"
PINNED += [
    exact("max-score think 5", "exact",
          "2444480563936257202677274136007404531615/67356773122063671720261633371378024448", _MAX),
    close("max-score think 5", "expected", 36.29153313960541, 1e-11, SCORE, _MAX),
    exact("max-score think 5 odds", "exact",
          "7333439030055052024914991397529825449609/202070319366191015160784900114134073344", _MAX),
    close("max-score think 5 odds", "expected", 36.291519967192315, 1e-11, SCORE, _MAX),
    exact("max-score think 5 odds-strict", "exact",
          "7333399969812036260107383167173436335435/202070319366191015160784900114134073344", _MAX),
    close("max-score think 5 odds-strict", "expected", 36.29132666694349, 1e-11, SCORE, _MAX),
    exact("max-score think 4", "exact",
          "389116382140119547909125694909/13054193885589584050623873024", _MAX),
    close("max-score think 5 simulated", "mean, 1,000,000 games, seed 1", 36.266958, 5e-5, SEEDED,
          "docs/expected-score.md (jeopardy max-score --game think --turns 5 --simulate 1000000)",
          slow=True),
    close("max-score think 20", "expected", 104.78360865008126, 1e-11, SCORE, _MAX,
          slow=True),
    close("max-score think 20 odds", "expected", 104.72378302093476, 1e-11, SCORE, _MAX,
          slow=True),
    exact("max-score shi 6", "exact", "15240382729243453/152339935002624",
          "docs/to-win.md (jeopardy max-score --game shi)"),
    exact("max-score pig 9", "exact", "492303203/6718464", _MAX),
    close("max-score pig 9", "expected", 73.27615404354319, 1e-11, SCORE, _MAX),
    close("max-score think 4", "expected", 29.80776795185046, 1e-11, SCORE, _MAX),
    close("max-score shi 6", "expected", 100.04194060461523, 1e-11, SCORE,
          "docs/to-win.md (jeopardy max-score --game shi)"),
    close("max-score pig 8 capped 200", "expected", 65.13435914981611, 1e-11, SCORE, _MAX),
    exact("max-score pig 8 capped 200", "exact", "492303203/7558272", _MAX),
    close("max-score pig 9 capped 200", "expected", 73.27613900579095, 1e-11, SCORE, _MAX),
    equal("compare think 4 odds", "same reachable states", True, _MAX),
    equal("compare think 4 odds", "differences", 0, _MAX),
    equal("compare think 5 odds", "same reachable states", False, _MAX),
    equal("compare think 5 odds", "strict differences", 2, _MAX),
    close("compare think 5 odds", "turn 2 score 25 total 16: roll - hold", 0.005837753607501384,
          1e-11, SCORE, _MAX),
    close("compare think 5 odds", "turn 4 score 80 total 11: roll - hold", 0.001687481536038149,
          1e-11, SCORE, _MAX),
    equal("compare pig 9 odds-strict", "differences", 655, _MAX),
    equal("compare pig 9 odds-strict", "strict differences", 0, _MAX),
    equal("compare pig 9 capped 200", "differences", 306, _MAX),
    equal("compare pig 9 capped 200", "strict differences", 282, _MAX),
    equal("eight-turn claim", "unbounded", None, _MAX),
    equal("eight-turn claim", "capped at 200", 9, _MAX),
    equal("eight-turn claim", "capped: states", 282, _MAX),
    equal("eight-turn claim", "capped: first", "turn 7, score 143, total 19", _MAX),
    equal("eight-turn claim", "capped: scores", "143-199", _MAX),
]
# The first 20 decisions where optimal play (ties hold) and odds-strict differ, scores capped
# at 200 (docs/expected-score.md prints each margin to 4 digits).
PINNED += [close("compare pig 9 capped 200",
                 f"turn {turn} score {score} total {total}: roll - hold", margin, 1e-11, SCORE,
                 _MAX)
           for turn, score, total, margin in [
               (7, 143, 19, -0.015880499754956645),
               (7, 144, 19, -0.036789281444470134),
               (7, 145, 19, -0.05566994185031149),
               (7, 146, 19, -0.07438010396586492),
               (7, 147, 19, -0.09904317175391952),
               (7, 148, 19, -0.12234287891743634),
               (7, 149, 19, -0.1432322390827494),
               (7, 150, 19, -0.16837333768327767),
               (8, 158, 19, -0.04657746450953937),
               (8, 159, 19, -0.09649039434322049),
               (8, 160, 19, -0.14399382832925767),
               (8, 161, 19, -0.20911754311478603),
               (8, 162, 18, -0.042450876448100416),
               (8, 162, 19, -0.27361343582674635),
               (8, 163, 18, -0.10694676916008916),
               (8, 163, 19, -0.3367725150448848),
               (8, 164, 18, -0.17010584837822762),
               (8, 164, 19, -0.3969624632235025),
               (8, 165, 17, -0.0034391817115420054),
               (8, 165, 18, -0.23029579655681687),
           ]]

# -------------------------------------------------------------------- solitaire
_SOLO = "docs/solitaire.md, docs/reproduce.md (jeopardy solitaire)"
PINNED += [
    close("solitaire pig 100", "expected turns", 12.54523235195545, 1e-11, TURNS, _SOLO),
    equal("solitaire pig 100", "iterations", 9, _SOLO),
    equal("solitaire pig 100", "best hold", 20, _SOLO),
    close("solitaire pig 100", "hold 20 turns", 12.636769490454009, 1e-11, TURNS, _SOLO),
    close("solitaire pig 100", "reach within 10", 0.46544273612971926, 1e-12, REACH, _SOLO),
    equal("solitaire pig 100", "thresholds 0-4", "19,18,19,23,23", _SOLO),
    equal("solitaire pig 100 exact", "optimal", True, _SOLO),
    equal("solitaire pig 100 exact", "denominator digits", 189, _SOLO),
    close("solitaire pig 100 exact", "expected turns", 12.545232351955443, 1e-15,
          ("the exact rational against the float printed for it: half an ulp at 12.5 is 8.9e-16, "
           "so 1e-15 admits only that rounding"),
          _SOLO),
    close("solitaire two-dice-pig 100", "expected turns", 16.922830580387085, 1e-11, TURNS, _SOLO),
    equal("solitaire two-dice-pig 100", "best hold", 18, _SOLO),
    close("solitaire two-dice-pig 100", "best hold turns", 17.049632687161203, 1e-11, TURNS, _SOLO),
    close("solitaire two-dice-pig 100", "hold 20 turns", 17.238806686678924, 1e-11, TURNS, _SOLO),
    close("solitaire two-dice-pig 100", "reach within 15", 0.6360920496212162, 1e-12, REACH, _SOLO),
    equal("solitaire two-dice-pig 100", "thresholds 0-4", "21,21,20,20,20", _SOLO),
    # Piglet holding at h from 0 needs 2^h / (number of ways) turns: small integers, exact in floats.
    equal("solitaire piglet 10", "expected turns", 20.0, _SOLO),
    close("solitaire piglet 10", "reach within 3", 0.0038137733936309814, 1e-15, REACH, _SOLO),
]
PINNED += [equal("solitaire piglet 10", f"hold {h} turns", float(turns), _SOLO)
           for h, turns in {1: 20, 2: 20, 3: 26, 4: 36, 5: 64, 6: 80, 7: 136, 8: 260, 9: 514,
                            10: 1024}.items()]

# ---------------------------------------------------------------- Ten Thousand
_TURN10K = "README.md, docs/farkle.md, docs/python.md (jeopardy farkle turn)"
PINNED += [
    exact("farkle turn exact", "expected",
          "4191039048026869551638607256019854736062900286402941490022810394735705384520623828550"
          "136608553688272922185591775777411027836865159497128551388382633625/905581948344386110"
          "49261728743203581217105615465966633667181085487739568821175719420688573032213585663521"
          "82023553378491393692243155596281043776176128", _TURN10K),
    close("farkle turn", "expected", 462.800639488128, 1e-9, FARKLE_TURN, _TURN10K),
    close("farkle turn", "seed rule", 459.58754677595914, 1e-9, FARKLE_TURN, _TURN10K),
    equal("farkle turn", "thresholds", "350,350,400,1050,3050,11900", _TURN10K),
    close("farkle turn min bank 0", "expected", 470.6322854687779, 1e-9, FARKLE_TURN, _TURN10K),
    close("farkle turn min bank 0", "seed rule", 461.14779125694963, 1e-9, FARKLE_TURN, _TURN10K),
    equal("farkle turn min bank 0", "thresholds", "300,250,400,1050,3050,11900", _TURN10K),
    close("farkle turn IV.4", "expected", 518.430541888664, 1e-9, FARKLE_TURN, _TURN10K),
    close("farkle turn IV.4", "seed rule", 516.4888364779662, 1e-9, FARKLE_TURN, _TURN10K),
    equal("farkle turn IV.4", "thresholds", "350,350,400,1050,3050,11900", _TURN10K),
    close("farkle turn IV.1", "expected", 462.8006390542563, 1e-9, FARKLE_TURN, _TURN10K),
    equal("farkle turn IV.1", "thresholds", "350,350,400,1050,3050,None", _TURN10K),
]
_HOUSE = "docs/farkle.md, House rules (jeopardy farkle turn/solve --rules)"
PINNED += [  # issue 29: house rules; the turns agree with tests/oracles/farkle_house.py to 1e-9
    close(f"farkle turn {name}", key, value, 1e-9, FARKLE_TURN, _HOUSE)
    for name, rows in {
        "family": {"expected": 548.7362817027714, "seed rule": 545.1430625448045,
                   "first bank": 523.013027080726},
        "facebook": {"expected": 551.1570290881708, "seed rule": 547.5690942548143},
        "reference-com": {"expected": 542.063243999272, "seed rule": 537.3224801303774,
                          "first bank": 510.19530936833274},
        "neller-busche": {"expected": 486.0818662748224, "seed rule": 484.0239903124842},
        "everything2": {"expected": 468.52075837803153, "seed rule": 466.0598302876965},
    }.items() for key, value in rows.items()
] + [
    close(f"farkle turn {name}", "seed rule loss", value, 1e-9, FARKLE_TURN, _HOUSE)
    for name, value in {"family": 548.7362817027714 - 545.1430625448045,
                        "facebook": 551.1570290881708 - 547.5690942548143,
                        "reference-com": 542.063243999272 - 537.3224801303774}.items()
] + [
    equal(f"farkle turn {name}", "thresholds", value, _HOUSE) for name, value in {
        "family": "300,300,450,1050,3050,16400", "facebook": "300,300,450,1050,3050,16450",
        "reference-com": "300,250,400,950,2800,16800"}.items()
] + [
    equal(f"farkle turn {name}", f"bank from, {dice} dice", int(value), _HOUSE)
    for name, values in {"family": "300,300,450,1050,3050,16400",
                         "facebook": "300,300,450,1050,3050,16450",
                         "reference-com": "300,250,400,950,2800,16800"}.items()
    for dice, value in enumerate(values.split(","), start=1)
] + [
    close("farkle house family 1000 rounds", "first player", 0.4490254903919242, 1e-11,
          FARKLE_GAME, _HOUSE),
    equal("farkle house family 1000 rounds", "fairest bonus", -150, _HOUSE),
    close("farkle house family 1000 rounds", "fairest P(first wins)", 0.4968721249190629, 1e-11,
          FARKLE_GAME, _HOUSE),
] + [
    close("farkle house family 1000 rounds", f"P(first wins), bonus {bonus}", value, 1e-11,
          FARKLE_GAME, _HOUSE)
    for bonus, value in {-150: 0.4968721249190629, -100: 0.48121282228868867,
                         -50: 0.4649894817041553, 0: 0.4490254903919242, 50: 0.424598726400006,
                         100: 0.40801305039693925, 150: 0.39222498069977696}.items()
] + [
    close("farkle house neller-busche 1000 first to reach", "first player", 0.6025365379729959,
          1e-11, FARKLE_GAME, _HOUSE),
]
_GAME10K = "docs/farkle.md (jeopardy farkle solve)"
PINNED += [
    close("farkle 2000 rounds", "first player", 0.46757325607279376, 1e-11, FARKLE_GAME, _GAME10K),
    equal("farkle 2000 rounds", "states", 921_360, _GAME10K),
    close("farkle 2000 first to reach", "first player", 0.5619851581360181, 1e-11, FARKLE_GAME,
          _GAME10K),
    equal("farkle 2000 first to reach", "states", 211_440, _GAME10K),  # one table serves both
    close("farkle 2000 rounds simulated", "first player, 200,000 games, seed 1", 0.46781, 5e-6,
          SEEDED, "docs/farkle.md (jeopardy farkle solve --goal 2000 --simulate 200000 --seed 1)",
          slow=True),
]
PINNED += [close(f"farkle 2000 rounds {rule}", "first player", value, 1e-11, FARKLE_GAME,
                 _GAME10K, slow=True)
           for rule, value in {"IV.1": 0.46960408381409363, "IV.2": 0.4722528883402452,
                               "IV.3": 0.49702509791913785, "IV.4": 0.461161724084266}.items()]

# ------------------------------------------------- the full game on other dice
_FULL = "docs/python.md (analyses/simultaneous_full_game.py)"
for _name, _holds, _heaviest, _gain, _rule, _rules, _rounds, _slow in [
        ("linux-magazin", 11, 15, "277041769062321019436859888415/160278115551641276792399592043392",
         "roll at 0-10,13-14", 13, 14, False),
        ("piggy", 23, 37, "11230152736764895714990053329069060239657122665461700965302691135/"
         "10365297025076820673508353458224985535538733334455804673128804599808",
         "roll at 0,5-11,13-30,34-35", 33, 28, True),
        ("two-dice-pig", 5, 18, "21627663466907159/4756460544423638496", "roll at 0,6-9,14-17", 15,
         16, False)]:
    _a = f"simultaneous {_name} 100"
    PINNED += [equal(_a, "holds", _holds, _FULL, _slow),
               equal(_a, "heaviest hold", _heaviest, _FULL, _slow),
               exact(_a, "gain", _gain, _FULL, _slow),
               equal(_a, "best rule", _rule, _FULL, _slow),
               equal(_a, "full rules", _rules, _FULL, _slow),
               equal(_a, "oracle rounds", _rounds, _FULL, _slow),
               equal(_a, "full verified", True, _FULL, _slow)]

# ------------------------------------------------------------ played to win
_SKUNK = "docs/to-win.md, docs/games.md (jeopardy skunk --turns 5, jeopardy variants)"
PINNED += [
    close("skunk 5", "first player", 0.4154361138298478, 1e-12, FIXED, _SKUNK, slow=True),
    equal("skunk 5", "bound", 0.0, _SKUNK, slow=True),
    equal("skunk 5", "cap", 150, _SKUNK, slow=True),
]
PINNED += [close("skunk 5", name, value, 1e-12, FIXED, _SKUNK, slow=True) for name, value in {
    "max-expected-score: as first": 0.3829791882613499,
    "max-expected-score: as second": 0.4706264565525333,
    "odds: as first": 0.38300014975742647,
    "odds: as second": 0.47065694766162824,
    "optimal: as second": 0.5845638861701522}.items()]
PINNED += [equal("skunk 5", f"first hold turn {turn} at {mover} vs {other}", hold, _SKUNK,
                 slow=True)
           for turn, mover, other, hold in [(1, 0, 0, 19), (2, 0, 0, 15), (3, 0, 0, 19), (3, 30, 30, 17), (3, 30, 60, 23), (3, 60, 30, 11), (3, 100, 40, 3), (4, 0, 0, 14), (4, 30, 30, 12), (4, 30, 60, 19), (4, 60, 30, 6), (4, 100, 40, 0), (5, 0, 0, 18), (5, 30, 30, 17), (5, 30, 60, 30), (5, 60, 30, 10), (5, 100, 40, 1), (6, 0, 0, 13), (6, 30, 30, 10), (6, 30, 60, 22), (6, 60, 30, 4), (6, 100, 40, 0), (7, 0, 0, 17), (7, 30, 30, 16), (7, 30, 60, 37), (7, 60, 30, 9), (7, 100, 40, 0), (8, 0, 0, 8), (8, 30, 30, 6), (8, 30, 60, 30), (8, 60, 30, 0), (8, 100, 40, 0), (9, 0, 0, 10), (9, 30, 30, 10), (9, 30, 60, 38), (9, 60, 30, 5), (9, 100, 40, 0), (10, 0, 0, 1), (10, 30, 30, 1), (10, 30, 60, 31), (10, 60, 30, 0), (10, 100, 40, 0), ]]
# The same table's other two columns: where the max-expected-score and odds policies first hold.
PINNED += [equal("skunk 5", f"{name}: first hold turn {turn} at {mover} vs {other}", hold, _SKUNK,
                 slow=True)
           for turn, mover, other, expected, rule in [
               (1, 0, 0, 19, 19), (2, 0, 0, 19, 19), (3, 0, 0, 19, 19), (3, 30, 30, 16, 16),
               (3, 30, 60, 16, 16), (3, 60, 30, 13, 13), (3, 100, 40, 10, 10), (4, 0, 0, 19, 19),
               (4, 30, 30, 16, 16), (4, 30, 60, 16, 16), (4, 60, 30, 13, 13), (4, 100, 40, 10, 10),
               (5, 0, 0, 19, 19), (5, 30, 30, 16, 16), (5, 30, 60, 16, 16), (5, 60, 30, 13, 13),
               (5, 100, 40, 10, 10), (6, 0, 0, 19, 19), (6, 30, 30, 16, 16), (6, 30, 60, 16, 16),
               (6, 60, 30, 13, 13), (6, 100, 40, 10, 10), (7, 0, 0, 19, 19), (7, 30, 30, 16, 16),
               (7, 30, 60, 16, 16), (7, 60, 30, 13, 13), (7, 100, 40, 10, 10), (8, 0, 0, 19, 19),
               (8, 30, 30, 16, 16), (8, 30, 60, 16, 16), (8, 60, 30, 13, 13), (8, 100, 40, 10, 10),
               (9, 0, 0, 19, 19), (9, 30, 30, 16, 16), (9, 30, 60, 16, 16), (9, 60, 30, 13, 13),
               (9, 100, 40, 10, 10), (10, 0, 0, 19, 19), (10, 30, 30, 16, 16), (10, 30, 60, 16, 16),
               (10, 60, 30, 13, 13), (10, 100, 40, 10, 10),]
           for name, hold in (("max-expected-score", expected), ("odds", rule))]
PINNED += [close("skunk shi 6", "first player", 0.4349453640511362, 1e-12, FIXED, _SKUNK,
                 slow=True),
           equal("skunk shi 6", "cap", 505, _SKUNK, slow=True)]

_THINK = "docs/to-win.md, docs/games.md (jeopardy think --rounds 5, jeopardy variants)"
PINNED += [
    equal("think 5", "value", 0.5, _THINK, slow=True),
    equal("think 5", "lower", 0.5, _THINK, slow=True),
    equal("think 5", "upper", 0.5, _THINK, slow=True),
    equal("think 5", "value exact", "1/2", _THINK, slow=True),
    equal("think 5", "mixed met, equilibrium", 0.0, _THINK, slow=True),
    equal("think 5", "mixed met at least once, equilibrium", 0.0, _THINK, slow=True),
]
# Where seeing the other's choice first is worth most, and its worth at equal scores
# (0: equal scores never mix).
PINNED += [equal("think 5", f"round {r}: seeing first at", at, _THINK, slow=True)
           for r, at in enumerate(["2 vs 3", "1 vs 0", "96 vs 97", "99 vs 100", "0 vs 5"], start=1)]
PINNED += [equal("think 5", f"round {r}: seeing first at equal scores", 0.0, _THINK, slow=True)
           for r in range(1, 6)]
PINNED += [equal("think 5", f"round {r}: mixed states", n, _THINK, slow=True) for r, n in
           enumerate([274_034, 422_800, 601_376, 770_940, 896_342], start=1)]
PINNED += [equal("think 5", f"round {r}: score pairs", n, _THINK, slow=True) for r, n in
           enumerate([7_736, 8_194, 8_736, 8_116, 9_288], start=1)]
PINNED += [close("think 5", name, value, 1e-9, THINK_GAME, _THINK, slow=True)
           for name, value in {
               "max-expected-score: equilibrium": 0.5809494747221929,
               "max-expected-score: best response": 0.7154418705375168,
               "max-expected-score: mixed met": 1.30834847044167,
               "odds: equilibrium": 0.5809499409754547,
               "odds: best response": 0.715476169835003,
               "odds: mixed met": 1.3070455605071407,
               "max-expected-score: mixed met at least once": 0.5739161078179373,
               "odds: mixed met at least once": 0.5738029349265571,
               "round 1: seeing first": 0.04241856945415651,
               "round 2: seeing first": 0.061315513501392305,
               "round 3: seeing first": 0.09441890012692578,
               "round 4: seeing first": 0.1539581773414993,
               "round 5: seeing first": 0.26037051073331463}.items()]

# ------------------------------------------- jeopardy variants (docs/games.md)
_VARIANTS = "docs/games.md (jeopardy variants)"
MATCH = ("two-player match solver (equal-turns / one-more-turn), every class to 1e-15, largest "
         "Bellman residual <= 1e-15 over all states, the cap proved; a turn total that falls "
         "iterates each column to rounding (proved contraction, 1/2 a pass for Parker Brothers); "
         "1e-12 admits summation order, far below the 10 digits printed")
_EQUAL = ("Pig with equal turns", "Boyan's Pig (a 1 banks one point)",
          "Frey's Pig (equal turns, Frey's own ending)", "Parker Brothers Pig Dice",
          "Parker Brothers Pig Dice (equal turns)")
PINNED += [close("variants", name, value, 1e-12,
                 MATCH if name in _EQUAL else FIXED if name in ("SKUNK", "THINK") else RACE,
                 _VARIANTS, slow=True) for name, value in {
    "Pig": 0.5305927252737468, "Piglet (Pig Tails)": 0.5224794079488324,
    "Linux Magazin Pig (a 6 busts)": 0.5379372884252288,
    "2-dice Pig (Piggy Ones)": 0.5195588938612182, "Frey's Pig (first to the goal)": 0.53669195354229,
    "Big Pig": 0.5359630705340338, "Pass the Pigs (Ballard's 3,939 rolls)": 0.5309727275389144,
    "PigMania with oinkers (Bellhouse's 1,435 rolls)": 0.5127172500825372,
    "Piggy": 0.5406932369439255, "Piggy, Sicherman dice": 0.5511092263357332,
    "SKUNK": 0.4154361138298478, "THINK": 0.5,
    "Pig with equal turns": 0.4564204296511812,
    "Boyan's Pig (a 1 banks one point)": 0.4559223178855804,
    "Frey's Pig (equal turns, Frey's own ending)": 0.46189688733746354,
    "Parker Brothers Pig Dice": 0.5313221112076603,
    "Parker Brothers Pig Dice (equal turns)": 0.45075959333896776}.items()]

# N players and equal turns (docs/games.md: jeopardy solve --players N --ending ...).
MATCH_N = ("N-player match solver: largest Bellman residual <= 9e-13 (classes with mixed "
           "actions are settled by a small LP each pass); 2e-11 admits that residual and "
           "summation order, below half the last of the 10 printed digits (5e-11)")
_MATCH = "docs/games.md (jeopardy solve --players N --ending ...)"
for _a, _values, _why, _starts, _cap, _mixed, _slow, _long in [
        ("match pig 100, 3 players, first-to-goal",
         [0.3655935546971163, 0.33185551910796196, 0.3025509261949152], MATCH_N, 1_000_000,
         None, 78, False, True),
        ("match pig 100, 2 players, equal-turns", [0.45642042965118107, 0.5435795703488139],
         MATCH, 20_000, 150, None, True, False),
        ("match pig 20, 2 players, equal-turns", [0.4103929637140436, 0.5896070362859557],
         MATCH, 800, 60, None, False, False),
        ("match frey-pig 100, 2 players, equal-turns", [0.4618968873374636, 0.5381031126625361],
         MATCH, 20_000, 150, None, True, False),
        ("match pig 30, 3 players, equal-turns",
         [0.26526218285288095, 0.32971171219341033, 0.40502610495370694], MATCH_N, 81_000, 90,
         4, True, False),
        ("match pig 12, 4 players, equal-turns",
         [0.13348445299443712, 0.18185070049054847, 0.26889948905840283, 0.4157653574566104],
         MATCH_N, 82_944, 76, 12, True, False),
        ("match pig 13, 3 players, equal-turns",
         [0.19987426177082393, 0.30824972714299137, 0.49187601108618395], MATCH_N, 6_591, 77, 2,
         False, False),
        ("match pig 20, 3 players, equal-turns",
         [0.2234963071624828, 0.32380580546607624, 0.4526978873714399], MATCH_N, 24_000, 100, 4,
         True, False),
        # benchmarks/multi.py's cases in docs/games.md (minutes each: long)
        ("match pig 50, 4 players, first-to-goal",
         [0.2907830842789335, 0.2615643509568239, 0.2354911591704686, 0.21216140559377059],
         MATCH_N, 6_250_000, None, None, False, True),
        ("match pig 100, 3 players, equal-turns",
         [0.2909127084368141, 0.33015871122214924, 0.37892858034102955], MATCH_N, 3_000_000, 200,
         245, False, True),
        ("match pig 6, 10 players, first-to-goal",  # 5.6 GB
         [0.7083364891197138, 0.20659814265991655, 0.060257791609142325, 0.017575189219333175,
          0.005126096855638843, 0.0014951115828946626, 0.00043607421167760974,
          0.00012718831173930283, 3.7096590923963325e-05, 1.0819839019489304e-05],
         MATCH_N, 60_466_176, None, None, False, True)]:
    _tolerance = 1e-12 if _why is MATCH else 2e-11
    PINNED += [close(_a, f"player {n}", value, _tolerance, _why, _MATCH, _slow, _long)
               for n, value in enumerate(_values, start=1)]
    PINNED += [equal(_a, "turn starts", _starts, _MATCH, _slow, _long)]
    PINNED += [equal(_a, "cap", _cap, _MATCH, _slow, _long)] if _cap else []
    PINNED += [equal(_a, "mixed turn starts", _mixed, _MATCH, _slow, _long)] if _mixed else []
_MATCH = "docs/games.md (jeopardy compare optimal hold:20 hold:25 --goal 50)"
PINNED += [close("match pig 50, 3 policies", f"player {n} wins", value, 2e-11, MATCH_N, _MATCH,
                 slow=True)
           for n, value in enumerate([0.4426902607453912, 0.2481976570929961,
                                      0.30911208216160996], start=1)]
_MATCH = "docs/games.md (jeopardy reach --players 3 --goal 30)"
PINNED += [equal("match pig 30, 3 players, reach", name, value, _MATCH, slow=True)
           for name, value in {"states": 29, "rolling": 29, "turn starts": 1}.items()]

_PARKER = "docs/games.md (jeopardy solve --game parker-brothers --ending ... --goal 50)"
PINNED += [close("parker-brothers 50", ending, value, 1e-12, MATCH, _PARKER, slow=True)
           for ending, value in {"one-more-turn": 0.5403086951765222,
                                 "equal-turns": 0.4493195606089965}.items()]

# Ten Thousand to 10,000 (minutes each): the two endings, the fairest head starts
# (docs/farkle.md prints them with --first-to-reach and --max-bonus 300) and the
# banking thresholds at two positions.
PINNED += [
    close("farkle 10000 rounds", "first player", 0.48519915589336066, 1e-11, FARKLE_GAME,
          _GAME10K, slow=True),
    equal("farkle 10000 rounds", "states", 63_006_000, _GAME10K, slow=True),
    equal("farkle 10000 rounds", "fairest bonus", -150, _GAME10K, slow=True),
    close("farkle 10000 rounds", "fairest P(first wins)", 0.5028989990212481, 1e-11, FARKLE_GAME,
          _GAME10K, slow=True),
    equal("farkle 10000 rounds", "bank at 0 vs 0",
          "{1: [[350, None]], 2: [[350, None]], 3: [[400, None]], 4: [[1050, None]], "
          "5: [[2650, None]], 6: [[4950, None]]}", _GAME10K, slow=True),
    equal("farkle 10000 rounds", "bank at 9000 vs 9500",
          "{1: [[650, 650], [750, None]], 2: [[550, 850], [1000, None]], 3: [[650, 750], "
          "[1000, None]], 4: [[1100, None]], 5: [[1600, None]], 6: [[2200, None]]}", _GAME10K,
          slow=True),
    close("farkle 10000 first to reach", "first player", 0.5275368582092317, 1e-11, FARKLE_GAME,
          _GAME10K, slow=True),
    equal("farkle 10000 first to reach", "states", 24_385_200, _GAME10K, slow=True),
    equal("farkle 10000 first to reach", "fairest bonus", 250, _GAME10K, slow=True),
    close("farkle 10000 first to reach", "fairest P(first wins)", 0.4978963787888158, 1e-11,
          FARKLE_GAME, _GAME10K, slow=True),
]

# docs/farkle.md's fairness tables: the first player's chance at each bonus shown.
PINNED += [close("farkle 10000 rounds", f"P(first wins), bonus {bonus}", value, 1e-11,
                 FARKLE_GAME, _GAME10K, slow=True)
           for bonus, value in {
               -300: 0.5207253008694813, -250: 0.5147711545683071, -200: 0.5088286421570187,
               -150: 0.502898999021248, -100: 0.49698339693697685, -50: 0.49108305307782335,
               0: 0.48519915589336066, 50: 0.47928222251138236, 100: 0.4733554144231728,
               150: 0.4674196966591892, 200: 0.4614763369646712, 250: 0.45552661404079736,
               300: 0.4495718109336099,}.items()]
PINNED += [close("farkle 10000 first to reach", f"P(first wins), bonus {bonus}", value,
                 1e-11, FARKLE_GAME, _GAME10K, slow=True)
           for bonus, value in {
               -500: 0.5872603650025136, -450: 0.5812864774336061, -400: 0.5753093174671468,
               -350: 0.5693301859517694, -300: 0.563350503068745, -250: 0.5573716612053908,
               -200: 0.551395024630452, -150: 0.5454219207995339, -100: 0.5394536530529838,
               -50: 0.5334915437663362, 0: 0.5275368582092317, 50: 0.5216453214061143,
               100: 0.5157343052757495, 150: 0.5098050121837561, 200: 0.5038586524867811,
               250: 0.49789637878881576, 300: 0.491919419445518, 350: 0.4859290436522905,
               400: 0.4799266133468354, 450: 0.473913571342377, 500: 0.4678909832408916,}.items()]

# ------------------------- practical policies (Neller & Presser 2010) and the API tour
_PRACTICAL = "docs/reproduce.md (jeopardy compare keep-pace optimal, ...)"
PINNED += [close("practical pig 100", name, value, 1e-12, RACE, _PRACTICAL)
           for name, value in {
               "hold-25 vs optimal: first": 0.5091352743139615,
               "hold-25 vs optimal: second": 0.448726166876126,
               "hold-25 vs optimal: fair": 0.47893072059504377,
               "keep-pace vs optimal: first": 0.525833333129964,
               "keep-pace vs optimal: second": 0.46494726306770595,
               "keep-pace vs optimal: fair": 0.495390298098835,
               "keep-pace-half-even vs optimal: first": 0.5257801404862106,
               "keep-pace-half-even vs optimal: second": 0.46490760013083254,
               "keep-pace-half-even vs optimal: fair": 0.49534387030852156,
               "score-base vs optimal: first": 0.5076255204154713,
               "score-base vs optimal: second": 0.4453688548654211,
               "score-base vs optimal: fair": 0.4764971876404462}.items()]
# analyses/preset_survey.py (docs/python.md): each preset at its goal, the hold-at-h that
# does best against optimal play and optimal's fair-coin rate against it.  The search
# (58 exact evaluations a preset, ten minutes on the loaded machine) is long; the same
# printed rates come from one evaluation each at the pinned best hold (slow).
_SURVEY = "docs/python.md (python analyses/preset_survey.py)"
_SURVEY_ROWS = {  # P(0,0,0), best hold, optimal's rate against it
    "pig": (0.5305927252737468, 25, 0.5210692794049563),
    "piglet": (0.5224794079488324, 2, 0.5259772702853239),
    "linux-magazin": (0.5379372884252288, 25, 0.5241812933018397),
    "boyan": (0.5338613876961484, 23, 0.5248096489560986),
    "two-dice-pig": (0.5195588938612182, 23, 0.5253180777257982),
    "big-pig": (0.5359630705340338, 32, 0.5226739352033669),
    "frey-pig": (0.53669195354229, 32, 0.5227951008950261),
    "piggy": (0.5406932369439255, 50, 0.5113563361872195),
    "piggy-sicherman": (0.5511092263357332, 50, 0.5236738554412464),
    "pass-the-pigs": (0.5309727275389144, 23, 0.5268060892555553),
    "pigmania": (0.5127172500825372, 7, 0.5188010564496133),
    "shi": (0.5436818192931344, 49, 0.5098814677758721),
}
for _name, (_p, _hold, _rate) in _SURVEY_ROWS.items():
    PINNED += [close("preset survey", f"{_name}: P(0,0,0)", _p, 1e-12, RACE, _SURVEY, long=True),
               equal("preset survey", f"{_name}: best hold", _hold, _SURVEY, long=True),
               close("preset survey", f"{_name}: optimal vs it", _rate, 1e-12, RACE, _SURVEY,
                     long=True),
               close("preset survey at the best hold", f"{_name}: optimal vs hold {_hold}", _rate,
                     1e-12, RACE, _SURVEY, slow=True)]
PINNED += [close("preset survey at the best hold", "boyan: P(0,0,0)", _SURVEY_ROWS["boyan"][0],
                 1e-12, RACE, _SURVEY, slow=True)]
_TOUR = "docs/python.md (analyses/api_tour.py)"
PINNED += [
    close("race three d4 60", "P(0,0,0)", 0.5216841736570377, 1e-12, RACE, _TOUR),
    equal("race three d4 60", "model", "3d4 bad 1 (add 6: 1/64, add 7: 3/64, add 8: 3/32, "
          "add 9: 7/64, add 10: 3/32, add 11: 3/64, add 12: 1/64, bust: 9/16, bust_all: 1/64)",
          _TOUR),
]

# ------------------------------------------------ the rest of the pages' numbers
# Found by tests/test_pinned_coverage.py (every number the pages print is pinned here
# or named there as not a result).
_GAMES = "docs/games.md"
PINNED += [
    exact("turn unfair coin hold 3", "mean", "8/9", "docs/games.md (docs/examples/unfair-coin.json)"),
    exact("turn unfair coin hold 3", "bust", "19/27", "docs/games.md (docs/examples/unfair-coin.json)"),
    equal("policy pig 100", "policy 41 vs 49",
          "roll at 0-21, hold at 22-26, roll at 27, hold at 28-56, roll at 57-58", _POLICY),
    equal("policy pig 100", "policy 0 vs 30", "roll at 0-23, hold at 24-99",
          "docs/race.md (jeopardy policy --score 0 --opponent 30)"),
    Pinned("certify piglet 60", "certified", 109_043.0, 10.0,
           "decisions - undecided (the undecided count moves with rounding order, see that row)",
           _CERTIFY),
    equal("certify piglet 60", "decisions", 109_800, _CERTIFY),
    equal("race pig 1000", "states", 500_500_000, "docs/race.md", slow=True),
    equal("exact piglet 10", "actions changed", 354, "docs/exact.md (jeopardy exact --game piglet "
          "--goal 10 --start roll)"),
    close("max-score think 5 odds-strict", "loss", 0.00020647266192241887, 1e-11, SCORE, _MAX),
    close("max-score think 20 odds", "loss", 0.059825629146502024, 1e-11, SCORE, _MAX, slow=True),
    equal("solitaire pig 100", "hold-at by score 0-39",
          "0:19, 1:18, 2:19, 3:23, 4:23, 5:22, 6:22, 7:22, 8:22, 9:21, 10:21, 11:21, 12:21, "
          "13:20, 14:20, 15:20, 16:20, 17:19, 18:19, 19:19, 20:19, 21:18, 22:18, 23:18, 24:18, "
          "25:-, 26:24, 27:23, 28:23, 29:23, 30:22, 31:22, 32:22, 33:21, 34:21, 35:21, 36:20, "
          "37:20, 38:20, 39:19", _SOLO),
    equal("solitaire two-dice-pig 100", "hold-at by score 0-39",
          "0:21, 1:21, 2:20, 3:20, 4:20, 5:20, 6:19, 7:19, 8:19, 9:19, 10:19, 11:19, 12:19, "
          "13:19, 14:19, 15:19, 16:20, 17:20, 18:20, 19:20, 20:20, 21:20, 22:19, 23:19, 24:19, "
          "25:18, 26:18, 27:18, 28:18, 29:17, 30:17, 31:17, 32:17, 33:16, 34:16, 35:16, 36:17, "
          "37:17, 38:18, 39:19", _SOLO),
]
_RACE40 = "docs/race.md (jeopardy compare docs/examples/pig40-policy.csv hold:20 --goal 40)"
PINNED += [close("compare pig 40", f"optimal vs hold 20: {seat}", value, 1e-12, RACE, _RACE40)
           for seat, value in {"first": 0.5933785286525205, "second": 0.48609226941840733,
                               "fair": 0.5397353990354639}.items()]
# Pig to 100 in exact rationals (about 10-30 s): docs/exact.md, README.md.
_EXACT100 = "README.md, docs/exact.md (jeopardy exact --game pig --goal 100)"
PINNED += [equal("exact pig 100", name, value, _EXACT100, slow=True) for name, value in {
    "P(0,0,0) decimals": "0.5305927252737469113267355625783324651359",
    "numerator digits": 20_855, "denominator digits": 20_855,
    "numerator, first 120 digits": "1142371710941260462027727486248136099793818974356732994221862"
                                   "12873027375440221455418659083255904158590939480467800091708",
    "P(41,49,22) decimals": "0.6023047021447713965802311862045730540608",
    "P(0,0,20) decimals": "0.6198776699508805355835418823557664286813",
    "verified": True, "actions changed": 0}.items()]
# The simultaneous game at --max-hold 5 (docs/simultaneous.md's JSON and payoff CSV).
_SIM5 = "docs/simultaneous.md (jeopardy simultaneous --max-hold 5)"
PINNED += [exact("simultaneous pig 5", f"equilibrium score P({n})", p, _SIM5) for n, p in {
    0: "55/216", 5: "2/9", 6: "55/216", 7: "19/216", 8: "19/216", 9: "13/216",
    10: "7/216"}.items()]
PINNED += [equal("simultaneous pig 5", "equilibrium", "5", _SIM5)]
PINNED += [exact("simultaneous pig 5", f"payoff hold {a} vs hold {b}", value, _SIM5)
           for a in (1, 2) for b, value in enumerate(["0", "0", "-17/108", "-61/216", "-41/108"],
                                                      start=1)]
# The share of the full game's equilibrium weight on rules that are not hold-at-h, and the
# heaviest hold's weight (docs/python.md: analyses/simultaneous_full_game.py).
PINNED += [close("simultaneous pig 100", "non-threshold weight", 0.7436447006119591, 1e-12,
                 "a sum of exact LP weights, rounded to floats: 1e-12 admits summation order",
                 _FULL, slow=True)]
for _name, _share, _heaviest_weight, _slow in [
        ("linux-magazin", 0.6658486685291574,
         "353232668539570322823791211233280/769515241661511311060133251096339", False),
        ("piggy", 0.6246259579624581,
         "4001049090248920317105695140962498271177091736384518946417303552/"
         "18225665630468062135782351295340802990419036657077836397603615321", True),
        ("two-dice-pig", 0.6765246157003009, "161859279045020472/325665486997455625", False)]:
    PINNED += [close(f"simultaneous {_name} 100", "non-threshold weight", _share, 1e-12,
                     "a sum of exact LP weights, rounded to floats: 1e-12 admits summation order",
                     _FULL, _slow),
               exact(f"simultaneous {_name} 100", "heaviest weight", _heaviest_weight, _FULL,
                     _slow)]
# Ten Thousand: the seed's Tables 1 and 2 as we enumerate them (docs/farkle.md, docs/reproduce.md:
# jeopardy farkle throws / stopping), each throw's chances exact, the means and W, Cs to 1e-9.
_TABLES = "docs/farkle.md, docs/reproduce.md (jeopardy farkle throws, jeopardy farkle stopping)"
_TABLE = ("exact rationals (6^I throws enumerated) shown as floats, values up to ~22,000: 1e-9 "
          "admits float conversion and summation order, far below the 2 printed decimals")
PINNED += [exact("farkle tables", name, value, _TABLES) for name, value in {
    "P(1,0)": "2/3", "P(1, scores)": "1/3", "P(1,6)": "1/3",
    "P(2,0)": "4/9", "P(2, scores)": "5/9", "P(2,1)": "4/9", "P(2,6)": "1/9",
    "P(3,0)": "5/18", "P(3, scores)": "13/18", "P(3,1)": "2/9", "P(3,2)": "4/9", "P(3,6)": "1/18",
    "P(4,0)": "17/108", "P(4, scores)": "91/108", "P(4,1)": "11/81", "P(4,2)": "8/27",
    "P(4,3)": "10/27", "P(4,6)": "13/324",
    "P(5,0)": "25/324", "P(5, scores)": "299/324", "P(5,1)": "215/1944", "P(5,2)": "205/972",
    "P(5,3)": "25/81", "P(5,4)": "85/324", "P(5,6)": "59/1944",
    "P(6,0)": "5/162", "P(6, scores)": "157/162", "P(6,1)": "185/1944", "P(6,2)": "725/3888",
    "P(6,3)": "20/81", "P(6,4)": "20/81", "P(6,5)": "25/162", "P(6,6)": "17/432"}.items()]
PINNED += [close("farkle tables", name, value, 1e-9, _TABLE, _TABLES) for name, value in {
    "mean score if scoring, 1 dice": 75.0, "S(1,6)": 75.0,
    "mean score if scoring, 2 dice": 90.0, "S(2,1)": 75.0, "S(2,6)": 150.0,
    "mean score if scoring, 3 dice": 120.1923076923077, "S(3,1)": 150.0, "S(3,2)": 75.0,
    "S(3,6)": 362.5,
    "mean score if scoring, 4 dice": 170.32967032967034, "S(4,1)": 361.3636363636364,
    "S(4,2)": 150.0, "S(4,3)": 75.0, "S(4,6)": 553.8461538461538,
    "mean score if scoring, 5 dice": 244.66973244147158, "S(5,1)": 568.6046511627907,
    "S(5,2)": 360.3658536585366, "S(5,3)": 150.0, "S(5,4)": 75.0, "S(5,6)": 689.6186440677966,
    "mean score if scoring, 6 dice": 377.9856687898089, "S(6,1)": 713.5135135135135,
    "S(6,2)": 584.4827586206897, "S(6,3)": 359.375, "S(6,4)": 150.0, "S(6,5)": 75.0,
    "S(6,6)": 1323.5294117647059,
    "W(1)": 263.3681446067338, "Cs(1)": 131.6840723033669, "W(2)": 246.50855691634848,
    "Cs(2)": 308.1356961454356, "W(3)": 294.619192643218, "Cs(3)": 766.0099008723668,
    "W(4)": 390.13481661578555, "Cs(4)": 2088.3687242374403, "W(5)": 521.893823601607,
    "Cs(5)": 6241.850130275219, "W(6)": 715.1044338202013, "Cs(6)": 22454.27922195432}.items()]
# The optimal turn's banking thresholds by dice in hand, and what the seed's rule loses.
for _a, _loss, _thresholds in [
        ("farkle turn", 3.213092712168873, [350, 350, 400, 1050, 3050, 11900]),
        ("farkle turn min bank 0", 9.484494211828292, [300, 250, 400, 1050, 3050, 11900]),
        ("farkle turn IV.4", 1.941705410697864, [350, 350, 400, 1050, 3050, 11900]),
        ("farkle turn IV.1", 3.2130922783060782, [350, 350, 400, 1050, 3050, None])]:
    PINNED += [close(_a, "seed rule loss", _loss, 1e-9, FARKLE_TURN, _TURN10K)]
    PINNED += [equal(_a, f"bank from, {dice} dice", t, _TURN10K)
               for dice, t in enumerate(_thresholds, start=1)]
PINNED += [equal(f"farkle 2000 rounds {rule}", "states", states, _GAME10K, slow=True)
           for rule, states in {"IV.1": 921_360, "IV.2": 938_160, "IV.3": 412_800,
                                "IV.4": 945_840, "IV.5": 466_854}.items()]
PINNED += [close("farkle 2000 rounds IV.5", "first player", 0.3835926771019058, 1e-11,
                 FARKLE_GAME, _GAME10K, slow=True)]
# docs/farkle.md's played game (jeopardy play --game ten-thousand --goal 1000 --hints).
_HINTS = "docs/farkle.md (jeopardy play --game ten-thousand --goal 1000 --hints --seed 3)"
PINNED += [close("farkle 1000 rounds hints", name, value, 1e-11, FARKLE_GAME, _HINTS, slow=True)
           for name, value in {
               "throw at 0 vs 0, total 0, 6 dice": 0.45521947937659446,
               "throw at 0 vs 0, total 500, 3 dice": 0.4546355448581972,
               "bank at 0 vs 0, total 500, 3 dice": 0.4470472198176808,
               "throw at 0 vs 0, total 550, 2 dice": 0.43678388641767674,
               "bank at 0 vs 0, total 550, 2 dice": 0.46741194977553935,
               "throw at 0 vs 0, total 700, 6 dice": 0.72369886052647,
               "bank at 0 vs 0, total 700, 6 dice": 0.5426306563539953,
               "throw at 700 vs 0, total 0, 6 dice": 0.7579616965368703,
               "throw at 700 vs 0, total 250, 2 dice": 0.6602458979337769}.items()]
# N players (docs/games.md): equal turns with policies, the compare = solve check, a decision,
# the simulations, the reach counts, the Parker Brothers solves' sizes.
PINNED += [close("match pig 50, 3 policies", f"player {n} wins, equal turns", value, 2e-11,
                 MATCH_N, _GAMES, slow=True)
           for n, value in enumerate([0.28469394069231185, 0.2806451902019076,
                                      0.4346608691057775], start=1)]
PINNED += [close("match pig 13, 3 optimal, equal turns", f"player {n} wins", value, 2e-11,
                 MATCH_N, _GAMES)
           for n, value in enumerate([0.19987426177082393, 0.30824972714299137,
                                      0.49187601108618395], start=1)]
PINNED += [close("match pig 30, 3 players, decision", f"player {n} (mover first)", value, 2e-11,
                 MATCH_N, "docs/games.md (jeopardy policy --scores 10,20,5 --goal 30)")
           for n, value in enumerate([0.457407781996097, 0.4492134158332892,
                                      0.09337880217061326], start=1)]
PINNED += [close("simulate pig 50 three players", f"20,000 games, seed 3: player {n} wins, "
                 "equal turns", value, 5e-6, SEEDED, _GAMES, slow=True)
           for n, value in enumerate([0.28395, 0.281, 0.43505], start=1)]
PINNED += [equal("match pig 30, 3 players, reach", name, value, _GAMES, slow=True)
           for name, value in {"all states": 418_500, "all turn starts": 27_000,
                               "states, equal turns": 99, "rolling, equal turns": 87,
                               "turn starts, equal turns": 3,
                               "all states, equal turns": 4_495_500,
                               "all turn starts, equal turns": 81_000}.items()]
PINNED += [equal("parker-brothers 50", f"{ending}: turn starts", starts, _PARKER, slow=True)
           for ending, starts in {"one-more-turn": 2_500, "equal-turns": 5_000}.items()]
_BANKING = {(0, 0): ["350 and above", "350 and above", "400 and above", "1050 and above",
                      "2650 and above", "4950 and above"],
            (9000, 9500): ["650, 750 and above", "550-850, 1000 and above",
                           "650-750, 1000 and above", "1100 and above", "1600 and above",
                           "2200 and above"]}
PINNED += [equal("farkle 10000 rounds", f"{dice} dice in hand at {score} vs {opponent}",
                 f"bank at {text}", _GAME10K, slow=True)
           for (score, opponent), texts in _BANKING.items()
           for dice, text in enumerate(texts, start=1)]
# docs/sweep.md's N-player and equal-turns sweeps (jeopardy sweep docs/examples/players.toml,
# docs/examples/hold20.toml), recomputed with the solvers directly.
_SWEEPN = "docs/sweep.md (jeopardy sweep docs/examples/players.toml, hold20.toml)"
_SWEEPN_WHY = ("the pair solver (first-to-goal, 2 players) or the match solver (residual <= 9e-13); "
               "2e-11 admits that residual and summation order, far below the 6 printed digits")
PINNED += [close("sweep players", name, value, 2e-11, _SWEEPN_WHY, _SWEEPN, slow=True)
           for name, value in {
               "pig 10, 2 players, first-to-goal": 0.709424322598303,
               "pig 10, 2 players, equal-turns": 0.34990236638262295,
               "pig 10, 3 players, first-to-goal": 0.6339704616925255,
               "pig 10, 3 players, equal-turns": 0.19244797306960504,
               "pig 20, 2 players, first-to-goal": 0.6155585498050428,
               "pig 20, 2 players, equal-turns": 0.4103929637140436,
               "pig 20, 3 players, first-to-goal": 0.4963784013958639,
               "pig 20, 3 players, equal-turns": 0.2234963071624828,
               "pig 30, 2 players, first-to-goal": 0.5679147444934842,
               "pig 30, 2 players, equal-turns": 0.4391344307728603,
               "pig 30, 3 players, first-to-goal": 0.4274077018375516,
               "pig 30, 3 players, equal-turns": 0.26526218285288095,
               "pig 40, 2 players, first-to-goal": 0.5446943934816963,
               "pig 40, 2 players, equal-turns": 0.4347668803764994,
               "pig 40, 3 players, first-to-goal": 0.3897043736257425,
               "pig 40, 3 players, equal-turns": 0.27203952426778966,
               "pig 50, 2 players, first-to-goal": 0.5461508441667879,
               "pig 50, 2 players, equal-turns": 0.4411574553395682,
               "pig 50, 3 players, first-to-goal": 0.3806174596071473,
               "pig 50, 3 players, equal-turns": 0.27592290614233717,
               "piglet 10, 2 players, first-to-goal": 0.5224794079488324,
               "piglet 10, 2 players, equal-turns": 0.49484056303366075,
               "piglet 10, 3 players, first-to-goal": 0.3569007880041051,
               "piglet 10, 3 players, equal-turns": 0.3277035977470236,
               "piglet 20, 2 players, first-to-goal": 0.515818532255379,
               "piglet 20, 2 players, equal-turns": 0.49599627284994163,
               "piglet 20, 3 players, first-to-goal": 0.3493371245140453,
               "piglet 20, 3 players, equal-turns": 0.3292769815318448,
               "piglet 30, 2 players, first-to-goal": 0.5128995544298811,
               "piglet 30, 2 players, equal-turns": 0.49663426665543436,
               "piglet 30, 3 players, first-to-goal": 0.34616751240178256,
               "piglet 30, 3 players, equal-turns": 0.3300043169557296,
               "piglet 40, 2 players, first-to-goal": 0.5111651583742673,
               "piglet 40, 2 players, equal-turns": 0.4970423648334884,
               "piglet 40, 3 players, first-to-goal": 0.34433229477827176,
               "piglet 40, 3 players, equal-turns": 0.33045033013236763,
               "piglet 50, 2 players, first-to-goal": 0.509983372083719,
               "piglet 50, 2 players, equal-turns": 0.49733126446624654,
               "piglet 50, 3 players, first-to-goal": 0.34309896397079687,
               "piglet 50, 3 players, equal-turns": 0.3307591649485703,
               "big-pig 10, 2 players, first-to-goal": 0.7097480832420592,
               "big-pig 10, 2 players, equal-turns": 0.37037310018507574,
               "big-pig 10, 3 players, first-to-goal": 0.6344407863425041,
               "big-pig 10, 3 players, equal-turns": 0.20494464983854155,
               "big-pig 20, 2 players, first-to-goal": 0.64524773957994,
               "big-pig 20, 2 players, equal-turns": 0.4059614732724399,
               "big-pig 20, 3 players, first-to-goal": 0.5399381611736731,
               "big-pig 20, 3 players, equal-turns": 0.22168418970849385,
               "big-pig 30, 2 players, first-to-goal": 0.5995795478755396,
               "big-pig 30, 2 players, equal-turns": 0.43543247539183244,
               "big-pig 30, 3 players, first-to-goal": 0.4730728045973352,
               "big-pig 30, 3 players, equal-turns": 0.2502424520621294,
               "big-pig 40, 2 players, first-to-goal": 0.5697435129768527,
               "big-pig 40, 2 players, equal-turns": 0.45278517553334435,
               "big-pig 40, 3 players, first-to-goal": 0.43002130556873247,
               "big-pig 40, 3 players, equal-turns": 0.2744014832110635,
               "big-pig 50, 2 players, first-to-goal": 0.5493223794319861,
               "big-pig 50, 2 players, equal-turns": 0.43684624560611124,
               "big-pig 50, 3 players, first-to-goal": 0.4010392925542532,
               "big-pig 50, 3 players, equal-turns": 0.2877488860381925,
}.items()]
PINNED += [close("sweep hold20 equal turns", name, value, 2e-11, _SWEEPN_WHY, _SWEEPN, slow=True)
           for name, value in {
               "pig 25: optimal vs hold 20, equal turns": 0.5615778882208563,
               "pig 50: optimal vs hold 20, equal turns": 0.539147270882072,
               "pig 100: optimal vs hold 20, equal turns": 0.5223799034089669,
               "piggy 25: optimal vs hold 20, equal turns": 0.5764466205462333,
               "piggy 50: optimal vs hold 20, equal turns": 0.5919912139218352,
               "piggy 100: optimal vs hold 20, equal turns": 0.6066372857316886,
               "big-pig 25: optimal vs hold 20, equal turns": 0.5423347937876833,
               "big-pig 50: optimal vs hold 20, equal turns": 0.5418278542321727,
               "big-pig 100: optimal vs hold 20, equal turns": 0.548257139066958,
}.items()]
