//! What every `bench` reports in the same words, whatever it measures: `measured` (what was
//! counted), `count`, `seconds` (wall time of the measured work), `cpu_seconds` (CPU time of
//! the threads that did it, from Linux's scheduler statistics; null elsewhere), `rate` (count
//! per wall second, in `unit`) and `cpu_rate` (count per CPU second; null when less than a
//! millisecond of CPU time was seen, too little to divide by). Each bench adds its own figures
//! beside them.

use serde_json::{Map, Value, json};

/// The CPU time this thread has run so far (`/proc/thread-self/schedstat`, nanoseconds on a
/// CPU); `None` where Linux's scheduler statistics are not there.
pub fn thread_cpu_seconds() -> Option<f64> {
    schedstat_seconds("/proc/thread-self/schedstat")
}

/// The CPU time all live threads of this process have run so far, summed
/// (`/proc/self/task/*/schedstat`); `None` where that is not there.
pub fn process_cpu_seconds() -> Option<f64> {
    let tasks = std::fs::read_dir("/proc/self/task").ok()?;
    let mut total = 0.0;
    for task in tasks.flatten() {
        total += schedstat_seconds(task.path().join("schedstat"))?;
    }
    Some(total)
}

/// The user and the system CPU seconds this process has used so far (`getrusage`), or `None`
/// where the platform does not say.
pub fn process_user_system_seconds() -> Option<(f64, f64)> {
    #[cfg(unix)]
    {
        let mut usage = std::mem::MaybeUninit::<libc::rusage>::zeroed();
        // SAFETY: getrusage fills the struct it is given (already zeroed, so every field is
        // initialised whatever it writes) and touches no other memory.
        let status = unsafe { libc::getrusage(libc::RUSAGE_SELF, usage.as_mut_ptr()) };
        if status != 0 {
            return None;
        }
        // SAFETY: zeroed above, and every bit pattern is a valid rusage (plain integers).
        let usage = unsafe { usage.assume_init() };
        let seconds = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 * 1e-6;
        Some((seconds(usage.ru_utime), seconds(usage.ru_stime)))
    }
    #[cfg(not(unix))]
    None
}

fn schedstat_seconds(path: impl AsRef<std::path::Path>) -> Option<f64> {
    let text = std::fs::read_to_string(path).ok()?;
    let nanoseconds: u64 = text.split_whitespace().next()?.parse().ok()?;
    Some(nanoseconds as f64 * 1e-9)
}

/// The keys every bench prints (module docs).
pub struct Measured<'a> {
    pub measured: &'a str,
    pub unit: &'a str,
    pub count: u64,
    pub seconds: f64,
    pub cpu_seconds: Option<f64>,
}

impl Measured<'_> {
    /// `report` (a JSON object) with the common keys added, replacing any of the same name.
    pub fn into(self, mut report: Value) -> Value {
        let common: Map<String, Value> = json!({
            "measured": self.measured,
            "unit": self.unit,
            "count": self.count,
            "seconds": self.seconds,
            "cpu_seconds": self.cpu_seconds,
            "rate": self.count as f64 / self.seconds.max(1e-12),
            "cpu_rate": self.cpu_seconds.filter(|&cpu| cpu >= 1e-3).map(|cpu| self.count as f64 / cpu),
        })
        .as_object()
        .expect("an object")
        .clone();
        if let Some(map) = report.as_object_mut() {
            map.extend(common);
        }
        report
    }
}
