//! Checks of the database files: a written class reads back with the same values, and each
//! kind of damage gives its own one-line error naming the file.

use super::file::{FileError, class_path, open_database, read_table, write_table};
use super::{Database, Material, Value};
use crate::draughts::rules::Rules;
use std::path::Path;

/// Two pieces, both rules, written to a fresh folder.
fn written(rules: Rules) -> (tempfile::TempDir, Database) {
    let dir = tempfile::tempdir().unwrap();
    let database = Database::solve_up_to(rules, 2);
    for material in Material::stored_classes(2) {
        write_table(dir.path(), rules, database.table(&material).unwrap()).unwrap();
    }
    (dir, database)
}

const KING_AND_MAN: Material = Material {
    white_men: 1,
    white_kings: 0,
    black_men: 0,
    black_kings: 1,
};

fn error_of(dir: &Path, rules: Rules) -> FileError {
    read_table(dir, rules, &KING_AND_MAN, 2).unwrap_err()
}

#[test]
fn written_files_read_back_with_every_value() {
    for rules in [Rules::Czech, Rules::English] {
        let (dir, database) = written(rules);
        let opened = open_database(dir.path(), rules).unwrap();
        assert_eq!(opened.max_pieces(), 2);
        for material in Material::solving_order(2) {
            for index in 0..material.size() {
                for side in [crate::draughts::Color::White, crate::draughts::Color::Black] {
                    let board = material.board(index, side);
                    assert_eq!(opened.value(&board), database.value(&board));
                }
            }
        }
        let path = class_path(dir.path(), rules, &KING_AND_MAN);
        assert!(path.ends_with(format!("{}/1m0k-0m1k.egdb", rules.name())));
    }
}

#[test]
fn a_damaged_byte_is_a_checksum_error() {
    let (dir, _) = written(Rules::Czech);
    let path = class_path(dir.path(), Rules::Czech, &KING_AND_MAN);
    let mut bytes = std::fs::read(&path).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    std::fs::write(&path, &bytes).unwrap();
    let message = error_of(dir.path(), Rules::Czech).to_string();
    assert!(
        message.contains("1m0k-0m1k.egdb: checksum mismatch"),
        "{message}"
    );
    assert!(message.contains("boardlab draughts endgame build --rules czech --pieces 2"));
}

#[test]
fn a_truncated_file_says_so() {
    let (dir, _) = written(Rules::Czech);
    let path = class_path(dir.path(), Rules::Czech, &KING_AND_MAN);
    let bytes = std::fs::read(&path).unwrap();
    for keep in [10, 100, bytes.len() - 1] {
        std::fs::write(&path, &bytes[..keep]).unwrap();
        let error = error_of(dir.path(), Rules::Czech);
        assert!(
            matches!(error, FileError::Truncated { .. }),
            "{keep}: {error}"
        );
    }
}

#[test]
fn a_file_of_other_rules_or_another_version_is_refused() {
    let (dir, _) = written(Rules::English);
    let english = class_path(dir.path(), Rules::English, &KING_AND_MAN);
    let czech = class_path(dir.path(), Rules::Czech, &KING_AND_MAN);
    std::fs::create_dir_all(czech.parent().unwrap()).unwrap();
    std::fs::copy(&english, &czech).unwrap();
    let message = error_of(dir.path(), Rules::Czech).to_string();
    assert!(
        message.contains("a database of english rules, not czech"),
        "{message}"
    );
    let mut bytes = std::fs::read(&english).unwrap();
    bytes[8] = 9;
    std::fs::write(&english, &bytes).unwrap();
    let error = error_of(dir.path(), Rules::English);
    assert!(error.to_string().contains("format version 9"), "{error}");
    bytes[0] = b'X';
    std::fs::write(&english, &bytes).unwrap();
    let error = error_of(dir.path(), Rules::English);
    assert!(matches!(error, FileError::NotDatabase { .. }), "{error}");
}

#[test]
fn a_missing_class_or_folder_names_the_build_command() {
    let (dir, _) = written(Rules::Czech);
    std::fs::remove_file(class_path(dir.path(), Rules::Czech, &KING_AND_MAN)).unwrap();
    let message = error_of(dir.path(), Rules::Czech).to_string();
    assert!(
        message.contains("1m0k-0m1k.egdb: missing; build it with `boardlab draughts endgame build")
    );
    // The other files of two pieces are there: the database does not open without it, as if
    // it held one piece, but names it.
    let message = Database::open(dir.path(), Rules::Czech).unwrap_err();
    assert!(message.contains("1m0k-0m1k.egdb: missing"), "{message}");
    // Without any file of two pieces, the database is one of one piece.
    for material in Material::stored_classes(2) {
        let path = class_path(dir.path(), Rules::Czech, &material);
        if material.pieces() == 2 && path.exists() {
            std::fs::remove_file(path).unwrap();
        }
    }
    assert_eq!(
        open_database(dir.path(), Rules::Czech)
            .unwrap()
            .max_pieces(),
        1
    );
    let message = Database::open(dir.path(), Rules::English).unwrap_err();
    assert!(
        message.contains("no english endgame database there"),
        "{message}"
    );
    assert!(!message.contains('\n'));
}

#[test]
fn every_value_of_a_wide_table_survives_the_file() {
    // Distances above 254 need two bytes a slot; none of the real classes up to six pieces
    // does, so a made-up table checks the wide form.
    let material = KING_AND_MAN;
    let stored: Vec<u16> = (0..2 * material.size() as u16).map(|s| s * 3).collect();
    let table = super::Table::from_stored(material, stored.clone());
    let dir = tempfile::tempdir().unwrap();
    write_table(dir.path(), Rules::Czech, &table).unwrap();
    let read = read_table(dir.path(), Rules::Czech, &material, 2).unwrap();
    assert_eq!(read.stored_values().collect::<Vec<_>>(), stored);
    assert_eq!(read.value_at(1), Value::from_stored(3));
}
