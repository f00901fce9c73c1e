package dev.relearn.indexer.embed;

import dev.relearn.lucene.embed.Embedder;
import dev.relearn.lucene.embed.VectorChecks;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * A dependency-free embedder for tiny machines and fast tests: signed feature hashing of words
 * and character trigrams, with log term frequency. It needs no model, hashes every word of a text
 * however long (its token counter is the default, unlimited one) and embeds in microseconds, but
 * it only captures word overlap: its retrieval quality is far below bge-small's.
 */
public final class HashingEmbedder implements Embedder {
  /** The id recorded in indexes built with this embedder. */
  public static final String MODEL_ID = "hashing-384-v1";
  /** Vector dimension. */
  public static final int DIMENSION = 384;

  @Override
  public String modelId() {
    return MODEL_ID;
  }

  @Override
  public int dimension() {
    return DIMENSION;
  }

  @Override
  public float[] embedQuery(String query) {
    return embed(query);
  }

  @Override
  public float[] embedDocument(String text) {
    return embed(text);
  }

  private static float[] embed(String text) {
    float[] counts = new float[DIMENSION];
    for (String word : text.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}]+")) {
      if (word.isEmpty()) {
        continue;
      }
      add(counts, "w:" + word, 1f);
      String padded = "^" + word + "$";
      for (int i = 0; i + 3 <= padded.length(); i++) {
        add(counts, "c:" + padded.substring(i, i + 3), 0.5f);
      }
    }
    for (int i = 0; i < counts.length; i++) {
      counts[i] = Math.signum(counts[i]) * (float) Math.log1p(Math.abs(counts[i]));
    }
    boolean empty = true;
    for (float c : counts) {
      empty &= c == 0f;
    }
    if (empty) {
      counts[0] = 1f; // a text without words still needs a unit vector
    }
    return VectorChecks.normalize(counts);
  }

  private static void add(float[] counts, String feature, float weight) {
    int hash = murmurMix(feature);
    int slot = Math.floorMod(hash, DIMENSION);
    counts[slot] += (hash & 0x40000000) == 0 ? weight : -weight;
  }

  private static int murmurMix(String feature) {
    int h = 0x9747b28c;
    for (byte b : feature.getBytes(StandardCharsets.UTF_8)) {
      h ^= b;
      h *= 0x5bd1e995;
      h ^= h >>> 15;
    }
    h ^= h >>> 13;
    h *= 0x5bd1e995;
    return h ^ (h >>> 15);
  }
}
