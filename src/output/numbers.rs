//! Numbers written for people: thousands separators, percentages, p-values.

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

/// A count with thousands separators: 12345 → `12,345` (rounded to a whole number).
pub fn thousands(value: f64) -> String {
    let digits = format!("{:.0}", value.round());
    let (sign, digits) = digits
        .strip_prefix('-')
        .map_or(("", digits.as_str()), |d| ("-", d));
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
    format!("{:.1}%", 100.0 * share)
}

/// A share as a table cell in percent, two decimals, no sign: 0.863 → `86.30`.
pub fn percent_cell(share: f64) -> String {
    format!("{:.2}", 100.0 * share)
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
    fn formats() {
        assert_eq!(thousands(1234567.4), "1,234,567");
        assert_eq!(thousands(999.0), "999");
        assert_eq!(thousands(-12000.0), "-12,000");
        assert_eq!(percent(0.1234), "12.3%");
        assert_eq!(p_value(0.0312), "0.031");
        assert_eq!(p_value(4.2e-7), "4.2e-7");
        assert_eq!(p_value(0.0), "< 1e-300");
    }
}
