package dev.relearn.feedback.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.feedback.event.EventEvidence;
import dev.relearn.feedback.event.FeedbackEvent;
import dev.relearn.feedback.event.ShownResult;
import dev.relearn.feedback.event.SignalClass;
import dev.relearn.feedback.index.SessionBudget;
import dev.relearn.lucene.feedback.ChunkEvidence;
import dev.relearn.lucene.feedback.Outcome;
import dev.relearn.lucene.schema.LearnedValues;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

class ChunkAggregatesTest {
  private static final EventEvidence EVIDENCE = new EventEvidence(1.0);

  /** One piece of evidence, as the tests add it. */
  private record Item(String chunkId, ChunkEvidence evidence, long when, String session) {}

  @Test
  void capsAreExactPerSession() {
    ChunkAggregates aggregates = new ChunkAggregates();
    ChunkEvidence use = new ChunkEvidence(1.0, 1.0, 1.0, 0);
    for (int i = 0; i < 10; i++) {
      aggregates.add("c", use, 1000 + i, "spammer");
    }
    assertEquals(new ChunkEvidence(3.0, 3.0, 3.0, 0), aggregates.totals("c"),
        "capped at 3 with its click rate of 1 kept (not 3 clicks in 9 examinations)");
    aggregates.add("c", new ChunkEvidence(20, 0, 0, 0), 2000, "spammer");
    assertEquals(new ChunkEvidence(9.0, 3.0, 3.0, 0), aggregates.totals("c"),
        "10 uses in 30 examinations: examinations cap at 3x the cap, the rate of 1/3 kept");
    assertEquals(1009, aggregates.get("c").lastUsedMillis(), "shown later, not used later");
    aggregates.add("c", new ChunkEvidence(0.5, 1.25, 0, 1.25), 1500, "honest");
    assertEquals(new LearnedValues(9.5, 4.25, 3, 1, 1500), aggregates.get("c"));
    assertEquals(new ChunkEvidence(9.5, 4.25, 3.0, 1.25), aggregates.totals("c"));
  }

  @Test
  void capsAreExactAndOrderIndependentForAnyOrder() {
    Random random = new Random(42);
    List<Item> items = randomItems(random, 3000);
    ChunkAggregates reference = addAll(items);
    for (int round = 0; round < 5; round++) {
      List<Item> shuffled = new ArrayList<>(items);
      Collections.shuffle(shuffled, random);
      ChunkAggregates again = addAll(shuffled);
      assertEquals(reference.snapshot(), again.snapshot());
      for (String id : reference.chunkIds()) {
        assertEquals(reference.totals(id), again.totals(id), id);
      }
    }
    for (String id : reference.chunkIds()) {
      assertTrue(reference.totals(id).clicks() <= 3.0 * 12 + 1e-9, "at most 12 sessions at cap");
    }
  }

  @Test
  void recomputeEqualsIncremental() {
    Random random = new Random(7);
    List<FeedbackEvent> events = randomEvents(random, 500);
    ChunkAggregates incremental = new ChunkAggregates(2.0);
    for (FeedbackEvent event : events) {
      Map<String, LearnedValues> changed = incremental.add(event, EVIDENCE);
      changed.forEach((id, values) -> assertEquals(incremental.get(id), values));
    }
    Collections.shuffle(events, random);
    ChunkAggregates recomputed = ChunkAggregates.recompute(events, EVIDENCE, 2.0);
    assertEquals(incremental.snapshot(), recomputed.snapshot());
    Map<String, Long> perSession = new TreeMap<>();
    events.forEach(event -> perSession.merge(event.sessionHash(), 1L, Long::sum));
    assertTrue(perSession.values().stream().anyMatch(n -> n > SessionBudget.EVENTS)
        && perSession.values().stream().anyMatch(n -> n <= SessionBudget.EVENTS)
        && !recomputed.snapshot().isEmpty(), "sessions within and over the budget");
  }

