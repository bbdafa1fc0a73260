//! The variant oracle of `common/variant_oracle.rs` against published perft counts from the
//! start of all twelve rule sets, and against hand-worked positions, one or more for each
//! rule that sets a rule set apart. Squares are PDN numbers; the comments name them by
//! coordinates as well (file letter, rank number, rank 1 at White's side).
//!
//! Numbering used below: on the 8×8 board, rank 8 holds 1–4 (b8, d8, f8, h8), rank 7 holds
//! 5–8 (a7 … g7), down to rank 1 with 29–32 (a1 … g1). On the mirrored 8×8 board (Spanish,
//! Italian) rank 8 holds 1–4 (a8, c8, e8, g8) and rank 1 holds 29–32 (b1, d1, f1, h1). On
//! 10×10, rank 10 holds 1–5 (b10 … j10), rank 9 holds 6–10 (a9 … i9), rank 1 holds 46–50
//! (a1 … i1).

use crate::common::variant_oracle as oracle;

use oracle::{OraclePosition, perft};

/// The legal moves of `fen` under `rules`, each as its PDN text followed, for a capture, by
/// the captured squares in the order taken, sorted.
fn moves(rules: &str, fen: &str) -> Vec<String> {
    let rules = oracle::rules(rules);
    let position = OraclePosition::from_fen(&rules, fen);
    let mut texts: Vec<String> = position
        .moves(&rules)
        .iter()
        .map(|mv| {
            if mv.captured.is_empty() {
                mv.text()
            } else {
                let taken: Vec<String> = mv.captured.iter().map(u32::to_string).collect();
                format!("{} takes {}", mv.text(), taken.join(","))
            }
        })
        .collect();
    texts.sort();
    texts
}

/// The position after the only legal move of `fen`, as FEN.
fn after_only_move(rules: &str, fen: &str) -> String {
    let rules = oracle::rules(rules);
    let position = OraclePosition::from_fen(&rules, fen);
    let moves = position.moves(&rules);
    assert_eq!(moves.len(), 1, "{fen}: {moves:?}");
    position.play(&rules, &moves[0]).to_fen(&rules)
}

/// How deep the perft check goes per rule set: every published row down to this depth is
/// compared (depth 7 on 8×8, 5 on 10×10 and 12×12), which keeps the whole check to a few
/// seconds.
fn perft_depth(rules: &str) -> u32 {
    match rules {
        "international" | "killer" | "frisian" | "canadian" => 5,
        _ => 7,
    }
}

/// The position a row of the perft file counts from: `start` for the rule set's start
/// position, else a FEN. The Thai rows give the 12-men position `W:W21-32:B1-12` of the
/// other 8×8 games, which dctl's test (test/src/algo/traversal/initial/board_08x08.cpp)
/// builds with `initial(2)`: their counts equal Czech ones up to depth 8, while Thai's own
/// start of two rows of men already gives 392 leaves at depth 3 against the published 302.
fn perft_position(rules: &oracle::OracleRules, fen: &str) -> OraclePosition {
    if fen == "start" {
        OraclePosition::start(rules)
    } else {
        OraclePosition::from_fen(rules, fen)
    }
}

#[test]
fn perft_from_the_start_matches_the_published_counts() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/draughts-variants.perft"
    );
    let text = std::fs::read_to_string(path).unwrap();
    let mut lines = text
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'));
    // The header names the columns; each row is read by column name.
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    let column = |name: &str| {
        header
            .iter()
            .position(|&h| h == name)
            .unwrap_or_else(|| panic!("no column {name:?} in {header:?}"))
    };
    let [rules_at, convention_at, depth_at, count_at, fen_at] =
        ["rules", "convention", "depth", "count", "fen"].map(column);
    let mut checked = std::collections::BTreeMap::<String, u32>::new();
    for row in lines {
        let fields: Vec<&str> = row.split(',').collect();
        assert_eq!(fields.len(), header.len(), "bad row {row:?}");
        let name = fields[rules_at];
        let convention = fields[convention_at];
        let depth: u32 = fields[depth_at].parse().unwrap();
        let count: u64 = fields[count_at].parse().unwrap();
        let merge_equal = match convention {
            "paths" => false,
            "moves" => true,
            _ => panic!("bad convention in {row:?}"),
        };
        if depth > perft_depth(name) {
            continue;
        }
        let rules = oracle::rules(name);
        let position = perft_position(&rules, fields[fen_at]);
        let got = perft(&rules, &position, depth, merge_equal);
        assert_eq!(got, count, "{name} {convention} depth {depth}");
        let deepest = checked.entry(format!("{name} {convention}")).or_default();
        *deepest = (*deepest).max(depth);
    }
    // Every rule set was checked, under both conventions where both are published.
    assert_eq!(checked.len(), 23, "{checked:?}");
    for name in [
        "czech",
        "english",
        "russian",
        "brazilian",
        "pool",
        "spanish",
        "italian",
        "thai",
        "international",
        "frisian",
        "killer",
        "canadian",
    ] {
        assert_eq!(checked[&format!("{name} moves")], perft_depth(name));
    }
}

