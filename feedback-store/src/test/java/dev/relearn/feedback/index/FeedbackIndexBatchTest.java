package dev.relearn.feedback.index;

import static dev.relearn.feedback.index.Fixtures.T0;
import static dev.relearn.feedback.index.Fixtures.event;
import static dev.relearn.feedback.index.Fixtures.evidence;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.feedback.event.FeedbackEvent;
import dev.relearn.lucene.feedback.Outcome;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FeedbackIndexBatchTest {
  private static final int DIM = 8;

  @TempDir Path tmp;

  @Test
  void addingInGroupsBuildsWhatAddingOneByOneBuilds() throws Exception {
    Random random = new Random(5);
    float[][] topics = {Fixtures.randomUnit(random, DIM), Fixtures.randomUnit(random, DIM)};
    List<TaughtEvent> events = new ArrayList<>();
    for (int i = 0; i < 60; i++) {
      FeedbackEvent event = event("e" + (i == 59 ? 3 : i), "s" + random.nextInt(3),
          Fixtures.near(topics[random.nextInt(2)], 0.05, random), "c" + random.nextInt(5),
          random.nextBoolean() ? Outcome.SUCCESS : Outcome.FAILURE, T0 + i);
      events.add(new TaughtEvent(event, evidence(event))); // the last one repeats e3
    }
    FeedbackIndexConfig config = FeedbackIndexConfig.defaults(DIM);
    try (FeedbackIndex single = TestIndexes.open(tmp.resolve("single"), config);
        FeedbackIndex grouped = TestIndexes.open(tmp.resolve("grouped"), config)) {
      List<AddResult> one = new ArrayList<>();
      for (TaughtEvent taught : events) {
        one.add(single.add(taught.event(), taught.evidence()));
      }
      List<AddResult> groups = new ArrayList<>();
      for (int from = 0; from < events.size(); from += 7) {
        grouped.addAll(events.subList(from, Math.min(events.size(), from + 7)))
            .forEach(groups::add);
      }
      assertEquals(one, groups);
      assertTrue(one.contains(AddResult.MERGED), "near-duplicate queries merged");
      assertEquals(AddResult.DUPLICATE, groups.getLast());
      assertEquals(shape(single), shape(grouped));
      float[] query = topics[0];
      assertEquals(single.similar(query, 0.5f, 5).stream().map(p -> p.events()).toList(),
          grouped.similar(query, 0.5f, 5).stream().map(p -> p.events()).toList());
    }
  }

  /** The clusters as their events and sessions, in the order they were founded. */
  private static List<String> shape(FeedbackIndex index) {
    return index.recorded().clusters().stream()
        .map(c -> c.eventIds() + " " + c.sessions() + " " + c.chunks()).toList();
  }
}
