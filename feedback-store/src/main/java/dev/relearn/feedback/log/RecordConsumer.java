package dev.relearn.feedback.log;

import java.io.IOException;

/** Receives the intact records of a {@link Translog#replay(RecordConsumer) replay}, in order. */
@FunctionalInterface
public interface RecordConsumer {
  /**
   * Takes one record.
   *
   * @param seq the record's sequence number; strictly increasing over one replay
   * @param payload the record's payload, owned by the consumer from now on
   * @throws IOException to stop the replay; it is passed on to the caller of replay
   */
  void accept(long seq, byte[] payload) throws IOException;
}
