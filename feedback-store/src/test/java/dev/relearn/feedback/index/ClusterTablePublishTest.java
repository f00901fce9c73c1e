package dev.relearn.feedback.index;

import static dev.relearn.feedback.index.Fixtures.T0;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.feedback.event.FeedbackEvent;
import dev.relearn.lucene.feedback.Outcome;
import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Publishing a write to lookups costs the write, not the table: the slots lookups read are
 * appended to in place and copied only before a published one changes, which lookups then see
 * only once published.
 */
class ClusterTablePublishTest {
  private static final int DIM = 8;
  private static final int CLUSTERS = 5_000;
  private static final int WRITES = 200;

  private final ClusterTable table = new ClusterTable(FeedbackIndexConfig.defaults(DIM));
  private final Random random = new Random(3);
  private int events;

  @Test
  void aPublishCopiesNoSlots() {
    for (int i = 0; i < CLUSTERS; i++) {
      join("c" + i, Fixtures.randomUnit(random, DIM));
    }
    com.sun.management.ThreadMXBean threads =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    long before = threads.getCurrentThreadAllocatedBytes();
    for (int i = 0; i < WRITES; i++) {
      join("n" + i, Fixtures.randomUnit(random, DIM));
    }
    long perWrite = (threads.getCurrentThreadAllocatedBytes() - before) / WRITES;
    System.out.println("allocated per write and publish, " + CLUSTERS + " clusters: " + perWrite
        + " bytes");
    assertTrue(perWrite < CLUSTERS * 2L, perWrite + " bytes per write: the slots were copied");
  }

  @Test
  void aLookupSeesAWriteOnlyOncePublished() {
    float[] vector = Fixtures.randomUnit(random, DIM);
    join("a", vector);
    FeedbackEvent second = Fixtures.event("e" + events++, "s", vector, "chunk", Outcome.SUCCESS,
        T0 + events);
    table.join("a", second, vector.clone(), Fixtures.evidence(second)); // absorbed, unpublished
    FeedbackEvent other = Fixtures.event("e" + events++, "t", vector, "chunk", Outcome.SUCCESS,
        T0 + events);
    table.join("b", other, vector.clone(), Fixtures.evidence(other)); // founded, unpublished
    assertEquals(List.of(1), events(vector));
    table.publish();
    assertEquals(List.of(2, 1), events(vector));
  }

  private List<Integer> events(float[] vector) {
    return table.similar(vector, 0.5f, 10, List.of(), T0).stream().map(q -> q.events()).toList();
  }

  private void join(String clusterId, float[] vector) {
    FeedbackEvent event = Fixtures.event("e" + events++, "s", vector, "chunk", Outcome.SUCCESS,
        T0 + events);
    table.join(clusterId, event, vector.clone(), Fixtures.evidence(event));
    table.publish();
  }
}
