package dev.relearn.indexer.embed;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.lucene.schema.Chunk;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link VectorStore#compact}: what it keeps, the file it leaves, and unfinished index calls. */
class VectorStoreCompactionTest {
  private static final int DIM = 8;
  private static final int RECORD = 32 + 4 * DIM + 4;

  @TempDir Path dir;
  private final Random random = new Random(7);
  private final Map<String, float[]> written = new HashMap<>();

  private String put(VectorStore store, String text) throws IOException {
    String key = Chunk.sha256Hex(text);
    float[] v = new float[DIM];
    for (int i = 0; i < DIM; i++) {
      v[i] = random.nextFloat();
    }
    store.put(key, v);
    written.put(key, v);
    return key;
  }

  private Set<String> putAll(VectorStore store, String prefix, int n) throws IOException {
    Set<String> keys = new HashSet<>();
    for (int i = 0; i < n; i++) {
      keys.add(put(store, prefix + i));
    }
    return keys;
  }

  private void assertHolds(VectorStore store, Set<String> keys) throws IOException {
    for (String key : keys) {
      assertArrayEquals(written.get(key), store.get(key), key);
    }
  }

  @Test
  void keepsOnlyTheLiveVectorsInASmallerOwnerOnlyFileThatStaysUsable() throws IOException {
    Path file = dir.resolve("m.vectors");
    Set<String> live;
    Set<String> stale;
    try (VectorStore store = VectorStore.open(dir, "m", DIM)) {
      live = putAll(store, "live", 70); // more than one write buffer's worth
      stale = putAll(store, "stale", 130);
      VectorCompaction done = store.compact(live, true);
      assertEquals(200, done.vectorsBefore());
      assertEquals(70, done.vectorsAfter());
      assertEquals(130, done.dropped());
      long header = 12 + 1;
      assertEquals(header + 200L * RECORD, done.bytesBefore());
      assertEquals(header + 70L * RECORD, done.bytesAfter());
      assertEquals(done.bytesAfter(), Files.size(file));
      assertEquals(70, store.size());
      assertHolds(store, live);
      for (String key : stale) {
        assertNull(store.get(key), "dropped");
      }
      live.addAll(putAll(store, "after", 3)); // appends to the new file
      assertHolds(store, live);
    }
    assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
    assertFalse(Files.exists(dir.resolve("m.vectors.compacting")));
    try (VectorStore store = VectorStore.open(dir, "m", DIM)) {
      assertEquals(73, store.size());
      assertEquals(0, store.droppedRecords());
      assertHolds(store, live);
    }
  }

  @Test
  void aCopyLeftByAStoppedCompactionIsDeletedAndTheFileIsIntact() throws IOException {
    Set<String> keys;
    try (VectorStore store = VectorStore.open(dir, "m", DIM)) {
      keys = putAll(store, "k", 10);
    }
    Path stray = dir.resolve("m.vectors.compacting");
    Files.write(stray, new byte[RECORD + 5]); // killed while writing the copy
    try (VectorStore store = VectorStore.open(dir, "m", DIM)) {
      assertFalse(Files.exists(stray));
      assertEquals(10, store.size());
      assertHolds(store, keys);
      assertEquals(9, store.compact(Set.of(keys.iterator().next()), true).dropped());
    }
  }

  @Test
  void aReadOnlyStoreDoesNotCompactAndSaysWhy() throws Exception {
    try (VectorStore first = VectorStore.open(dir, "m", DIM)) {
      putAll(first, "k", 3);
    }
    try (VectorStoreProbe holder = VectorStoreProbe.start(dir, "m", DIM);
        VectorStore second = VectorStore.open(dir, "m", DIM)) {
      assertTrue(holder.writable());
      IllegalStateException refused = assertThrows(IllegalStateException.class,
          () -> second.compact(Set.of(), true));
      assertTrue(refused.getMessage().contains("held by another process"), refused.getMessage());
      assertEquals(3, second.size());
    }
  }

