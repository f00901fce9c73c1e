package dev.relearn.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.channels.ClosedByInterruptException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A call that fails because the index writer stopped for good says why and how to recover, also
 * when the failure has no message (the message said "failure: null"); a read-only engine refuses
 * writes naming its folder and lets reads through.
 */
class CallGateTest {
  private static final Path DIR = Path.of("/tmp/some-index");

  @Test
  void aWriterStoppedByAFailureIsNamedWithTheWayOut() {
    IOException full = new IOException("No space left on device");
    IOException e = CallGate.stopped(DIR, full);
    assertSame(full, e.getCause());
    assertTrue(e.getMessage().startsWith("the index " + DIR + " stopped writing after a failure:"
        + " No space left on device."), e.getMessage());
    assertTrue(e.getMessage().contains("acknowledged feedback is safe"), e.getMessage());
    assertTrue(e.getMessage().contains("reopens the index's writers"), e.getMessage());
  }

  @Test
  void aWriterStoppedByAFailureWithoutAMessageIsNamedNotNull() {
    // a ClosedByInterruptException's message is null
    IOException e = CallGate.stopped(DIR, new ClosedByInterruptException());
    assertTrue(e.getMessage().contains("after a failure: ClosedByInterruptException."),
        e.getMessage());
    assertFalse(e.getMessage().contains("null"), e.getMessage());
  }

  @Test
  void aReadOnlyEngineRefusesWritesNamingTheFolderAndLetsReadsThrough(@TempDir Path tmp)
      throws IOException {
    Path dir = tmp.resolve("index");
    Relearn.open(dir, TestOptions.HASHING).close(); // creates the index
    try (Relearn reader = Relearn.open(dir, TestOptions.HASHING.withReadOnly(true))) {
      IllegalStateException e = assertThrows(IllegalStateException.class, reader::forgetAll);
      assertEquals("index " + dir.toAbsolutePath().normalize() + " is open read-only",
          e.getMessage());
      assertEquals(0, reader.chunkCount());
    }
  }
}
