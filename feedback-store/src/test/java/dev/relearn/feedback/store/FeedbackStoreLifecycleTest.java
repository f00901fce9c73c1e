package dev.relearn.feedback.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.feedback.event.EventCodec;
import dev.relearn.feedback.event.FeedbackEvent;
import dev.relearn.feedback.event.VectorProtection;
import dev.relearn.feedback.index.FeedbackIndexConfig;
import dev.relearn.feedback.log.Translog;
import dev.relearn.lucene.schema.LearnedValues;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The life cycle of recorded feedback on real indexes on disk: what forgetting and expiry leave
 * in the store's files (deleted documents still sitting in segment files included), in the
 * learned values, and after a crash between a forget's commits.
 */
class FeedbackStoreLifecycleTest {
  private static final long T0 = 1_700_000_000_000L;
  private static final long DAY = Duration.ofDays(1).toMillis();

  @TempDir Path tmp;
  private StoreFixture fixture;
  private AtomicLong now;

  @BeforeEach
  void openChunkIndex() throws IOException {
    fixture = new StoreFixture(tmp, T0);
    now = fixture.now;
  }

  @AfterEach
  void closeChunkIndex() throws IOException {
    fixture.close();
  }

  private FeedbackStore open(FeedbackStoreConfig config) throws IOException {
    return fixture.open(config, ForgetAllFollowUp.NONE);
  }

  private FeedbackStoreConfig config() {
    return fixture.config();
  }

  private static FeedbackEvent event(String id, String session, float[] vector, String chunk,
      long millis) {
    return StoreFixture.event(id, session, vector, chunk, millis);
  }

  private static float[] unit(Random random) {
    return StoreFixture.unit(random.nextLong());
  }

