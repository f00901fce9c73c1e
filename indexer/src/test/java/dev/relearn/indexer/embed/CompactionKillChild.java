package dev.relearn.indexer.embed;

import dev.relearn.lucene.schema.Chunk;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Random;
import java.util.Set;

/**
 * The child process of {@link CompactionKillTest}: in the cache folder given, round after round,
 * puts a batch of vectors and compacts the store down to that batch and the one before, printing
 * {@code compacted R} after each round's compaction returns, until it is killed.
 */
public final class CompactionKillChild {
  static final int DIM = 384;
  static final int BATCH = 400;

  private CompactionKillChild() {}

  /** The text of vector {@code i} of round {@code round}. */
  static String text(int round, int i) {
    return "round " + round + " text " + i;
  }

  /** The vector of a text: a function of it, so that the parent can check every record. */
  static float[] vector(String text) {
    Random random = new Random(text.hashCode());
    float[] v = new float[DIM];
    for (int i = 0; i < DIM; i++) {
      v[i] = random.nextFloat();
    }
    return v;
  }

  /** The keys of a round's batch. */
  static Set<String> batch(int round) {
    Set<String> keys = new HashSet<>();
    for (int i = 0; i < BATCH; i++) {
      keys.add(Chunk.sha256Hex(text(round, i)));
    }
    return keys;
  }

  /** Arguments: the cache folder and the first round. */
  public static void main(String[] args) throws Exception {
    Path dir = Path.of(args[0]);
    int round = Integer.parseInt(args[1]);
    try (VectorStore store = VectorStore.open(dir, "m", DIM)) {
      System.out.println("open");
      System.out.flush();
      for (;; round++) {
        for (int i = 0; i < BATCH; i++) {
          String text = text(round, i);
          store.put(Chunk.sha256Hex(text), vector(text));
        }
        Set<String> live = batch(round);
        live.addAll(batch(round - 1));
        store.compact(live, true);
        System.out.println("compacted " + round);
        System.out.flush();
      }
    }
  }
}
