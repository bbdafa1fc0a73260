//! Numbers written for people: thousands separators, percentages, p-values.
//!
//! One rounding rule for every figure a report prints: halves are rounded away from zero
//! (12.25 → `12.3`, 12.35 → `12.4`, −0.5 → `-1`), judged on the decimal value, not on the
//! nearest binary fraction (100 × 0.4025 is 40.249999… in binary and still prints `40.3`).
//! [`fixed`] applies it; every formatter of a measured value goes through it.
//!
//! Counts are integers and are printed from the integer ([`count`]), never through a float:
//! a float has no digits to spare past 2⁵³, and a rounding rule for halves has no business
//! moving a whole number.

/// Appends `n` in decimal to `out`, the bytes `write!(out, "{n}")` writes, without the
/// formatting machinery (a row writer that writes millions of rows a second calls it).
pub fn push_decimal(out: &mut Vec<u8>, mut n: u64) {
    let mut digits = [0u8; 20];
    let mut start = digits.len();
    loop {
        start -= 1;
        digits[start] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.extend_from_slice(&digits[start..]);
}

/// How far (relative) a value may sit below a decimal half and still count as that half:
/// the error of a few floating-point operations on a share or a percentage, far below any
/// digit a report prints.
const HALF_TOLERANCE: f64 = 1e-9;

/// The most (in units of the last printed digit) that the tolerance may move a value: far
/// below a half, so that a whole number of any size stays the number it is.
const MOST_NUDGE: f64 = 1e-3;

/// `value` with `decimals` decimals, halves rounded away from zero (the module's rule):
/// `fixed(40.25, 1)` is `40.3`, `fixed(-2.5, 0)` is `-3`, `fixed(0.04, 1)` is `0.0`.
pub fn fixed(value: f64, decimals: usize) -> String {
    if !value.is_finite() {
        return format!("{value}");
    }
    let scaled = value * 10f64.powi(decimals as i32);
    let nudge = (scaled.abs().max(1.0) * HALF_TOLERANCE).min(MOST_NUDGE);
    let nudged = scaled + scaled.signum() * nudge;
    let units = nudged.round();
    if units.abs() >= 1e17 {
        // Past exact integers: every digit printed is already a digit of the value.
        return format!("{value:.decimals$}");
    }
    let digits = format!("{:0>width$}", units.abs() as u64, width = decimals + 1);
    let (whole, fraction) = digits.split_at(digits.len() - decimals);
    let sign = if units < 0.0 { "-" } else { "" };
    match decimals {
        0 => format!("{sign}{whole}"),
        _ => format!("{sign}{whole}.{fraction}"),
    }
}

/// `fixed` with a sign on positive values too: `+12.3`, `-4.0`, `+0.0`.
pub fn signed(value: f64, decimals: usize) -> String {
    if value.is_infinite() {
        // The open end of an interval: `+∞` or `-∞`.
        return if value > 0.0 { "+∞" } else { "-∞" }.to_string();
    }
    let text = fixed(value, decimals);
    match text.starts_with('-') {
        true => text,
        false => format!("+{text}"),
    }
}

/// A count with thousands separators, from the integer itself: 1211427595 →
/// `1,211,427,595`.
pub fn count(n: u64) -> String {
    grouped(&n.to_string())
}

/// A measured value (a mean, a rate) rounded to a whole number, with thousands separators:
/// 12345.4 → `12,345`. A count goes to [`count`] instead.
pub fn thousands(value: f64) -> String {
    grouped(&fixed(value, 0))
}

/// Decimal digits, with an optional leading `-`, with a comma between groups of three.
fn grouped(digits: &str) -> String {
    let (sign, digits) = digits.strip_prefix('-').map_or(("", digits), |d| ("-", d));
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    format!("{sign}{out}")
}

/// A share as a percentage with one decimal: 0.1234 → `12.3%`.
pub fn percent(share: f64) -> String {
    format!("{}%", fixed(100.0 * share, 1))
}

/// A share as a table cell in percent, two decimals, no sign: 0.863 → `86.30`.
pub fn percent_cell(share: f64) -> String {
    fixed(100.0 * share, 2)
}

/// `86.30 [86.10, 86.50]`: a share and its interval in percent.
pub fn with_interval(share: f64, low: f64, high: f64) -> String {
    format!(
        "{} [{}, {}]",
        percent_cell(share),
        percent_cell(low),
        percent_cell(high)
    )
}

/// A p-value: `0.031`, `4.2e-7`, or `< 1e-300` when it underflows.
pub fn p_value(p: f64) -> String {
    if p < 1e-300 {
        "< 1e-300".to_string()
    } else if p >= 0.001 {
        format!("{p:.3}")
    } else {
        format!("{p:.1e}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimals_are_the_formatters() {
        for n in [
            0,
            1,
            9,
            10,
            99,
            100,
            12_345,
            u64::from(u32::MAX),
            u64::MAX - 1,
            u64::MAX,
        ] {
            let mut out = b"x".to_vec();
            push_decimal(&mut out, n);
            assert_eq!(out, format!("x{n}").into_bytes());
        }
    }

    #[test]
    fn halves_are_rounded_away_from_zero_whatever_their_binary_fraction() {
        // 100 × 0.4025 is 40.249999999999993 in binary; `{:.1}` prints 40.2.
        assert_eq!(format!("{:.1}", 100.0 * 0.4025), "40.2");
        assert_eq!(fixed(100.0 * 0.4025, 1), "40.3");
        // 0.125 is exact in binary; `{:.2}` rounds it to even.
        assert_eq!(format!("{:.2}", 0.125), "0.12");
        assert_eq!(fixed(0.125, 2), "0.13");
        assert_eq!(fixed(100.0 * 0.2955, 2), "29.55");
        assert_eq!(fixed(-2.5, 0), "-3");
        assert_eq!(fixed(-0.04, 1), "0.0");
        assert_eq!(fixed(0.0, 2), "0.00");
        assert_eq!(fixed(99.79, 0), "100");
        assert_eq!(fixed(1234.5, 0), "1235");
        assert_eq!(signed(221.45, 1), "+221.5");
        assert_eq!(signed(-68.14, 1), "-68.1");
        assert_eq!(percent(0.4025), "40.3%");
        assert_eq!(percent_cell(0.29545), "29.55");
        assert_eq!(thousands(2.5), "3");
        // Not halves: the tolerance moves nothing a digit away from one.
        assert_eq!(fixed(40.2499, 1), "40.2");
        assert_eq!(fixed(0.994999, 2), "0.99");
        assert_eq!(fixed(f64::NAN, 1), "NaN");
    }

    #[test]
    fn formats() {
        assert_eq!(thousands(1234567.4), "1,234,567");
        assert_eq!(thousands(999.0), "999");
        assert_eq!(thousands(-12000.0), "-12,000");
        assert_eq!(percent(0.1234), "12.3%");
        assert_eq!(p_value(0.0312), "0.031");
        assert_eq!(p_value(4.2e-7), "4.2e-7");
        assert_eq!(p_value(0.0), "< 1e-300");
    }

    /// The digits of `text` with its commas taken out, and whether the commas stand
    /// between groups of three counted from the right (a second reading of the grouping).
    fn ungroup(text: &str) -> (String, bool) {
        let groups: Vec<&str> = text.split(',').collect();
        let well_placed = groups[0].len() <= 3
            && !groups[0].is_empty()
            && groups[1..].iter().all(|g| g.len() == 3);
        (groups.concat(), well_placed)
    }

    #[test]
    fn counts_print_every_digit_of_the_integer() {
        // The committed fifteen folder's draws.csv has 1,211,427,595 bytes; through a float
        // and the halves tolerance it printed 1,211,427,596.
        assert_eq!(count(1_211_427_595), "1,211,427,595");
        assert_eq!(count(u64::MAX), "18,446,744,073,709,551,615");
        for n in [
            0,
            7,
            999,
            1000,
            499_999_999,
            500_000_000,
            500_000_001,
            u64::MAX - 1,
        ] {
            let (digits, well_placed) = ungroup(&count(n));
            assert_eq!(digits, n.to_string());
            assert!(well_placed, "{}", count(n));
        }
    }

    #[test]
    fn whole_numbers_stay_themselves_through_fixed() {
        // Every integer below 2⁵³ is exact in binary; rounding it must not move it.
        let exact = (1u64 << 53) - 1;
        for n in [
            499_999_999,
            500_000_000,
            1_211_427_595,
            10_000_000_000,
            exact,
        ] {
            assert_eq!(fixed(n as f64, 0), n.to_string());
            assert_eq!(ungroup(&thousands(n as f64)).0, n.to_string());
        }
        assert_eq!(fixed(1_211_427_595.5, 0), "1211427596");
        assert_eq!(fixed(1_211_427_595.49, 0), "1211427595");
    }
}