#[test]
fn start_positions_and_their_first_moves() {
    // White's men fill the bottom rows: 3 rows on 8×8, 4 on 10×10, 5 on 12×12, 2 in Thai.
    let starts = [
        (
            "czech",
            "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12",
        ),
        ("thai", "W:W25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8"),
    ];
    for (name, fen) in starts {
        let rules = oracle::rules(name);
        assert_eq!(OraclePosition::start(&rules).to_fen(&rules), fen);
    }
    let rules = oracle::rules("international");
    assert_eq!(
        OraclePosition::start(&rules),
        OraclePosition::from_fen(&rules, "W:W31-50:B1-20")
    );
    let rules = oracle::rules("canadian");
    assert_eq!(rules.size(), 12);
    assert_eq!(
        OraclePosition::start(&rules),
        OraclePosition::from_fen(&rules, "W:W43-72:B1-30")
    );

    // 8×8 with a1 dark: the front men a3, c3, e3, g3 (21–24) step to b4, d4, f4, h4 (17–20);
    // a3 has one move, g3 two.
    let start = "W:W21-32:B1-12";
    let normal = [
        "21-17", "22-17", "22-18", "23-18", "23-19", "24-19", "24-20",
    ];
    assert_eq!(moves("czech", start), normal);
    // The mirrored board (h1 dark): the front men b3, d3, f3, h3 (21–24) step to a4, c4, e4,
    // g4 (17–20); now 21 has two moves and 24 one.
    let mirrored = [
        "21-17", "21-18", "22-18", "22-19", "23-19", "23-20", "24-20",
    ];
    assert_eq!(moves("spanish", start), mirrored);
    assert_eq!(moves("italian", start), mirrored);
    // Thai: the front men b2, d2, f2, h2 (25–28) step to a3, c3, e3, g3 (21–24).
    let thai = [
        "25-21", "25-22", "26-22", "26-23", "27-23", "27-24", "28-24",
    ];
    assert_eq!(moves("thai", "W:W25-32:B1-8"), thai);
    // 10×10: the front men a4 … i4 are 31–35 (b4, d4, f4, h4, j4) stepping to rank 5,
    // 26–30 (a5, c5, e5, g5, i5); 35 (j4) has one move.
    let ten = [
        "31-26", "31-27", "32-27", "32-28", "33-28", "33-29", "34-29", "34-30", "35-30",
    ];
    assert_eq!(moves("international", "W:W31-50:B1-20"), ten);
    // 12×12: the front men a5 … k5 are 43–48 stepping to b6 … l6, 37–42; 43 (a5) has one.
    let twelve = [
        "43-37", "44-37", "44-38", "45-38", "45-39", "46-39", "46-40", "47-40", "47-41", "48-41",
        "48-42",
    ];
    assert_eq!(moves("canadian", "W:W43-72:B1-30"), twelve);
}

