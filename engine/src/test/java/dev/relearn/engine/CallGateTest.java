package dev.relearn.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.relearn.lucene.files.WriteThreads;
import java.io.IOException;
import java.nio.channels.ClosedByInterruptException;
import java.nio.file.Path;
import org.apache.lucene.store.AlreadyClosedException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A call that fails because the index writer stopped for good says why and how to recover, also
 * also when the failure has no message (the message said "failure: null").
 */
class CallGateTest {
  private static final Path DIR = Path.of("/tmp/some-index");
  private final WriteThreads writes = new WriteThreads("gate-test-", 1);

  @AfterEach
  void closeThreads() throws IOException {
    writes.close();
  }

  @Test
  void aWriterStoppedByAFailureIsNamedWithTheWayOut() {
    IOException full = new IOException("No space left on device");
    CallGate gate = new CallGate(DIR, false, () -> full, writes);
    IOException e = assertThrows(IOException.class, () -> gate.call(() -> {
      throw new AlreadyClosedException("this IndexWriter is closed");
    }));
    assertSame(full, e.getCause());
    assertTrue(e.getMessage().startsWith("the index " + DIR + " stopped writing after a failure:"
        + " No space left on device."), e.getMessage());
    assertTrue(e.getMessage().contains("acknowledged feedback is safe"), e.getMessage());
    assertTrue(e.getMessage().contains("reopens the index's writers"), e.getMessage());
  }

  @Test
  void aWriterClosedWithoutAFailureIsLeftAsItIs() {
    CallGate gate = new CallGate(DIR, false, () -> null, writes);
    AlreadyClosedException closed = new AlreadyClosedException("this IndexWriter is closed");
    assertSame(closed, assertThrows(AlreadyClosedException.class, () -> gate.call(() -> {
      throw closed;
    })));
  }

  @Test
  void aWriterStoppedByAFailureWithoutAMessageIsNamedNotNull() {
    // a ClosedByInterruptException's message is null
    CallGate gate = new CallGate(DIR, false, ClosedByInterruptException::new, writes);
    IOException e = assertThrows(IOException.class, () -> gate.call(() -> {
      throw new AlreadyClosedException("this IndexWriter is closed");
    }));
    assertTrue(e.getMessage().contains("after a failure: ClosedByInterruptException."),
        e.getMessage());
    assertFalse(e.getMessage().contains("null"), e.getMessage());
  }

  @Test
  void callsPassThrough() throws IOException {
    assertEquals(42, new CallGate(DIR, false, () -> null, writes).call(() -> 42));
  }

  @Test
  void aReadOnlyGateRefusesWritesNamingTheFolderAndLetsReadsThrough() throws IOException {
    CallGate gate = new CallGate(DIR, true, () -> null, writes);
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> gate.write(() -> fail("a refused write must not run")));
    assertEquals("index " + DIR + " is open read-only", e.getMessage());
    assertEquals(42, gate.call(() -> 42));
    assertEquals(7, new CallGate(DIR, false, () -> null, writes).write(() -> 7));
  }
}
