//! The examples' clock: the CPU time of the calling thread (the machine is shared, so wall
//! time would count the other work on it).

#[repr(C)]
struct Timespec {
    sec: i64,
    nsec: i64,
}

extern "C" {
    fn clock_gettime(clock: i32, ts: *mut Timespec) -> i32;
}

/// CPU milliseconds used by this thread (Linux: CLOCK_THREAD_CPUTIME_ID).
pub fn cpu_ms() -> f64 {
    let mut ts = Timespec { sec: 0, nsec: 0 };
    // SAFETY: `ts` is a valid, writable timespec for the call.
    unsafe { clock_gettime(3, &mut ts) };
    ts.sec as f64 * 1e3 + ts.nsec as f64 / 1e6
}
