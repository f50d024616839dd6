//! Asking the processor to start loading memory ahead of its use.

/// Asks the processor to start loading the memory at `at`, so that a read
/// soon after finds it arriving rather than waits for it. A hint only: it
/// never faults, changes nothing, and does nothing off x86-64.
#[inline]
pub fn prefetch<T: ?Sized>(at: *const T) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        // SAFETY: prefetching is a hint that never faults, whatever the address.
        unsafe { _mm_prefetch(at as *const i8, _MM_HINT_T0) };
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = at;
}
