//! PackBits run-length coding (Apple Technical Note TN1023), which the database files use for
//! their blocks of values.
//!
//! A packed stream is a sequence of packets, each opened by a header byte `n` read as a signed
//! number: `0..=127` copies the next `n + 1` bytes as they are, `-127..=-1` repeats the next
//! byte `1 - n` times, and `-128` is skipped. The encoder writes a run for three or more equal
//! bytes and literals otherwise, at most 128 bytes a packet.

/// Appends the PackBits coding of `data` to `out`.
pub fn pack(data: &[u8], out: &mut Vec<u8>) {
    let mut i = 0;
    while i < data.len() {
        let run = run_length(&data[i..]);
        if run >= 3 {
            out.push((1i16 - run as i16) as i8 as u8);
            out.push(data[i]);
            i += run;
            continue;
        }
        let start = i;
        while i < data.len() && i - start < 128 && run_length(&data[i..]) < 3 {
            i += 1;
        }
        out.push((i - start - 1) as u8);
        out.extend_from_slice(&data[start..i]);
    }
}

/// How many of the first bytes of `data` (at most 128) equal the first.
fn run_length(data: &[u8]) -> usize {
    data.iter()
        .take(128)
        .take_while(|&&byte| byte == data[0])
        .count()
}

/// A packed stream that ends inside a packet.
#[derive(Debug, PartialEq, Eq)]
pub struct Truncated;

/// Appends the bytes that `packed` codes to `out`.
pub fn unpack(packed: &[u8], out: &mut Vec<u8>) -> Result<(), Truncated> {
    let mut i = 0;
    while i < packed.len() {
        let header = packed[i] as i8;
        i += 1;
        match header {
            -128 => {}
            0..=127 => {
                let end = i + header as usize + 1;
                out.extend_from_slice(packed.get(i..end).ok_or(Truncated)?);
                i = end;
            }
            _ => {
                let byte = *packed.get(i).ok_or(Truncated)?;
                out.extend(std::iter::repeat_n(byte, (1 - i16::from(header)) as usize));
                i += 1;
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_technical_note_s_example_packs_as_published() {
        // Apple Technical Note TN1023, "Understanding PackBits": the unpacked data and its
        // packed form, byte for byte.
        let unpacked = [
            0xAA, 0xAA, 0xAA, 0x80, 0x00, 0x2A, 0xAA, 0xAA, 0xAA, 0xAA, 0x80, 0x00, 0x2A, 0x22,
            0xAA, 0xAA, 0xAA, 0xAA, 0xAA, 0xAA, 0xAA, 0xAA, 0xAA, 0xAA,
        ];
        let packed = [
            0xFE, 0xAA, 0x02, 0x80, 0x00, 0x2A, 0xFD, 0xAA, 0x03, 0x80, 0x00, 0x2A, 0x22, 0xF7,
            0xAA,
        ];
        let mut out = Vec::new();
        pack(&unpacked, &mut out);
        assert_eq!(out, packed);
        let mut back = Vec::new();
        unpack(&packed, &mut back).unwrap();
        assert_eq!(back, unpacked);
    }

    #[test]
    fn long_runs_and_long_literals_round_trip() {
        let mut data = vec![7u8; 1000];
        data.extend((0..=255u8).cycle().take(700));
        data.extend([1, 1, 2, 2, 3, 3, 3]);
        let mut packed = Vec::new();
        pack(&data, &mut packed);
        assert!(packed.len() < data.len());
        let mut back = Vec::new();
        unpack(&packed, &mut back).unwrap();
        assert_eq!(back, data);
        assert_eq!(
            unpack(&packed[..packed.len() - 1], &mut back),
            Err(Truncated)
        );
    }
}