  @Test
  void aSessionOverItsBudgetTakesOutAllItAdded() {
    ChunkAggregates aggregates = new ChunkAggregates();
    Map<String, ChunkEvidence> use = Map.of("c", new ChunkEvidence(1, 1, 1, 0));
    aggregates.addEvent("honest", use, 1000);
    LearnedValues honest = aggregates.get("c");
    for (int i = 0; i < SessionBudget.EVENTS; i++) {
      aggregates.addEvent("spammer", Map.of("c", new ChunkEvidence(1, 1, 1, 0),
          "d", new ChunkEvidence(1, 1, 0, 1)), 2000 + i);
    }
    assertEquals(2019, aggregates.get("c").lastUsedMillis(), "within its budget it counts");
    assertEquals(4.0, aggregates.get("c").clicks(), 1e-9, "1 + the spammer's capped 3");
    Map<String, LearnedValues> changed = aggregates.addEvent("spammer", use, 5000);
    assertEquals(honest, aggregates.get("c"), "its 21st event takes out all it added");
    assertEquals(LearnedValues.NEUTRAL, aggregates.get("d"));
    assertEquals(Map.of("c", honest, "d", LearnedValues.NEUTRAL), changed);
    assertEquals(Map.of(), aggregates.addEvent("spammer", use, 6000), "then it adds nothing");
    assertEquals(honest, aggregates.get("c"));
  }

  @Test
  void lastUseMovesOnlyWhenUsedAndNeverBackwards() {
    ChunkAggregates aggregates = new ChunkAggregates();
    aggregates.add("c", new ChunkEvidence(1, 0, 0, 0), 5000, "s");
    assertEquals(0, aggregates.get("c").lastUsedMillis(), "shown, not used");
    aggregates.add("c", new ChunkEvidence(0, 1, 0, 0), 3000, "s");
    aggregates.add("c", new ChunkEvidence(0, 1, 0, 0), 2000, "t");
    assertEquals(3000, aggregates.get("c").lastUsedMillis());
    aggregates.add("c", new ChunkEvidence(1, 0, 0, 0), 9000, "t");
    assertEquals(3000, aggregates.get("c").lastUsedMillis());
  }

  @Test
  void unknownChunksAreNeutral() {
    ChunkAggregates aggregates = new ChunkAggregates();
    assertEquals(LearnedValues.NEUTRAL, aggregates.get("nope"));
    assertEquals(ChunkEvidence.NONE, aggregates.totals("nope"));
    assertEquals(LearnedValues.NEUTRAL, aggregates.add("c", ChunkEvidence.NONE, 1, "s"));
    assertEquals(Set.of(), aggregates.chunkIds(), "no evidence learns nothing");
    aggregates.add("c", new ChunkEvidence(1, 1, 0, 0), 1, "s");
    assertEquals(Set.of("c"), aggregates.chunkIds());
  }

  @Test
  void successesRoundHalfUpWhileTotalsStayExact() {
    ChunkAggregates aggregates = new ChunkAggregates();
    aggregates.add("c", new ChunkEvidence(1, 0.3, 0.3, 0.6), 1, "a");
    aggregates.add("c", new ChunkEvidence(1, 0.2, 0.2, 0), 1, "b");
    assertEquals(new LearnedValues(2, 0.5, 1, 1, 1), aggregates.get("c"));
    assertEquals(new ChunkEvidence(2, 0.5, 0.5, 0.6), aggregates.totals("c"));
  }