  @Test
  void anEventOfAZeroVectorIsRefusedBeforeTheLogAndTheStoreGoesOn() throws Exception {
    try (FeedbackStore store = open(config())) {
      String session = store.sessions().hash("s");
      FeedbackEvent zero = event("z1", session, new float[StoreFixture.DIMENSION], "c0", T0);
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> store.record(zero));
      assertTrue(e.getMessage().contains("zero vector"), e.getMessage());
      assertEquals(null, store.failure(), "one bad event stopped the store");
      store.record(event("e1", session, StoreFixture.unit(3), "c0", T0));
    }
    try (FeedbackStore store = open(config())) { // nothing in the log to fail the replay
      assertTrue(store.contains("e1"));
      assertFalse(store.contains("z1"));
    }
    // what an older version logged before it refused such an event: the replay skips it
    try (Translog log = Translog.open(fixture.folder.resolve(StoreFolder.LOG))) {
      log.append(EventCodec.encode(event("z2", "s", new float[StoreFixture.DIMENSION], "c0", T0)));
    }
    try (FeedbackStore store = open(config())) {
      assertFalse(store.contains("z2"));
      assertTrue(store.stats().recovery().problems().toString().contains("zero vector"));
    }
  }

  @Test
  void aSessionLuceneCannotIndexIsRefusedBeforeTheLog() throws Exception {
    String longSession = "h".repeat(40_000); // within the log's two-byte length, not a term's
    try (FeedbackStore store = open(config())) {
      String session = store.sessions().hash("s");
      float[] vector = StoreFixture.unit(3);
      assertThrows(IllegalArgumentException.class,
          () -> store.record(event("l1", longSession, vector, "c0", T0)));
      assertEquals(null, store.failure(), "one bad event stopped the store");
      store.record(event("e1", session, vector, "c0", T0));
    }
    try (FeedbackStore store = open(config())) {
      assertTrue(store.contains("e1"));
    }
  }

  @Test
  void protectingVectorsIsRefusedWhileFeedbackRecordedWithoutItRemains() throws Exception {
    float[] vector = StoreFixture.unit(5);
    try (FeedbackStore store = open(config())) {
      store.record(event("e1", store.sessions().hash("s"), vector, "c0", T0));
    }
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> open(config().withProtectedVectors(true)));
    assertTrue(e.getMessage().contains("forget all feedback first"), e.getMessage());
    assertFalse(Files.exists(fixture.folder.resolve(VectorProtection.SECRET_FILE)));
    try (FeedbackStore store = open(config())) {
      assertEquals(1, store.similar(vector, 0.99f, 5).size(), "what was recorded still matches");
      store.forgetAll();
    }
    try (FeedbackStore store = open(config().withProtectedVectors(true))) {
      store.record(event("e2", store.sessions().hash("s"), vector, "c0", T0));
      assertEquals(1, store.similar(vector, 0.99f, 5).size());
    }
  }

  @Test
  void forgettingASessionLeavesNoneOfItsBytesInAnyFileOfTheStore() throws Exception {
    Random random = new Random(7);
    float[] forgotten = unit(random);
    String eventId = "Qzv8forgottenWj3";
    try (FeedbackStore store = open(config())) {
      String keep = store.sessions().hash("keep");
      String gone = store.sessions().hash("gone");
      for (int i = 0; i < 40; i++) {
        store.record(event("k" + i, keep, unit(random), "c" + (i % 3), T0));
      }
      store.record(event(eventId, gone, forgotten, "c3", T0));
      store.checkpoint(); // one segment of 41 events, one of them the session's
      assertTrue(store.forgetSession(gone) >= 1);
      assertEquals(LearnedValues.NEUTRAL, store.learned("c3"));
      assertEquals(40, store.stats().ledgerEvents());
    }
    Path folder = tmp.resolve("feedback");
    for (Path file : files(folder.resolve(StoreFolder.EVENTS))) { // written after the open
      assertEquals("rw-------", java.nio.file.attribute.PosixFilePermissions.toString(
          Files.getPosixFilePermissions(file)), file.toString());
    }
    assertNoDeletedDocuments(folder.resolve(StoreFolder.EVENTS));
    List<byte[]> traces = List.of(eventId.getBytes(StandardCharsets.US_ASCII),
        floats(forgotten, ByteOrder.LITTLE_ENDIAN), floats(forgotten, ByteOrder.BIG_ENDIAN));
    for (Path file : files(folder)) {
      byte[] bytes = Files.readAllBytes(file);
      for (byte[] trace : traces) {
        assertFalse(contains(bytes, trace), "a forgotten event's bytes remain in " + file);
      }
    }
  }

  @Test
  void expiredEventsLeaveTheIndexAndTheLearnedFieldsWhenTheStoreOpens() throws Exception {
    String oldId = "Xq7expiredPk2";
    try (FeedbackStore store = open(config())) {
      for (int i = 0; i < 30; i++) { // one session each: within their event budget
        store.record(event("recent" + i, store.sessions().hash("user" + i),
            unit(new Random(i)), "c0", T0 + 80 * DAY));
      }
      store.record(event(oldId, store.sessions().hash("alice"), unit(new Random(99)), "c1", T0));
      now.set(T0 + 80 * DAY);
      assertTrue(store.learned("c1").successes() > 0);
    }
    now.set(T0 + 91 * DAY); // a CLI process lives for seconds: expiry must not wait a day
    try (FeedbackStore store = open(config())) {
      assertFalse(store.contains(oldId), "the expired event is still recorded");
      assertEquals(30, store.stats().ledgerEvents());
      assertEquals(LearnedValues.NEUTRAL, store.learned("c1"), "expired evidence still counts");
      assertTrue(store.learned("c0").successes() > 0, "evidence within the TTL is kept");
    }
    Path folder = tmp.resolve("feedback");
    for (Path file : files(folder.resolve(StoreFolder.EVENTS))) { // written after the open
      assertEquals("rw-------", java.nio.file.attribute.PosixFilePermissions.toString(
          Files.getPosixFilePermissions(file)), file.toString());
    }
    assertNoDeletedDocuments(folder.resolve(StoreFolder.EVENTS));
    for (Path file : files(folder)) {
      assertFalse(contains(Files.readAllBytes(file), oldId.getBytes(StandardCharsets.US_ASCII)),
          "an expired event's bytes remain in " + file);
    }
  }

  @Test
  void aStoreWithoutTimeToLiveExpiresNothingAndKeepsWorking() throws Exception {
    FeedbackIndexConfig index = config().index();
    FeedbackStoreConfig config = StoreFixture.config(new FeedbackIndexConfig(index.dimension(),
        index.mergeSimilarity(), index.compactSimilarity(), index.halfLife(), null,
        index.perSessionCap(), index.clock()));
    try (FeedbackStore store = open(config)) {
      store.record(event("e1", store.sessions().hash("a"), unit(new Random(1)), "c0", T0));
      now.set(T0 + 1000 * DAY);
      assertEquals(0, store.expire());
      assertTrue(store.contains("e1"));
    }
    try (FeedbackStore store = open(config)) {
      assertTrue(store.contains("e1"));
      store.record(event("e2", store.sessions().hash("a"), unit(new Random(2)), "c1", T0));
    }
  }

  @Test
  void aBlankSessionHashIsRefusedBeforeTheForgetIsNamedSoTheStoreStillOpens() throws Exception {
    IllegalArgumentException refused;
    try (FeedbackStore store = open(config())) {
      store.record(event("b1", store.sessions().hash("kept"), unit(new Random(4)), "c0", T0));
      refused = assertThrows(IllegalArgumentException.class, () -> store.forgetSession(" "));
    }
    // the log named no forget: the next open has nothing to finish, and nothing was lost
    try (FeedbackStore store = open(config())) {
      assertTrue(store.contains("b1"));
      assertEquals(1, store.similar(unit(new Random(4)), 0.99f, 5).size());
    }
    assertTrue(refused.getMessage().contains("' '"), refused.getMessage());
  }

  private static void assertNoDeletedDocuments(Path index) throws IOException {
    try (Directory directory = FSDirectory.open(index);
        DirectoryReader reader = DirectoryReader.open(directory)) {
      for (LeafReaderContext leaf : reader.leaves()) {
        assertEquals(0, leaf.reader().numDeletedDocs(),
            "a segment of " + index + " still holds deleted documents");
      }
    }
  }

  private static List<Path> files(Path folder) throws IOException {
    try (Stream<Path> walk = Files.walk(folder)) {
      return new ArrayList<>(walk.filter(Files::isRegularFile).toList());
    }
  }

  private static byte[] floats(float[] vector, ByteOrder order) {
    ByteBuffer buffer = ByteBuffer.allocate(vector.length * Float.BYTES).order(order);
    for (float v : vector) {
      buffer.putFloat(v);
    }
    return buffer.array();
  }

  private static boolean contains(byte[] haystack, byte[] needle) {
    outer:
    for (int i = 0; i + needle.length <= haystack.length; i++) {
      for (int j = 0; j < needle.length; j++) {
        if (haystack[i + j] != needle[j]) {
          continue outer;
        }
      }
      return true;
    }
    return false;
  }
}