  @Test
  void vectorsOfAFailedCallAreKeptWhenAskedAndDroppedOtherwise() throws IOException {
    Set<String> live;
    Set<String> failed;
    try (VectorStore store = VectorStore.open(dir, "m", DIM)) {
      store.beginCall();
      putAll(store, "old", 20); // superseded later: stale
      store.callCommitted();
      store.beginCall();
      failed = putAll(store, "failed", 15);
      store.callFailed();
      store.beginCall();
      live = putAll(store, "live", 10);
      store.callCommitted();
      assertEquals(15, store.unfinishedVectors());

      VectorCompaction kept = store.compact(live, true);
      assertEquals(25, kept.vectorsAfter());
      assertEquals(15, kept.unfinishedKept());
      assertTrue(kept.summary().contains("kept 15 of an index run that did not finish"),
          kept.summary());
      assertHolds(store, failed);
      assertEquals(15, store.unfinishedVectors(), "still noted, at their new place");
      VectorCompaction again = store.compact(live, true);
      assertEquals(25, again.vectorsAfter());
    }
    try (VectorStore store = VectorStore.open(dir, "m", DIM)) { // noted across processes
      assertEquals(15, store.unfinishedVectors());
      VectorCompaction dropped = store.compact(live, false);
      assertEquals(10, dropped.vectorsAfter());
      assertEquals(15, dropped.unfinishedDropped());
      assertEquals(0, store.unfinishedVectors());
    }
    assertFalse(Files.exists(dir.resolve("m.vectors.unfinished")), "nothing left to note");
  }

  @Test
  void aProcessStoppedMidCallLeavesItsVectorsNotedUpToWhereTheFileEnds() throws IOException {
    Set<String> interrupted;
    Path halted = Files.createDirectories(dir.resolve("halted"));
    try (VectorStore store = VectorStore.open(dir, "m", DIM)) {
      store.beginCall();
      interrupted = putAll(store, "half", 12);
      store.flush(); // a halt after this: no callCommitted, no callFailed, no close
      for (String name : List.of("m.vectors", "m.vectors.unfinished")) {
        Files.copy(dir.resolve(name), halted.resolve(name)); // what the halt leaves
      }
    }
    assertTrue(Files.readString(halted.resolve("m.vectors.unfinished")).endsWith(" -1\n"));
    assertFalse(Files.readString(dir.resolve("m.vectors.unfinished")).contains("-1"),
        "closing the store mid-call ended the call as failed");
    try (VectorStore store = VectorStore.open(halted, "m", DIM)) {
      assertEquals(12, store.unfinishedVectors());
      store.beginCall();
      Set<String> other = putAll(store, "other", 5); // another path, committed
      store.callCommitted();
      assertEquals(12, store.unfinishedVectors(), "the other call's vectors are not");
      assertEquals(17, store.compact(other, true).vectorsAfter());
      assertHolds(store, interrupted);
      // the interrupted path runs again: its vectors are live now, and protect nothing more
      Set<String> both = new HashSet<>(other);
      both.addAll(interrupted);
      assertEquals(17, store.compact(both, true).vectorsAfter());
      assertEquals(0, store.unfinishedVectors());
    }
  }

  @Test
  void aCallThatPutsNothingNotesNothing() throws IOException {
    try (VectorStore store = VectorStore.open(dir, "m", DIM)) {
      store.beginCall();
      store.callFailed();
      store.beginCall();
      store.callCommitted();
      assertEquals(0, store.unfinishedVectors());
    }
    assertFalse(Files.exists(dir.resolve("m.vectors.unfinished")));
  }

  @Test
  void anUnreadableNoteProtectsNothingAndIsRewritten() throws IOException {
    try (VectorStore store = VectorStore.open(dir, "m", DIM)) {
      putAll(store, "k", 4);
    }
    Path note = dir.resolve("m.vectors.unfinished");
    Files.writeString(note, "garbage\n13 -1\n");
    try (VectorStore store = VectorStore.open(dir, "m", DIM)) {
      assertEquals(4, store.unfinishedVectors(), "the parsable line: from 13 to the end");
      assertEquals("13 " + (13 + 4 * RECORD) + "\n", Files.readString(note));
      assertNotNull(store.file());
    }
  }
}
