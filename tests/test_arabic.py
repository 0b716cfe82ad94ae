"""The card room in Arabic: the story of a hand, a refused move at the terminal and at the web table, and every
bundled ruleset's own words; English stays as it was for the API, records and traces."""

from __future__ import annotations

import io
import json
import pickle
import re
import urllib.request
from pathlib import Path

import pytest
from rich.console import Console
from websockets.sync.client import connect

from helpers import act, played, rules
from trickbook import Game, i18n
from trickbook.book.story import Story
from trickbook.book.words import statements
from trickbook.engine.events import Event, HandCancelled, HandScored, HandStarted, MatchEnded
from trickbook.errors import IllegalAction, InvalidAction
from trickbook.players import make_player, parse_player_specs
from trickbook.resources import bundled_ruleset_ids
from trickbook.ruleset.loader import load_ruleset
from trickbook.session.table import event_json
from trickbook.session.terminal import TerminalMatch
from trickbook.web.live import in_language
from webserver import Server, running

ARABIC = re.compile("[\u0600-\u06ff]")
CARD = re.compile(r"(10|[2-9AKQJ])[♠♥♦♣]")
FORMULA = re.compile(r"\[[^\]]*\]$")
"""A scoring line ends with the rule's formula as the ruleset writes it, which is code, not a sentence."""


def _english_left(sentence: str) -> str:
    """What is left of a sentence in Latin letters once its cards and formula are taken out."""
    return "".join(re.findall("[A-Za-z]+", FORMULA.sub("", CARD.sub("", sentence))))


def _told(ruleset: str, seed: int, hands: int) -> list[str]:
    """Every sentence the story tells in Arabic of the first hands of a match: to the whole table (the trace,
    with its scoring lines) and to one seat."""
    game = Game(rules(ruleset), seed)
    whole, north = Story(game.rules, language="ar"), Story(game.rules, seat=0, language="ar")
    events: list[Event] = []
    told: list[str] = []

    def listen(event: Event) -> None:
        events.append(event)
        told.extend(said for said in (whole.tell(event), north.tell(event)) if said)

    game.observer = listen
    played(game, seed=seed, hands=hands)
    hand = 0
    for event in events:
        if isinstance(event, HandStarted):
            hand = event.hand
        if isinstance(event, HandScored):
            told.extend(whole.scoring(game.finished_hand(hand - 1), event))
    return told


@pytest.mark.parametrize("ruleset", ["tarneeb-41", "estimation", "hearts", "trex"])
def test_a_hand_told_in_arabic_has_no_english_sentence_left(ruleset: str) -> None:
    told = _told(ruleset, seed=3, hands=2)
    assert len(told) > 40
    english = [sentence for sentence in told if _english_left(sentence)]
    assert english == []
    assert all(ARABIC.search(sentence) for sentence in told if not CARD.fullmatch(sentence))


def test_the_trace_in_english_reads_as_before() -> None:
    told = Story(rules("call-break"))
    game = Game(rules("call-break"), 5)
    said: list[str] = []
    game.observer = lambda event: said.extend(s for s in [told.tell(event)] if s)
    played(game, seed=5, hands=1)
    assert said[0] == "East (1): bid 5", "the hand began as the game was made, before the story listened"
    assert any(re.fullmatch(r"trick 1: .* -> \w+ \(\d\) wins with .*, the highest (♠|♥|♦|♣|trump)", s) for s in said)
    assert not any(ARABIC.search(s) for s in said)


def _follow_suit_refusal(seed: int) -> tuple[Game, str]:
    """A whist game at the moment seat 0 must follow suit, and a card of another suit it holds."""
    game = Game(rules("whist"), seed)
    deck = game.rules.deck
    while True:
        if game.actor == 0 and game.trick:
            led = deck.suit_of[game.trick[0]]
            held = game.hand(0)
            other = [c for c in held if deck.suit_of[c] != led]
            if other and any(deck.suit_of[c] == led for c in held):
                return game, deck.codes[other[0]]
        game.apply(game.legal_actions()[0])