#[test]
fn fen_reads_ranges_and_kings_and_writes_the_canonical_form() {
    let rules = oracle::rules("international");
    let read = |fen: &str| OraclePosition::from_fen(&rules, fen).to_fen(&rules);
    assert_eq!(read("W:W31-33:B1-2"), "W:W31,32,33:B1,2");
    // Kings, the Black list first, numbers out of order.
    assert_eq!(read("B:WK4,18,31-33:B12"), "B:WK4,18,31,32,33:B12");
    assert_eq!(read("W:B20,K3,1:W50,K46"), "W:WK46,50:B1,K3,20");
    // Spaces are ignored; an empty list is written with nothing after its letter.
    assert_eq!(read(" B : W 31 - 33 , K 45 : B "), "B:W31,32,33,K45:B");
    assert_eq!(read("W:W:B"), "W:W:B");
    // The canonical form reads back to itself.
    for fen in ["W:W31,32,33:B1,2", "B:WK4,18:BK1,50", "W:W:B7"] {
        assert_eq!(read(fen), fen);
    }
    // On the mirrored and the 12×12 boards too.
    let spanish = oracle::rules("spanish");
    let fen = OraclePosition::from_fen(&spanish, "B:WK1,21-23:B29-32").to_fen(&spanish);
    assert_eq!(fen, "B:WK1,21,22,23:B29,30,31,32");
    let canadian = oracle::rules("canadian");
    let fen = OraclePosition::from_fen(&canadian, "W:W70-72:BK1").to_fen(&canadian);
    assert_eq!(fen, "W:W70,71,72:BK1");
}

#[test]
#[should_panic]
fn fen_with_a_square_off_the_board_is_refused() {
    let rules = oracle::rules("czech");
    OraclePosition::from_fen(&rules, "W:W33:B1");
}

#[test]
#[should_panic]
fn an_unknown_rule_set_is_refused() {
    oracle::rules("checkers");
}

#[test]
fn czech_king_captures_take_priority_over_man_captures() {
    // White king h4 (20) takes the man f6 (11) on its long diagonal and may land on e7 (7)
    // or d8 (2); no landing allows another capture. White man c3 (22) could take d4 (18) and
    // then f6 (11), landing e5 (15) and g7 (8). Czech: a king must capture when it can,
    // however much a man could take.
    let fen = "W:W22,K20:B18,11";
    assert_eq!(moves("czech", fen), ["20x2 takes 11", "20x7 takes 11"]);
    // Pool: free choice among all three.
    assert_eq!(
        moves("pool", fen),
        ["20x2 takes 11", "20x7 takes 11", "22x15x8 takes 18,11"]
    );
    // Brazilian (international rules on 8×8): the most pieces, the man's two.
    assert_eq!(moves("brazilian", fen), ["22x15x8 takes 18,11"]);
    // English: the short king on h4 cannot reach f6 (g5 lies between), so only the man takes.
    assert_eq!(moves("english", fen), ["22x15x8 takes 18,11"]);
}

#[test]
fn english_kings_step_and_jump_one_square_in_every_direction() {
    // White king d4 (18): black men c5 (14, in front) and e3 (23, behind) are adjacent and
    // can be jumped to b6 (9) and f2 (27). The man f6 (11) is two squares away on the d4–h8
    // line: a flying king could take it, a short king cannot.
    let fen = "W:WK18:B14,23,11";
    assert_eq!(moves("english", fen), ["18x27 takes 23", "18x9 takes 14"]);
    // Czech's flying king takes each of the three and lands anywhere behind it: c5 → b6,
    // a7 (9, 5); e3 → f2, g1 (27, 32); f6 → g7, h8 (8, 4).
    assert_eq!(
        moves("czech", fen),
        [
            "18x27 takes 23",
            "18x32 takes 23",
            "18x4 takes 11",
            "18x5 takes 14",
            "18x8 takes 11",
            "18x9 takes 14",
        ]
    );
    // Without captures the short king steps one square in each of the four directions.
    assert_eq!(
        moves("english", "W:WK18:B4"),
        ["18-14", "18-15", "18-22", "18-23"]
    );
}

#[test]
fn men_capture_backward_where_the_rules_allow_it() {
    // White man d4 (18): black c3 (22) behind it, black e5 (15) in front. Backward captures
    // are allowed in pool, Russian, Brazilian; not in Czech, English, Spanish, Italian, Thai.
    let fen = "W:W18:B22,15";
    for rules in ["pool", "russian"] {
        assert_eq!(moves(rules, fen), ["18x11 takes 15", "18x25 takes 22"]);
    }
    for rules in ["czech", "english", "thai"] {
        assert_eq!(moves(rules, fen), ["18x11 takes 15"]);
    }
}

