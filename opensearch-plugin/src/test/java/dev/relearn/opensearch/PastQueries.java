package dev.relearn.opensearch;

import dev.relearn.feedback.index.Decay;
import dev.relearn.feedback.index.FeedbackIndexConfig;
import dev.relearn.lucene.embed.VectorChecks;
import dev.relearn.lucene.feedback.ChunkEvidence;
import dev.relearn.lucene.feedback.FeedbackLookup;
import dev.relearn.lucene.feedback.PastQuery;
import dev.relearn.lucene.schema.Chunk;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * Seeded past queries near given query vectors, each with evidence for a few chunks: the same
 * feedback for both sides of a parity test, its last events up to 20 days old. As the embedded
 * side's {@link FeedbackLookup} it compares every past query's vector with the query's and decays
 * the evidence as embedded.
 */
final class PastQueries implements FeedbackLookup {
  /** Embedded relearn's decay, from each past query's last event to now. */
  static final Decay DECAY = Decay.of(FeedbackIndexConfig.DEFAULT_HALF_LIFE);

  /** A past query's vector and what it taught (its similarity field is unused). */
  record Stored(float[] vector, PastQuery query) {
  }

  final List<Stored> stored = new ArrayList<>();

  /**
   * {@code nearFirst} past queries near the first of {@code near} (more than K, so that its lookup
   * cuts at K) and two near each other one, each with evidence for three random chunks.
   */
  PastQueries(Random random, List<float[]> near, List<Chunk> chunks, int nearFirst) {
    long now = System.currentTimeMillis();
    for (float[] vector : near) {
      for (int copy = 0; copy < (vector == near.get(0) ? nearFirst : 2); copy++) {
        float[] past = vector.clone();
        for (int d = 0; d < past.length; d++) {
          past[d] += (float) (random.nextGaussian() * 0.15);
        }
        Map<String, ChunkEvidence> evidence = new HashMap<>();
        for (int c = 0; c < 3; c++) {
          double examinations = 1 + random.nextInt(6);
          evidence.put(chunks.get(random.nextInt(chunks.size())).id(), new ChunkEvidence(
              examinations, random.nextDouble() * examinations, random.nextInt(3),
              random.nextInt(2)));
        }
        stored.add(new Stored(VectorChecks.normalize(past), new PastQuery(1f,
            1 + random.nextInt(4), evidence, now - random.nextInt(20 * 86_400_000), 1.0,
            Set.of("session-" + random.nextInt(3)))));
      }
    }
  }

  @Override
  public List<PastQuery> similar(float[] queryVector, float minSimilarity, int max) {
    List<PastQuery> out = new ArrayList<>();
    for (Stored past : stored) {
      float similarity = 0;
      for (int d = 0; d < queryVector.length; d++) {
        similarity += past.vector()[d] * queryVector[d];
      }
      if (similarity >= minSimilarity) {
        PastQuery q = past.query();
        out.add(new PastQuery(similarity, q.events(), q.chunks(), q.lastMillis(),
            DECAY.factor(q.lastMillis(), System.currentTimeMillis()), q.sessions()));
      }
    }
    out.sort(Comparator.comparingDouble((PastQuery query) -> -query.similarity()));
    return out.subList(0, Math.min(max, out.size()));
  }
}
