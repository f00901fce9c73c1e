package dev.relearn.feedback.log;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentSkipListMap;

/**
 * The generations before the current one, with each one's highest sequence number (scanned
 * lazily): replays them in order and deletes those no longer needed. Callers serialise replay and
 * trim; {@link #add} may run concurrently with either.
 */
final class GenerationHistory {
  private static final long UNKNOWN = -1;

  private final LogFolder folder;
  /** Generation to its highest intact sequence number: 0 if none, -1 if not scanned yet. */
  private final ConcurrentSkipListMap<Long, Long> generations = new ConcurrentSkipListMap<>();
  private long highestSeq;

  private GenerationHistory(LogFolder folder) {
    this.folder = folder;
  }

  /**
   * Lists the folder's generations and scans the newest ones, newest first, until one holds an
   * intact record: its highest sequence number is the highest on disk.
   */
  static GenerationHistory load(LogFolder folder) throws IOException {
    GenerationHistory history = new GenerationHistory(folder);
    List<Long> found = folder.generations();
    found.forEach(g -> history.generations.put(g, UNKNOWN));
    for (int i = found.size() - 1; i >= 0 && history.highestSeq == 0; i--) {
      long g = found.get(i);
      history.highestSeq = GenerationScanner.scan(folder.file(g), 0, null, false).maxSeq();
      history.generations.put(g, history.highestSeq);
    }
    return history;
  }

  /** The highest intact sequence number seen (at load or by a replay), 0 if none. */
  long highestSeq() {
    return highestSeq;
  }

  /** The newest generation, 0 if none. */
  long newest() {
    return generations.isEmpty() ? 0 : generations.lastKey();
  }

  /** Forgets a generation (the writer continues it). */
  void remove(long generation) {
    generations.remove(generation);
  }

  /** Records a generation that was just rolled away from. */
  void add(long generation, long maxSeq) {
    generations.put(generation, maxSeq);
  }

  /**
   * Replays every generation in order, repairing torn tails; a sequence gap between two intact
   * generations (trims delete only the oldest) is reported: a file in between went missing.
   */
  ReplayReport replay(RecordConsumer consumer) throws IOException {
    long floor = 0;
    ReplayReport total = ReplayReport.NONE;
    long previous = 0; // the last generation with records, intact (0: none yet, or damaged)
    for (long generation : generations.keySet()) {
      long[] first = {0};
      RecordConsumer firstSeen = (seq, payload) -> {
        first[0] = first[0] == 0 ? seq : first[0];
        consumer.accept(seq, payload);
      };
      GenerationScanner.Result scanned =
          GenerationScanner.scan(folder.file(generation), floor, firstSeen, true);
      ReplayReport r = scanned.report();
      if (previous != 0 && r.damagedRecords() == 0 && first[0] > floor + 1) {
        String gap = "records " + (floor + 1) + " to " + (first[0] - 1) + " are missing between "
            + folder.file(previous).getFileName() + " and " + folder.file(generation).getFileName()
            + " (a generation file deleted or moved?): the feedback they held is lost unless a"
            + " checkpoint had taken it";
        total = total.plus(new ReplayReport(0, 0, 0, 0, List.of(gap)));
      }
      previous = r.records() == 0 ? previous : r.damagedRecords() == 0 ? generation : 0;
      generations.put(generation, scanned.maxSeq());
      floor = Math.max(floor, scanned.maxSeq());
      total = total.plus(r);
    }
    highestSeq = Math.max(highestSeq, floor);
    return total;
  }

  /** Deletes the oldest generations whose records all have sequence numbers up to {@code seq}. */
  void trimUpTo(long seq) throws IOException {
    for (Map.Entry<Long, Long> entry : generations.entrySet()) {
      long generation = entry.getKey();
      long max = entry.getValue();
      if (max == UNKNOWN) {
        max = GenerationScanner.scan(folder.file(generation), 0, null, false).maxSeq();
        generations.put(generation, max);
      }
      if (max > seq) {
        break; // later generations hold only higher sequence numbers
      }
      folder.delete(generation);
      generations.remove(generation);
    }
  }
}
