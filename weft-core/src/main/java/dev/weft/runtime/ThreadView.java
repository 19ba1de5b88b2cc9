package dev.weft.runtime;

/**
 * A live thread at a scheduling point.
 *
 * @param thread  thread id
 * @param enabled whether stepping it now is possible (false while blocked on a lock, join, wait, park ...)
 * @param next    the operation it performs when stepped
 */
public record ThreadView(int thread, boolean enabled, PendingOperation next) {
}
