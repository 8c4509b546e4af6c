"""Property tests over random games and random agreement sets (hypothesis)."""

import pytest

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from thousand import actions
from thousand import cards as C
from thousand import scoring
from thousand.driver import RandomPlayer, TableDriver
from thousand import texts
from thousand.explain import why_illegal
from thousand.game import PHASE_DEAL_OVER, PHASE_PLAY, Game, IllegalAction
from thousand.notation import action_text
from thousand.record import deal_json, game_record, replay
from thousand.rng import Rng
from thousand.rules import Rules
from thousand.rules_table import BOOL, ENUM, agreements
from thousand import rules_check

INT_CHOICES = {
    "target": [1000, 500, 1500], "bolt_penalty": [120, 60, 100], "barrel_at": [880, 900],
    "barrel_deals": [1, 2, 3, 4, 5], "barrel_win": [120, 125], "barrel_fall_penalty": [120, 100],
    "dark_min_score": [240, 0, 100], "silence_below": [None, -120, 0, 60],
    "concede_limit": [None, 1, 3], "redeal_hand_points_below": [None, 13, 15],
    "redeal_hand_nines": [None, 2, 3], "redeal_hand_jacks": [None, 3, 4],
    "redeal_talon_points_below": [None, 5, 8], "redeal_talon_two_nines": [None, 2],
    "redeal_talon_three_jacks": [None, 2, 3],
}


@st.composite
def agreement_sets(draw):
    """classic or full, with any number of agreements changed to other valid values."""
    values = {"preset": draw(st.sampled_from(["classic", "full"]))}
    for name, kind, default, choices in agreements():
        if not draw(st.booleans()):
            continue
        if kind == BOOL:
            values[name] = draw(st.booleans())
        elif kind == ENUM:
            values[name] = draw(st.sampled_from(choices))
        else:
            values[name] = draw(st.sampled_from(INT_CHOICES[name]))
    return values


def fingerprint(game):
    return (tuple(game.hands), game.phase, game.to_move, game.bid, game.passed, len(game.log),
            game.trick_len, tuple(game.scores), tuple(game.bolts), tuple(game.barrel),
            game.declarer, game.contract, game.trump, tuple(game.received), game.window_open)


def all_cards_accounted(game):
    """Hands, played cards and the talon (until taken) hold each card exactly once."""
    seen = 0
    total = 0
    for h in game.hands:
        seen |= h
        total += C.count(h)
    for _seat, card in game.played:
        seen |= 1 << card
        total += 1
    if game.declarer < 0:
        seen |= game.talon
        total += C.count(game.talon)
    return seen == C.FULL_DECK and total == 24


def random_illegal(rng, game, seat):
    """A random action that is not legal for ``seat`` now (or None)."""
    legal = game.legal(seat)
    for _ in range(20):
        verb = 1 + rng.below(10)
        if verb == actions.GIVE:
            a = actions.give(rng.below(24), rng.below(3))
        elif verb in (actions.PLAY, actions.DECLARE):
            a = actions.action_of(verb, rng.below(24))
        elif verb in (actions.BID, actions.CONTRACT):
            a = actions.action_of(verb, rng.below(80) * 5 + rng.below(2) * 3)
        else:
            a = actions.action_of(verb)
        if a not in legal and a != actions.ACTION_KEEP:
            return a
    return None


