package dev.relearn.opensearch;

import dev.relearn.feedback.event.FeedbackEvent;
import dev.relearn.lucene.schema.Chunk;
import dev.relearn.opensearch.feedback.FeedbackEvents;
import dev.relearn.opensearch.feedback.LearningRequest;
import dev.relearn.opensearch.search.PastQueriesIndex;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.util.BytesRef;
import org.opensearch.common.xcontent.XContentHelper;
import org.opensearch.common.xcontent.XContentType;
import org.opensearch.core.common.bytes.BytesArray;
import org.opensearch.index.seqno.RetentionLease;
import org.opensearch.index.shard.IndexShard;
import org.opensearch.index.store.Store;
import org.opensearch.indices.IndicesService;
import org.opensearch.test.OpenSearchIntegTestCase.ClusterScope;
import org.opensearch.test.OpenSearchIntegTestCase.Scope;

/**
 * A forget removes the session's events and past queries from the shards' files, not only from
 * searches: after it no document of the session is left in a segment, not even one that
 * OpenSearch's soft deletes would have kept until a merge (the copy in the commit before it).
 */
@ClusterScope(scope = Scope.TEST, numDataNodes = 1, numClientNodes = 0)
public class ForgetPurgeTest extends RelearnClusterCase {
  private static final String INDEX = "chunks";
  private static final String FORGOTTEN = "s1";
  private static final List<String> HOLDERS =
      List.of(FeedbackEvents.INDEX, PastQueriesIndex.of(INDEX));

  public void testAForgottenSessionLeavesTheShardFiles() throws Exception {
    SmallCorpus corpus = new SmallCorpus(45L, 40);
    indexChunks(INDEX, corpus, 1, 0);
    Random random = new Random(21L);
    List<float[]> vectors = List.of(SmallCorpus.randomUnitVector(random),
        SmallCorpus.randomUnitVector(random));
    List<String> ids = corpus.chunks.stream().map(Chunk::id).limit(10).toList();
    FeedbackStream stream = FeedbackStream.near(random, vectors, List.of(ids, ids),
        System.currentTimeMillis());
    record(INDEX, stream.events);
    learning(LearningRequest.Operation.LEARN, null); // past queries; events updated as learned
    for (String index : HOLDERS) {
      client().admin().indices().prepareFlush(index).setForce(true).get();
      assertTrue(index + " holds the session's events", documentsOf(index, FORGOTTEN) > 0);
      leasesMovedOn(index);
    }

    long forgotten = stream.events.stream()
        .filter(event -> event.sessionHash().equals(FORGOTTEN)).count();
    assertEquals(forgotten, learning(LearningRequest.Operation.FORGET_SESSION, FORGOTTEN));
    for (String index : HOLDERS) {
      assertEquals(index + ": no copy of a forgotten event is left in a segment", 0,
          documentsOf(index, FORGOTTEN));
    }
    assertTrue("the other sessions' events stay",
        documentsOf(FeedbackEvents.INDEX, "s2") > 0);

    // events forgotten right after they were written outlive that purge, not the next pass's
    List<FeedbackEvent> fresh = stream.events.subList(0, 3).stream().map(e -> new FeedbackEvent(
        "fresh-" + e.eventId(), "s9", e.queryVector(), e.shown(), e.used(), e.outcome(), null,
        null, e.signal(), e.timestampMillis(), e.queryClass())).toList();
    record(INDEX, fresh);
    learning(LearningRequest.Operation.LEARN, null);
    assertEquals(fresh.size(), learning(LearningRequest.Operation.FORGET_SESSION, "s9"));
    HOLDERS.forEach(ForgetPurgeTest::leasesMovedOn);
    learning(LearningRequest.Operation.LEARN, null);
    for (String index : HOLDERS) {
      assertEquals(index + ": purged again by the next pass", 0, documentsOf(index, "s9"));
    }
  }

  /**
   * Syncs {@code index}'s checkpoints and retention leases until the leases have moved past
   * every write, as OpenSearch's own syncs (every 30 s) do on a cluster that has run a while.
   */
  private static void leasesMovedOn(String index) {
    try {
      assertBusy(() -> {
        IndexShard shard = shard(index);
        shard.maybeSyncGlobalCheckpoint("test");
        shard.syncRetentionLeases();
        long max = shard.seqNoStats().getMaxSeqNo();
        for (RetentionLease lease : shard.getRetentionLeases().leases()) {
          assertTrue(index + ": " + lease, lease.retainingSequenceNumber() > max);
        }
      });
    } catch (Exception e) {
      throw new AssertionError(e);
    }
  }

  private static IndexShard shard(String index) {
    IndicesService indices = internalCluster().getDataNodeInstance(IndicesService.class);
    return indices.indexServiceSafe(resolveIndex(index)).getShard(0);
  }

  /**
   * How many documents of the last commit of {@code index}'s shard, live or soft-deleted, hold
   * {@code session}: an event's own, or among a past query's sessions.
   */
  private static int documentsOf(String index, String session) throws Exception {
    Store store = shard(index).store();
    store.incRef();
    int found = 0;
    try (DirectoryReader reader = DirectoryReader.open(store.directory())) {
      for (LeafReaderContext leaf : reader.leaves()) {
        StoredFields fields = leaf.reader().storedFields();
        for (int doc = 0; doc < leaf.reader().maxDoc(); doc++) {
          BytesRef source = fields.document(doc).getBinaryValue("_source");
          if (source == null) {
            continue; // a delete's tombstone: its id alone
          }
          Map<String, Object> map = XContentHelper.convertToMap(new BytesArray(source.bytes,
              source.offset, source.length), false, XContentType.JSON).v2();
          Object sessions = map.getOrDefault(PastQueriesIndex.SESSIONS, List.of());
          if (session.equals(map.get("session")) || ((List<?>) sessions).contains(session)) {
            found++;
          }
        }
      }
    } finally {
      store.decRef();
    }
    return found;
  }
}
