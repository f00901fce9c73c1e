package dev.relearn.feedback.index;

import static dev.relearn.feedback.index.Fixtures.T0;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.feedback.event.FeedbackEvent;
import dev.relearn.lucene.feedback.Outcome;
import dev.relearn.lucene.feedback.PastQuery;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.lucene.util.VectorUtil;
import org.junit.jupiter.api.Test;

/**
 * Lookups over the centroid graph against an exact scan of the same clusters: identical below
 * {@link ClusterTable#EXACT_BELOW} clusters, within a stated recall above, and following the
 * centroids as members move them.
 */
class ClusterTableGraphTest {
  private static final int DIM = 32;
  private static final int TOPICS = 60;
  private static final float MIN = 0.7f;
  private static final int MAX = 50;
  /** The share of the exact scan's clusters the graph lookups must return, over all queries. */
  private static final double RECALL = 0.95;
  /** Topics crowded with enough clusters that lookups walk past many near the query. */
  private static final int CROWDED = 5;

  private final FeedbackIndexConfig config = FeedbackIndexConfig.defaults(DIM);
  private final ClusterTable table = new ClusterTable(config);
  private final Random random = new Random(7);
  private final float[][] topics = new float[TOPICS][];
  private int events;

  ClusterTableGraphTest() {
    for (int i = 0; i < TOPICS; i++) {
      topics[i] = Fixtures.randomUnit(random, DIM);
    }
  }

  /** A new cluster of its own session near a random topic; returns its id. */
  private String found(float[] vector) {
    String id = "c" + events;
    join(id, "s" + events, vector);
    return id;
  }

  private void join(String clusterId, String session, float[] vector) {
    join(table, clusterId, session, vector);
  }

  private void join(ClusterTable into, String clusterId, String session, float[] vector) {
    FeedbackEvent event = Fixtures.event("e" + events++, session, vector, "chunk",
        Outcome.SUCCESS, T0 + events);
    into.join(clusterId, event, vector.clone(), Fixtures.evidence(event));
    into.publish();
  }

  private float[] nearTopic() {
    return Fixtures.near(topics[random.nextInt(TOPICS)], 0.6, random);
  }

  /** The exact answer: every centroid compared, most similar first, then earliest founded. */
  private List<Set<String>> exact(float[] query, Collection<String> skipped) {
    record Scored(Cluster cluster, int position, float similarity) {}
    List<Scored> all = new ArrayList<>();
    List<Cluster> clusters = table.clusters();
    for (int i = 0; i < clusters.size(); i++) {
      Cluster cluster = clusters.get(i);
      float similarity = VectorUtil.dotProduct(query, cluster.centroid());
      if (similarity >= MIN && cluster.sessions().stream().noneMatch(skipped::contains)) {
        all.add(new Scored(cluster, i, similarity));
      }
    }
    all.sort(Comparator.comparingDouble((Scored s) -> -s.similarity())
        .thenComparingInt(Scored::position));
    return all.stream().limit(MAX).map(s -> s.cluster().sessions()).toList();
  }

  private List<Set<String>> lookup(float[] query, Collection<String> skipped) {
    return table.similar(query, MIN, MAX, skipped, T0).stream().map(PastQuery::sessions)
        .toList();
  }

  @Test
  void belowTheGraphSizeLookupsAreTheExactScan() {
    for (int i = 0; i < ClusterTable.EXACT_BELOW - 1; i++) {
      found(nearTopic());
    }
    for (int q = 0; q < 200; q++) {
      float[] query = nearTopic();
      assertEquals(exact(query, Set.of()), lookup(query, Set.of()));
    }
  }

  @Test
  void graphLookupsFindWhatTheExactScanFindsWithinTheStatedRecall() {
    for (int i = 0; i < 3 * ClusterTable.EXACT_BELOW; i++) {
      found(nearTopic());
    }
    // members move some centroids: a near-duplicate of the same session joins its cluster
    for (int i = 0; i < 500; i++) {
      Cluster cluster = table.get("c" + random.nextInt(3 * ClusterTable.EXACT_BELOW));
      float[] member = Fixtures.near(cluster.centroid(), 0.25, random);
      if (VectorUtil.dotProduct(member, cluster.centroid()) >= config.mergeSimilarity()) {
        join(cluster.id(), cluster.sessions().iterator().next(), member);
      }
    }
    int expected = 0;
    int found = 0;
    for (int q = 0; q < 300; q++) {
      float[] query = nearTopic();
      Set<String> skipped = q % 3 == 0 ? Set.of("s" + random.nextInt(events)) : Set.of();
      List<Set<String>> want = exact(query, skipped);
      List<Set<String>> got = lookup(query, skipped);
      assertTrue(want.containsAll(got), "a lookup returns only what the exact scan returns");
      assertTrue(got.size() <= MAX);
      expected += want.size();
      found += got.size();
    }
    double recall = (double) found / expected;
    System.out.printf(Locale.ROOT, "graph lookups: recall %.4f of %d clusters%n", recall,
        expected);
    assertTrue(recall >= RECALL, "recall " + recall);
  }