def play_checked_game(rules, seed, max_deals):
    game = Game(rules, seed=seed)
    driver = TableDriver(game)
    players = [RandomPlayer(seed + s) for s in range(3)]
    rng = Rng(seed ^ 0x5555)
    deals = 0
    while not game.over and deals < max_deals:
        game.start_deal()
        before = list(game.scores)
        sitting_before = [b is not None for b in game.barrel]
        while True:
            assert all_cards_accounted(game)
            decision = driver.pending()
            if decision is None:
                break
            if game.phase == PHASE_PLAY and not game.played:
                for s in range(3):
                    assert C.count(game.hands[s]) == 8, "every seat holds 8 after giving"
            # offered actions are legal; an action not offered is refused and changes nothing
            if not decision.question:
                assert decision.legal == game.legal(decision.seat)
                assert decision.legal, "the seat to move always has a legal action"
                bad = random_illegal(rng, game, decision.seat)
                if bad is not None:
                    snap = fingerprint(game)
                    try:
                        game.apply(decision.seat, bad)
                    except IllegalAction as error:
                        assert str(error)
                    else:
                        raise AssertionError("illegal action %s accepted" % action_text(decision.seat, bad))
                    assert fingerprint(game) == snap
            player = players[decision.seat]
            driver.answer(decision, player.decide(driver.view_for(player, decision)))
        result = game.last_result
        if result.result == scoring.REDEAL:
            assert game.scores == before
            continue
        deals += 1
        if result.result in (scoring.MADE, scoring.FAILED):
            assert sum(result.cards) == 120, "the card points of a played deal sum to 120"
            assert len(result.tricks) == 8
        assert [game.scores[s] - before[s] for s in range(3)] == result.deltas
        raw = scoring.deal_deltas(rules, result.kind, result.declarer, result.contract, result.result,
                                  result.cards, result.marriages, [0, 0, 0])
        trickless = [s not in result.tricks for s in range(3)]
        plain = (not any(sitting_before)
                 and all(before[s] + raw[s] < rules.barrel_at for s in range(3))
                 and not (result.result in (scoring.MADE, scoring.FAILED) and any(trickless))
                 and all(abs(before[s] + raw[s]) != 555 for s in range(3))
                 and not (result.kind == scoring.GOLDEN and game.deals_played in (0, 3)))
        if plain:
            assert result.deltas == raw, "without barrel, bolt penalty or samosval the deal deltas apply as they are"
        for s in range(3):
            if game.barrel[s] is not None:
                assert game.scores[s] == rules.barrel_at, "a seat on the barrel sits at the barrel score"
            elif game.winner != s and rules.target > rules.barrel_at:
                assert game.scores[s] < rules.barrel_at or game.scores[s] < rules.target
    return game


@pytest.mark.slow
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(values=agreement_sets(), seed=st.integers(min_value=0, max_value=2**40))
def test_random_games_keep_the_invariants(values, seed):
    rules = rules_check.from_dict(values)
    game = play_checked_game(rules, seed, max_deals=25)
    # a replay of the exported record gives the same results
    out = replay(game_record(game))
    assert out["scores"] == game.scores
    assert out["winner"] == game.winner
    assert [d["deltas"] for d in out["deals"]] == [r.deltas for r in game.sheet]


@pytest.mark.slow
@settings(max_examples=25, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**31))
def test_long_classic_games_replay_identically(seed):
    game = play_checked_game(Rules.preset("classic"), seed, max_deals=60)
    out = replay(game_record(game))
    assert out["scores"] == game.scores
    assert [d["result"] for d in out["deals"]] == [scoring.RESULT_NAMES[r.result] for r in game.sheet]


def test_a_view_filled_again_equals_a_new_view():
    """The driver fills one SeatView for every decision: refilled, whatever seat or deal it
    held before, it must equal a fresh view, and share no list with the game."""
    rules = Rules.preset("full")
    reused = [None]

    class Checking(RandomPlayer):
        def decide(self, view):
            for seat in (2, 0, 1):
                fresh = game.view(seat)
                reused[0] = game.view(seat, into=reused[0])
                assert vars(reused[0]) == vars(fresh)
                for name, value in vars(reused[0]).items():
                    if isinstance(value, list) and name != "legal":
                        assert all(value is not mine for mine in vars(game).values()), name
            return RandomPlayer.decide(self, view)

    for seed in range(20):
        game = Game(rules, seed=seed)
        driver = TableDriver(game)
        players = [Checking(seed + s) for s in range(3)]
        for _deal in range(3):
            if not game.over:
                driver.play_deal(players)


def test_views_hold_only_what_the_seat_may_see():
    rules = Rules.preset("classic")
    for seed in range(30):
        game = Game(rules, seed=seed)
        driver = TableDriver(game)
        players = [RandomPlayer(seed + s) for s in range(3)]
        game.start_deal()
        while True:
            decision = driver.pending()
            if decision is None:
                break
            for seat in range(3):
                v = game.view(seat)
                assert v.hand == game.hands[seat]
                if v.talon is not None:
                    assert seat == game.declarer or game.talon_shown
                for card, target in v.gives:
                    if card >= 0:
                        assert seat in (game.declarer, target) or rules.discard_open
            player = players[decision.seat]
            driver.answer(decision, player.decide(driver.view_for(player, decision)))


