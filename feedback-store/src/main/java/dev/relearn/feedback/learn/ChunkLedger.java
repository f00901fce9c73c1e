package dev.relearn.feedback.learn;

import dev.relearn.feedback.event.SessionCap;
import dev.relearn.lucene.feedback.ChunkEvidence;
import dev.relearn.lucene.schema.LearnedValues;

/**
 * One chunk's learned statistics: each session's raw sums, and the totals {@code Σ over sessions
 * of capped(raw sums)}, exact in fixed point ({@link NanoCounts}) and so order-free. All methods
 * are synchronized on the ledger.
 */
final class ChunkLedger {
  private static final long UNITS_PER_COUNT = (long) NanoCounts.SCALE;

  /** Each session's uncapped examinations. */
  private final SessionSums examined = new SessionSums(1);
  /** The uncapped clicks, successes, failures and last use of the sessions that have any. */
  private final SessionSums used = new SessionSums(NanoCounts.SIZE);
  /** Where {@link #used} keeps a session's last use, after its clicks, successes and failures. */
  private static final int LAST_USED = NanoCounts.SIZE - 1;
  private final long[] totals = new long[NanoCounts.SIZE];
  private long lastUsedMillis;
  private volatile LearnedValues values = LearnedValues.NEUTRAL; // of totals; read lock-free

  /**
   * Adds one session's evidence ({@code units} and per-session {@code limits} in billionths,
   * indexed as in {@link NanoCounts}; {@code usedAtMillis} -1 if only shown); returns the values.
   */
  synchronized LearnedValues add(int session, long[] units, long usedAtMillis, long[] limits) {
    int examinedSlot = examined.slotOf(session);
    int usedSlot = used.find(session);
    long[] raw = raw(examinedSlot, usedSlot);
    long[] before = capped(raw, limits);
    boolean anyUse = false;
    for (int i = 0; i < NanoCounts.SIZE; i++) {
      raw[i] = NanoCounts.saturatingAdd(raw[i], units[i]);
      anyUse |= i > 0 && raw[i] != 0;
    }
    examined.set(examinedSlot, 0, raw[NanoCounts.EXAMINATIONS]);
    if (anyUse || usedSlot >= 0 || usedAtMillis >= 0) {
      usedSlot = used.slotOf(session);
      for (int i = 1; i < NanoCounts.SIZE; i++) {
        used.set(usedSlot, i - 1, raw[i]);
      }
      used.set(usedSlot, LAST_USED, Math.max(used.get(usedSlot, LAST_USED), usedAtMillis));
    }
    long[] after = capped(raw, limits);
    for (int i = 0; i < NanoCounts.SIZE; i++) {
      totals[i] = Math.addExact(totals[i], after[i] - before[i]);
    }
    if (usedAtMillis >= 0) {
      lastUsedMillis = Math.max(lastUsedMillis, usedAtMillis);
    }
    return values = computeValues();
  }

  /** Takes out everything {@code session} added, its last use too; whether it had added any. */
  synchronized boolean remove(int session, long[] limits) {
    int examinedSlot = examined.find(session);
    int usedSlot = used.find(session);
    if (examinedSlot < 0 && usedSlot < 0) {
      return false;
    }
    long[] counted = capped(raw(examinedSlot, usedSlot), limits);
    for (int i = 0; i < NanoCounts.SIZE; i++) {
      totals[i] = Math.subtractExact(totals[i], counted[i]);
    }
    if (examinedSlot >= 0) {
      examined.set(examinedSlot, 0, 0);
    }
    for (int i = 0; usedSlot >= 0 && i < NanoCounts.SIZE; i++) {
      used.set(usedSlot, i, 0);
    }
    lastUsedMillis = used.max(LAST_USED);
    values = computeValues();
    return true;
  }

  /** A session's uncapped sums from its slots (-1: none), indexed as in {@link NanoCounts}. */
  private long[] raw(int examinedSlot, int usedSlot) {
    long[] raw = new long[NanoCounts.SIZE];
    raw[NanoCounts.EXAMINATIONS] = examinedSlot < 0 ? 0 : examined.get(examinedSlot, 0);
    for (int i = 1; usedSlot >= 0 && i < NanoCounts.SIZE; i++) {
      raw[i] = used.get(usedSlot, i - 1);
    }
    return raw;
  }

  /** The values as the index stores them (successes, failures rounded half up); lock-free. */
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
   * What one session's raw sums count for: clicks scaled with examinations and successes with
   * failures, each pair by the one factor that brings both within {@code limits}, so the session's
   * rates are kept; rounded down in fixed point, so totals stay exact and order-free.
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