#[test]
fn russian_man_crowned_during_a_capture_goes_on_as_a_king() {
    // White man f6 (11) takes e7 (7) and lands on d8 (2), the far rank. Russian: it is a
    // king at once and must go on capturing as one: down the d8–a5 line over b6 (9) to a5
    // (13), then down the a5–e1 line over c3 (22) to d2 (26) or e1 (31). The man h6 (12) is
    // on the d2–h6 line but at the edge, with no square behind it.
    let fen = "W:W11:B7,9,22,12";
    assert_eq!(
        moves("russian", fen),
        ["11x2x13x26 takes 7,9,22", "11x2x13x31 takes 7,9,22"]
    );
    // Under the other rules the man stops on d8, where a man has nothing to take (c7 is
    // empty), and is crowned there.
    assert_eq!(moves("brazilian", fen), ["11x2 takes 7"]);
    assert_eq!(after_only_move("brazilian", fen), "B:WK2:B9,12,22");
    // The Russian route ends with the king on 26.
    let rules = oracle::rules("russian");
    let position = OraclePosition::from_fen(&rules, fen);
    let route = &position.moves(&rules)[0];
    assert_eq!(position.play(&rules, route).to_fen(&rules), "B:WK26:B12");
}

#[test]
fn international_man_passing_the_far_rank_stays_a_man() {
    // White man d8 (12) takes e9 (8) to f10 (3), the far rank, then g9 (9) backward to h8
    // (14). It does not end on the far rank, so it is not crowned.
    let fen = "W:W12:B8,9,1";
    assert_eq!(moves("international", fen), ["12x3x14 takes 8,9"]);
    assert_eq!(after_only_move("international", fen), "B:W14:B1");
}

#[test]
fn international_majority_rule() {
    // White man d4 (32) may take c5 (27) to b6 (21), or e5 (28) to f6 (23) and then e7 (18)
    // to d8 (12). The most pieces must be taken.
    let fen = "W:W32:B27,28,18";
    assert_eq!(moves("international", fen), ["32x23x12 takes 28,18"]);
}

#[test]
fn a_flying_king_lands_where_it_can_go_on_capturing() {
    // White king a1 (46) takes c3 (37) on the long diagonal; it could land on d4 … j10. Only
    // from f6 (23) can it capture again: g5 (29) on the f6–j2 line, landing h4, i3 or j2
    // (34, 40, 45). So it must land on f6, and after g5 it may stop on any of the three.
    let fen = "W:WK46:B37,29";
    let expected = [
        "46x23x34 takes 37,29",
        "46x23x40 takes 37,29",
        "46x23x45 takes 37,29",
    ];
    assert_eq!(moves("international", fen), expected);
    // Killer draughts: the same while the last piece taken is a man.
    assert_eq!(moves("killer", fen), expected);
}

#[test]
fn killer_king_halts_behind_a_king_taken_last() {
    // As above, but g5 (29) is a black king. A king whose capture ends by taking a king must
    // stop directly behind it: h4 (34).
    let fen = "W:WK46:B37,K29";
    assert_eq!(moves("killer", fen), ["46x23x34 takes 37,29"]);
    // International has no such rule.
    assert_eq!(moves("international", fen).len(), 3);
    // The halt applies only where the capture ends: c3 (37) a king, g5 (29) a man, gives
    // the three landings again.
    assert_eq!(moves("killer", "W:WK46:BK37,29").len(), 3);
}

#[test]
fn a_king_takes_two_pieces_on_one_line_in_one_route() {
    // White king a1 (46), black men c3 (37) and g7 (19) on the long diagonal. The king takes
    // c3, passes d4–f6 and takes g7, landing on h8, i9 or j10 (14, 10, 5). Where it stopped
    // between the two pieces is no choice of its own, so each landing is one route, written
    // with the last square before g7, f6 (23).
    let fen = "W:WK46:B37,19";
    assert_eq!(
        moves("international", fen),
        [
            "46x23x10 takes 37,19",
            "46x23x14 takes 37,19",
            "46x23x5 takes 37,19",
        ]
    );
}