def every_kind_of_action():
    """Every action of every verb, with amounts around every bid and contract, and a few
    that no verb makes."""
    out = [actions.action_of(verb) for verb in range(13)]
    for amount in list(range(95, 260, 5)) + [107, 123, 300, 400, 405, 450, 502]:
        out += [actions.bid(amount), actions.contract(amount)]
    for card in range(24):
        out += [actions.play(card), actions.declare(card)]
        out += [actions.give(card, target) for target in range(4)]
    return out + [actions.play(30)]


LEGALITY_RULES = [
    {"preset": "full", "bid_cap": "none", "dark_min_score": -2000, "dark_concede": True,
     "golden_raise": True, "golden_concede": True, "concede_limit": 1, "redeal_talon_only_at_100": True},
    {"preset": "classic", "bid_jumps": False, "bid_cap": "none", "ace_marriage": False,
     "marriage_needs_trick": False, "lead_trump_only_declarer": True, "concede": False,
     "silence_below": 0, "redeal_four_aces": True, "concede_on_barrel": "not_sitter", "target": 300},
    {"preset": "club", "dark": True, "dark_min_score": -5000, "concede_on_barrel": "nobody",
     "redeal_hand_points_below": 40, "redeal_talon_points_below": 20, "target": 400},
]


def random_deals_positions(values, seed, deals):
    """A game of agreements ``values`` played by random players for up to ``deals`` deals:
    yields it before each decision (and at each deal's end)."""
    game = Game(rules_check.from_dict(values), seed=seed)
    driver = TableDriver(game)
    players = [RandomPlayer(seed % 10 + s) for s in range(3)]
    for _deal in range(deals):
        if game.over:
            break
        game.start_deal()
        while True:
            yield game
            decision = driver.pending()
            if decision is None:
                break
            player = players[decision.seat]
            driver.answer(decision, player.decide(driver.view_for(player, decision)))


@pytest.mark.slow
def test_the_refusal_accepts_exactly_the_actions_legal_lists_and_words_every_other():
    candidates = every_kind_of_action()
    for index, values in enumerate(LEGALITY_RULES):
        for seed in range(3):
            for game in random_deals_positions(values, index * 10 + seed, 6):
                for seat in range(3):
                    legal = game.legal(seat)
                    for action in candidates:
                        if action == actions.ACTION_KEEP:
                            assert game.is_legal(seat, action) == game.hand_redeal_entitled(seat)
                            continue
                        assert game.is_legal(seat, action) == (action in legal), action_text(seat, action)
                        words = why_illegal(game, seat, action)
                        assert (words is None) == (action in legal)
                        assert words is None or "%" not in words


@pytest.mark.parametrize("values", LEGALITY_RULES[:3])
def test_every_refusal_met_in_russian_is_in_a_players_words_with_its_facts_filled(values):
    """Issue 38: the Russian refusals name their own facts (a seat's name, a suit's or a
    card's sign); every one met in random deals is filled, in letters the font has."""
    from helpers import DRAWABLE, speaking

    candidates = every_kind_of_action()
    met = set()
    with speaking("ru"):
        for game in random_deals_positions(values, 5, 3):
            for seat in range(3):
                for action in candidates:
                    words = why_illegal(game, seat, action)
                    if words is not None:
                        met.add(game.refusal(seat, action))
                        assert "%" not in words and not set(words) - DRAWABLE["ru"], words
                        assert any("\u0430" <= ch <= "\u044f" for ch in words), words  # Russian words
    assert len(met) >= 20


