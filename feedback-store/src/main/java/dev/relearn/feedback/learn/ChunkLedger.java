package dev.relearn.feedback.learn;

import dev.relearn.feedback.event.SessionCap;
import dev.relearn.lucene.feedback.ChunkEvidence;
import dev.relearn.lucene.schema.LearnedValues;
import java.util.HashMap;
import java.util.Map;

/**
 * One chunk's learned statistics: each session's raw sums, and the capped totals over sessions.
 * A total is always {@code Σ over sessions of capped(that session's raw sums)}, kept up to date
 * exactly in fixed point ({@link NanoCounts}), so it depends only on which evidence was added, not
 * on its order. Capping scales clicks with examinations, and successes with failures, by one
 * factor each, so that a session within its limits keeps its rates (see {@link #capped}). All
 * methods are synchronized on the ledger.
 */
final class ChunkLedger {
  private static final long UNITS_PER_COUNT = (long) NanoCounts.SCALE;

  /** Where a session's sums keep its last use, after the {@link NanoCounts}. */
  private static final int LAST_USED = NanoCounts.SIZE;

  /** Each session's uncapped sums, indexed as in {@link NanoCounts}, and its last use. */
  private final Map<String, long[]> sessions = new HashMap<>();
  private final long[] totals = new long[NanoCounts.SIZE];
  private long lastUsedMillis;
  private volatile LearnedValues values = LearnedValues.NEUTRAL; // of totals; read lock-free

  /**
   * Adds one session's evidence.
   *
   * @param units the evidence in billionths, indexed as in {@link NanoCounts}
   * @param usedAtMillis when the chunk was used, or -1 if it was only shown
   * @param limits the per-session cap of each count, in billionths
   * @return the new values
   */
  synchronized LearnedValues add(String session, long[] units, long usedAtMillis, long[] limits) {
    long[] raw = sessions.computeIfAbsent(session, s -> new long[LAST_USED + 1]);
    long[] before = capped(raw, limits);
    for (int i = 0; i < NanoCounts.SIZE; i++) {
      raw[i] = NanoCounts.saturatingAdd(raw[i], units[i]);
    }
    long[] after = capped(raw, limits);
    for (int i = 0; i < NanoCounts.SIZE; i++) {
      totals[i] = Math.addExact(totals[i], after[i] - before[i]);
    }
    if (usedAtMillis >= 0) {
      raw[LAST_USED] = Math.max(raw[LAST_USED], usedAtMillis);
      lastUsedMillis = Math.max(lastUsedMillis, usedAtMillis);
    }
    return values = computeValues();
  }

  /**
   * Takes out everything {@code session} added, its last use too.
   *
   * @return whether the session had added anything
   */
  synchronized boolean remove(String session, long[] limits) {
    long[] raw = sessions.remove(session);
    if (raw == null) {
      return false;
    }
    long[] counted = capped(raw, limits);
    lastUsedMillis = 0;
    for (long[] other : sessions.values()) {
      lastUsedMillis = Math.max(lastUsedMillis, other[LAST_USED]);
    }
    for (int i = 0; i < NanoCounts.SIZE; i++) {
      totals[i] = Math.subtractExact(totals[i], counted[i]);
    }
    values = computeValues();
    return true;
  }

  /**
   * The values as the index stores them: successes and failures rounded half up to whole counts
   * (exactly, in fixed point), the weighted counts as doubles. Lock-free: searches read it for
   * every candidate.
   */
  LearnedValues values() {
    return values;
  }

  private LearnedValues computeValues() {
    return new LearnedValues(
        NanoCounts.toCount(totals[NanoCounts.EXAMINATIONS]),
        NanoCounts.toCount(totals[NanoCounts.CLICKS]),
        roundToCount(totals[NanoCounts.SUCCESSES]),
        roundToCount(totals[NanoCounts.FAILURES]),
        lastUsedMillis);
  }

  /** The capped totals, unrounded. */
  synchronized ChunkEvidence totals() {
    return new ChunkEvidence(
        NanoCounts.toCount(totals[NanoCounts.EXAMINATIONS]),
        NanoCounts.toCount(totals[NanoCounts.CLICKS]),
        NanoCounts.toCount(totals[NanoCounts.SUCCESSES]),
        NanoCounts.toCount(totals[NanoCounts.FAILURES]));
  }

  private static long roundToCount(long units) {
    return units / UNITS_PER_COUNT + (units % UNITS_PER_COUNT >= UNITS_PER_COUNT / 2 ? 1 : 0);
  }

  /**
   * What one session's raw sums count for: within {@code limits}, clicks scaled with
   * examinations and successes with failures, each pair by the one factor that brings both
   * within their limits, so the session's click and success rates are kept (a session that used
   * a chunk every time stays a click rate of 1, not 3 clicks in 9 examinations). A function of
   * the raw sums alone, rounded down in fixed point, so totals stay exact and order-free.
   */
  static long[] capped(long[] raw, long[] limits) {
    long[] out = new long[NanoCounts.SIZE];
    scalePair(raw, limits, NanoCounts.CLICKS, NanoCounts.EXAMINATIONS, out);
    scalePair(raw, limits, NanoCounts.SUCCESSES, NanoCounts.FAILURES, out);
    return out;
  }

  private static void scalePair(long[] raw, long[] limits, int a, int b, long[] out) {
    if (raw[a] <= limits[a] && raw[b] <= limits[b]) {
      out[a] = raw[a];
      out[b] = raw[b];
      return;
    }
    double factor = SessionCap.factor(raw[a], limits[a], raw[b], limits[b]);
    out[a] = Math.min(limits[a], (long) Math.floor(raw[a] * factor));
    out[b] = Math.min(limits[b], (long) Math.floor(raw[b] * factor));
  }
}