#[test]
fn captured_pieces_stay_until_the_move_ends() {
    // White king d4 (18) on 8×8, black men e5 (15) and c3 (22) on the same diagonal on
    // either side of it. Having taken e5, the king cannot come back over e5 to take c3:
    // e5 stays on the board until the move ends, so each capture is a move of its own,
    // landing anywhere behind the piece: f6, g7, h8 (11, 8, 4) or b2, a1 (25, 29).
    let fen = "W:WK18:B15,22";
    assert_eq!(
        moves("czech", fen),
        [
            "18x11 takes 15",
            "18x25 takes 22",
            "18x29 takes 22",
            "18x4 takes 15",
            "18x8 takes 15",
        ]
    );
    // Thai: a king lands directly behind the piece it takes, and pieces leave the board as
    // they are taken. Having taken e5 and landed on f6 (11), the king turns back along the
    // same line, over the empty e5 and its own start d4, takes c3 and lands on b2 (25); or
    // the other way round.
    assert_eq!(
        moves("thai", fen),
        ["18x11x25 takes 15,22", "18x25x11 takes 22,15"]
    );
}

#[test]
fn thai_king_lands_directly_behind_the_piece() {
    // White king a1 (29), black man c3 (22): the king lands on d4 (18) only, where Czech
    // lets it land on d4, e5, f6, g7 or h8 (18, 15, 11, 8, 4).
    let fen = "W:WK29:B22";
    assert_eq!(moves("thai", fen), ["29x18 takes 22"]);
    assert_eq!(moves("czech", fen).len(), 5);
}

#[test]
fn spanish_most_pieces_then_most_kings() {
    // Mirrored board. White man d3 (22) may take the king c4 (18) to b5 (13) or the man e4
    // (19) to f5 (15): one piece each, and the capture of a king must be chosen. The black
    // man c2 (26) is behind the white man, out of its reach.
    assert_eq!(moves("spanish", "W:W22:BK18,19,26"), ["22x13 takes 18"]);
    // With a man on g6 (12) the route over e4 goes on to h7 (8): two pieces beat one king.
    assert_eq!(
        moves("spanish", "W:W22:BK18,19,26,12"),
        ["22x15x8 takes 19,12"]
    );
}

#[test]
fn italian_men_do_not_capture_kings() {
    // Mirrored board. White man d3 (22) next to the black king c4 (18) and the black man e4
    // (19): an Italian man may not take a king, so only e4 is taken, landing on f5 (15).
    assert_eq!(moves("italian", "W:W22:BK18,19"), ["22x15 takes 19"]);
    // A Spanish man may.
    assert_eq!(moves("spanish", "W:W22:BK18,19"), ["22x13 takes 18"]);
}

#[test]
fn italian_precedence() {
    // A king capture beats a man capture of as many pieces: white king a2 (25) takes b3 (21)
    // to c4 (18); white man d3 (22) takes e4 (19) to f5 (15). One man each.
    assert_eq!(moves("italian", "W:WK25,22:B21,19"), ["25x18 takes 21"]);
    // Then the most kings: king a2 (25) takes the man b3 (21); king h1 (32) takes the king
    // g2 (28) to f3 (23).
    assert_eq!(moves("italian", "W:WK25,K32:B21,K28"), ["32x23 takes 28"]);
    // Then the king taken earliest: king a2 (25) takes the king b3 (21) to c4 (18) and the
    // man d5 (14) to e6 (11); king h1 (32) takes the man g2 (28) to f3 (23) and the king g4
    // (20) to h5 (16). Two pieces, one king each, by a king each; the king first wins.
    assert_eq!(
        moves("italian", "W:WK25,K32:BK21,14,28,K20"),
        ["25x18x11 takes 21,14"]
    );
    // With two kings each, the first kings are compared first, then the second ones. King a2
    // (25) takes the king b3 (21) to c4 (18), the man d5 (14) to e6 (11), the man d7 (6) to
    // c8 (2) and the king b7 (5) to a6 (9): kings 1st and 4th. King c6 (10) takes d7 (6),
    // the king f7 (7), the king f5 (15) and d5 (14), over e8, g6, e4 back to c6 (3, 12, 19,
    // 10), or the same square round the other way: kings 2nd and 3rd. (The black king on a8,
    // 1, keeps c6 from going on over b7.) The other routes take three pieces or fewer. Four
    // pieces, by a king, two kings each: the route whose first king comes first wins, though
    // its second king comes last.
    assert_eq!(
        moves("italian", "W:WK25,K10:BK1,K5,6,K7,14,K15,K21"),
        ["25x18x11x2x9 takes 21,14,6,5"]
    );
}