def refusal_codes():
    """The names of the refusal codes that thousand/game.py returns or raises: the private
    constants in the returns of its ``*refusal`` methods and in what it gives ``reason_words``
    (read from the module's syntax tree, so a new code is found where it is used)."""
    import ast

    import thousand.game

    with open(thousand.game.__file__) as f:
        tree = ast.parse(f.read())
    names = set()
    for node in ast.walk(tree):
        values = []
        if isinstance(node, ast.FunctionDef) and node.name.endswith("refusal"):
            values = [child.value for child in ast.walk(node) if isinstance(child, ast.Return) and child.value]
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "reason_words":
            values = node.args[3:]
        while values:
            value = values.pop()
            if isinstance(value, ast.IfExp):  # a code in each branch; the test reads no code
                values += [value.body, value.orelse]
            elif isinstance(value, ast.Name) and value.id.startswith("_") and value.id[1:].isupper():
                names.add(value.id[1:])
    return names


def test_every_refusal_code_has_words_and_every_entry_of_words_is_a_code_at_its_number():
    import thousand.game

    codes = refusal_codes()
    assert len(codes) > 50
    entries = texts.entries("refusals")
    names = [name for name, _facts, _words in entries]
    assert sorted(codes - set(names)) == [], "refusal codes of thousand/game.py without an entry in refusals.txt"
    known = explained_facts()
    for number, (name, facts, words) in enumerate(entries, 1):
        code = getattr(thousand.game, "_" + name, None)
        assert code == number, (  # every entry is a code, at its number
            "refusals.txt's entry %d is %s, but thousand/game.py has _%s = %r: the entries go in the codes' order"
            % (number, name, name, code))
        assert words and "\n" not in words, name
        assert words.count("%") == len(facts.split()), name  # a fact for each of its fields
        assert set(facts.split()) <= known, (name, facts)  # and thousand.explain finds each
    assert len(set(names)) == len(names)


def explained_facts():
    """The fact names that thousand/explain.py's ``_fact`` tells (the strings it compares the
    name with)."""
    import ast

    import thousand.explain

    with open(thousand.explain.__file__) as f:
        tree = ast.parse(f.read())
    function = [node for node in ast.walk(tree) if isinstance(node, ast.FunctionDef) and node.name == "_fact"][0]
    return {node.value for node in ast.walk(function) if isinstance(node, ast.Compare)
            for node in node.comparators if isinstance(node, ast.Constant) and isinstance(node.value, str)}


def test_a_refusal_names_the_rule_that_refuses():
    game = Game(Rules.preset("full"), seed=3)
    game.start_deal()  # a golden deal: the first hand declares at 120 and may not concede
    declarer = game.declarer
    with pytest.raises(IllegalAction, match="no concession in a golden deal"):
        game.apply(declarer, actions.ACTION_CONCEDE)
    target = (declarer + 1) % 3
    card = C.cards_of(game.hands[declarer])[0]
    with pytest.raises(IllegalAction, match="there is no seat 3 to give to"):
        game.apply(declarer, actions.give(card, 3))
    game.apply(declarer, actions.give(card, target))
    with pytest.raises(IllegalAction, match="seat %d has already received a card" % target):
        game.apply(declarer, actions.give(C.cards_of(game.hands[declarer])[0], target))


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10 ** 6), preset=st.sampled_from(["classic", "full", "club", "family"]))
def test_the_score_sheet_reads_back_every_deal_as_it_was_settled(seed, preset):
    """Each row of Game.sheet, written at its deal's end, reads back as that deal's result
    (bar its tricks and trumps), negative scores, barrels and a winner included."""
    game = Game(Rules.preset(preset), seed=seed)
    rng = Rng(seed)
    settled = []
    while not game.over and len(settled) < 40:
        if game.phase == PHASE_DEAL_OVER:
            if game.last_result is not None and len(settled) < len(game.sheet):
                settled.append(deal_json(game.last_result))
            game.start_deal()
            continue
        legal = game.legal(game.to_move)
        game.apply(game.to_move, legal[rng.below(len(legal))])
    if game.over:
        settled.append(deal_json(game.last_result))
    for row in settled:
        row["tricks"] = row["trumps"] = []
    assert [deal_json(row) for row in game.sheet] == settled
    # read like a list: by place, from the end, in slices
    assert [deal_json(game.sheet[i]) for i in range(len(settled))] == settled
    if settled:
        assert deal_json(game.sheet[-1]) == settled[-1]
        assert [deal_json(row) for row in game.sheet[3:-2]] == settled[3:-2]
        assert [deal_json(row) for row in game.sheet.read(1, len(settled))] == settled[1:]  # (each until the next)
    with pytest.raises(IndexError):
        game.sheet[len(settled)]


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10 ** 6), preset=st.sampled_from(["classic", "full", "club", "family"]))
def test_a_save_holds_the_score_sheets_own_bytes_and_its_reader_keeps_them_as_they_are(seed, preset):
    """The sheet is kept once: a save copies the game's rows' bytes (thousand.sheet_rows) as
    they are, and the game read back from it holds the same bytes, rows and scores."""
    from thousand.persist.encode import encode_game, finished_count
    from thousand.persist.restore import decode_game
    from thousand.sheet_rows import bytes_of

    game = Game(Rules.preset(preset), seed=seed)
    rng = Rng(seed)
    while not game.over and len(game.sheet) < 30:
        if game.phase == PHASE_DEAL_OVER:
            game.start_deal()
            continue
        legal = game.legal(game.to_move)
        game.apply(game.to_move, legal[rng.below(len(legal))])
        if game.phase == PHASE_DEAL_OVER or game.over or rng.below(20) == 0:
            payload = encode_game(game)
            rows = bytes(bytes_of(game.sheet, finished_count(game)))
            assert rows in payload
            again = decode_game(payload)[0]
            sheet = again.sheet
            assert bytes(bytes_of(sheet, len(sheet))) == bytes(bytes_of(game.sheet, len(game.sheet)))
            assert [deal_json(row) for row in sheet] == [deal_json(row) for row in game.sheet]
    assert game.sheet.size <= 16 * len(game.sheet) + 8  # about 12 bytes a row, where packed in a struct they took 36


