//! Records the compiler version for the manifests that describe how results were made.

fn main() {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_string());
    let version = std::process::Command::new(rustc)
        .arg("--version")
        .output()
        .ok()
        .and_then(|output| String::from_utf8(output.stdout).ok())
        .map(|text| text.trim().to_string())
        .unwrap_or_else(|| "unknown".to_string());
    println!("cargo:rustc-env=BOARDLAB_RUSTC_VERSION={version}");
    println!("cargo:rerun-if-env-changed=RUSTC");
}
