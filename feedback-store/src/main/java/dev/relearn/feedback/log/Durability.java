package dev.relearn.feedback.log;

/** When an {@link Translog#append(byte[]) append} returns, relative to the record's fsync. */
public enum Durability {
  /**
   * The default: an append returns only after an fsync covering its record has completed, so an
   * acknowledged record survives a process crash and a power loss. Concurrent appenders share
   * fsyncs (group commit).
   */
  REQUEST,
  /**
   * An append returns as soon as its record is written to the operating system; a named daemon
   * thread fsyncs every sync interval (200 ms by default). Bounded loss window: records appended
   * within the last interval before a power loss or kernel crash may be lost (a crash of the
   * process alone loses nothing that was appended, as the operating system still holds it).
   * {@link Translog#sync()} and {@link Translog#close()} make everything appended durable.
   */
  ASYNC
}
