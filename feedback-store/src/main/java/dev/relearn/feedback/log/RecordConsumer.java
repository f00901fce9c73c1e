package dev.relearn.feedback.log;

import java.io.IOException;

/** Receives the intact records of a {@link Translog#replay(RecordConsumer) replay}, in order. */
@FunctionalInterface
public interface RecordConsumer {
  /** Takes one record (seqs strictly increase; the payload is the consumer's); throw to stop. */
  void accept(long seq, byte[] payload) throws IOException;
}
