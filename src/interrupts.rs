//! The signals that end the program (Ctrl-C's SIGINT, SIGTERM, SIGHUP), and the child
//! processes they must not leave behind.
//!
//! `main` holds these signals from its first line ([`hold`]); each command lets them through
//! ([`release`]) once it has set up its own answer to them: a run stops at its next chunk, the
//! server shuts down, a match with Hub engines kills its engines. Every other command has no
//! answer of its own and releases them at once, so a signal ends it as the signal's default
//! does. A signal that comes while they are held waits for the release, so none in a
//! command's first milliseconds kills it silently; only one sent before `main` starts (while
//! the loader maps the program, well under a millisecond) still does, before the command has
//! touched any file. Child processes get a clean signal mask from the standard library, so
//! what is held here is never held in them.
//!
//! Hub engines lead process groups of their own, out of reach of the terminal's Ctrl-C (so
//! that a first Ctrl-C, which asks a run to stop after its games in flight, does not kill
//! them mid-game). They are started through [`spawn_group_leader`]; every handler that ends
//! the program calls [`kill_groups`] first, and [`end_group`] ends one at the end of its use.

use std::process::{Child, Command};
use std::sync::Mutex;

/// The process groups of the children running now that lead one of their own.
static GROUPS: Mutex<Vec<i32>> = Mutex::new(Vec::new());

/// The signals [`hold`] holds.
const ENDING: [i32; 3] = [libc::SIGINT, libc::SIGTERM, libc::SIGHUP];

fn set_mask(how: i32) {
    // SAFETY: the set is initialised by sigemptyset before use, and pthread_sigmask changes
    // only this thread's signal mask (threads started later inherit it).
    unsafe {
        let mut set: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut set);
        for signal in ENDING {
            libc::sigaddset(&mut set, signal);
        }
        libc::pthread_sigmask(how, &set, std::ptr::null_mut());
    }
}

/// Holds the ending signals in this thread and in every thread it starts, until [`release`].
/// `main` calls it first of all, before any thread exists.
pub fn hold() {
    set_mask(libc::SIG_BLOCK);
}

/// Lets the ending signals through to this thread again; one that came while they were held
/// is delivered now, to the command's handler or with its default action. Threads started
/// while they were held keep them held, so the signals come to this one.
pub fn release() {
    set_mask(libc::SIG_UNBLOCK);
}

/// Starts `command` as the leader of a new process group, registered until [`end_group`],
/// so that an interrupt's [`kill_groups`] ends it and everything it starts.
pub fn spawn_group_leader(command: &mut Command) -> std::io::Result<Child> {
    use std::os::unix::process::CommandExt;
    // The list is held while the child starts, so that an interrupt's kill cannot miss a
    // child started at that moment.
    let mut groups = GROUPS.lock().unwrap_or_else(|e| e.into_inner());
    let child = command.process_group(0).spawn()?;
    groups.push(child.id() as i32);
    Ok(child)
}

/// Kills the process group `child` leads (it and what it started), forgets it, and waits
/// for `child`.
pub fn end_group(child: &mut Child) {
    let group = child.id() as i32;
    let mut groups = GROUPS.lock().unwrap_or_else(|e| e.into_inner());
    kill_group(group);
    groups.retain(|&g| g != group);
    drop(groups);
    let _ = child.wait();
}

/// Kills every registered process group: called by each handler that ends the program on a
/// signal, and after the server's shutdown for a child started while it shut down.
pub fn kill_groups() {
    let groups = GROUPS.lock().unwrap_or_else(|e| e.into_inner());
    for &group in groups.iter() {
        kill_group(group);
    }
}

fn kill_group(group: i32) {
    // SAFETY: killpg sends a signal and touches no memory of this program. The group is led
    // by a child not yet waited for (a child is waited for only after its group is
    // forgotten), so its number is not handed out to another group meanwhile.
    unsafe {
        libc::killpg(group, libc::SIGKILL);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether SIGINT is held in this thread.
    fn sigint_held() -> bool {
        // SAFETY: the sets are initialised by sigemptyset before use; a null new set only
        // reads this thread's mask.
        unsafe {
            let mut old: libc::sigset_t = std::mem::zeroed();
            libc::sigemptyset(&mut old);
            libc::pthread_sigmask(libc::SIG_BLOCK, std::ptr::null(), &mut old);
            libc::sigismember(&old, libc::SIGINT) == 1
        }
    }

    #[test]
    fn held_signals_are_held_in_threads_started_meanwhile_and_released_in_this_one() {
        // On a thread of its own, so that the test runner's threads keep their masks.
        std::thread::spawn(|| {
            assert!(!sigint_held());
            hold();
            assert!(sigint_held());
            assert!(std::thread::spawn(sigint_held).join().unwrap());
            release();
            assert!(!sigint_held());
        })
        .join()
        .unwrap();
    }

    #[test]
    fn a_group_leader_and_its_children_end_together() {
        let mut command = Command::new("sh");
        command.args(["-c", "sleep 1000 & echo $!; wait"]);
        command.stdout(std::process::Stdio::piped());
        let mut child = spawn_group_leader(&mut command).unwrap();
        let mut line = String::new();
        std::io::BufRead::read_line(
            &mut std::io::BufReader::new(child.stdout.take().unwrap()),
            &mut line,
        )
        .unwrap();
        let sleeper: i32 = line.trim().parse().unwrap();
        assert!(GROUPS.lock().unwrap().contains(&(child.id() as i32)));
        end_group(&mut child);
        assert!(!GROUPS.lock().unwrap().contains(&(child.id() as i32)));
        // The sleeper was in the group: it is gone (or a zombie of init's for a moment).
        std::thread::sleep(std::time::Duration::from_millis(100));
        let state = std::fs::read_to_string(format!("/proc/{sleeper}/stat")).unwrap_or_default();
        let alive = state
            .rsplit_once(')')
            .and_then(|(_, rest)| rest.split_whitespace().next())
            .is_some_and(|s| s != "Z" && s != "X");
        assert!(
            !alive,
            "the group's other process was left running: {state}"
        );
    }
}