def test_a_refused_card_is_english_for_the_api_and_arabic_for_a_person() -> None:
    game, card = _follow_suit_refusal(seed=1)
    with pytest.raises(IllegalAction) as refused:
        game.apply(game.rules.deck.parse_card(card))
    assert str(refused.value).startswith("you must follow ") and refused.value.rule == "follow suit"
    arabic = refused.value.said.in_language(i18n.gettext("ar"))
    assert arabic.startswith("عليك أن تتبع ") and not _english_left(arabic)
    again = pickle.loads(pickle.dumps(refused.value))
    assert str(again) == str(refused.value) and again.said == refused.value.said and again.rule == "follow suit"


def test_a_refused_move_at_the_terminal_reads_in_arabic(tmp_path: Path) -> None:
    game, card = _follow_suit_refusal(seed=1)
    specs = [None, *parse_player_specs("random", 3)]
    bots = [None if spec is None else make_player(spec, 1, seat) for seat, spec in enumerate(specs)]
    out = io.StringIO()
    entry = io.StringIO(f"{card}\nzz\nquit\n")
    match = TerminalMatch(game, 0, specs, bots, Console(file=out, width=400), entry, tmp_path / "m.json", language="ar")
    assert match.run() is False
    shown = out.getvalue()
    refusal = next(line for line in shown.splitlines() if line.startswith("غير مسموح: "))
    assert "عليك أن تتبع" in refusal and "(القاعدة: اتبع النوع)" in refusal
    assert not _english_left(refusal)
    typo = next(line for line in shown.splitlines() if line.startswith("لم أفهم: "))
    assert "'zz' ليست حركة: اكتب ورقة مثل" in typo


def _choices_told(ruleset: str, seed: int, tmp_path: Path, language: str) -> str:
    """The first list of choices the terminal shows North at a table of `ruleset`, random bots elsewhere."""
    game = Game(rules(ruleset), seed=seed)
    specs = [None, *parse_player_specs("random", 3)]
    bots = [None if spec is None else make_player(spec, 1, seat) for seat, spec in enumerate(specs)]
    out = io.StringIO()
    match = TerminalMatch(
        game,
        0,
        specs,
        bots,
        Console(file=out, width=400),
        io.StringIO("quit\n"),
        tmp_path / "m.json",
        language=language,
    )
    match.run()
    return next(line for line in out.getvalue().splitlines() if line.startswith(("خياراتك: ", "Your choices: ")))


def test_choices_at_the_terminal_are_said_in_arabic_and_typed_ones_keep_what_is_typed(tmp_path: Path) -> None:
    """A numbered choice (picked by its number) is said in Arabic; a choice typed in full (an auction's bids)
    shows what to type and then its Arabic words; English is unchanged."""
    numbered = _choices_told("belote", 5, tmp_path, "ar")
    assert numbered == "خياراتك: [1] باس  [2] طرنيب ♥ (كبة)"
    assert _choices_told("belote", 5, tmp_path, "en") == "Your choices: [1] pass  [2] trump ♥ (hearts)"
    typed = _choices_told("tarneeb-41", 1, tmp_path, "ar")
    assert typed.startswith("خياراتك: pass (باس), bid 9 (مزايدة 9), bid 10 (مزايدة 10), "), typed


def _bids_so_far(game: Game, folder: Path) -> str:
    """The line of bids so far that the Arabic terminal shows seat 0, a person, with random bots in the other
    seats, before the person quits."""
    specs = [None, *parse_player_specs("random", game.rules.seats - 1)]
    bots = [None if spec is None else make_player(spec, 1, seat) for seat, spec in enumerate(specs)]
    out = io.StringIO()
    console = Console(file=out, width=400)
    TerminalMatch(game, 0, specs, bots, console, io.StringIO("quit\n"), folder / "m.json", language="ar").run()
    return next(line for line in out.getvalue().splitlines() if line.startswith("المزايدة: "))


def test_the_bids_so_far_are_listed_in_arabic_at_the_terminal(tmp_path: Path) -> None:
    """Kout's first seat speaks after five others: the line of bids so far names each bid in Arabic."""
    line = _bids_so_far(Game(rules("kout"), seed=5), tmp_path)
    assert "باس" in line and not _english_left(line), line


