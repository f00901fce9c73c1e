package dev.relearn.feedback.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.InstantSource;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

class FeedbackIndexConfigTest {
  private final FeedbackIndexConfig defaults = FeedbackIndexConfig.defaults(384);

  private static FeedbackIndexConfig with(float merge, float compact, Duration halfLife,
      Duration ttl, double cap) {
    return new FeedbackIndexConfig(384, merge, compact, halfLife, ttl, cap, InstantSource.system());
  }

  @Test
  void defaultsAreTheDocumentedOnes() {
    assertEquals(0.95f, defaults.mergeSimilarity());
    assertEquals(0.98f, defaults.compactSimilarity());
    assertEquals(Duration.ofDays(30), defaults.halfLife());
    assertEquals(Duration.ofDays(90), defaults.ttl());
    assertEquals(3.0, defaults.perSessionCap());
    assertTrue(with(0.95f, 0.98f, Duration.ZERO, null, 3).decay().none());
    assertTrue(with(0.95f, 0.98f, null, null, 3).decay().none());
  }

  @Test
  void everyFieldIsValidatedNamingTheBadValue() {
    rejects("dimension must be in [1, 1024], got: 0", () -> FeedbackIndexConfig.defaults(0));
    rejects("mergeSimilarity must be in (0, 1], got: 1.5",
        () -> with(1.5f, 0.98f, null, null, 3));
    rejects("compactSimilarity must be in (0, 1], got: NaN",
        () -> with(0.95f, Float.NaN, null, null, 3));
    rejects("halfLife must not be negative, got: PT-1H",
        () -> with(0.95f, 0.98f, Duration.ofHours(-1), null, 3));
    rejects("ttl must be positive (or null for none), got: PT0S",
        () -> with(0.95f, 0.98f, null, Duration.ZERO, 3));
    rejects("perSessionCap must be finite and > 0, got: Infinity",
        () -> with(0.95f, 0.98f, null, null, Double.POSITIVE_INFINITY));
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
