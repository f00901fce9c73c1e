package dev.relearn.indexer.embed;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.lucene.schema.Chunk;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class VectorStoreTest {
  @TempDir Path dir;
  private final Random random = new Random(42);

  private float[] randomVector() {
    float[] v = new float[4];
    for (int i = 0; i < v.length; i++) {
      v[i] = random.nextFloat();
    }
    return v;
  }

  @Test
  void vectorsSurviveReopenAndFileIsOwnerOnly() throws IOException {
    float[] a = randomVector();
    try (VectorStore store = VectorStore.open(dir, "model/x", 4)) {
      store.put(Chunk.sha256Hex("a"), a);
    }
    Path file = dir.resolve("model_x.vectors");
    assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
    try (VectorStore store = VectorStore.open(dir, "model/x", 4)) {
      assertArrayEquals(a, store.get(Chunk.sha256Hex("a")));
      assertNull(store.get(Chunk.sha256Hex("b")));
      assertEquals(1, store.size());
    }
  }

  @Test
  void aSymbolicLinkInPlaceOfTheCacheFileIsRefusedAndItsTargetUntouched() throws IOException {
    Path cache = Files.createDirectories(dir.resolve("shared-cache"));
    Path victim = Files.createFile(dir.resolve("victim.txt"));
    Files.setPosixFilePermissions(victim, PosixFilePermissions.fromString("rw-r--r--"));
    Files.createSymbolicLink(cache.resolve("m.vectors"), victim);
    IOException refused = assertThrows(IOException.class, () -> VectorStore.open(cache, "m", 4));
    assertTrue(refused.getMessage().contains("m.vectors is a symbolic link"),
        refused.getMessage());
    assertEquals(0, Files.size(victim), "nothing written through the link");
    assertEquals("rw-r--r--",
        PosixFilePermissions.toString(Files.getPosixFilePermissions(victim)));
    Path absent = dir.resolve("absent.txt");
    Files.createSymbolicLink(cache.resolve("n.vectors"), absent);
    assertThrows(IOException.class, () -> VectorStore.open(cache, "n", 4));
    assertTrue(Files.notExists(absent), "a dangling link's target is not created");
  }

  @Test
  void appendsAcrossManyFlushesAndReopensAreAllKept() throws IOException {
    java.util.Map<String, float[]> written = new java.util.HashMap<>();
    for (int cycle = 0; cycle < 4; cycle++) {
      try (VectorStore store = VectorStore.open(dir, "m", 4)) {
        assertEquals(written.size(), store.size(), "cycle " + cycle);
        for (int i = 0; i < 150; i++) { // more than one buffer's worth per cycle
          String key = Chunk.sha256Hex("c" + cycle + "-" + i);
          float[] v = randomVector();
          store.put(key, v);
          written.put(key, v);
        }
      }
    }
    try (VectorStore store = VectorStore.open(dir, "m", 4)) {
      assertEquals(600, store.size());
      assertEquals(0, store.droppedRecords());
      for (java.util.Map.Entry<String, float[]> entry : written.entrySet()) {
        assertArrayEquals(entry.getValue(), store.get(entry.getKey()), entry.getKey());
      }
    }
  }

  @Test
  void aStoreOnAFileAnotherProcessHoldsIsReadOnlyAndKeepsItsVectorsInMemory() throws Exception {
    try (VectorStore first = VectorStore.open(dir, "m", 4)) {
      first.put(Chunk.sha256Hex("y"), randomVector());
    }
    float[] x = randomVector();
    try (VectorStoreProbe holder = VectorStoreProbe.start(dir, "m", 4)) {
      assertTrue(holder.writable());
      try (VectorStore second = VectorStore.open(dir, "m", 4)) {
        assertTrue(!second.writable());
        second.put(Chunk.sha256Hex("x"), x);
        assertArrayEquals(x, second.get(Chunk.sha256Hex("x")));
        assertEquals(2, second.size());
      }
    }
    try (VectorStore store = VectorStore.open(dir, "m", 4)) {
      assertEquals(1, store.size(), "only the writer's vector reached the file");
      assertTrue(store.get(Chunk.sha256Hex("y")) != null);
    }
  }

  @Test
  void tornTailIsTruncatedAndDamagedRecordSkipped() throws IOException {
    try (VectorStore store = VectorStore.open(dir, "m", 4)) {
      for (int i = 0; i < 3; i++) {
        store.put(Chunk.sha256Hex("t" + i), randomVector());
      }
    }
    Path file = dir.resolve("m.vectors");
    long whole = Files.size(file);
    int record = 32 + 16 + 4;
    try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
      raf.seek(whole - record - 5); // corrupt a byte in the second record's vector
      raf.write(0x7f);
      raf.setLength(whole + 20); // and a torn partial record at the end
    }
    try (VectorStore store = VectorStore.open(dir, "m", 4)) {
      assertEquals(2, store.size());
      assertEquals(1, store.droppedRecords());
    }
    assertEquals(whole, Files.size(file));
  }

  @Test
  void anotherModelsFileIsRefused() throws IOException {
    try (VectorStore store = VectorStore.open(dir, "m", 4)) {
      store.put(Chunk.sha256Hex("a"), randomVector());
    }
    IOException e = assertThrows(IOException.class, () -> VectorStore.open(dir, "m", 8));
    assertTrue(e.getMessage().contains("does not belong to model 'm' with 8 dims"), e.getMessage());
    try (VectorStore store = VectorStore.open(dir, "m", 4)) {
      assertThrows(IllegalArgumentException.class, () -> store.put(Chunk.sha256Hex("b"),
          new float[2]));
    }
  }

  @Test
  void getReadsTheRecordFromTheFileNotFromMemory() throws IOException {
    float[] a = randomVector();
    float[] b = randomVector();
    Path file = dir.resolve("m.vectors");
    try (VectorStore store = VectorStore.open(dir, "m", 4)) {
      store.put(Chunk.sha256Hex("a"), a);
      assertArrayEquals(a, store.get(Chunk.sha256Hex("a")), "still buffered: written, then read");
      store.put(Chunk.sha256Hex("b"), b);
      long length = Files.size(file);
      try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
        raf.seek(length - 10); // damage a's record, which is on disk now
        raf.write(raf.read() ^ 0x55);
      }
      assertNull(store.get(Chunk.sha256Hex("a")), "a damaged record costs a re-embedding");
      assertEquals(1, store.droppedRecords());
      assertArrayEquals(b, store.get(Chunk.sha256Hex("b")));
      assertEquals(1, store.size());
    }
  }
}
