package dev.relearn.feedback.log;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * What a {@link Translog#replay(RecordConsumer) replay} found.
 *
 * @param records intact records handed to the consumer
 * @param damagedRecords damaged stretches skipped in the middle of a generation
 * @param skippedBytes bytes skipped over those damaged stretches
 * @param truncatedBytes bytes of torn tails (incomplete or unverifiable final records) cut off
 * @param problems one line per damaged stretch or torn tail, naming the file and the byte offset,
 *     e.g. {@code translog-3.log at byte 4096: bad checksum, skipped 57 bytes}; never payloads
 */
public record ReplayReport(long records, int damagedRecords, long skippedBytes,
    long truncatedBytes, List<String> problems) {
  /** The report of no replay: nothing read, nothing found. */
  public static final ReplayReport NONE = new ReplayReport(0, 0, 0, 0, List.of());

  /** Rejects negative counts and a null problem list; copies the list. */
  public ReplayReport {
    if (records < 0 || damagedRecords < 0 || skippedBytes < 0 || truncatedBytes < 0) {
      throw new IllegalArgumentException("replay counts must be >= 0, got: records=" + records
          + ", damagedRecords=" + damagedRecords + ", skippedBytes=" + skippedBytes
          + ", truncatedBytes=" + truncatedBytes);
    }
    problems = List.copyOf(Objects.requireNonNull(problems, "problems"));
  }

  /** Both reports added up: the counts summed, this one's problems first. */
  public ReplayReport plus(ReplayReport other) {
    List<String> all = new ArrayList<>(problems);
    all.addAll(other.problems);
    return new ReplayReport(records + other.records, damagedRecords + other.damagedRecords,
        skippedBytes + other.skippedBytes, truncatedBytes + other.truncatedBytes, all);
  }

  /** Whether the log had neither damage nor a torn tail. */
  public boolean clean() {
    return problems.isEmpty();
  }
}