#[test]
fn frisian_captures_along_files_and_ranks() {
    // White man f4 (33): black f6 (23) is its neighbour up the f file (the next dark square,
    // two ranks up), landing on f8 (13); black h4 (34) its neighbour along rank 4, landing
    // on j4 (35). One man each; either may be taken.
    assert_eq!(
        moves("frisian", "W:W33:B23,34"),
        ["33x13 takes 23", "33x35 takes 34"]
    );
    // International men capture diagonally only: no capture, quiet moves to e5, g5.
    assert_eq!(moves("international", "W:W33:B23,34"), ["33-28", "33-29"]);
    // White king a1 (46) takes a3 (36) up the a file and could land on a5, a7 or a9 (26,
    // 16, 6). From a5 it can go on along rank 5 over c5 (27) to e5, g5 or i5 (28, 29, 30);
    // from a7 diagonally over b6 and c5 to d4, e3, f2 or g1 (32, 38, 43, 49); from a9 not
    // at all. So it lands on a5 or a7, turning along a rank or a diagonal.
    assert_eq!(
        moves("frisian", "W:WK46:B36,27"),
        [
            "46x16x32 takes 36,27",
            "46x16x38 takes 36,27",
            "46x16x43 takes 36,27",
            "46x16x49 takes 36,27",
            "46x26x28 takes 36,27",
            "46x26x29 takes 36,27",
            "46x26x30 takes 36,27",
        ]
    );
}

#[test]
fn frisian_a_king_taken_is_worth_just_under_two_men() {
    // White man d4 (32) may take the king c5 (27) to b6 (21), or the man e5 (28) to f6 (23)
    // and the man e7 (18) to d8 (12). Two men outweigh one king.
    assert_eq!(
        moves("frisian", "W:W32:BK27,28,18"),
        ["32x23x12 takes 28,18"]
    );
    // Without e7, one king outweighs one man.
    assert_eq!(moves("frisian", "W:W32:BK27,28"), ["32x21 takes 27"]);
    // International counts pieces only: one each, both allowed.
    assert_eq!(
        moves("international", "W:W32:BK27,28"),
        ["32x21 takes 27", "32x23 takes 28"]
    );
}

#[test]
fn frisian_a_king_capture_beats_a_man_capture_of_equal_value() {
    // White king a1 (46) takes b2 (41), landing on c3, d4 or e5 (37, 32, 28; the white man
    // on f6, 23, ends the line). White man g3 (39) takes h2 (44) backward to i1 (50). One man
    // each: the king must capture.
    assert_eq!(
        moves("frisian", "W:WK46,39,23:B41,44"),
        ["46x28 takes 41", "46x32 takes 41", "46x37 takes 41"]
    );
}

#[test]
fn routes_that_turn_on_different_squares_are_different_routes() {
    // Frisian. White king f4 (33) takes e5 (28) and may land on d6, c7, b8 or a9 (22, 17,
    // 11, 6). From d6 it goes on up the d file over d8 (12) to d10 (2), then along rank 10
    // over h10 (4) to j10 (5). From c7 it takes the same d8 diagonally, lands on f10 (3;
    // e9 leads nowhere) and takes h10 to j10 as well. From b8 it takes d8 along rank 8 and
    // stops, two pieces only; from a9 it cannot go on. The two three-piece routes take the
    // same pieces in the same order and end on the same square, but turn on different
    // squares: they are two routes (dctl generates each, one from each landing square), and
    // one move where routes with the same start, end and captured set are merged.
    let fen = "W:WK33:B12,4,28";
    assert_eq!(
        moves("frisian", fen),
        ["33x17x3x5 takes 28,12,4", "33x22x2x5 takes 28,12,4"]
    );
    let rules = oracle::rules("frisian");
    let position = OraclePosition::from_fen(&rules, fen);
    assert_eq!(perft(&rules, &position, 1, false), 2);
    assert_eq!(perft(&rules, &position, 1, true), 1);
}