def test_the_bids_so_far_at_bridge_include_the_double(tmp_path: Path) -> None:
    """A double is a call of the auction: the list of calls so far names it, so two passes in a row by one
    seat never seem to follow each other."""
    game = Game(rules("rubber-bridge"), seed=2)
    act(game, "bid 1C", "double", "pass")  # East, South, West; then North, the person
    assert game.actor == 0
    line = _bids_so_far(game, tmp_path)
    assert "دبل" in line and "1♣" in line, line


def test_an_unknown_typed_move_is_refused_with_its_forms_in_arabic() -> None:
    whist = rules("whist")
    with pytest.raises(InvalidAction) as refused:
        whist.actions.parse("zz")
    assert str(refused.value).startswith("'zz' is not an action: type a card such as ")
    arabic = refused.value.said.in_language(i18n.gettext("ar"))
    assert arabic.startswith("'zz' ليست حركة: اكتب ورقة مثل ")


def _receive(socket: object, kind: str) -> dict[str, object]:
    for _ in range(50):
        message = json.loads(socket.recv(timeout=10))  # type: ignore[attr-defined]
        if message["type"] == kind:
            return dict(message)
    raise AssertionError(f"no {kind} message")


def test_the_web_table_in_arabic_shows_a_refusal_in_arabic(tmp_path: Path) -> None:
    with running(tmp_path, []) as server:
        table = _create(server)
        token = str(table["links"]["0"].split("#", 1)[1])
        url = f"ws://127.0.0.1:{server.port}/ws/table/{table['id']}"
        with connect(url, origin=server.url, open_timeout=10) as socket:
            socket.send(json.dumps({"type": "hello", "token": token, "language": "ar"}))
            page = _receive(socket, "page")["page"]
            view = page["view"]  # type: ignore[index]
            assert view["actor"] == 0, "bots play until the person's turn"
            absent = next(code for code in page["cards"] if code not in view["hand"])  # type: ignore[operator]
            socket.send(json.dumps({"type": "act", "action": absent}))
            news = _receive(socket, "page")["news"]
            refused = next(event for event in news if event["type"] == "refused")  # type: ignore[union-attr]
            assert refused["reason"].startswith("ليست معك ") and refused["rule"] == "العب ورقة من يدك"
            assert not _english_left(refused["reason"])
        with connect(url, origin=server.url, open_timeout=10) as socket:  # the same seat, in English
            socket.send(json.dumps({"type": "hello", "token": token, "language": "en"}))
            socket.send(json.dumps({"type": "act", "action": absent}))
            _receive(socket, "page")
            news = _receive(socket, "page")["news"]
            refused = next(event for event in news if event["type"] == "refused")  # type: ignore[union-attr]
            assert refused["reason"] == f"you do not hold {absent[:-1]}" + _symbol(absent)