def test_a_row_out_of_the_sheets_order_is_refused():
    """The rows are numbered on from the first (a row keeps no number of its own): a row
    whose number does not follow is an error, not a sheet that reads back wrong."""
    game = Game(seed=4)
    while not game.sheet:
        if game.phase == PHASE_DEAL_OVER:
            game.start_deal()
            continue
        game.apply(game.to_move, game.legal(game.to_move)[0])
    row = game.sheet[0]
    row.number += 2
    with pytest.raises(ValueError):
        game.sheet.append(row)
    assert len(game.sheet) == 1


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10 ** 6))
def test_a_packed_deal_of_the_record_reads_back_its_cards_and_actions(seed):
    """Game.records keeps each deal packed; unpacked, it is the deal as dealt and played."""
    from thousand.game import pack_deal, unpack_deal

    game = Game(Rules.preset("full"), seed=seed)
    rng = Rng(seed)
    game.start_deal()
    while game.phase != PHASE_DEAL_OVER and not game.over:
        legal = game.legal(game.to_move)
        game.apply(game.to_move, legal[rng.below(len(legal))])
    dealt, talon, log = unpack_deal(game.records[-1])
    assert (dealt, talon, log) == (list(game.dealt), game.talon_dealt, list(game.log))
    assert unpack_deal(pack_deal([0xFFFFFF, 0, 1], 0xE00000, [])) == ([0xFFFFFF, 0, 1], 0xE00000, [])


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**31), declarer=st.integers(min_value=0, max_value=2),
       preset=st.sampled_from(["classic", "full"]), contract=st.sampled_from([100, 120, 155, 200]))
def test_a_deal_set_up_at_its_first_trick_plays_out_legally_to_120_card_points(seed, declarer, preset, contract):
    # Game.start_play is the simulator behind hard's play-outs: whatever it is given, the
    # engine then offers legal moves only and settles the deal as the table's game would.
    rng = Rng(seed)
    deck = list(range(C.NUM_CARDS))
    rng.shuffle(deck)
    hands = [C.mask_of(deck[8 * s:8 * s + 8]) for s in range(3)]
    gives = [(C.lowest(hands[s]), s) for s in range(3) if s != declarer]
    game = Game(Rules.preset(preset), keep_records=False)
    game.start_play(hands, C.mask_of(deck[8 * declarer:8 * declarer + 3]), declarer, contract, gives, True)
    assert game.to_move == declarer and game.received[gives[0][1]] == gives[0][0]
    while game.phase == PHASE_PLAY:
        assert all_cards_accounted(game)
        plays = [a for a in game.legal(game.to_move) if actions.is_play(a)]  # no concession
        assert plays, "the seat to move always has a card to play"
        game.apply(game.to_move, plays[rng.below(len(plays))])
    assert game.phase == PHASE_DEAL_OVER
    result = game.last_result
    assert sum(result.cards) == 120, "the card points of a played deal sum to 120"
    assert (result.declarer, result.contract) == (declarer, contract)
    assert result.result == (scoring.MADE if result.cards[declarer] + result.marriages[declarer] >= contract
                             else scoring.FAILED)


