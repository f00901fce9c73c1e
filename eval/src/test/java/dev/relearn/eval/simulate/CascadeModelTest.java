package dev.relearn.eval.simulate;

import static dev.relearn.eval.simulate.PositionBasedModelTest.rates;
import static dev.relearn.eval.simulate.PositionBasedModelTest.tolerance;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The cascade model's click rates equal the closed forms: the probability of reaching a rank
 * (no stop above it) times the click probability of its level.
 */
class CascadeModelTest {
  @Test
  void perfectUserClicksExactlyTheRelevantAndNeverStops() {
    CascadeModel perfect = CascadeModel.PERFECT;
    int[] grades = {0, 1, 0, 1, 1, 0, 0, 0, 1, 0};
    boolean[] expected = new boolean[grades.length];
    for (int i = 0; i < grades.length; i++) {
      expected[i] = grades[i] == 1;
    }
    SplittableRandom random = new SplittableRandom(5);
    for (int t = 0; t < 1000; t++) {
      assertArrayEquals(expected, perfect.clicks(grades, 1, random));
    }
  }

  @Test
  void navigationalRatesMatchTheClosedForm() {
    CascadeModel model = CascadeModel.NAVIGATIONAL;
    int[] grades = {1, 1, 0, 1};
    double[] rates = rates(model, grades, 1, new SplittableRandom(9));
    // binary: relevant = top level (click 0.95, stop 0.9), irrelevant = level 0 (0.05, 0.2)
    double reach2 = 1 - 0.95 * 0.9;
    double reach3 = reach2 * (1 - 0.95 * 0.9);
    double reach4 = reach3 * (1 - 0.05 * 0.2);
    double[] expected = {0.95, reach2 * 0.95, reach3 * 0.05, reach4 * 0.95};
    for (int i = 0; i < expected.length; i++) {
      assertEquals(expected[i], rates[i], tolerance(expected[i]), "rank " + (i + 1));
    }
  }

  @Test
  void informationalUserOnGradedJudgments() {
    CascadeModel model = CascadeModel.INFORMATIONAL;
    // max grade 2: grade 2 -> level 4 (0.9, 0.5), grade 1 -> level 2 (0.7, 0.3), 0 -> (0.4, 0.1)
    int[] grades = {2, 1, 0};
    double[] rates = rates(model, grades, 2, new SplittableRandom(13));
    double reach2 = 1 - 0.9 * 0.5;
    double reach3 = reach2 * (1 - 0.7 * 0.3);
    double[] expected = {0.9, reach2 * 0.7, reach3 * 0.4};
    for (int i = 0; i < expected.length; i++) {
      assertEquals(expected[i], rates[i], tolerance(expected[i]), "rank " + (i + 1));
    }
  }

  @Test
  void gradesMapOntoLevelsRelativeToTheHighestGrade() {
    CascadeModel p = CascadeModel.PERFECT;
    assertEquals(0, p.level(0, 1));
    assertEquals(0, p.level(-1, 2));
    assertEquals(4, p.level(1, 1));
    assertEquals(2, p.level(1, 2));
    assertEquals(4, p.level(2, 2));
    assertEquals(1, p.level(1, 4));
    assertEquals(1, p.level(1, 100)); // a relevant grade never falls to level 0
    assertEquals(4, p.level(7, 3)); // above the highest grade: the top level
    assertEquals(0.95, CascadeModel.NAVIGATIONAL.click().get(p.level(1, 1)));
    assertEquals(0.5, CascadeModel.INFORMATIONAL.stop().get(p.level(1, 1)));
  }

  @Test
  void namesAndBadInput() {
    assertEquals(CascadeModel.NAVIGATIONAL,
        ClickModel.parse("Cascade-Navigational", 1, ClickNoise.DEFAULT));
    assertEquals("cascade-informational", ClickModel.parse("cascade-informational", 1,
        ClickNoise.DEFAULT).describe());
    assertEquals(new PositionBasedModel(2, ClickNoise.DEFAULT),
        ClickModel.parse("pbm", 2, ClickNoise.DEFAULT));
    IllegalArgumentException bad = assertThrows(IllegalArgumentException.class,
        () -> ClickModel.parse("cascade-lazy", 1, ClickNoise.DEFAULT));
    assertEquals("unknown click model 'cascade-lazy'; expected one of "
        + ClickModel.NAMES, bad.getMessage());
    assertThrows(IllegalArgumentException.class, () -> new CascadeModel("x",
        List.of(0.0, 1.0), List.of(0.0)));
    assertEquals("stop probability of level 1 must be in [0, 1], got: 2.0",
        assertThrows(IllegalArgumentException.class, () -> new CascadeModel("x",
            List.of(0.0, 1.0), List.of(0.0, 2.0))).getMessage());
  }
}
