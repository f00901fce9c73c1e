package dev.relearn.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.channels.ClosedByInterruptException;
import java.nio.file.Path;
import org.apache.lucene.store.AlreadyClosedException;
import org.junit.jupiter.api.Test;

/**
 * A call that fails because the index writer stopped for good says why and how to recover, also
 * when an interrupt stopped it (the message said "failure: null", or showed Lucene's lock).
 */
class CallGateTest {
  private static final Path DIR = Path.of("/tmp/some-index");

  @Test
  void aWriterStoppedByAFailureIsNamedWithTheWayOut() {
    IOException full = new IOException("No space left on device");
    CallGate gate = new CallGate(DIR, false, () -> full);
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
    CallGate gate = new CallGate(DIR, false, () -> null);
    AlreadyClosedException closed = new AlreadyClosedException("this IndexWriter is closed");
    assertSame(closed, assertThrows(AlreadyClosedException.class, () -> gate.call(() -> {
      throw closed;
    })));
  }

  @Test
  void aWriterStoppedByAnInterruptSaysSoNotNull() {
    // a ClosedByInterruptException's message is null
    CallGate gate = new CallGate(DIR, false, ClosedByInterruptException::new);
    IOException e = assertThrows(IOException.class, () -> gate.call(() -> {
      throw new AlreadyClosedException("this IndexWriter is closed");
    }));
    assertTrue(e.getMessage().contains("a thread was interrupted during one of its writes"),
        e.getMessage());
    assertFalse(e.getMessage().contains("null"), e.getMessage());
  }

  @Test
  void aLostWriteLockIsExplainedWithoutLuceneInternals() {
    CallGate gate = new CallGate(DIR, false, () -> null);
    AlreadyClosedException lost = new AlreadyClosedException("FileLock invalidated by an"
        + " external force: NativeFSLock(path=/x/write.lock,impl=sun.nio.ch.FileLockImpl[0:1"
        + " exclusive invalid])");
    IOException e = assertThrows(IOException.class, () -> gate.call(() -> {
      throw lost;
    }));
    assertSame(lost, e.getCause());
    assertTrue(e.getMessage().startsWith("the index " + DIR + " stopped writing: a thread was"
        + " interrupted"), e.getMessage());
    assertTrue(e.getMessage().contains("reopen the index"), e.getMessage());
    assertFalse(e.getMessage().contains("sun.nio"), e.getMessage());
  }

  @Test
  void callsPassThrough() throws IOException {
    assertEquals(42, new CallGate(DIR, false, () -> null).call(() -> 42));
  }

  @Test
  void aReadOnlyGateRefusesWritesNamingTheFolderAndLetsReadsThrough() throws IOException {
    CallGate gate = new CallGate(DIR, true, () -> null);
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> gate.write(() -> fail("a refused write must not run")));
    assertEquals("index " + DIR + " is open read-only", e.getMessage());
    assertEquals(42, gate.call(() -> 42));
    assertEquals(7, new CallGate(DIR, false, () -> null).write(() -> 7));
  }
}
