package dev.relearn.indexer.embed;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.lucene.schema.Chunk;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two stores of one JVM on one cache file share it ({@link OpenVectorFiles}): both write, the
 * lock (seen from a child process) stays until the last closes, compactions and index calls of
 * one are seen by the other.
 */
class VectorStoreSharingTest {
  private static final int DIM = 4;

  @TempDir Path dir;
  private final Random random = new Random(7);

  private float[] vector() {
    float[] v = new float[DIM];
    for (int i = 0; i < DIM; i++) {
      v[i] = random.nextFloat();
    }
    return v;
  }

  private Path file() {
    return VectorStore.fileIn(dir, "m");
  }

  @Test
  void theLockIsHeldUntilTheLastStoreOnTheFileCloses() throws Exception {
    VectorStore first = VectorStore.open(dir, "m", DIM);
    VectorStore second = VectorStore.open(dir, "m", DIM);
    assertTrue(first.writable() && second.writable(), "both may write");
    assertEquals(2, OpenVectorFiles.users(file()));
    second.close();
    second.close(); // again: not a second release
    assertEquals(1, OpenVectorFiles.users(file()));
    assertFalse(VectorStoreProbe.lockFreeForAnotherProcess(dir, "m", DIM),
        "closing the second store kept the first's lock");
    first.put(Chunk.sha256Hex("after"), vector());
    first.close();
    assertEquals(0, OpenVectorFiles.users(file()));
    assertTrue(VectorStoreProbe.lockFreeForAnotherProcess(dir, "m", DIM));
    assertThrows(IllegalStateException.class, () -> first.get(Chunk.sha256Hex("after")));
  }

  @Test
  void twoStoresWritingAtOnceKeepEveryVector() throws Exception {
    Map<String, float[]> written = new HashMap<>();
    List<List<String>> keys = List.of(new ArrayList<>(), new ArrayList<>());
    for (int store = 0; store < 2; store++) {
      for (int i = 0; i < 300; i++) { // several buffers' worth each
        String key = Chunk.sha256Hex(store + " text " + i);
        keys.get(store).add(key);
        written.put(key, vector());
      }
    }
    ExecutorService threads = Executors.newFixedThreadPool(2);
    try (VectorStore first = VectorStore.open(dir, "m", DIM);
        VectorStore second = VectorStore.open(dir, "m", DIM)) {
      List<Future<Void>> done = new ArrayList<>();
      for (int s = 0; s < 2; s++) {
        VectorStore store = s == 0 ? first : second;
        List<String> mine = keys.get(s);
        done.add(threads.submit((Callable<Void>) () -> {
          for (String key : mine) {
            store.put(key, written.get(key));
            store.flush();
          }
          return null;
        }));
      }
      for (Future<Void> future : done) {
        future.get();
      }
      for (String key : keys.get(0)) { // one store reads what the other wrote
        assertArrayEquals(written.get(key), second.get(key), key);
      }
    } finally {
      threads.shutdownNow();
    }
    try (VectorStore store = VectorStore.open(dir, "m", DIM)) {
      assertEquals(600, store.size());
      assertEquals(0, store.droppedRecords());
      for (Map.Entry<String, float[]> entry : written.entrySet()) {
        assertArrayEquals(entry.getValue(), store.get(entry.getKey()), entry.getKey());
      }
    }
  }

  @Test
  void everyNameOfTheFileIsTheSameOpenFile() throws IOException {
    Path other = Files.createDirectories(dir.resolve("elsewhere"));
    Path linked = Files.createSymbolicLink(dir.resolve("linked"), dir);
    try (VectorStore store = VectorStore.open(dir, "m", DIM)) {
      store.put(Chunk.sha256Hex("a"), vector());
      store.flush();
      Files.createLink(VectorStore.fileIn(other, "m"), file());
      try (VectorStore viaLink = VectorStore.open(linked, "m", DIM);
          VectorStore hardLinked = VectorStore.open(other, "m", DIM)) {
        assertEquals(3, OpenVectorFiles.users(file()));
        assertTrue(hardLinked.writable(), "not refused as locked elsewhere in this process");
        assertEquals(1, viaLink.size());
      }
      assertEquals(1, OpenVectorFiles.users(file()));
    }
  }

