package dev.relearn.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The holder file names a running holder, and only a running one. */
class LockHolderTest {
  @TempDir Path tmp;

  @Test
  void aRunningHolderIsNamedWithItsLabelAndProcessId() throws Exception {
    LockHolder.record(tmp, "relearn serve");
    IndexHolder holder = LockHolder.describe(tmp);
    assertTrue(holder != null && holder.toString().startsWith(
        "relearn serve, pid " + ProcessHandle.current().pid() + ", since "),
        String.valueOf(holder));
    LockHolder.record(tmp, null);
    assertTrue(LockHolder.describe(tmp).toString().startsWith("java, pid "),
        String.valueOf(LockHolder.describe(tmp)));
  }

  @Test
  void noFileNamesNoOne() throws Exception {
    assertNull(LockHolder.describe(tmp));
  }

  @Test
  void aHolderThatEndedIsNotNamed() throws Exception {
    Process ended = new ProcessBuilder("true").start();
    assertTrue(ended.waitFor(30, TimeUnit.SECONDS));
    Files.writeString(tmp.resolve(LockHolder.FILE),
        "pid " + ended.pid() + "\nprocess-start -\nlocked 0\nholder relearn index\n");
    assertNull(LockHolder.describe(tmp));
  }

  @Test
  void aProcessIdTakenOverByAnotherProcessIsNotNamed() throws Exception {
    long self = ProcessHandle.current().pid();
    long start = ProcessHandle.current().info().startInstant().orElseThrow().toEpochMilli();
    Files.writeString(tmp.resolve(LockHolder.FILE),
        "pid " + self + "\nprocess-start " + (start - 60_000) + "\nlocked 0\nholder old\n");
    assertNull(LockHolder.describe(tmp));
  }

  @Test
  void aDamagedFileNamesNoOne() throws Exception {
    Files.writeString(tmp.resolve(LockHolder.FILE), "pid 99999999999999999999\nholder x\n");
    assertNull(LockHolder.describe(tmp));
  }

  @Test
  void aLabelWithALineBreakIsRefusedNamingIt() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> RelearnOptions.defaults().withLockHolder("relearn\nindex"));
    assertTrue(e.getMessage().contains("lock holder label"), e.getMessage());
    assertThrows(IllegalArgumentException.class,
        () -> RelearnOptions.defaults().withLockHolder(" "));
    assertEquals("relearn mcp", RelearnOptions.defaults().withLockHolder("relearn mcp")
        .lockHolder());
  }
}