def _symbol(code: str) -> str:
    return {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[code[-1]]


def _create(server: Server) -> dict[str, object]:
    body = json.dumps({"ruleset": "whist", "seats": ["human", "random", "random", "random"]}).encode()
    request = urllib.request.Request(
        server.url + "/api/tables", data=body, headers={"content-type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        return dict(json.loads(response.read()))


@pytest.mark.parametrize("ruleset", bundled_ruleset_ids())
def test_every_bundled_ruleset_has_an_arabic_title_and_names_its_seats_in_arabic(ruleset: str) -> None:
    """The title, description and seats, and the names a person meets at the table: the score table's rows (its
    rules) and the trick events."""
    loaded = load_ruleset(ruleset)
    arabic = loaded.translation("ar")
    assert ARABIC.search(arabic.title), f"{ruleset} has no Arabic title"
    assert ARABIC.search(arabic.description), f"{ruleset} has no Arabic description"
    rows = (rule.name for rule in loaded.scoring.rules)
    for name in (*loaded.seating.seat_names, *loaded.seating.side_names, *rows, *(e.name for e in loaded.events)):
        assert ARABIC.search(loaded.word("ar", name)), f"{ruleset}: no Arabic for {name!r}"


def test_a_variant_that_translates_itself_inherits_its_parents_words_and_one_that_does_not_stays_english(
    tmp_path: Path,
) -> None:
    translated = tmp_path / "translated.yaml"
    translated.write_text(
        "format: trickbook-ruleset/2\nid: translated\ntitle: Mine\nextends: tarneeb-41\n"
        "translations:\n  ar:\n    title: طرنيبي\n    words:\n      North: شمالي\n",
        encoding="utf-8",
    )
    mine = load_ruleset(str(translated))
    assert mine.translation("ar").title == "طرنيبي"
    assert mine.word("ar", "North") == "شمالي", "the variant's own word wins"
    assert mine.word("ar", "East") == "الشرق", "the parent's word is inherited"
    plain = tmp_path / "plain.yaml"
    plain.write_text("format: trickbook-ruleset/2\nid: plain\ntitle: Plain\nextends: tarneeb-41\n", encoding="utf-8")
    english = load_ruleset(str(plain))
    assert english.translation("ar").title == "Plain" and english.word("ar", "kouz-moving") == "kouz-moving"
    assert english.word("ar", "East") == "الشرق", "the seats' usual names are the program's, in its catalogue"
    french = tmp_path / "french.yaml"
    french.write_text(
        "format: trickbook-ruleset/2\nid: french\ntitle: Mine\nextends: tarneeb-41\n"
        "translations:\n  fr:\n    title: Le mien\n    words:\n      North: Nord\n",
        encoding="utf-8",
    )
    mine = load_ruleset(str(french))
    assert mine.translation("fr").title == "Le mien" and mine.word("fr", "North") == "Nord"
    assert mine.translation("ar").title == "Mine" and mine.word("ar", "kouz-moving") == "kouz-moving", "only its own"


@pytest.mark.parametrize("ruleset", ["tarneeb-41", "hearts", "estimation", "contract-bridge", "trex"])
def test_the_rule_books_first_sections_read_in_arabic_and_english_is_unchanged(ruleset: str) -> None:
    loaded = load_ruleset(ruleset)
    first = ("players", "direction", "dealer", "deal", "play.first_lead", "play.follow_suit", "play.winner")
    arabic = {s.key: s.text for s in statements(loaded, "ar") if s.key in first}
    assert set(arabic) == set(first)
    assert {key: _english_left(text) for key, text in arabic.items() if _english_left(text)} == {}
    english = {s.key: s.text for s in statements(loaded) if s.key in first}
    assert english["play.winner"].startswith("The highest ") and not ARABIC.search(" ".join(english.values()))


def test_a_thrown_in_hand_and_a_capped_match_say_why_in_arabic_and_in_english_for_records() -> None:
    game = Game(rules("rubber-bridge"), 2, hand_cap=2)
    whole, north = Story(game.rules, language="ar"), Story(game.rules, seat=0, language="ar")
    events: list[Event] = []
    game.observer = events.append
    while not game.is_over():
        game.apply_text("pass")
    ends = [e for e in events if isinstance(e, (HandCancelled, MatchEnded))]
    assert [type(e).__name__ for e in ends] == ["HandCancelled", "HandCancelled", "MatchEnded"]
    assert str(ends[0].reason) == "every player passed: the deal is passed out"
    assert game.end_reason == "the hand cap of 2 hands was reached"
    assert whole.tell(ends[0]) == "أُلغيت اليد: قال كل اللاعبين باس: أُلغي التوزيع"
    assert north.tell(ends[2]) == "انتهت المباراة: بلغت المباراة حدّها الأقصى من الأيدي: 2."
    told = [in_language(event_json(game.rules, e), "ar", game.rules) for e in ends]
    assert told[0]["reason"] == "قال كل اللاعبين باس: أُلغي التوزيع"
    assert told[2]["reason"] == "بلغت المباراة حدّها الأقصى من الأيدي: 2"
    english = [in_language(event_json(game.rules, e), "en", game.rules) for e in ends]
    assert english[2]["reason"] == "the hand cap of 2 hands was reached" == event_json(game.rules, ends[2])["reason"]


def test_a_match_capped_at_one_hand_says_one_hand() -> None:
    game = Game(rules("rubber-bridge"), 2, hand_cap=1)
    while not game.is_over():
        game.apply_text("pass")
    assert game.end_reason == "the hand cap of 1 hand was reached"


def test_a_web_comparison_reads_in_arabic_and_its_english_stays_as_before(tmp_path: Path) -> None:
    import time

    from trickbook.web.comparisons import Comparisons
    from trickbook.web.store import Store

    running = Comparisons(Store(tmp_path), tmp_path)
    # A deal of Bridge is a whole match here; Tarneeb 41 stops at the cap of one hand, which a caveat tells.
    request = {"rulesets": [{"ruleset": "tarneeb-41"}, {"ruleset": "contract-bridge"}], "matches": 3, "hand_cap": 1}
    started = running.start(request, "client", lambda: None)
    for _ in range(600):
        state = running.state(started)
        if state is not None and state["status"] not in ("running", "cancelling"):
            break
        time.sleep(0.1)
    english, arabic = running.state(started, "en"), running.state(started, "ar")
    assert english is not None and arabic is not None and english["status"] == "done"
    assert english["title"] == "3 matches per ruleset, seeds 1..3, players heuristic"
    assert english["caveats"][0].startswith("tarneeb-41@2: 3 of 3 matches reached the hand cap of 1 hand unfinished")
    assert "languages" not in english and english["labels"] == arabic["labels"]
    assert arabic["title"].startswith("3 مباراة لكل قواعد")
    assert arabic["caveats"][0].startswith("tarneeb-41@2: 3 من 3 مباراة بلغت الحدّ الأقصى: يد واحدة دون أن تنتهي")
    names = [name for name, _cells in arabic["rows"]]
    assert names[:2] == ["المباريات المكتملة", "الأيدي في المباراة"]
    assert [cells for _name, cells in arabic["rows"]] == [cells for _name, cells in english["rows"]]
    gains = [name for name, _cells in english["rows"] if name.endswith(" gains, per played hand")]
    assert gains and all("(" in name for name in gains), "English names a scoring rule with its description's clause"
    wins = [name for name, _cells in english["rows"] if name.endswith(" wins") and "dealer" not in name]
    assert wins and all(ARABIC.search(name) and not _english_left(name) for name in names)
    assert all(not _english_left(line.partition(": ")[2]) for line in arabic["differences"] + arabic["caveats"])


@pytest.mark.parametrize(
    ("ruleset", "seed", "told"),
    [
        (
            "cardems-tarneeb",
            1,
            ["المزايدة: [i]", "يختار الطرنيب", "الأكلة حتى الآن (بدأها [i]", "┃ [i]North-South[/i]"],
        ),
        ("contract-bridge", 1, ["العقد: ", "يد المكشوف ([i]", "(خيارك الوحيد)"]),
        ("german-whist", 1, ["الكومة: ", "يسحب [i]Seat 1[/i] ", "مباراة أخرى؟ (y/n أو نعم/لا)"]),
        ("hearts", 1, ["وضع [i]East[/i] 3 أوراق جانباً لتمريرها"]),
        ("euchre", 2, ["يترك [i]East[/i] ورقة جانباً", "يلعب [i]South[/i] منفرداً"]),
        ("trex", 1, ["خياراتك: [1] [i]king_of_hearts[/i]"]),
    ],
)
def test_a_translators_words_with_square_brackets_are_shown_as_written_on_every_line(
    ruleset: str, seed: int, told: list[str], tmp_path: Path
) -> None:
    """Seat, side, suit, game and rule names come from the ruleset's translation, so `[i]` in one is text, not the
    terminal's markup: a bot's move, the person's, the rule over each hand and the score sheet said the names
    without their brackets. So is the file the match is saved in."""
    parent = rules(ruleset)
    seating = parent.seating  # the seats' usual names are the program's; a ruleset's words may still give its own
    words = [*dict(parent.translation("ar").words), *seating.seat_names, *seating.side_names]
    text = (
        f"format: trickbook-ruleset/1\nid: brackets\ntitle: Brackets\nextends: {ruleset}\n"
        'translations:\n  ar:\n    title: "[i]Brackets[/i]"\n    words:\n'
        + "".join(f'      "{word}": "[i]{word}[/i]"\n' for word in words)
    )
    (tmp_path / "brackets.yaml").write_text(text, encoding="utf-8")
    game = Game(load_ruleset(str(tmp_path / "brackets.yaml")), seed)
    specs = [None, *parse_player_specs("random", game.rules.seating.seats - 1)]
    bots = [None if spec is None else make_player(spec, seed, seat) for seat, spec in enumerate(specs)]
    typed = io.StringIO("\n".join(["pass", "1"] * 30 + ["score", "last", "quit"]) + "\n")
    out = io.StringIO()
    save = tmp_path / "[b]m.json"
    TerminalMatch(game, 0, specs, bots, Console(file=out, width=400), typed, save, autoplay=True, language="ar").run()
    shown = out.getvalue()
    bare = re.sub(r"\[i\][^\[]*\[/i\]", "", shown)
    assert [word for word in words if re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", bare)] == []
    lines = shown.splitlines()
    assert lines[0].startswith("[i]Brackets[/i]: ") and "[i]" in lines[1] and "─" in lines[1]
    assert any(re.match(r"\[i\][^\[]+\[/i\]: ", line) for line in lines), "a bot's move, by its seat's name"
    assert any(re.match(r"\[i\][^\[]+\[/i\] \(أنت\): ", line) for line in lines), "the person's move"
    assert any(line.startswith("الأكلة 1: [i]") for line in lines), "a trick won"
    assert f"حُفظت المباراة في {save}." in shown, "the save named as it is"
    assert all(any(part in line for line in lines) for part in told), told


@pytest.mark.parametrize(
    ("calls", "english", "arabic"),
    [
        (["1NT", "pass", "pass", "pass"], "1NT", "1NT"),
        (["1NT", "double", "pass", "pass", "pass"], "1NT doubled", "1NT مع دبل"),
        (["1NT", "double", "redouble", "pass", "pass", "pass"], "1NT redoubled", "1NT مع ريدبل"),
    ],
)
def test_a_doubled_contract_is_said_in_the_readers_language_and_written_in_english_for_records(
    calls: list[str], english: str, arabic: str
) -> None:
    game = Game(rules("contract-bridge"), 1)
    events: list[Event] = []
    game.observer = events.append
    first = game.actor
    for call in calls:
        game.apply_text(call if call != "1NT" else "bid 1NT")
    contract = next(e for e in events if type(e).__name__ == "ContractSet")
    assert contract.declarer == first and event_json(game.rules, contract)["words"] == english
    said = {language: Story(game.rules, language=language).tell(contract) for language in ("en", "ar")}
    assert said["en"] is not None and said["en"].startswith(f"contract: {english} by ")
    assert said["ar"] is not None and f"{arabic} " in said["ar"] and "doubled" not in said["ar"]
    seat = Story(game.rules, seat=contract.declarer, language="ar").tell(contract)
    assert seat is not None and arabic in seat and "doubled" not in seat


def test_trace_tells_a_record_in_arabic_with_lang_ar_and_in_english_by_default(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`trace --lang ar`: the heading, every bid, trick and scoring line in Arabic, as the terminal tells them; a
    what-if trace's own sentences too. Without --lang (English locale) it reads as before."""
    from trickbook.cli import main

    record = tmp_path / "m.jsonl"
    simulate = ["simulate", "kout", "--matches", "1", "--seed", "3", "--hand-cap", "2", "--out", str(record)]
    assert main([*simulate, "--players", "random"]) == 0
    capsys.readouterr()
    assert main(["trace", str(record), "--lang", "ar"]) == 0
    told = [line.strip() for line in capsys.readouterr().out.splitlines() if line.strip()]
    assert told[0].startswith("كوت بو ٦") and len(told) > 30
    english = [line for line in told if _english_left(line.split(", ", 1)[0] if line is told[0] else line)]
    assert english == []
    assert main(["trace", str(record), "--lang", "ar", "--under", "kout:failed=single"]) == 0
    what_if = capsys.readouterr().out.splitlines()
    assert what_if[0] == "ماذا لو لُعبت المباراة المسجلة في kout بقواعد kout: بتوزيعاتها وخياراتها."
    assert main(["trace", str(record), "--lang", "en"]) == 0
    assert capsys.readouterr().out.startswith("Kout Bo 6: rules version 1, malzoom=at-least-five, failed=double\n")
