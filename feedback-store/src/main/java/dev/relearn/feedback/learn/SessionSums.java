package dev.relearn.feedback.learn;

import dev.relearn.lucene.schema.Require;
/**
 * A fixed number of long sums per int-named session: open addressing over two arrays (a few slots
 * per pair, not a map entry). Not thread-safe: its {@link ChunkLedger} guards it.
 */
final class SessionSums {
  private static final int[] NO_KEYS = {};
  private static final long[] NO_SUMS = {};

  private final int width;
  private int[] keys = NO_KEYS; // session id + 1 per slot; 0 marks a free slot
  private long[] sums = NO_SUMS; // width per slot
  private int size;

  /** Sums of {@code width} longs per session. */
  SessionSums(int width) {
    Require.atLeastOne("width", width);
    this.width = width;
  }

  /** The slot of {@code session}, or -1 if it has none. */
  int find(int session) {
    if (keys.length == 0) {
      return -1;
    }
    int mask = keys.length - 1;
    for (int at = hash(session) & mask; ; at = (at + 1) & mask) {
      if (keys[at] == session + 1) {
        return at;
      }
      if (keys[at] == 0) {
        return -1;
      }
    }
  }

  /** The slot of {@code session}, given one (its sums zero) if it has none. */
  int slotOf(int session) {
    if (session < 0 || session == Integer.MAX_VALUE) {
      throw new IllegalArgumentException("session id must be in [0, " + Integer.MAX_VALUE
          + "), got: " + session);
    }
    int found = find(session);
    if (found >= 0) {
      return found;
    }
    if ((size + 1) * 4 > keys.length * 3) {
      grow();
    }
    int mask = keys.length - 1;
    int at = hash(session) & mask;
    while (keys[at] != 0) {
      at = (at + 1) & mask;
    }
    keys[at] = session + 1;
    size++;
    return at;
  }

  long get(int slot, int i) {
    return sums[slot * width + i];
  }

  void set(int slot, int i, long value) {
    sums[slot * width + i] = value;
  }

  /** The largest sum {@code i} over every slot, at least 0. */
  long max(int i) {
    long max = 0;
    for (int slot = 0; slot < keys.length; slot++) {
      if (keys[slot] != 0) {
        max = Math.max(max, sums[slot * width + i]);
      }
    }
    return max;
  }

  private void grow() {
    int[] oldKeys = keys;
    long[] oldSums = sums;
    keys = new int[Math.max(2, oldKeys.length * 2)];
    sums = new long[keys.length * width];
    int mask = keys.length - 1;
    for (int from = 0; from < oldKeys.length; from++) {
      if (oldKeys[from] != 0) {
        int at = hash(oldKeys[from] - 1) & mask;
        while (keys[at] != 0) {
          at = (at + 1) & mask;
        }
        keys[at] = oldKeys[from];
        System.arraycopy(oldSums, from * width, sums, at * width, width);
      }
    }
  }

  private static int hash(int session) {
    int h = session * 0x9E3779B9;
    return h ^ (h >>> 16);
  }
}
