package dev.relearn.feedback.index;

import dev.relearn.lucene.feedback.ChunkEvidence;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * A cluster's evidence per session and per chunk, packed into arrays (only the values not zero)
 * rather than maps of objects; sessions and chunk ids in order, so it unpacks into the sorted maps
 * it was packed from, bit for bit. Immutable.
 */
final class PackedEvidence {
  /** Examinations, clicks, successes and failures: the values each chunk holds. */
  private static final int VALUES = 4;
  static final PackedEvidence NONE = new PackedEvidence(new String[0], null, new String[0],
      new byte[0], new double[0]);

  private final String[] sessions;
  private final int[] starts; // each session's first chunk, and the end; null for one session
  private final String[] chunks;
  private final byte[] held; // per chunk, bit i set when its value i is held (its bits not 0)
  private final double[] values; // the values held, chunk by chunk

  private PackedEvidence(String[] sessions, int[] starts, String[] chunks, byte[] held,
      double[] values) {
    this.sessions = sessions;
    this.starts = starts;
    this.chunks = chunks;
    this.held = held;
    this.values = values;
  }

  /** Packs {@code evidence}: sessions and chunk ids are iterated in sorted order. */
  static PackedEvidence of(SortedMap<String, SortedMap<String, ChunkEvidence>> evidence) {
    if (evidence.isEmpty()) {
      return NONE;
    }
    int size = 0;
    for (Map<String, ChunkEvidence> chunks : evidence.values()) {
      size += chunks.size();
    }
    String[] sessions = evidence.keySet().toArray(String[]::new);
    int[] starts = sessions.length == 1 ? null : new int[sessions.length + 1];
    String[] chunks = new String[size];
    byte[] held = new byte[size];
    double[] values = new double[size * VALUES];
    int at = 0;
    int kept = 0;
    int session = 0;
    for (Map<String, ChunkEvidence> sessionChunks : evidence.values()) {
      if (starts != null) {
        starts[session++] = at;
      }
      for (Map.Entry<String, ChunkEvidence> chunk : sessionChunks.entrySet()) {
        ChunkEvidence value = chunk.getValue();
        double[] four = {value.examinations(), value.clicks(), value.successes(),
            value.failures()};
        for (int i = 0; i < VALUES; i++) {
          if (Double.doubleToRawLongBits(four[i]) != 0) {
            held[at] |= (byte) (1 << i);
            values[kept++] = four[i];
          }
        }
        chunks[at++] = chunk.getKey();
      }
    }
    if (starts != null) {
      starts[session] = at;
    }
    return new PackedEvidence(sessions, starts, chunks, held, Arrays.copyOf(values, kept));
  }

  boolean isEmpty() {
    return sessions.length == 0;
  }

  /** Per session, per chunk id, as sorted unmodifiable maps. */
  SortedMap<String, Map<String, ChunkEvidence>> unpacked() {
    SortedMap<String, Map<String, ChunkEvidence>> out = new TreeMap<>();
    ChunkEvidence[] all = values();
    for (int s = 0; s < sessions.length; s++) {
      SortedMap<String, ChunkEvidence> inner = new TreeMap<>();
      for (int c = start(s); c < start(s + 1); c++) {
        inner.put(chunks[c], all[c]);
      }
      out.put(sessions[s], Collections.unmodifiableSortedMap(inner));
    }
    return Collections.unmodifiableSortedMap(out);
  }

  /** Per chunk id, summed over the sessions in order. */
  SortedMap<String, ChunkEvidence> summed() {
    SortedMap<String, ChunkEvidence> total = new TreeMap<>();
    ChunkEvidence[] all = values();
    for (int c = 0; c < chunks.length; c++) {
      total.merge(chunks[c], all[c], ChunkEvidence::plus);
    }
    return Collections.unmodifiableSortedMap(total);
  }

  /** The sessions that taught something, sorted. */
  List<String> sessions() {
    return Arrays.asList(sessions.clone());
  }

  private int start(int session) {
    return starts != null ? starts[session] : session == 0 ? 0 : chunks.length;
  }

  /** Every chunk's values, in order. */
  private ChunkEvidence[] values() {
    ChunkEvidence[] out = new ChunkEvidence[chunks.length];
    int kept = 0;
    for (int c = 0; c < chunks.length; c++) {
      double[] four = new double[VALUES];
      for (int i = 0; i < VALUES; i++) {
        if ((held[c] & (1 << i)) != 0) {
          four[i] = values[kept++];
        }
      }
      out[c] = new ChunkEvidence(four[0], four[1], four[2], four[3]);
    }
    return out;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof PackedEvidence p && Arrays.equals(sessions, p.sessions)
        && Arrays.equals(chunks, p.chunks) && Arrays.equals(held, p.held)
        && Arrays.equals(values, p.values) && Arrays.equals(starts, p.starts);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(chunks);
  }
}