  @Test
  void aSessionFarOverItsBudgetLeavesHowTheOtherSessionsAreFoundAlone() {
    ClusterTable spammed = new ClusterTable(config);
    Random crowd = new Random(11);
    for (int i = 0; i < 3 * ClusterTable.EXACT_BELOW; i++) { // a crowd on a few topics
      float[] vector = Fixtures.near(topics[crowd.nextInt(CROWDED)], 0.6, crowd);
      join(table, "c" + i, "s" + i, vector);
      join(spammed, "c" + i, "s" + i, vector);
    }
    for (int i = 0; i < 50 * SessionBudget.EVENTS; i++) { // one session, far over its budget
      float[] vector = Fixtures.near(topics[crowd.nextInt(CROWDED)], 0.6, crowd);
      join(spammed, "spam" + i, "spam", vector);
      if (i < SessionBudget.EVENTS) { // what the session sent within its budget
        join(table, "spam" + i, "spam", vector);
      }
    }
    for (int q = 0; q < 300; q++) {
      float[] query = Fixtures.near(topics[crowd.nextInt(CROWDED)], 0.6, crowd);
      List<Set<String>> others = spammed.similar(query, MIN, MAX, Set.of(), T0).stream()
          .map(PastQuery::sessions).filter(sessions -> !sessions.contains("spam")).toList();
      assertEquals(lookup(query, Set.of("spam")), others, "query " + q);
    }
  }

  @Test
  void anEmptyGraphFindsNothingAndSearchedNothing() {
    CentroidGraph.Found found = new CentroidGraph(DIM).nearest(nearTopic(), MAX, MIN, i -> true,
        false);
    assertEquals(0, found.positions().length);
    assertEquals(0, found.searched());
  }

  @Test
  void aDerivedTableAnswersExactlyAtOnceAndByItsGraphBuiltInTheBackgroundFromItsFirstLookup()
      throws Exception {
    for (int i = 0; i < 3 * ClusterTable.EXACT_BELOW; i++) { // as derived at open: unpublished
      String id = "c" + events;
      FeedbackEvent event = Fixtures.event("e" + events++, "s" + id, nearTopic(), "chunk",
          Outcome.SUCCESS, T0 + events);
      table.join(id, event, event.queryVector().clone(), Fixtures.evidence(event));
    }
    table.publishDerived(); // returns before the graph holds the 3,000 clusters
    assertEquals(0, table.linked(), "nothing is linked before a lookup needs the graph");
    float[] first = nearTopic();
    assertTrue(exact(first, Set.of()).containsAll(lookup(first, Set.of())));
    table.awaitGraph();
    assertEquals(3 * ClusterTable.EXACT_BELOW, table.linked());
    int expected = 0;
    int found = 0;
    for (int q = 0; q < 200; q++) {
      float[] query = nearTopic();
      List<Set<String>> want = exact(query, Set.of());
      List<Set<String>> got = lookup(query, Set.of());
      assertTrue(want.containsAll(got), "a lookup returns only what the exact scan returns");
      expected += want.size();
      found += got.size();
    }
    assertTrue((double) found / expected >= RECALL, found + " of " + expected);
    found(nearTopic()); // recording after the build links at once again
    assertEquals(table.size(), 3 * ClusterTable.EXACT_BELOW + 1);
  }

  @Test
  void aCentroidThatMembersMovedIsFoundWhereItIsNow() {
    for (int i = 0; i < 2 * ClusterTable.EXACT_BELOW; i++) {
      found(Fixtures.randomUnit(random, DIM));
    }
    float[] target = Fixtures.randomUnit(random, DIM);
    for (int i = 0; i < 100; i++) { // a crowd near the target, less similar than the mover ends
      found(Fixtures.near(target, 0.9, random));
    }
    float[] start = Fixtures.randomUnit(random, DIM);
    String mover = found(start);
    float before = VectorUtil.dotProduct(start, target);
    float[] centroid = start;
    while (VectorUtil.dotProduct(centroid, target) < 0.97f) {
      join(mover, "s" + mover.substring(1), towards(centroid, target, 0.96f));
      centroid = table.get(mover).centroid();
    }
    List<PastQuery> hits = table.similar(target, MIN, MAX, Set.of(), T0);
    assertTrue(before < MIN, "the mover started far from the target: " + before);
    assertEquals(table.get(mover).sessions(), hits.get(0).sessions(),
        "the moved cluster is the most similar one");
    assertEquals(VectorUtil.dotProduct(target, centroid), hits.get(0).similarity(), 1e-6f);
  }

  @Test
  void lookupsRunWhileTheWriterLinksNewCentroids() throws Exception {
    AtomicBoolean writing = new AtomicBoolean(true);
    AtomicInteger lookups = new AtomicInteger();
    CountDownLatch started = new CountDownLatch(1);
    Random queries = new Random(8);
    FutureTask<Void> reader = new FutureTask<>(() -> {
      do {
        table.similar(Fixtures.randomUnit(queries, DIM), MIN, MAX, Set.of("s1"), T0);
        lookups.incrementAndGet();
        started.countDown();
      } while (writing.get());
      return null;
    });
    Thread.ofPlatform().name("graph-lookups").start(reader);
    assertTrue(started.await(60, TimeUnit.SECONDS));
    for (int i = 0; i < 2 * ClusterTable.EXACT_BELOW; i++) {
      String id = found(nearTopic());
      if (i % 4 == 0) { // and a member far enough to give the cluster a new node
        join(id, "s" + id.substring(1), towards(table.get(id).centroid(), nearTopic(), 0.96f));
      }
    }
    writing.set(false);
    reader.get(60, TimeUnit.SECONDS);
    System.out.printf(Locale.ROOT, "%d lookups while %d clusters were linked%n", lookups.get(),
        table.size());
    float[] query = nearTopic();
    assertEquals(exact(query, Set.of()).size(), lookup(query, Set.of()).size());
  }

  /** The unit vector at similarity {@code cos} to {@code from}, turned towards {@code to}. */
  private static float[] towards(float[] from, float[] to, float cos) {
    float dot = VectorUtil.dotProduct(from, to);
    float[] orthogonal = new float[from.length];
    for (int i = 0; i < from.length; i++) {
      orthogonal[i] = to[i] - dot * from[i];
    }
    return Fixtures.at(cos, from, Fixtures.normalize(orthogonal));
  }
}
