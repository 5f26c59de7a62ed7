"""Per-player statistics across Ledger rounds, worked by hand."""

from __future__ import annotations

import datetime

import pytest

from caddie.core.stats import PlayerStats, RoundRecord, player_stats

DAY = datetime.date(2024, 6, 1)
_ = None  # a blank hole


def day(n: int) -> datetime.date:
    return DAY + datetime.timedelta(days=n)


def rnd(cards, holes=9, game="grid", on=0, rid=None) -> RoundRecord:
    return RoundRecord(game=game, holes=holes, cards=cards, played_on=day(on), round_id=rid or f"r{on}-{game}-{holes}")


def by_name(stats: list[PlayerStats]) -> dict[tuple[str, str], PlayerStats]:
    return {(s.name, s.game): s for s in stats}


def test_no_rounds_no_stats():
    assert player_stats([]) == []


def test_one_complete_round_worked_by_hand():
    # Ann 1+2+...+9 = 45; Bo 5*9 = 45 + 1 = 46.
    stats = by_name(player_stats([rnd({"Ann": list(range(1, 10)), "Bo": [5] * 8 + [6]})]))
    ann, bo = stats["Ann", "grid"], stats["Bo", "grid"]
    assert (ann.rounds_played, ann.holes_played, ann.average_per_hole) == (1, 9, 5.0)
    assert (ann.best_round, ann.worst_round, ann.wins) == ({9: 45}, {9: 45}, 1)
    assert (bo.rounds_played, bo.holes_played) == (1, 9)
    assert bo.average_per_hole == pytest.approx(46 / 9)
    assert (bo.best_round, bo.worst_round, bo.wins) == ({9: 46}, {9: 46}, 0)


def test_a_tie_is_a_win_for_each_player_who_shares_it():
    cards = {"Ann": [3] * 9, "Bo": [2, 4] * 4 + [3], "Cy": [4] * 9}  # 27, 27, 36
    stats = by_name(player_stats([rnd(cards)]))
    assert stats["Ann", "grid"].wins == 1
    assert stats["Bo", "grid"].wins == 1
    assert stats["Cy", "grid"].wins == 0


def test_incomplete_rounds_count_holes_but_not_best_worst_or_wins():
    unfinished = {"Ann": [1, 1, 1, _, _, _, _, _, _], "Bo": [9] * 9}
    finished = {"Ann": [4] * 9, "Bo": [5] * 9}
    stats = by_name(player_stats([rnd(unfinished, on=0), rnd(finished, on=1)]))
    ann, bo = stats["Ann", "grid"], stats["Bo", "grid"]
    # Ann: 3 holes (3 points) + 9 holes (36 points) = 39 over 12 holes.
    assert (ann.rounds_played, ann.holes_played, ann.average_per_hole) == (2, 12, 39 / 12)
    # Her 3-hole round is not a 9-hole "best" of 3.
    assert ann.best_round == {9: 36} and ann.worst_round == {9: 36}
    # Nobody wins the unfinished round, even Ann with the lowest total so far.
    assert ann.wins == 1
    # Bo finished his own card in round one: it counts for his best and worst, but not for a win.
    assert bo.best_round == {9: 45} and bo.worst_round == {9: 81}
    assert bo.wins == 0


def test_a_blank_hole_in_the_middle_makes_a_card_incomplete():
    stats = player_stats([rnd({"Ann": [2, 2, 2, 2, _, 2, 2, 2, 2]})])
    (ann,) = stats
    assert ann.holes_played == 8 and ann.average_per_hole == 2.0
    assert ann.best_round == {} and ann.worst_round == {} and ann.wins == 0


def test_a_short_card_is_padded_with_blanks_and_extra_holes_are_ignored():
    stats = player_stats([rnd({"Ann": [3, 3], "Bo": [1] * 12})])
    s = by_name(stats)
    assert s["Ann", "grid"].holes_played == 2
    assert s["Bo", "grid"].holes_played == 9 and s["Bo", "grid"].best_round == {9: 9}


def test_a_player_with_no_hole_entered_is_listed_with_nothing_played():
    stats = by_name(player_stats([rnd({"Ann": [3] * 9, "Zed": [_] * 9})]))
    zed = stats["Zed", "grid"]
    assert (zed.rounds_played, zed.holes_played, zed.average_per_hole, zed.wins) == (0, 0, None, 0)
    assert zed.best_round == {} and zed.worst_round == {}
    # The round is incomplete (Zed has nothing), so Ann has no win either.
    assert stats["Ann", "grid"].wins == 0 and stats["Ann", "grid"].best_round == {9: 27}


def test_a_round_never_started_is_left_out():
    stats = by_name(player_stats([rnd({"Ann": [3] * 9}), rnd({"Ann": [_] * 9, "Zed": [_] * 9}, on=1)]))
    assert list(stats) == [("Ann", "grid")]  # Zed played nothing anywhere: not listed
    assert stats["Ann", "grid"].rounds_played == 1


