package dev.relearn.feedback.log;

/** When an {@link Translog#append(byte[]) append} returns, relative to the record's fsync. */
public enum Durability {
  /** The default: an append returns after an fsync covering it (group commit). */
  REQUEST,
  /**
   * An append returns once written to the operating system; a thread fsyncs every sync interval,
   * so records of the last interval before a power loss (not a process crash) may be lost.
   */
  ASYNC
}