  @Test
  void concurrentAddsEqualSequentialAdds() throws InterruptedException {
    List<Item> items = randomItems(new Random(3), 4000);
    ChunkAggregates concurrent = new ChunkAggregates();
    int threads = 4;
    CountDownLatch start = new CountDownLatch(1);
    List<Thread> workers = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      int first = t;
      workers.add(Thread.ofPlatform().name("aggregates-test-" + t).start(() -> {
        try {
          start.await();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new IllegalStateException("interrupted before starting", e);
        }
        for (int i = first; i < items.size(); i += threads) {
          Item item = items.get(i);
          concurrent.add(item.chunkId(), item.evidence(), item.when(), item.session());
        }
      }));
    }
    start.countDown();
    for (Thread worker : workers) {
      worker.join();
    }
    assertEquals(addAll(items).snapshot(), concurrent.snapshot());
  }

  @Test
  void badArgumentsAreNamed() {
    assertEquals("per-session cap must be in (0, 1000000.0], got: 0.0", assertThrows(
        IllegalArgumentException.class, () -> new ChunkAggregates(0)).getMessage());
    ChunkAggregates aggregates = new ChunkAggregates();
    assertEquals("whenMillis must be >= 0, got: -5 for chunk c", assertThrows(
        IllegalArgumentException.class,
        () -> aggregates.add("c", ChunkEvidence.NONE, -5, "s")).getMessage());
    assertEquals("chunk id must not be blank, got: ' '", assertThrows(
        IllegalArgumentException.class,
        () -> aggregates.add(" ", ChunkEvidence.NONE, 1, "s")).getMessage());
  }

  private static ChunkAggregates addAll(List<Item> items) {
    ChunkAggregates aggregates = new ChunkAggregates();
    for (Item item : items) {
      aggregates.add(item.chunkId(), item.evidence(), item.when(), item.session());
    }
    return aggregates;
  }

  private static List<Item> randomItems(Random random, int count) {
    List<Item> items = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      boolean used = random.nextInt(3) == 0;
      double use = used ? random.nextDouble() * 1.3 : 0;
      ChunkEvidence evidence = new ChunkEvidence(random.nextDouble(), use,
          random.nextBoolean() ? use : 0, random.nextInt(4) == 0 ? use : 0);
      items.add(new Item("c" + random.nextInt(25), evidence, random.nextInt(1_000_000),
          "s" + random.nextInt(12)));
    }
    return items;
  }

  private static List<FeedbackEvent> randomEvents(Random random, int count) {
    List<FeedbackEvent> events = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      List<ShownResult> shown = new ArrayList<>();
      int first = random.nextInt(40);
      for (int rank = 1; rank <= 5; rank++) {
        shown.add(new ShownResult("c" + (first + rank), rank));
      }
      String used = "c" + (first + 1 + random.nextInt(7)); // sometimes not shown
      Outcome outcome = Outcome.values()[random.nextInt(Outcome.values().length)];
      Double quality = random.nextBoolean() ? null : random.nextDouble();
      SignalClass signal = SignalClass.values()[random.nextInt(SignalClass.values().length)];
      events.add(new FeedbackEvent("e" + i, "s" + random.nextInt(30), new float[] {1, 0}, shown,
          List.of(used), outcome, null, quality, signal,
              1_700_000_000_000L + random.nextInt(1000), null));
    }
    return events;
  }

  @Test
  void aMoveHandsAChunksStatisticsToAnIdWithNoneAndRefusesOneWithItsOwn() {
    ChunkAggregates aggregates = new ChunkAggregates();
    aggregates.add("a", new ChunkEvidence(2, 1, 1, 0), 1000, "s1");
    aggregates.add("a", new ChunkEvidence(1, 1, 0, 1), 2000, "s2");
    aggregates.add("b", new ChunkEvidence(1, 1, 1, 0), 3000, "s1");
    LearnedValues a = aggregates.get("a");
    assertEquals(a, aggregates.move("a", "c"));
    assertEquals(a, aggregates.get("c"));
    assertEquals(LearnedValues.NEUTRAL, aggregates.get("a"));
    aggregates.add("c", new ChunkEvidence(1, 1, 1, 0), 4000, "s2"); // counts on as one ledger
    ChunkAggregates recounted = new ChunkAggregates();
    recounted.add("c", new ChunkEvidence(2, 1, 1, 0), 1000, "s1");
    recounted.add("c", new ChunkEvidence(1, 1, 0, 1), 2000, "s2");
    recounted.add("c", new ChunkEvidence(1, 1, 1, 0), 4000, "s2");
    assertEquals(recounted.get("c"), aggregates.get("c"));
    LearnedValues b = aggregates.get("b");
    LearnedValues c = aggregates.get("c");
    IllegalStateException e =
        assertThrows(IllegalStateException.class, () -> aggregates.move("b", "c"));
    assertTrue(e.getMessage().contains("of b to c"), e.getMessage());
    assertEquals(b, aggregates.get("b"), "nothing moved");
    assertEquals(c, aggregates.get("c"));
  }
}
