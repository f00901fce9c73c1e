package dev.relearn.eval.simulate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Users see the top 10, click only what they saw, and succeed by relevance with noise. */
class SimulatedUserTest {
  private static final List<String> RANKING = ids(20);

  @Test
  void seesTheTopTenOnly() {
    SimulatedUser user = new SimulatedUser(new PositionBasedModel(0, ClickNoise.independent(1)),
        OutcomeModel.followsRelevance(0), SimulatedUser.DEFAULT_SHOWN);
    Interaction interaction = user.interact(RANKING, Map.of("d15", 1), 1, new SplittableRandom(1));
    assertEquals(RANKING.subList(0, 10), interaction.shown());
    assertEquals(RANKING.subList(0, 10), interaction.clicked()); // everything seen is clicked
    assertFalse(interaction.success(), "d15 was not shown, so nothing relevant was clicked");
    Interaction shortList = user.interact(RANKING.subList(0, 3), Map.of(), 1,
        new SplittableRandom(1));
    assertEquals(3, shortList.shown().size());
  }

  @Test
  void successFollowsRelevanceWithConfiguredNoise() {
    SimulatedUser user = new SimulatedUser(CascadeModel.PERFECT,
        OutcomeModel.followsRelevance(0.2), 10);
    SplittableRandom random = new SplittableRandom(17);
    int trials = 100_000;
    int successes = 0;
    for (int t = 0; t < trials; t++) {
      Interaction interaction = user.interact(RANKING, Map.of("d0", 1), 1, random);
      assertEquals(List.of("d0"), interaction.clicked());
      successes += interaction.success() ? 1 : 0;
    }
    assertEquals(0.8, (double) successes / trials, 4 * Math.sqrt(0.16 / trials));
  }

  @Test
  void noClickNoSuccessAndIndependentOutcomes() {
    SimulatedUser nobody = new SimulatedUser(new PositionBasedModel(1, new ClickNoise(0, 0)),
        OutcomeModel.independent(1), 10);
    Interaction none = nobody.interact(RANKING, Map.of("d0", 1), 1, new SplittableRandom(2));
    assertFalse(none.hasClicks());
    assertFalse(none.success());
    SimulatedUser coin = new SimulatedUser(new PositionBasedModel(0, ClickNoise.independent(1)),
        OutcomeModel.independent(0.5), 10);
    SplittableRandom random = new SplittableRandom(4);
    int trials = 50_000;
    int successes = 0;
    for (int t = 0; t < trials; t++) {
      successes += coin.interact(RANKING, Map.of(), 1, random).success() ? 1 : 0;
    }
    assertEquals(0.5, (double) successes / trials, 4 * Math.sqrt(0.25 / trials));
  }

  @Test
  void seedsGiveIndependentReproducibleStreams() {
    assertEquals(Seeds.of(5, "train", 3).nextLong(), Seeds.of(5, "train", 3).nextLong());
    assertTrue(Seeds.of(5, "train", 3).nextLong() != Seeds.of(5, "train", 4).nextLong());
    assertTrue(Seeds.of(5, "train", 3).nextLong() != Seeds.of(6, "train", 3).nextLong());
    assertTrue(Seeds.of(5, "train", 3).nextLong() != Seeds.of(5, "noise", 3).nextLong());
  }

  private static List<String> ids(int n) {
    List<String> ids = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      ids.add("d" + i);
    }
    return ids;
  }
}
