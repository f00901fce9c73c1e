package dev.relearn.eval.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** When the warm-up stops, on a scripted clock and compiler. */
class WarmUpTest {
  private static final long SECOND = 1_000_000_000L;
  private long now = 5 * SECOND; // any origin
  private long jitMillis = 40_000;

  private WarmUp warmUp(Duration limit) {
    return new WarmUp(limit, () -> now, () -> jitMillis);
  }

  /** One pass of {@code seconds}, of which the compilers spent {@code compiling} seconds. */
  private void pass(double seconds, double compiling) {
    now += (long) (seconds * SECOND);
    jitMillis += (long) (compiling * 1000);
  }

  @Test
  void itGoesOnWhileTheCompilerIsBusyAndStopsOnceItSettles() {
    WarmUp warmUp = warmUp(Duration.ofSeconds(60));
    pass(1.5, 1.6); // compiling on more than one thread: a share above 1
    assertTrue(warmUp.another());
    pass(1.2, 0.6);
    assertTrue(warmUp.another(), "half the time compiling");
    pass(1.1, 0.05);
    assertFalse(warmUp.another(), "under a tenth: settled");
    WarmUp.Summary summary = warmUp.summary();
    assertEquals(3, summary.passes());
    assertEquals(3.8, summary.seconds(), 1e-9);
    assertEquals(WarmUp.Stop.SETTLED, summary.stop());
    assertEquals(0.05 / 1.1, summary.jitShare(), 1e-3);
    assertThrows(IllegalStateException.class, warmUp::another);
  }

  @Test
  void itsStatusGivesPassesTimeAndTheLastWholeSecondsShare() {
    WarmUp warmUp = warmUp(Duration.ofSeconds(60));
    pass(0.5, 0.5);
    assertTrue(warmUp.another());
    assertEquals("warm-up: 1 pass, 0.5 s", warmUp.status(), "no whole window yet");
    pass(0.7, 0.4);
    assertTrue(warmUp.another());
    assertEquals("warm-up: 2 passes, 1.2 s, compiling 75% of the last second", warmUp.status());
  }

  @Test
  void itHasNewsEveryTwoSecondsAndOnceItIsOver() {
    WarmUp warmUp = warmUp(Duration.ofSeconds(60));
    pass(1.5, 1.5);
    assertTrue(warmUp.another());
    assertNull(warmUp.news(), "1.5 s in: too soon");
    pass(1.0, 0.9);
    assertTrue(warmUp.another());
    assertEquals("warm-up: 2 passes, 2.5 s, compiling 90% of the last second", warmUp.news());
    pass(1.0, 0.5);
    assertTrue(warmUp.another());
    assertNull(warmUp.news(), "1 s after the last news");
    pass(1.0, 0.01);
    assertFalse(warmUp.another());
    assertEquals(warmUp.summary().line(), warmUp.news());
  }

  @Test
  void shortPassesAreJudgedTogetherOverAtLeastASecond() {
    WarmUp warmUp = warmUp(Duration.ofSeconds(60));
    for (int i = 0; i < 9; i++) {
      pass(0.1, 0); // the compiler idle so far, but the window is too short to tell
      assertTrue(warmUp.another(), "pass " + i);
    }
    pass(0.1, 0.3); // a burst at the end: 0.3 s of 1 s
    assertTrue(warmUp.another(), "the window as a whole was busy");
    for (int i = 0; i < 9; i++) {
      pass(0.1, 0.005);
      assertTrue(warmUp.another(), "pass " + i + " of the second window");
    }
    pass(0.1, 0.005);
    assertFalse(warmUp.another(), "5% of the second window");
    assertEquals(20, warmUp.summary().passes());
  }

  @Test
  void theLimitStopsACompilerThatNeverSettles() {
    WarmUp warmUp = warmUp(Duration.ofSeconds(3));
    pass(2, 2);
    assertTrue(warmUp.another());
    pass(2, 1);
    assertFalse(warmUp.another());
    assertEquals(WarmUp.Stop.TIME_LIMIT, warmUp.summary().stop());
    assertEquals(0.5, warmUp.summary().jitShare(), 1e-9);
    assertTrue(warmUp.summary().line().contains("stopped at the --warm-up limit"),
        warmUp.summary().line());
  }

  @Test
  void aZeroLimitMeansExactlyOnePass() {
    WarmUp warmUp = warmUp(Duration.ZERO);
    pass(0.01, 0.01);
    assertFalse(warmUp.another());
    assertEquals(1, warmUp.summary().passes());
    assertTrue(warmUp.summary().line().startsWith("warm-up: 1 pass in 0.0 s"),
        warmUp.summary().line());
  }

  @Test
  void withoutCompilerTimesItWarmsUpForTheWholeLimit() {
    WarmUp warmUp = new WarmUp(Duration.ofSeconds(2), () -> now, null);
    pass(1.5, 0);
    assertTrue(warmUp.another(), "nothing says the compiler settled");
    pass(1.5, 0);
    assertFalse(warmUp.another());
    assertNull(warmUp.summary().jitShare());
    assertTrue(warmUp.summary().line().contains("does not report compiling time"));
  }

  @Test
  void badValuesAreRefusedNamingThem() {
    IllegalArgumentException limit = assertThrows(IllegalArgumentException.class,
        () -> warmUp(Duration.ofSeconds(-1)));
    assertTrue(limit.getMessage().contains("PT-1S"), limit.getMessage());
    assertThrows(IllegalStateException.class, () -> warmUp(Duration.ZERO).summary());
    IllegalArgumentException passes = assertThrows(IllegalArgumentException.class,
        () -> new WarmUp.Summary(0, 1, WarmUp.Stop.SETTLED, 0.0));
    assertTrue(passes.getMessage().contains("0, 1.0, SETTLED, 0.0"), passes.getMessage());
    assertThrows(IllegalArgumentException.class,
        () -> new WarmUp.Summary(1, Double.NaN, WarmUp.Stop.SETTLED, 0.0));
  }

  @Test
  void theRealJvmReportsCompilingTime() {
    WarmUp warmUp = WarmUp.upTo(Duration.ZERO);
    assertFalse(warmUp.another());
    assertTrue(warmUp.summary().jitShare() >= 0, "HotSpot reports it: " + warmUp.summary());
  }
}
