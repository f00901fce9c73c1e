package dev.relearn.indexer.embed;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.lucene.embed.ForwardingEmbedder;
import dev.relearn.lucene.embed.VectorChecks;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class EmbeddersTest {
  private static BgeSmallEmbedder bge;

  @BeforeAll
  static void load() {
    bge = new BgeSmallEmbedder(2, true);
  }

  @AfterAll
  static void close() {
    bge.close();
  }

  private static double dot(float[] a, float[] b) {
    double sum = 0;
    for (int i = 0; i < a.length; i++) {
      sum += a[i] * b[i];
    }
    return sum;
  }

  @Test
  void bgeGivesUnitVectorsThatCaptureMeaning() {
    float[] query = bge.embedQuery("how do vaccines train the immune system");
    float[] related = bge.embedDocument("Immunization exposes the body's defences to an antigen so"
        + " that they remember it.");
    float[] unrelated = bge.embedDocument("The quarterly report shows revenue grew in Europe.");
    VectorChecks.requireUnitVector(query, 384, bge.modelId());
    VectorChecks.requireUnitVector(related, 384, bge.modelId());
    assertTrue(dot(query, related) > dot(query, unrelated) + 0.1,
        dot(query, related) + " vs " + dot(query, unrelated));
    assertArrayEquals(related, bge.embedDocument("Immunization exposes the body's defences to an"
        + " antigen so that they remember it."), 1e-6f);
  }

  @Test
  void bgeTruncatesLongTextsInsteadOfFailing() {
    float[] vector = bge.embedDocument("word ".repeat(5_000));
    VectorChecks.requireUnitVector(vector, 384, bge.modelId());
  }

  @Test
  void queryInstructionChangesOnlyQueries() {
    try (BgeSmallEmbedder plain = new BgeSmallEmbedder(1, false)) {
      assertArrayEquals(plain.embedDocument("cells"), bge.embedDocument("cells"), 1e-6f);
      assertTrue(dot(plain.embedQuery("cells"), bge.embedQuery("cells")) < 0.9999);
    }
  }

  @Test
  void hashingIsDeterministicUnitAndLexical() {
    HashingEmbedder hashing = new HashingEmbedder();
    float[] a = hashing.embedDocument("parse the http request");
    VectorChecks.requireUnitVector(a, 384, hashing.modelId());
    assertArrayEquals(a, hashing.embedQuery("parse the http request"));
    assertTrue(dot(a, hashing.embedQuery("http request parsing"))
        > dot(a, hashing.embedQuery("quarterly revenue report")));
    VectorChecks.requireUnitVector(hashing.embedDocument("!!!"), 384, hashing.modelId());
  }

  @Test
  void queryCacheHitsReturnCopiesAndEvictLeastRecentlyUsed() {
    List<String> embedded = new ArrayList<>();
    QueryCachingEmbedder cache = new QueryCachingEmbedder(
        new ForwardingEmbedder(new HashingEmbedder()) {
          @Override
          public float[] embedQuery(String query) {
            embedded.add(query);
            return super.embedQuery(query);
          }
        }, 2);
    float[] first = cache.embedQuery("a");
    first[0] = 42f; // a caller scribbling on its copy must not corrupt the cache
    float[] again = cache.embedQuery("a");
    assertNotSame(first, again);
    assertTrue(again[0] != 42f);
    cache.embedQuery("b");
    cache.embedQuery("a"); // a is now most recent
    cache.embedQuery("c"); // evicts b
    cache.embedQuery("b");
    assertEquals(List.of("a", "b", "c", "b"), embedded, "2 hits, 4 misses");
  }
}