  @Test
  void aStoreOfAnotherModelOnAnOpenFileIsRefused() throws IOException {
    try (VectorStore store = VectorStore.open(dir, "m", DIM)) {
      IOException refused = assertThrows(IOException.class,
          () -> VectorStore.open(dir, "m", 8));
      assertTrue(refused.getMessage().contains(file() + " does not belong to model 'm' with 8"
          + " dims"), refused.getMessage());
      assertEquals(1, OpenVectorFiles.users(file()));
      store.put(Chunk.sha256Hex("a"), vector());
    }
  }

  @Test
  void aCompactionThroughOneStoreIsTheOthersToo() throws IOException {
    String a = Chunk.sha256Hex("a");
    float[] va = vector();
    try (VectorStore first = VectorStore.open(dir, "m", DIM);
        VectorStore second = VectorStore.open(dir, "m", DIM)) {
      first.put(a, va);
      first.put(Chunk.sha256Hex("b"), vector());
      first.put(Chunk.sha256Hex("c"), vector());
      VectorCompaction done = second.compact(Set.of(a), true);
      assertEquals(3, done.vectorsBefore());
      assertEquals(1, done.vectorsAfter());
      assertArrayEquals(va, first.get(a));
      assertNull(first.get(Chunk.sha256Hex("b")));
      first.put(Chunk.sha256Hex("d"), vector());
      assertEquals(2, second.size());
    }
    try (VectorStore store = VectorStore.open(dir, "m", DIM)) {
      assertEquals(2, store.size());
      assertEquals(0, store.droppedRecords());
      assertArrayEquals(va, store.get(a));
    }
  }

  @Test
  void noCompactionWhileAnyStoresIndexCallIsUnderWay() throws IOException {
    try (VectorStore first = VectorStore.open(dir, "m", DIM);
        VectorStore second = VectorStore.open(dir, "m", DIM)) {
      second.beginCall();
      second.put(Chunk.sha256Hex("x"), vector());
      assertFalse(first.idle());
      IllegalStateException refused = assertThrows(IllegalStateException.class,
          () -> first.compact(Set.of(), true));
      assertTrue(refused.getMessage().contains("an index call is writing to " + file()),
          refused.getMessage());
      second.callCommitted();
      assertTrue(first.idle());
      assertEquals(1, first.compact(Set.of(), true).vectorsBefore());
    }
  }

  @Test
  void overlappingCallsStayNotedUntilTheLastEndsAndAFailureKeepsThem() throws IOException {
    String a = Chunk.sha256Hex("a");
    String b = Chunk.sha256Hex("b");
    try (VectorStore first = VectorStore.open(dir, "m", DIM);
        VectorStore second = VectorStore.open(dir, "m", DIM)) {
      first.beginCall();
      first.put(a, vector());
      second.beginCall();
      second.put(b, vector());
      first.callCommitted();
      assertEquals(0, first.unfinishedVectors(), "still open: the second call is writing");
      second.callFailed();
      assertEquals(2, first.unfinishedVectors(), "the range of both calls is kept");
      VectorCompaction kept = first.compact(Set.of(a), true);
      assertEquals(2, kept.vectorsAfter());
      assertEquals(1, kept.unfinishedKept(), "b, for the failed call's next run");
      int noted = first.unfinishedVectors(); // the range, moved: b, and a beside it
      first.beginCall();
      first.put(Chunk.sha256Hex("c"), vector());
      second.beginCall();
      second.put(Chunk.sha256Hex("d"), vector());
      second.callCommitted();
      first.callCommitted();
      assertEquals(noted, first.unfinishedVectors(), "two calls that committed add nothing");
    }
  }

  @Test
  void closingAStoreInItsCallCountsAsAFailedCall() throws IOException {
    try (VectorStore first = VectorStore.open(dir, "m", DIM)) {
      VectorStore second = VectorStore.open(dir, "m", DIM);
      second.beginCall();
      second.put(Chunk.sha256Hex("x"), vector());
      second.close();
      assertTrue(first.idle());
      assertEquals(1, first.unfinishedVectors());
    }
  }
}
