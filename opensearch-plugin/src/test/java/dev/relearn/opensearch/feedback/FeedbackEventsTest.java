package dev.relearn.opensearch.feedback;

import dev.relearn.feedback.event.FeedbackEvent;
import dev.relearn.feedback.event.SignalClass;
import dev.relearn.lucene.feedback.Outcome;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.opensearch.common.io.stream.BytesStreamOutput;
import org.opensearch.test.OpenSearchTestCase;

/**
 * A cluster event read as embedded relearn's {@link FeedbackEvent}, checked by its rules, and
 * stored with the ids the learner looks it up by; the learner's requests between nodes.
 */
public class FeedbackEventsTest extends OpenSearchTestCase {
  private static Map<String, Object> event() {
    Map<String, Object> event = new HashMap<>();
    event.put("event_id", "ev-1");
    event.put("index", "chunks");
    event.put("session", "5f1a");
    event.put("vector", List.of(3.0, 4.0));
    event.put("shown", List.of(Map.of("id", "c001", "rank", 1), Map.of("id", "c002", "rank", 2)));
    event.put("used", List.of("c002"));
    event.put("outcome", "success");
    event.put("time_millis", 1000L);
    return event;
  }

  public void testReadsAsEmbeddedWithItsDefaults() {
    FeedbackEvent read = FeedbackEvents.event(event());
    assertArrayEquals(new float[] {0.6f, 0.8f}, read.queryVector(), 1e-7f);
    assertEquals(SignalClass.STRONG, read.signal()); // a shown chunk used, no signal sent
    assertEquals(Outcome.SUCCESS, read.outcome());
    assertEquals(2, read.rankOf("c002"));
    Map<String, Object> unshown = event();
    unshown.put("used", List.of("c009"));
    unshown.remove("session");
    assertEquals(SignalClass.WEAK, FeedbackEvents.event(unshown).signal());
    assertEquals("a session of its own", FeedbackEvents.OWN_SESSION + "ev-1",
        FeedbackEvents.event(unshown).sessionHash());
    unshown.put("event_id", "ev-2");
    assertEquals(FeedbackEvents.OWN_SESSION + "ev-2", FeedbackEvents.event(unshown).sessionHash());
  }

  public void testStoresTheEventUnlearnedWithATime() {
    Map<String, Object> stored = FeedbackEvents.stored(event());
    assertEquals(false, stored.get(FeedbackEvents.LEARNED));
    assertEquals(1000L, stored.get("time_millis"));
    Map<String, Object> untimed = event();
    untimed.remove("time_millis");
    long before = System.currentTimeMillis();
    assertTrue("stamped now, not expired at once",
        (Long) FeedbackEvents.stored(untimed).get("time_millis") >= before);
    Map<String, Object> ahead = event();
    ahead.put("time_millis", before + 365L * 24 * 3600 * 1000);
    assertTrue("a client clock set ahead: stamped now",
        (Long) FeedbackEvents.stored(ahead).get("time_millis") <= System.currentTimeMillis());
  }

  public void testRefusesWhatEmbeddedRefuses() {
    Map<String, Object> twice = event();
    twice.put("used", List.of("c002", "c002"));
    assertTrue(expectThrows(IllegalArgumentException.class, () -> FeedbackEvents.check(twice))
        .getMessage().startsWith("event ev-1 is not valid: used chunk ids must be non-blank"));
    Map<String, Object> signal = event();
    signal.put("signal", "loud");
    assertTrue(expectThrows(IllegalArgumentException.class, () -> FeedbackEvents.check(signal))
        .getMessage().contains("unknown signal class: 'loud'"));
    Map<String, Object> shown = event();
    shown.put("shown", List.of(Map.of("id", "c001")));
    assertEquals("[shown] must be an array of {\"id\", \"rank\"}", expectThrows(
        IllegalArgumentException.class, () -> FeedbackEvents.check(shown)).getMessage());
  }

  public void testAFieldOfTheWrongTypeIsNamed() {
    for (String field : List.of("session", "query_class", "quality", "time_millis")) {
      Map<String, Object> wrong = event();
      wrong.put(field, field.equals("quality") ? "high" : field.equals("time_millis") ? 1.5e12
          : 42);
      String message = expectThrows(IllegalArgumentException.class,
          () -> FeedbackEvents.check(wrong)).getMessage();
      assertTrue(message, message.startsWith("[" + field + "] must be a"));
    }
    Map<String, Object> nullSession = event();
    nullSession.put("session", null);
    assertEquals("ev-1", FeedbackEvents.check(nullSession));
    assertEquals("a session of its own", FeedbackEvents.OWN_SESSION + "ev-1",
        FeedbackEvents.event(nullSession).sessionHash());
  }

  public void testAChunkIdThatCannotKeyLearnedValuesIsRefused() {
    for (String id : List.of("é".repeat(257), "relearn.trust", "relearn.weights")) {
      for (String field : List.of("shown", "used")) {
        Map<String, Object> event = event();
        event.put(field, field.equals("used") ? List.of("c002", id)
            : List.of(Map.of("id", id, "rank", 1)));
        assertEquals("[shown] and [used] chunk ids must be at most 512 bytes, and not"
            + " relearn.trust or relearn.weights", expectThrows(IllegalArgumentException.class,
                () -> FeedbackEvents.check(event)).getMessage());
      }
    }
    Map<String, Object> longest = event();
    longest.put("used", List.of("é".repeat(256)));
    assertEquals("ev-1", FeedbackEvents.check(longest));
  }

  public void testAnIndexNameTooLongForItsLearnedIndexesIsRefused() {
    Map<String, Object> event = event();
    event.put("index", "c".repeat(243)); // "-past-queries" makes 256 bytes
    assertEquals("[index] must be at most 242 bytes, for the names of the indexes beside it: "
        + "c".repeat(243), expectThrows(IllegalArgumentException.class,
            () -> FeedbackEvents.check(event)).getMessage());
    event.put("index", "c".repeat(242));
    assertEquals("ev-1", FeedbackEvents.check(event));
  }

  public void testLearningRequestsCrossNodesUnchanged() throws Exception {
    LearningRequest forget = new LearningRequest(LearningRequest.Operation.FORGET_SESSION, "s1");
    try (BytesStreamOutput out = new BytesStreamOutput()) {
      forget.writeTo(out);
      LearningRequest read = new LearningRequest(out.bytes().streamInput());
      assertEquals(LearningRequest.Operation.FORGET_SESSION, read.operation());
      assertEquals("s1", read.session());
    }
    expectThrows(IllegalArgumentException.class,
        () -> new LearningRequest(LearningRequest.Operation.FORGET_SESSION, " "));
    expectThrows(IllegalArgumentException.class,
        () -> new LearningRequest(LearningRequest.Operation.LEARN, "s1"));
  }
}
