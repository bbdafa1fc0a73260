//! Counting the bits of a word in hot loops, with the `popcnt` instruction where the running
//! CPU has it, whatever CPU the program was built for.

use std::fmt::Debug;

/// How a hot loop counts the bits of a word. A program built for any x86-64 (as `cargo
/// install` builds it) may not use the `popcnt` instruction of almost every CPU since 2008,
/// and counting in software costs a dozen instructions; so each perft is compiled twice, with
/// [`SoftwarePopcount`] and, where the CPU has the instruction, [`PopcntInstruction`], and
/// picks one at run time. (A `#[target_feature]` function would not reach the generator's
/// recursive searches, which are not inlined into it.)
pub trait Popcount: Copy + Debug + 'static {
    fn count(self, word: u64) -> u32;
}

/// Counting as the build's target allows (`u64::count_ones`).
#[derive(Clone, Copy, Debug, Default)]
pub struct SoftwarePopcount;

impl Popcount for SoftwarePopcount {
    #[inline(always)]
    fn count(self, word: u64) -> u32 {
        word.count_ones()
    }
}

/// The `popcnt` instruction, written as inline assembly so that it needs no target feature;
/// made only by [`PopcntInstruction::detect`], on a CPU that has it.
#[derive(Clone, Copy, Debug)]
pub struct PopcntInstruction(());

impl PopcntInstruction {
    /// The instruction, if the running CPU has it.
    pub fn detect() -> Option<PopcntInstruction> {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("popcnt") {
            return Some(PopcntInstruction(()));
        }
        None
    }
}

impl Popcount for PopcntInstruction {
    #[inline(always)]
    fn count(self, word: u64) -> u32 {
        #[cfg(target_arch = "x86_64")]
        {
            let count: u64;
            // SAFETY: a value of this type exists only where `detect` found the instruction;
            // it reads and writes registers only.
            unsafe {
                std::arch::asm!(
                    "popcnt {count}, {word}",
                    word = in(reg) word,
                    count = lateout(reg) count,
                    options(pure, nomem, nostack)
                );
            }
            count as u32
        }
        #[cfg(not(target_arch = "x86_64"))]
        word.count_ones()
    }
}