# ---------------------------------------------------------------- the redeal questions (Game.pending)
# Agreements under which most hands may call a hand redeal: many questions a deal.
QUESTION_RULES = ({"preset": "classic", "redeal_hand_points_below": 40},
                  {"preset": "full", "redeal_hand_points_below": 35, "redeal_hand_nines": 2})


def auction_with_questions(rules, seed):
    """A game of ``rules`` in its first deal's auction, the dark question answered "no", or None."""
    from thousand.game import PHASE_AUCTION, PHASE_DARK

    game = Game(rules, seed=seed)
    game.start_deal()
    if game.phase == PHASE_DARK:
        game.apply(game.first_hand, actions.ACTION_NODARK)
    return game if game.phase == PHASE_AUCTION and game.redeal_callers() else None


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10 ** 6), which=st.integers(0, 1))
def test_the_game_asks_every_seat_that_may_call_a_redeal_first_hand_first_before_the_first_turn(seed, which):
    game = auction_with_questions(rules_check.from_dict(QUESTION_RULES[which]), seed)
    if game is None:
        return
    asked = []
    while game.pending()[1]:
        seat = game.pending()[0]
        asked.append(seat)
        game.apply(seat, actions.ACTION_KEEP)
    assert asked == game.redeal_callers()  # every one, each once, first hand first
    assert game.pending() == (game.to_move, False) and game.questions == 0
    assert [actions.entry_action(e) for e in game.log] == [actions.ACTION_KEEP] * len(asked)
    assert game_record(game)["deals"][0]["actions"] == []  # a record writes no "keep"


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10 ** 6), which=st.integers(0, 1), answered=st.integers(0, 2))
def test_an_action_of_a_turn_answers_keep_to_every_redeal_question_left(seed, which, answered):
    """As a record is read: it writes no "keep", so the first action of a turn (or a redeal
    called) stands for the answers before it."""
    game = auction_with_questions(rules_check.from_dict(QUESTION_RULES[which]), seed)
    if game is None:
        return
    for _ in range(answered):
        seat, question = game.pending()
        if question:
            game.apply(seat, actions.ACTION_KEEP)
    seat = game.to_move
    game.apply(seat, actions.ACTION_PASS)
    assert game.questions == 0 and game.pending() == (game.to_move, False)
    for s in range(3):  # the window stays open: a seat entitled may still call it on its turn or not
        assert (actions.ACTION_REDEAL in game.legal(s)) == game.hand_redeal_entitled(s)


def test_a_record_leaves_out_the_keeps_and_replays_to_the_games_scores_and_actions():
    from thousand.game import unpack_deal

    keeps = 0
    for seed in range(8):
        game = Game(rules_check.from_dict(QUESTION_RULES[seed % 2]), seed=seed)
        driver = TableDriver(game)
        players = [RandomPlayer(seed * 3 + s) for s in range(3)]
        for _ in range(12):
            if game.over:
                break
            driver.play_deal(players)
        logs = [[e for e in unpack_deal(packed)[2] if actions.entry_action(e) != actions.ACTION_KEEP]
                for packed in game.records]
        keeps += sum(len(unpack_deal(packed)[2]) for packed in game.records) - sum(len(log) for log in logs)
        record = game_record(game)
        assert not any(" keep" in text for d in record["deals"] for text in d["actions"])
        replayed = []
        out = replay(record, on_deal=lambda again, result: replayed.append(list(again.log)))
        assert out["scores"] == game.scores and replayed == logs
    assert keeps > 20  # the property was put to the test
