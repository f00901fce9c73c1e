package dev.relearn.feedback.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

class FeedbackIndexConfigTest {
  private final FeedbackIndexConfig defaults = FeedbackIndexConfig.defaults(384);

  @Test
  void defaultsAreTheDocumentedOnes() {
    assertEquals(0.95f, defaults.mergeSimilarity());
    assertEquals(0.98f, defaults.compactSimilarity());
    assertEquals(Duration.ofDays(30), defaults.halfLife());
    assertEquals(Duration.ofDays(90), defaults.ttl());
    assertEquals(3.0, defaults.perSessionCap());
    assertTrue(defaults.withHalfLife(Duration.ZERO).decay().none());
    assertTrue(defaults.withHalfLife(null).decay().none());
  }

  @Test
  void everyFieldIsValidatedNamingTheBadValue() {
    rejects("dimension must be in [1, 1024], got: 0", () -> FeedbackIndexConfig.defaults(0));
    rejects("mergeSimilarity must be in (0, 1], got: 1.5",
        () -> defaults.withMergeSimilarity(1.5f));
    rejects("compactSimilarity must be in (0, 1], got: NaN",
        () -> defaults.withCompactSimilarity(Float.NaN));
    rejects("halfLife must not be negative, got: PT-1H",
        () -> defaults.withHalfLife(Duration.ofHours(-1)));
    rejects("ttl must be positive (or null for none), got: PT0S",
        () -> defaults.withTtl(Duration.ZERO));
    rejects("perSessionCap must be finite and > 0, got: Infinity",
        () -> defaults.withPerSessionCap(Double.POSITIVE_INFINITY));
    assertThrows(NullPointerException.class, () -> defaults.withClock(null));
  }

  @Test
  void theCompactionReportReadsAsDocumented() {
    assertEquals("compacted 40 → 5", new CompactionReport(40, 5).toString());
    rejects("need before >= after >= 0, got: before=1, after=2",
        () -> new CompactionReport(1, 2));
  }

  private static void rejects(String message, Supplier<Object> build) {
    assertEquals(message, assertThrows(IllegalArgumentException.class, build::get).getMessage());
  }
}