def test_negative_grid_scores():
    good = {"Ann": [-2, -4, 0, 1, -2, 3, -5, 0, 2], "Bo": [1] * 9}  # Ann −7, Bo 9
    bad = {"Ann": [5] * 9, "Bo": [-1] * 9}  # Ann 45, Bo −9
    stats = by_name(player_stats([rnd(good, on=0), rnd(bad, on=1)]))
    ann, bo = stats["Ann", "grid"], stats["Bo", "grid"]
    assert ann.best_round == {9: -7} and ann.worst_round == {9: 45}
    assert ann.average_per_hole == pytest.approx((-7 + 45) / 18)
    assert bo.best_round == {9: -9} and bo.worst_round == {9: 9}
    assert bo.average_per_hole == 0.0
    assert ann.wins == 1 and bo.wins == 1


def test_names_match_case_insensitively_and_show_the_latest_spelling():
    records = [
        rnd({"ann": [3] * 9, "BO": [4] * 9}, on=2),
        rnd({"Ann": [5] * 9, "Bo": [2] * 9}, on=0),
        rnd({"ANN": [1] * 9, "bo": [6] * 9}, on=1),
    ]
    stats = player_stats(records)
    assert [(s.name, s.rounds_played) for s in stats] == [("ann", 3), ("BO", 3)]
    ann, bo = stats
    assert ann.best_round == {9: 9} and ann.worst_round == {9: 45} and ann.wins == 2
    assert bo.best_round == {9: 18} and bo.worst_round == {9: 54} and bo.wins == 1


def test_same_day_rounds_take_the_later_spelling_in_list_order():
    records = [rnd({"ann": [3] * 9}, on=0, rid="a"), rnd({"Ann": [3] * 9}, on=0, rid="b")]
    assert [s.name for s in player_stats(records)] == ["Ann"]


def test_nine_and_eighteen_hole_rounds_keep_separate_bests():
    records = [
        rnd({"Ann": [2] * 9, "Bo": [3] * 9}, holes=9, on=0),  # Ann 18, Bo 27
        rnd({"Ann": [3] * 9}, holes=9, on=1),  # Ann 27
        rnd({"Ann": [2] * 18, "Bo": [1] * 18}, holes=18, on=2),  # Ann 36, Bo 18
        rnd({"Ann": [4] * 18, "Bo": [1] * 17 + [_]}, holes=18, on=3),  # Ann 72; Bo unfinished
    ]
    stats = by_name(player_stats(records))
    ann, bo = stats["Ann", "grid"], stats["Bo", "grid"]
    assert ann.best_round == {9: 18, 18: 36} and ann.worst_round == {9: 27, 18: 72}
    assert list(ann.best_round) == [9, 18]
    # A 9-hole 18 is not "better" than an 18-hole 18: they are kept apart.
    assert bo.best_round == {9: 27, 18: 18} and bo.worst_round == {9: 27, 18: 18}
    assert (ann.rounds_played, ann.holes_played) == (4, 9 + 9 + 18 + 18)
    assert (bo.rounds_played, bo.holes_played) == (3, 9 + 18 + 17)
    # Ann won round one and the solo round two; Bo won round three; round four is unfinished.
    assert ann.wins == 2 and bo.wins == 1


def test_only_eighteen_hole_rounds_have_no_nine_hole_key():
    (ann,) = player_stats([rnd({"Ann": [1] * 18}, holes=18)])
    assert ann.best_round == {18: 18} and 9 not in ann.best_round


def test_games_are_never_mixed():
    records = [
        rnd({"Ann": [-1] * 9, "Bo": [2] * 9}, game="grid", on=0),
        rnd({"Ann": [5] * 9, "Bo": [4] * 9}, game="clubs", on=1),
        rnd({"ann": [6] * 9}, game="clubs", on=2),
    ]
    stats = player_stats(records)
    assert [(s.game, s.name, s.rounds_played) for s in stats] == [
        ("clubs", "ann", 2),
        ("clubs", "Bo", 1),
        ("grid", "Ann", 1),
        ("grid", "Bo", 1),
    ]
    got = {(s.game, s.name): s for s in stats}
    assert got["grid", "Ann"].best_round == {9: -9} and got["grid", "Ann"].wins == 1
    assert got["clubs", "ann"].best_round == {9: 45} and got["clubs", "ann"].worst_round == {9: 54}
    assert got["clubs", "ann"].wins == 1 and got["clubs", "Bo"].wins == 1
    assert got["clubs", "ann"].average_per_hole == pytest.approx((45 + 54) / 18)


def test_sorted_by_game_then_rounds_played_then_name():
    records = [
        rnd({"cy": [1] * 9, "Bo": [1] * 9, "Al": [1] * 9}, on=0, rid="1"),
        rnd({"Cy": [1] * 9, "Bo": [1] * 9}, on=1, rid="2"),
        rnd({"Dee": [1] * 9}, game="clubs", on=2, rid="3"),
    ]
    assert [(s.game, s.name) for s in player_stats(records)] == [
        ("clubs", "Dee"),
        ("grid", "Bo"),
        ("grid", "Cy"),
        ("grid", "Al"),
    ]


def test_the_same_round_listed_twice_counts_once():
    record = rnd({"Ann": [2] * 9, "Bo": [3] * 9}, rid="same")
    (ann, bo) = player_stats([record, record])
    assert (ann.rounds_played, ann.holes_played, ann.wins) == (1, 9, 1)


def test_records_and_results_are_frozen():
    record = rnd({"Ann": [1] * 9})
    with pytest.raises(AttributeError):
        record.holes = 18  # type: ignore[misc]
    (stat,) = player_stats([record])
    with pytest.raises(AttributeError):
        stat.wins = 5  # type: ignore[misc]
