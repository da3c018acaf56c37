//! pencilsat's driver for cspuz: one puz.link URL per line on stdin; for each, one line on
//! stdout: `status<TAB>cpu_seconds`, where status is `unique`, `multiple`, `none` or
//! `error:<message>`, and cpu_seconds is the thread's CPU time spent in cspuz's
//! `decode_and_solve` (decode, solve and the irrefutable-facts loop that proves uniqueness),
//! read from /proc/thread-self/schedstat so that a loaded machine does not inflate it.

use std::io::{self, BufRead, Write};

use cspuz_solver_backend::{decode_and_solve, Uniqueness};

fn cpu_ns() -> u64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|text| text.split_whitespace().next().map(|s| s.to_string()))
        .and_then(|first| first.parse().ok())
        .unwrap_or(0)
}

fn main() {
    let stdin = io::stdin();
    let stdout = io::stdout();
    let mut out = stdout.lock();
    for line in stdin.lock().lines() {
        let url = line.expect("stdin is not UTF-8");
        let url = url.trim();
        if url.is_empty() {
            continue;
        }
        let start = cpu_ns();
        let result = decode_and_solve(url.as_bytes());
        let spent = (cpu_ns() - start) as f64 / 1e9;
        let status = match result {
            Ok(board) => match board.uniqueness {
                Uniqueness::Unique => "unique".to_string(),
                Uniqueness::NonUnique => "multiple".to_string(),
                Uniqueness::NoAnswer => "none".to_string(),
                Uniqueness::NotApplicable => "not-applicable".to_string(),
            },
            Err(err) => format!("error:{}", err),
        };
        writeln!(out, "{}\t{:.6}", status, spent).unwrap();
        out.flush().unwrap();
    }
}
