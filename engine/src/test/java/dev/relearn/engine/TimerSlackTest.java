package dev.relearn.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Lowering a thread's timer slack: its own only, and silently nothing where it cannot. */
class TimerSlackTest {
  /** For the child JVM: says whether the slack was lowered, and why not. */
  public static void main(String[] args) {
    System.out.println("lowered " + TimerSlack.lower(1_000) + ", "
        + TimerSlack.unavailable().orElse("available"));
  }

  private static void assumeSupported() {
    assumeTrue(System.getProperty("os.name").toLowerCase(Locale.ROOT).contains("linux"),
        "timer slack is a Linux setting; this is " + System.getProperty("os.name"));
    assumeTrue(Runtime.version().feature() >= 22,
        "the foreign function API is final from Java 22; this is " + Runtime.version());
  }

  @Test
  void aThreadLowersItsOwnSlackAndNoOtherThreads() throws Exception {
    assumeSupported();
    assertEquals("available", TimerSlack.unavailable().orElse("available"),
        "the tests run with --enable-native-access");
    OptionalLong mine = TimerSlack.current();
    assertTrue(mine.isPresent() && mine.getAsLong() != 1_000, String.valueOf(mine));
    OptionalLong other = CompletableFuture.supplyAsync(() -> {
      assertTrue(TimerSlack.lower(1_000));
      return TimerSlack.current();
    }, runnable -> new Thread(runnable).start()).get(10, TimeUnit.SECONDS);
    assertEquals(OptionalLong.of(1_000), other);
    assertEquals(mine, TimerSlack.current(), "the caller's slack is its own");
  }

  @Test
  void aSlackThatIsNotPositiveIsRefusedNamingIt() {
    for (long bad : new long[] {0, -5}) {
      assertTrue(assertThrows(IllegalArgumentException.class, () -> TimerSlack.lower(bad))
          .getMessage().contains("got " + bad + " ns"));
    }
  }

  @Test
  void withoutNativeAccessTheSlackStaysAndTheJvmWarnsOfNothing() throws Exception {
    assumeSupported();
    String java = ProcessHandle.current().info().command().orElse("java");
    Process child = new ProcessBuilder(List.of(java, "-cp", System.getProperty("java.class.path"),
        TimerSlackTest.class.getName())).redirectErrorStream(true).start();
    String output = new String(child.getInputStream().readAllBytes()).strip();
    assertTrue(child.waitFor(60, TimeUnit.SECONDS));
    assertEquals(0, child.exitValue(), output);
    assertTrue(output.startsWith("lowered false, native access is not enabled"), output);
    assertFalse(output.contains("WARNING"), output);
  }
}
